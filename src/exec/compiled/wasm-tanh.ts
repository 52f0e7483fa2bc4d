// Tanh of float32 tensors on the wasm backend as a WebAssembly SIMD kernel (tfjs-wasm's Tanh is a
// scalar loop and dominates recurrent cells). Each value is computed in doubles, two lanes at a
// time, as tanh(a) = e/(e + 2) with e = expm1(2a) (a = |x| clamped to 9.1, where the float32 result
// is already 1; the sign copied back), expm1 by range reduction 2a = k·ln2 + r (Cody–Waite) and a
// degree-15 Taylor polynomial on |r| ≤ ln2/2 (evaluated by Estrin's scheme) — a relative error of a few double ulps, so the float32
// result is the correctly rounded tanh: the value the cpu backend (Math.tanh, then a float32 store)
// gives (bench/checks/tanh-exhaustive.ts compares all 2^32 float32 inputs: no difference on Node 20).
// On the wasm backend the kernel imports tfjs-wasm's memory and works in place; elsewhere data
// moves through the kernel's own memory a chunk at a time. Needs the wasm encoder, wasm-heap and
// tfjs. Produces `buildTanhKernel`, `TanhKernel`, and `TANH_RULE` (the same computation as a step of
// the in-place elementwise kernels, four lanes as two pairs).

import * as tf from '@tensorflow/tfjs-core';
import { Code, encodeModule, OP, SIMD, T, wasmSimdAvailable } from './wasm-encoder.js';
import type { WasmRule } from './wasm-rules.js';
import type { WasmBackend, WasmTensorInfo } from './wasm-backend-types.js';
import { heapMemory, heapOffset } from './wasm-heap.js';
import { engineInternals } from '../../engine/tfjs-engine.js';

const CHUNK = 4096;
const IN = 0;
const OUT = CHUNK * 4;
const LN2_HI = 6.93147180369123816490e-1; // fdlibm's split of ln 2: hi has 32 significant bits
const LN2_LO = 1.90821492927058770002e-10;
const MAGIC = 6755399441055744; // 1.5 · 2^52: adding it rounds to an integer in the low bits
const MAGIC_BITS = 0x4338000000000000n;


/** Local indices of the computation, after `base` parameters and loop locals. */
function locals(base: number) {
  const [X, SIGN, A, TT, K, R, Q, E, R2, R4] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => base + k) as [number, number, number, number, number, number, number, number, number, number];
  return { X, SIGN, A, TT, K, R, Q, E, R2, R4 };
}

/** From two float32 values as doubles in X, leaves their tanh as float32 in the low lanes of a v128 on the stack. */
function tanhPair(c: Code, L: ReturnType<typeof locals>): void {
  const { X, SIGN, A, TT, K, R, Q, E, R2, R4 } = L;
  c.get(X).i64x2(-0x8000000000000000n).simd(SIMD.and).set(SIGN);
  // a = min(|x|, 9.1); y = 2a (kept in A)
  c.get(X).simd(SIMD.f64x2Abs).f64x2(9.1).simd(SIMD.f64x2Min).tee(A).get(A).simd(SIMD.f64x2Add).set(A);
  // t = y / ln2 + 1.5·2^52 ; k = t − 1.5·2^52
  c.get(A).f64x2(1 / Math.LN2).simd(SIMD.f64x2Mul).f64x2(MAGIC).simd(SIMD.f64x2Add).tee(TT).f64x2(MAGIC).simd(SIMD.f64x2Sub).set(K);
  // r = (y − k·ln2_hi) − k·ln2_lo
  c.get(A).get(K).f64x2(LN2_HI).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Sub).get(K).f64x2(LN2_LO).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Sub).set(R);
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
  // tanh = sign | e / (e + 2), as two float32 values
  c.get(E).get(E).f64x2(2).simd(SIMD.f64x2Add).simd(SIMD.f64x2Div).get(SIGN).simd(SIMD.or).simd(SIMD.f32x4DemoteF64x2Zero);
}

/** Tanh of a v128 of four float32 values (the rule of an elementwise step): two pairs, joined. */
export const TANH_RULE: WasmRule = {
  args: ['f32'],
  out: 'f32',
  scratch: 12,
  emit(c, push, _attrs, base) {
    const L = locals(base);
    const [X4, LO] = [base + 10, base + 11];
    push(0);
    c.tee(X4).simd(SIMD.f64x2PromoteLowF32x4).set(L.X);
    tanhPair(c, L);
    c.set(LO);
    c.get(X4).get(X4).shuffle32([2, 3, 2, 3]).simd(SIMD.f64x2PromoteLowF32x4).set(L.X);
    tanhPair(c, L);
    c.set(X4);
    c.get(LO).get(X4).shuffle32([0, 1, 4, 5]);
  },
};

