// Tanh of float32 tensors on the wasm backend as a WebAssembly SIMD kernel (tfjs-wasm's Tanh is a
// scalar loop and dominates recurrent cells). Each value is computed in doubles, two lanes at a
// time, as tanh(a) = e/(e + 2) with e = expm1(2a) (a = |x| clamped to 9.1, where the float32 result
// is already 1; the sign copied back), expm1 by range reduction 2a = k·ln2 + r (Cody–Waite) and a
// degree-10 polynomial fit on |r| ≤ ln2/2 (evaluated by Estrin's scheme) — a relative error of a
// few double ulps, so the float32 result is the correctly rounded tanh: the value the cpu backend
// (Math.tanh, then a float32 store) gives (bench/checks/tanh-exhaustive.ts compares all 2^32 float32
// inputs: no difference on Node 20). Two pairs of lanes are computed interleaved, statement by
// statement, so the processor overlaps their dependency chains. On the wasm backend the kernel
// imports tfjs-wasm's memory and works in place; elsewhere data moves through the kernel's own
// memory a chunk at a time. Needs the encoder, heap-access and tfjs. Produces `buildTanhKernel`,
// `TanhKernel`, and `TANH_RULE` (the same computation as a step of the in-place elementwise kernels).

import * as tf from '@tensorflow/tfjs-core';
import { Code, encodeModule, OP, SIMD, T, wasmSimdAvailable } from './encoder.js';
import type { WasmRule } from './rules.js';
import type { WasmBackend } from './backend-types.js';
import { heapMemory, heapOffset } from './heap-access.js';
import type { KernelSite } from '../../compiled/profile.js';
import { engineInternals } from '../../../engine/tfjs-engine.js';

const CHUNK = 4096;
const IN = 0;
const OUT = CHUNK * 4;
const LN2_HI = 6.9314718036912381649e-1; // fdlibm's split of ln 2: hi has 32 significant bits
const LN2_LO = 1.90821492927058770002e-10;
const MAGIC = 6755399441055744; // 1.5 · 2^52: adding it rounds to an integer in the low bits
const MAGIC_BITS = 0x4338000000000000n;

/** v128 locals one chain of the computation uses (two lanes of doubles). */
const CHAIN_LOCALS = 13;

/** Local indices of one chain, from `base`: X in, OUT out (two float32 values in the low lanes). */
function locals(base: number) {
  const at = (k: number) => base + k;
  return {
    X: at(0),
    SIGN: at(1),
    A: at(2),
    TT: at(3),
    K: at(4),
    R: at(5),
    R2: at(6),
    R4: at(7),
    R8: at(8),
    Q0: at(9),
    Q4: at(10),
    Q8: at(11),
    OUT: at(12),
  };
}
type Chain = ReturnType<typeof locals>;

/**
 * expm1(r) = r · Σ c_m r^m on |r| ≤ ln2/2: a degree-10 Chebyshev fit of expm1(r)/r (relative error
 * 2^-55 with these double coefficients; bench/checks/expm1-fit.py makes them).
 */
const COEFS = [
  1.0, 0.5000000000000006, 0.1666666666666667, 0.04166666666657277, 0.008333333333326112, 0.0013888888932619635,
  0.0001984126987490126, 2.4801504180837137e-5, 2.7557255297969643e-6, 2.7626426376580335e-7, 2.5105259538448494e-8,
] as const;
const DEGREE = COEFS.length - 1;
const coef = (m: number) => COEFS[m]!;

/**
 * The computation as statements, each leaving the stack as it found it, so that several chains
 * (independent pairs of lanes) can be emitted statement by statement, interleaved: the processor then
 * overlaps their long dependency chains (one chain alone is latency-bound).
 */
