// Exhaustive check of the compiled executor's SIMD Tanh (src/exec/targets/wasm-simd/tanh.ts): every one
// of the 2^32 float32 bit patterns, against the cpu backend's value Math.fround(Math.tanh(x)) (NaN
// as NaN). About 1.5 minutes on one core: `npx tsx bench/checks/tanh-exhaustive.ts`. Prints the
// number of mismatches (and the first) and exits 1 if there is any.
// Needs wasm-simd/tanh. Produces a line on stdout.

import { buildTanhKernel } from '../../src/exec/targets/wasm-simd/tanh.js';

const kernel = buildTanhKernel();
if (!kernel) throw new Error('WebAssembly SIMD is not available here');
const N = 1 << 24;
const bits = new Uint32Array(N);
const x = new Float32Array(bits.buffer);
const out = new Float32Array(N);
let bad = 0;
let first = '';
const t0 = Date.now();
for (let hi = 0; hi < 256; hi++) {
  for (let i = 0; i < N; i++) bits[i] = hi * N + i;
  kernel.apply(x, out);
  for (let i = 0; i < N; i++) {
    const v = x[i]!;
    const want = Math.fround(Math.tanh(v));
    const ok = Number.isNaN(want) ? Number.isNaN(out[i]!) : Object.is(want, out[i]);
    if (!ok && bad++ === 0) first = ` (first: tanh(${v}) = ${out[i]}, want ${want})`;
  }
}
console.log(`tanh over all 2^32 float32 inputs: ${bad} mismatches${first}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(bad ? 1 : 0);
