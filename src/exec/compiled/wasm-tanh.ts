// Tanh of float32 tensors on the wasm backend as a WebAssembly SIMD kernel (tfjs-wasm's Tanh is a
// scalar loop and dominates recurrent cells). Each value is computed in doubles, two lanes at a
// time, as tanh(a) = e/(e + 2) with e = expm1(2a) (a = |x| clamped to 9.1, where the float32 result
// is already 1; the sign copied back), expm1 by range reduction 2a = k·ln2 + r (Cody–Waite) and a
// degree-15 Taylor polynomial on |r| ≤ ln2/2 (evaluated by Estrin's scheme) — a relative error of a few double ulps, so the float32
// result is the correctly rounded tanh: the value the cpu backend (Math.tanh, then a float32 store)
// gives (bench/checks/tanh-exhaustive.ts compares all 2^32 float32 inputs: no difference on Node 20).
// Data moves through the kernel's own memory a chunk at a time, from and into tfjs-wasm's heap. Needs the wasm encoder and tfjs. Produces `buildTanhKernel`, `TanhKernel`.

import * as tf from '@tensorflow/tfjs-core';
import { Code, encodeModule, OP, SIMD, T, wasmSimdAvailable } from './wasm-encoder.js';
import type { WasmBackend, WasmTensorInfo, TensorMakingEngine } from './wasm-backend-types.js';

const CHUNK = 4096;
const IN = 0;
const OUT = CHUNK * 4;
const LN2_HI = 6.93147180369123816490e-1; // fdlibm's split of ln 2: hi has 32 significant bits
const LN2_LO = 1.90821492927058770002e-10;
const MAGIC = 6755399441055744; // 1.5 · 2^52: adding it rounds to an integer in the low bits
const MAGIC_BITS = 0x4338000000000000n;


// Params: 0 bytes. Locals: 1 i (i32), then v128: 2 x, 3 sign, 4 a, 5 t, 6 k, 7 r, 8 q, 9 e, 10 r⁴, 11 r⁸.
const [BYTES, I, X, SIGN, A, TT, K, R, Q, E, R2, R4] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