const STATEMENTS: readonly ((c: Code, L: Chain) => void)[] = [
  (c, { X, SIGN }) => void c.get(X).i64x2(-0x8000000000000000n).simd(SIMD.and).set(SIGN),
  // a = min(|x|, 9.1) with |x| = x xor sign, as pmin(|x|, 9.1) = 9.1 < |x| ? 9.1 : |x| (a NaN stays); y = 2a (kept in A)
  (c, { X, SIGN, A }) =>
    void c.get(X).get(SIGN).simd(SIMD.xor).f64x2(9.1).simd(SIMD.f64x2Pmin).tee(A).get(A).simd(SIMD.f64x2Add).set(A),
  // t = y / ln2 + 1.5·2^52 ; k = t − 1.5·2^52
  (c, { A, TT }) =>
    void c
      .get(A)
      .f64x2(1 / Math.LN2)
      .simd(SIMD.f64x2Mul)
      .f64x2(MAGIC)
      .simd(SIMD.f64x2Add)
      .set(TT),
  (c, { TT, K }) => void c.get(TT).f64x2(MAGIC).simd(SIMD.f64x2Sub).set(K),
  // r = (y − k·ln2_hi) − k·ln2_lo
  (c, { A, K, R }) =>
    void c
      .get(A)
      .get(K)
      .f64x2(LN2_HI)
      .simd(SIMD.f64x2Mul)
      .simd(SIMD.f64x2Sub)
      .get(K)
      .f64x2(LN2_LO)
      .simd(SIMD.f64x2Mul)
      .simd(SIMD.f64x2Sub)
      .set(R),
  (c, { R, R2 }) => void c.get(R).get(R).simd(SIMD.f64x2Mul).set(R2),
  (c, { R2, R4 }) => void c.get(R2).get(R2).simd(SIMD.f64x2Mul).set(R4),
  // Estrin's scheme (a short dependency chain): c_m + c_{m+1}·r paired by r², then r⁴, then r⁸
  (c, L) => quad(c, L, 0, L.Q0),
  (c, L) => quad(c, L, 4, L.Q4),
  (c, L) => quad(c, L, 8, L.Q8),
  (c, { R4, R8 }) => void c.get(R4).get(R4).simd(SIMD.f64x2Mul).set(R8),
  (c, { Q0, Q4, R4 }) => void c.get(Q0).get(Q4).get(R4).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add).set(Q0),
  // q ← expm1(r) = r · Σ c_m r^m (kept in Q0)
  (c, { Q0, Q8, R8, R }) =>
    void c.get(Q0).get(Q8).get(R8).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add).get(R).simd(SIMD.f64x2Mul).set(Q0),
  // 2^k from t's low bits: (bits(t) − (bits(1.5·2^52) − 1023)) << 52, kept in K
  (c, { TT, K }) =>
    void c
      .get(TT)
      .i64x2(MAGIC_BITS - 1023n)
      .simd(SIMD.i64x2Sub)
      .i32(52)
      .simd(SIMD.i64x2Shl)
      .set(K),
  // e = 2^k·expm1(r) + (2^k − 1), kept in A
  (c, { K, Q0, A }) =>
    void c.get(K).get(Q0).simd(SIMD.f64x2Mul).get(K).f64x2(1).simd(SIMD.f64x2Sub).simd(SIMD.f64x2Add).set(A),
  // tanh = sign | e / (e + 2), as two float32 values
  (c, { A, SIGN, OUT }) =>
    void c
      .get(A)
      .get(A)
      .f64x2(2)
      .simd(SIMD.f64x2Add)
      .simd(SIMD.f64x2Div)
      .get(SIGN)
      .simd(SIMD.or)
      .simd(SIMD.f32x4DemoteF64x2Zero)
      .set(OUT),
];