/** Chunk kernel over its own memory: tanh(bytes) maps IN … IN + bytes to OUT (whole pairs). */
function chunkCode(): Code {
  const [BYTES, I] = [0, 1];
  const L = locals(2);
  const c = new Code();
  c.i32(0).set(I);
  c.open(OP.block).open(OP.loop);
  c.get(I).get(BYTES).op(OP.i32GeS).br(OP.brIf, 1);
  c.get(I).simdMem(SIMD.load64Zero, 3, IN).simd(SIMD.f64x2PromoteLowF32x4).set(L.X);
  c.get(I);
  tanhPair(c, L);
  c.simdMem(SIMD.store64Lane, 3, OUT).op(0);
  c.get(I).i32(8).op(OP.i32Add).set(I).br(OP.br, 0);
  c.op(OP.end, OP.end);
  return c;
}

/** In-place kernel over an imported memory: tanh(n, src, dst), the last odd element alone. */
function heapCode(): Code {
  const [N, SRC, DST, I, END] = [0, 1, 2, 3, 4];
  const L = locals(5);
  const c = new Code();
  c.i32(0).set(I);
  c.get(N).i32(-2).op(OP.i32And).i32(2).op(OP.i32Shl).set(END);
  c.open(OP.block).open(OP.loop);
  c.get(I).get(END).op(OP.i32GeS).br(OP.brIf, 1);
  c.get(SRC).get(I).op(OP.i32Add).simdMem(SIMD.load64Zero, 2).simd(SIMD.f64x2PromoteLowF32x4).set(L.X);
  c.get(DST).get(I).op(OP.i32Add);
  tanhPair(c, L);
  c.simdMem(SIMD.store64Lane, 2).op(0);
  c.get(I).i32(8).op(OP.i32Add).set(I).br(OP.br, 0);
  c.op(OP.end, OP.end);
  c.get(N).i32(1).op(OP.i32And);
  c.open(OP.if);
  c.get(SRC).get(I).op(OP.i32Add).simdMem(SIMD.load32Zero, 2).simd(SIMD.f64x2PromoteLowF32x4).set(L.X);
  c.get(DST).get(I).op(OP.i32Add);
  tanhPair(c, L);
  c.simdMem(SIMD.store32Lane, 2).op(0);
  c.op(OP.end);
  return c;
}

export interface TanhKernel {
  /** out[i] = tanh(x[i]) over arrays of equal length. */
  apply(x: Float32Array, out: Float32Array): void;
  /** Tanh of a float32 tensor of the wasm backend, into a new tensor of that backend. */
  onWasmBackend(x: tf.Tensor): tf.Tensor;
  /** The in-place kernel over an imported memory: (n, src, dst) byte pointers; undefined if it cannot compile. */
  inPlace(memory: WebAssembly.Memory): ((n: number, src: number, dst: number) => void) | undefined;
}

const heapModules = new Map<boolean, WebAssembly.Module | null>();
const heapInstances = new WeakMap<WebAssembly.Memory, (n: number, src: number, dst: number) => void>();

function inPlace(memory: WebAssembly.Memory): ((n: number, src: number, dst: number) => void) | undefined {
  const have = heapInstances.get(memory);
  if (have) return have;
  const shared = typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
  let m = heapModules.get(shared);
  if (m === undefined) {
    try {
      const locals = [T.i32, T.i32, ...new Array<typeof T.v128>(10).fill(T.v128)];
      m = new WebAssembly.Module(encodeModule(0, [{ name: 'tanh', params: [T.i32, T.i32, T.i32], results: [], locals, code: heapCode() }], { importMemory: { shared } }) as BufferSource);
    } catch {
      m = null;
    }
    heapModules.set(shared, m);
  }
  if (!m) return undefined;
  const f = new WebAssembly.Instance(m, { env: { memory } }).exports.tanh as (n: number, src: number, dst: number) => void;
  heapInstances.set(memory, f);
  return f;
}

/** The kernel, or undefined without WebAssembly SIMD. */
export function buildTanhKernel(): TanhKernel | undefined {
  if (!wasmSimdAvailable()) return undefined;
  let run: (bytes: number) => void;
  let memory: ArrayBuffer;
  try {
    const locals = [T.i32, ...new Array<typeof T.v128>(10).fill(T.v128)];
    const bytes = encodeModule(Math.ceil((2 * CHUNK * 4) / 65536), [{ name: 'tanh', params: [T.i32], results: [], locals, code: chunkCode() }]);
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
      const memory = heapMemory();
      const f = memory && inPlace(memory);
      if (f) f(x.size, heapOffset(x), heapOffset(info));
      // else through the kernel's own memory (views after the allocation, which may grow the heap)
      else apply(backend.typedArrayFromHeap(x), backend.typedArrayFromHeap(info));
      return engineInternals().makeTensorFromTensorInfo(info);
    },
    inPlace,
  };
}
