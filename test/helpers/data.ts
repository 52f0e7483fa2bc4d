// Deterministic test data for differential tests: seeded pseudo-random tensors, so a failing case
// reproduces. The harness sets a salt per call (`withSalt`) so the second call of a case gets other
// values of the same shapes: a result frozen at trace time would show. Needs tfjs.
// Produces `rand`, `randInt`, `randNonZeroInt`, `randBool`, `seq`, `withSalt`.

import * as tf from '@tensorflow/tfjs';

let salt = 0;

/** Runs `fn` with the seeds of the random helpers shifted by `k` (0 leaves them as written). */
export function withSalt<R>(k: number, fn: () => R): R {
  const old = salt;
  salt = k;
  try {
    return fn();
  } finally {
    salt = old;
  }
}

/** A small linear congruential generator (Numerical Recipes constants), in [0, 1). */
function lcg(seed: number): () => number {
  let s = ((seed + 7919 * salt) * 2654435761) >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const size = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

/** float32 values uniform in [lo, hi), rounded to 1/1024 so they are exact in float32. */
export function rand(shape: number[], seed = 1, lo = -2, hi = 2): tf.Tensor {
  const r = lcg(seed);
  const v = Array.from({ length: size(shape) }, () => Math.round((lo + (hi - lo) * r()) * 1024) / 1024);
  return tf.tensor(v, shape, 'float32');
}

/** int32 values in [lo, hi] (small: tfjs-wasm's int32 floorDiv is inexact above 2^24). */
export function randInt(shape: number[], seed = 1, lo = -9, hi = 9): tf.Tensor {
  const r = lcg(seed);
  const v = Array.from({ length: size(shape) }, () => lo + Math.floor((hi - lo + 1) * r()));
  return tf.tensor(v, shape, 'int32');
}

/** int32 values in [lo, hi] without zeros (divisors). */
export function randNonZeroInt(shape: number[], seed = 1, lo = -5, hi = 5): tf.Tensor {
  const r = lcg(seed);
  const v = Array.from({ length: size(shape) }, () => {
    const x = lo + Math.floor((hi - lo + 1) * r());
    return x === 0 ? hi : x;
  });
  return tf.tensor(v, shape, 'int32');
}

export function randBool(shape: number[], seed = 1): tf.Tensor {
  const r = lcg(seed);
  return tf.tensor(
    Array.from({ length: size(shape) }, () => r() < 0.5),
    shape,
    'bool',
  );
}

/** 0, 1, 2 … reshaped, optionally scaled: handy for shape ops where values must be distinct. */
export function seq(shape: number[], dtype: 'float32' | 'int32' = 'float32', scale = 1): tf.Tensor {
  return tf.tensor(
    Array.from({ length: size(shape) }, (_, i) => i * scale),
    shape,
    dtype,
  );
}