/** Sets `into` to (c_m + c_{m+1}·r) + (c_{m+2} + c_{m+3}·r)·r² (coefficients past DEGREE are 0). */
function quad(c: Code, { R, R2 }: Chain, m: number, into: number): void {
  const pair = (j: number) => {
    if (j + 1 > DEGREE) return void c.f64x2(coef(j));
    c.get(R)
      .f64x2(coef(j + 1))
      .simd(SIMD.f64x2Mul)
      .f64x2(coef(j))
      .simd(SIMD.f64x2Add);
  };
  pair(m);
  if (m + 2 <= DEGREE) {
    pair(m + 2);
    c.get(R2).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add);
  }
  c.set(into);
}

/** From float32 values as doubles in each chain's X, leaves their tanh as float32 in the low lanes of its OUT. */
function tanhChains(c: Code, chains: readonly Chain[]): void {
  for (const statement of STATEMENTS) for (const L of chains) statement(c, L);
}

/** Sets the two chains' X from the v128 of four float32 values on the stack (X4: scratch). */
function split(c: Code, lo: Chain, hi: Chain, X4: number): void {
  c.tee(X4).simd(SIMD.f64x2PromoteLowF32x4).set(lo.X);
  c.get(X4).get(X4).shuffle32([2, 3, 2, 3]).simd(SIMD.f64x2PromoteLowF32x4).set(hi.X);
}

/**
 * Tanh of a v128 of four float32 values (the rule of an elementwise step): two chains, joined; two
 * v128 at once (`emitPair`) as four interleaved chains.
 */
export const TANH_RULE: WasmRule = {
  args: ['f32'],
  out: 'f32',
  scratch: 2 * CHAIN_LOCALS + 1,
  emit(c, push, _attrs, base) {
    const [lo, hi] = [locals(base), locals(base + CHAIN_LOCALS)];
    const X4 = base + 2 * CHAIN_LOCALS;
    push(0);
    split(c, lo, hi, X4);
    tanhChains(c, [lo, hi]);
    c.get(lo.OUT).get(hi.OUT).shuffle32([0, 1, 4, 5]);
  },
  pairScratch: 4 * CHAIN_LOCALS + 1,
  emitPair(c, pushA, pushB, _attrs, base, outA, outB) {
    const chains = [0, 1, 2, 3].map((q) => locals(base + q * CHAIN_LOCALS)) as [Chain, Chain, Chain, Chain];
    const X4 = base + 4 * CHAIN_LOCALS;
    pushA(0);
    split(c, chains[0], chains[1], X4);
    pushB(0);
    split(c, chains[2], chains[3], X4);
    tanhChains(c, chains);
    c.get(chains[0].OUT).get(chains[1].OUT).shuffle32([0, 1, 4, 5]).set(outA);
    c.get(chains[2].OUT).get(chains[3].OUT).shuffle32([0, 1, 4, 5]).set(outB);
  },
};

/** Pushes tanh of the v128 of four float32 values at the address on the stack + `offset` (the rule, its locals from `base`). */
function quadAt(c: Code, base: number, offset: number): void {
  TANH_RULE.emit(c, () => void c.simdMem(SIMD.load, 4, offset), {}, base);
}

/** Chunk kernel over its own memory: tanh(bytes) maps IN … IN + bytes to OUT (whole groups of four). */
function chunkCode(): Code {
  const [BYTES, I] = [0, 1];
  const c = new Code();
  c.i32(0).set(I);
  c.open(OP.block).open(OP.loop);
  c.get(I).get(BYTES).op(OP.i32GeS).br(OP.brIf, 1);
  c.get(I);
  c.get(I);
  quadAt(c, 2, IN);
  c.simdMem(SIMD.store, 4, OUT);
  c.get(I).i32(16).op(OP.i32Add).set(I).br(OP.br, 0);
  c.op(OP.end, OP.end);
  return c;
}

