// What tfjs's Multinomial kernel (cpu) computes, for exporters to reproduce it: each row of the
// output is sample j = the number of leading entries of the row's cdf (float32 running sums of
// the probabilities, last one left out) that are ≤ u_j, where u_0, u_1 … are the seed's alea
// stream — the same for every row. The stream is read through tfjs's own randomUniform (int32 over
// [-2^31, 2^31) gives alea's 32-bit values exactly). Needs tfjs. Produces `multinomialUniforms`.

import * as tf from '@tensorflow/tfjs-core';

/** The largest float32 ≤ x (x ≥ 0): `c ≤ x` ⇔ `c ≤ roundDown(x)` for every float32 c. */
function roundDownToFloat32(x: number): number {
  const f = new Float32Array([x]);
  if (f[0]! > x) new Uint32Array(f.buffer)[0]! -= 1;
  return f[0]!;
}

/**
 * The uniforms tfjs's cpu Multinomial kernel compares with for `seed` (its first `n`), rounded down
 * to float32 so that comparing float32 cdf entries with them in float32 gives the kernel's answers.
 */
export function multinomialUniforms(seed: number, n: number): Float32Array {
  const t = tf.randomUniform([n], -(2 ** 31), 2 ** 31, 'int32', seed);
  try {
    const ints = t.dataSync() as Int32Array;
    return Float32Array.from(ints, (v) => roundDownToFloat32((v + 2 ** 31) / 2 ** 32));
  } finally {
    t.dispose();
  }
}
