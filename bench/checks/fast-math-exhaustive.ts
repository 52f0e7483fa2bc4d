// Exhaustive measure of the fast kernels of `numerics: 'fast'` (src/exec/targets/wasm-simd/fast-math.ts):
// every one of the 2^32 float32 bit patterns through the SIMD map kernel of Exp, Log, Tanh and
// Sigmoid, against the cpu backend's value (JS's Math in doubles, rounded to float32), the error in
// units in the last place of that value (2^-149 for a subnormal). Prints each function's largest
// error and where, and the inputs whose NaN-ness, infinity or zero sign differ (there must be
// none). Multiply-adds are relaxed_madd where the engine has relaxed SIMD (Node 20:
// `node --experimental-wasm-relaxed-simd --import tsx bench/checks/fast-math-exhaustive.ts`), else
// a multiply and an add: run both. About 1 minute per function on one core; names as arguments
// select functions (`… Exp Log`). Exits 1 where a function exceeds its bound (FAST_BOUNDS).
// Needs wasm-simd/kernels, fast-math, encoder. Produces lines on stdout.

import { buildWasmKernel } from '../../src/exec/targets/wasm-simd/kernels.js';
import { FAST_BOUNDS, type FastOp } from '../../src/exec/targets/wasm-simd/fast-math.js';
import { wasmRelaxedSimdAvailable } from '../../src/exec/targets/wasm-simd/encoder.js';

const REFERENCE: Record<FastOp, (x: number) => number> = {
  Exp: Math.exp,
  Log: Math.log,
  Tanh: Math.tanh,
  Sigmoid: (x) => 1 / (1 + Math.exp(-x)),
};

const fma = wasmRelaxedSimdAvailable();
const ops = (process.argv.length > 2 ? process.argv.slice(2) : Object.keys(REFERENCE)) as FastOp[];
const N = 1 << 24;
const bits = new Uint32Array(N);
const x = new Float32Array(bits.buffer);
const out = new Float32Array(N);
const refBits = new Uint32Array(1);
const ref = new Float32Array(refBits.buffer);
/** The ulp of a float32 by its biased exponent. */
const ULP = Float64Array.from({ length: 256 }, (_, e) => 2 ** (Math.max(e, 1) - 150));

let failed = false;
for (const op of ops) {
  const kernel = buildWasmKernel(
    [{ op, args: [0], attrs: {}, argNames: ['x'], dtype: 'float32', shape: [] }] as never,
    ['array'],
    { kind: 'map' },
    { numerics: 'fast', fma },
  );
  if (!kernel) throw new Error('WebAssembly SIMD is not available here');
  const f = REFERENCE[op];
  let worst = 0;
  let worstAt = 0;
  let special = 0;
  let firstSpecial = '';
  const t0 = Date.now();
  for (let hi = 0; hi < 256; hi++) {
    for (let i = 0; i < N; i++) bits[i] = hi * N + i;
    kernel.map([x], [], out);
    for (let i = 0; i < N; i++) {
      const v = x[i]!;
      const got = out[i]!;
      ref[0] = f(v);
      const want = ref[0]!;
      if (Object.is(got, want)) continue;
      // NaN, ±∞ and the sign of a zero result are exact by design (a NaN pair is Object.is)
      if (
        want !== want ||
        got !== got ||
        !Number.isFinite(want) ||
        !Number.isFinite(got) ||
        (want === 0 && got === 0)
      ) {
        if (special++ === 0) firstSpecial = ` (first: ${op}(${v}) = ${got}, want ${want})`;
        continue;
      }
      const e = Math.abs(got - want) / ULP[(refBits[0]! >>> 23) & 0xff]!;
      if (e > worst) [worst, worstAt] = [e, v];
    }
  }
  const over = worst > FAST_BOUNDS[op] || special > 0;
  failed ||= over;
  console.log(
    `${op}${fma ? ' (relaxed_madd)' : ''}: max ${worst.toFixed(3)} ulp at x = ${worstAt} (bound ${FAST_BOUNDS[op]}); ` +
      `${special} special-value differences${firstSpecial}; ${((Date.now() - t0) / 1000).toFixed(0)} s${over ? '  OVER' : ''}`,
  );
}
process.exit(failed ? 1 : 0);