/** In-place kernel over an imported memory: tanh(n, src, dst), groups of eight, of four, then a pair and one alone. */
function heapCode(): Code {
  const [N, SRC, DST, I, END] = [0, 1, 2, 3, 4];
  const lo = locals(5);
  const c = new Code();
  c.i32(0).set(I);
  const [OUT_A, OUT_B] = [5 + 4 * CHAIN_LOCALS + 1, 5 + 4 * CHAIN_LOCALS + 2];
  // eight at a time: four interleaved chains (the in-place rule's pair form)
  c.get(N).i32(-8).op(OP.i32And).i32(2).op(OP.i32Shl).set(END);
  c.open(OP.block).open(OP.loop);
  c.get(I).get(END).op(OP.i32GeS).br(OP.brIf, 1);
  const at = (k: number) => () =>
    void c
      .get(SRC)
      .get(I)
      .op(OP.i32Add)
      .simdMem(SIMD.load, 4, 16 * k);
  TANH_RULE.emitPair!(c, at(0), at(1), {}, 5, OUT_A, OUT_B);
  c.get(DST).get(I).op(OP.i32Add).get(OUT_A).simdMem(SIMD.store, 4, 0);
  c.get(DST).get(I).op(OP.i32Add).get(OUT_B).simdMem(SIMD.store, 4, 16);
  c.get(I).i32(32).op(OP.i32Add).set(I).br(OP.br, 0);
  c.op(OP.end, OP.end);
  c.get(N).i32(4).op(OP.i32And);
  c.open(OP.if);
  c.get(DST).get(I).op(OP.i32Add);
  c.get(SRC).get(I).op(OP.i32Add);
  quadAt(c, 5, 0);
  c.simdMem(SIMD.store, 4);
  c.get(I).i32(16).op(OP.i32Add).set(I);
  c.op(OP.end);
  // then a pair, then one alone: the lanes loaded and stored by 64 and by 32 bits
  for (const [bit, load, store] of [
    [2, SIMD.load64Zero, SIMD.store64Lane],
    [1, SIMD.load32Zero, SIMD.store32Lane],
  ] as const) {
    c.get(N).i32(bit).op(OP.i32And);
    c.open(OP.if);
    c.get(SRC).get(I).op(OP.i32Add).simdMem(load, 2).simd(SIMD.f64x2PromoteLowF32x4).set(lo.X);
    tanhChains(c, [lo]);
    c.get(DST).get(I).op(OP.i32Add).get(lo.OUT).simdMem(store, 2).op(0);
    c.get(I)
      .i32(4 * bit)
      .op(OP.i32Add)
      .set(I);
    c.op(OP.end);
  }
  return c;
}

export interface TanhKernel extends KernelSite {
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
      const locals = [T.i32, T.i32, ...new Array<typeof T.v128>(4 * CHAIN_LOCALS + 3).fill(T.v128)];
      m = new WebAssembly.Module(
        encodeModule(0, [{ name: 'tanh', params: [T.i32, T.i32, T.i32], results: [], locals, code: heapCode() }], {
          importMemory: { shared },
        }) as BufferSource,
      );
    } catch {
      m = null;
    }
    heapModules.set(shared, m);
  }
  if (!m) return undefined;
  const f = new WebAssembly.Instance(m, { env: { memory } }).exports.tanh as (
    n: number,
    src: number,
    dst: number,
  ) => void;
  heapInstances.set(memory, f);
  return f;
}

/** The kernel, or undefined without WebAssembly SIMD. */
export function buildTanhKernel(): TanhKernel | undefined {
  if (!wasmSimdAvailable()) return undefined;
  let run: (bytes: number) => void;
  let memory: ArrayBuffer;
  try {
    const locals = [T.i32, ...new Array<typeof T.v128>(TANH_RULE.scratch!).fill(T.v128)];
    const bytes = encodeModule(Math.ceil((2 * CHUNK * 4) / 65536), [
      { name: 'tanh', params: [T.i32], results: [], locals, code: chunkCode() },
    ]);
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
      run(((m + 3) >> 2) << 4);
      out.set(m === CHUNK ? outView : outView.subarray(0, m), off);
    }
  };
  return {
    target: 'wasm-simd',
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