function code(): Code {
  const c = new Code();
  c.i32(0).set(I);
  c.open(OP.block).open(OP.loop);
  c.get(I).get(BYTES).op(OP.i32GeS).br(OP.brIf, 1);
  // x = f64(two float32 values)
  c.get(I).simdMem(SIMD.load64Zero, 3, IN).simd(SIMD.f64x2PromoteLowF32x4).set(X);
  c.get(X).i64x2(-0x8000000000000000n).simd(SIMD.and).set(SIGN);
  // a = min(|x|, 9.1); y = 2a (kept in A)
  c.get(X).simd(SIMD.f64x2Abs).f64x2(9.1).simd(SIMD.f64x2Min).tee(A).get(A).simd(SIMD.f64x2Add).set(A);
  // t = y / ln2 + 1.5·2^52 ; k = t − 1.5·2^52
  c.get(A).f64x2(1 / Math.LN2).simd(SIMD.f64x2Mul).f64x2(MAGIC).simd(SIMD.f64x2Add).tee(TT).f64x2(MAGIC).simd(SIMD.f64x2Sub).set(K);
  // r = (y − k·ln2_hi) − k·ln2_lo
  c.get(A).get(K).f64x2(LN2_HI).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Sub).get(K).f64x2(LN2_LO).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Sub).set(R);
  // q = Σ_{m=0}^{14} r^m / (m+1)!  (Horner), expm1(r) = r·q
  const inv = (n: number) => {
    let f = 1;
    for (let i = 2; i <= n; i++) f *= i;
    return 1 / f;
  };
  // Estrin's scheme (a short dependency chain): coefficients c_m = 1/(m+1)!, m = 0…14, paired by
  // powers r, r², r⁴, r⁸ (E holds r², R2 r⁴, R4 r⁸ while they are needed).
  const coef = (m: number) => inv(m + 1);
  c.get(R).get(R).simd(SIMD.f64x2Mul).tee(E).get(E).simd(SIMD.f64x2Mul).tee(R2).get(R2).simd(SIMD.f64x2Mul).set(R4);
  /** Pushes c_m + c_{m+1}·r (or c_14 alone). */
  const pair = (m: number) => {
    if (m === 14) return void c.f64x2(coef(14));
    c.get(R).f64x2(coef(m + 1)).simd(SIMD.f64x2Mul).f64x2(coef(m)).simd(SIMD.f64x2Add);
  };
  /** Pushes pair(m) + pair(m+2)·r². */
  const quad = (m: number) => {
    pair(m);
    pair(m + 2);
    c.get(E).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add);
  };
  /** Pushes quad(m) + quad(m+4)·r⁴. */
  const oct = (m: number) => {
    quad(m);
    quad(m + 4);
    c.get(R2).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add);
  };
  oct(0);
  oct(8);
  c.get(R4).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add);
  c.get(R).simd(SIMD.f64x2Mul).set(Q); // q ← expm1(r) = r · Σ c_m r^m
  // 2^k from t's low bits: ((bits(t) − bits(1.5·2^52)) + 1023) << 52, reused in K
  c.get(TT).i64x2(MAGIC_BITS).simd(SIMD.i64x2Sub).i64x2(1023n).simd(SIMD.i64x2Add).i32(52).simd(SIMD.i64x2Shl).set(K);
  // e = 2^k·expm1(r) + (2^k − 1)
  c.get(K).get(Q).simd(SIMD.f64x2Mul).get(K).f64x2(1).simd(SIMD.f64x2Sub).simd(SIMD.f64x2Add).set(E);
  // tanh = sign | e / (e + 2), stored as two float32 values
  c.get(I);
  c.get(E).get(E).f64x2(2).simd(SIMD.f64x2Add).simd(SIMD.f64x2Div).get(SIGN).simd(SIMD.or).simd(SIMD.f32x4DemoteF64x2Zero);
  c.simdMem(SIMD.store64Lane, 3, OUT).op(0);
  c.get(I).i32(8).op(OP.i32Add).set(I).br(OP.br, 0);
  c.op(OP.end, OP.end);
  return c;
}

export interface TanhKernel {
  /** out[i] = tanh(x[i]) over arrays of equal length. */
  apply(x: Float32Array, out: Float32Array): void;
  /** Tanh of a float32 tensor of the wasm backend, into a new tensor of that backend. */
  onWasmBackend(x: tf.Tensor): tf.Tensor;
}

/** The kernel, or undefined without WebAssembly SIMD. */
export function buildTanhKernel(): TanhKernel | undefined {
  if (!wasmSimdAvailable()) return undefined;
  let run: (bytes: number) => void;
  let memory: ArrayBuffer;
  try {
    const locals = [T.i32, ...new Array<typeof T.v128>(10).fill(T.v128)];
    const bytes = encodeModule(Math.ceil((2 * CHUNK * 4) / 65536), [{ name: 'tanh', params: [T.i32], results: [], locals, code: code() }]);
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource));
    run = instance.exports.tanh as (bytes: number) => void;
    memory = (instance.exports.memory as WebAssembly.Memory).buffer;
  } catch {
    return undefined;
  }
  const inView = new Float32Array(memory, IN, CHUNK);
  const outView = new Float32Array(memory, OUT, CHUNK);
  const apply = (x: Float32Array, out: Float32Array) => {
    const n = x.length;
    for (let off = 0; off < n; off += CHUNK) {
      const m = Math.min(CHUNK, n - off);
      inView.set(x.subarray(off, off + m));
      run(((m + 1) >> 1) << 3);
      out.set(m === CHUNK ? outView : outView.subarray(0, m), off);
    }
  };
  return {
    apply,
    onWasmBackend(x) {
      const backend = tf.backend() as unknown as WasmBackend;
      const info = backend.makeOutput([...x.shape], 'float32');
      // Views after the allocation (which may grow the heap).
      apply(backend.typedArrayFromHeap(x), backend.typedArrayFromHeap(info));
      return (tf.engine() as unknown as TensorMakingEngine).makeTensorFromTensorInfo(info);
    },
  };
}
