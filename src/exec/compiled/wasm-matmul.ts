// BatchMatMul for float32 tensors on the cpu backend as a WebAssembly SIMD kernel, bit-identical to
// tfjs's cpu kernel: that kernel sums each output element over k in blocks of 48, each block's sum
// in doubles in k order, and adds the block sum into the float32 result. Here two output elements
// share a v128 of two f64 lanes (sixteen at a time), each lane doing exactly that element's sums in
// the same order (f64 mul, then f64 add: no fused multiply-add), and the float32 store rounds as
// the Float32Array store does. Operands are copied into the kernel's memory as doubles, B once per
// tensor (kept while that tensor lives, as weights in a loop do). On the wasm backend the operands
// are read from, and the result written into, tfjs-wasm's heap directly (tfjs-wasm's own matMul
// packs B for every new B tensor, which dominates small products whose B changes each step).
// Needs the wasm encoder and tfjs. Produces `buildMatMulSite`, `MatMulSite`.

import * as tf from '@tensorflow/tfjs-core';
import { Code, encodeModule, OP, SIMD, T, wasmSimdAvailable } from './wasm-encoder.js';
import type { WasmBackend, WasmTensorInfo, TensorMakingEngine } from './wasm-backend-types.js';

const BLOCK = 48; // tfjs-backend-cpu's blockSize
const GROUP = 16; // outputs per inner loop: 8 accumulators of 2 lanes


// Params: 0 M, 1 K, 2 Np (row length of B and out, even), 3 aOff, 4 bOff, 5 oOff (bytes).
const [M, K, NP, AOFF, BOFF, OOFF] = [0, 1, 2, 3, 4, 5];
// Locals.
const [K0, KEND, I, J, KK, AROW, OROW, BP, AV] = [6, 7, 8, 9, 10, 11, 12, 13, 14];
const ACC = 15; // ACC … ACC + 7

/** for (v = init; v < limit; v += step) body, with `limit` and `init` pushed by callbacks. */
function forLoop(c: Code, v: number, init: () => void, limit: () => void, step: number, body: () => void): void {
  init();
  c.set(v);
  c.open(OP.block).open(OP.loop);
  c.get(v);
  limit();
  c.op(OP.i32GeS).br(OP.brIf, 1);
  body();
  c.get(v).i32(step).op(OP.i32Add).set(v).br(OP.br, 0);
  c.op(OP.end, OP.end);
}

/** The inner loops for `lanes` accumulators (2 outputs each) at column j, over k in [k0, kEnd). */
function group(c: Code, lanes: number): void {
  for (let r = 0; r < lanes; r++) c.f32x4(0).set(ACC + r); // all-zero bits: +0.0 in both f64 lanes
  forLoop(
    c,
    KK,
    () => c.get(K0),
    () => c.get(KEND),
    1,
    () => {
      // av = splat(A[i][k]); bp = bOff + (k * Np + j) * 8
      c.get(AROW).get(KK).i32(3).op(OP.i32Shl).op(OP.i32Add).simdMem(SIMD.load64Splat, 3).set(AV);
      c.get(BOFF).get(KK).get(NP).op(OP.i32Mul).get(J).op(OP.i32Add).i32(3).op(OP.i32Shl).op(OP.i32Add).set(BP);
      for (let r = 0; r < lanes; r++) {
        c.get(ACC + r).get(AV).get(BP).simdMem(SIMD.load, 4, 16 * r).simd(SIMD.f64x2Mul).simd(SIMD.f64x2Add).set(ACC + r);
      }
    },
  );
  // out[i][j + 2r …] = f32(f64(out) + acc)
  for (let r = 0; r < lanes; r++) {
    const addr = () => c.get(OROW).get(J).i32(2).op(OP.i32Shl).op(OP.i32Add);
    addr();
    addr();
    c.simdMem(SIMD.load64Zero, 3, 8 * r).simd(SIMD.f64x2PromoteLowF32x4).get(ACC + r).simd(SIMD.f64x2Add).simd(SIMD.f32x4DemoteF64x2Zero);
    c.simdMem(SIMD.store64Lane, 3, 8 * r).op(0);
  }
}

function kernelCode(): Code {
  const c = new Code();
  forLoop(
    c,
    K0,
    () => c.i32(0),
    () => c.get(K),
    BLOCK,
    () => {
      // kEnd = min(k0 + BLOCK, K)
      c.get(K0).i32(BLOCK).op(OP.i32Add).get(K).get(K0).i32(BLOCK).op(OP.i32Add).get(K).op(OP.i32LtS).op(OP.select).set(KEND);
      forLoop(
        c,
        I,
        () => c.i32(0),
        () => c.get(M),
        1,
        () => {
          c.get(AOFF).get(I).get(K).op(OP.i32Mul).i32(3).op(OP.i32Shl).op(OP.i32Add).set(AROW);
          c.get(OOFF).get(I).get(NP).op(OP.i32Mul).i32(2).op(OP.i32Shl).op(OP.i32Add).set(OROW);
          c.i32(0).set(J);
          // while (j + GROUP <= Np) { 16 outputs; j += GROUP }
          c.open(OP.block).open(OP.loop);
          c.get(J).i32(GROUP).op(OP.i32Add).get(NP).op(OP.i32GtS).br(OP.brIf, 1);
          group(c, GROUP / 2);
          c.get(J).i32(GROUP).op(OP.i32Add).set(J).br(OP.br, 0);
          c.op(OP.end, OP.end);
          // while (j < Np) { 2 outputs; j += 2 }
          c.open(OP.block).open(OP.loop);
          c.get(J).get(NP).op(OP.i32GeS).br(OP.brIf, 1);
          group(c, 1);
          c.get(J).i32(2).op(OP.i32Add).set(J).br(OP.br, 0);
          c.op(OP.end, OP.end);
        },
      );
    },
  );
  return c;
}

let compiled: WebAssembly.Module | null | undefined;
function matMulModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const locals = [T.i32, T.i32, T.i32, T.i32, T.i32, T.i32, T.i32, T.i32, T.v128, ...new Array<typeof T.v128>(8).fill(T.v128)];
    const bytes = encodeModule(1, [{ name: 'mm', params: [T.i32, T.i32, T.i32, T.i32, T.i32, T.i32], results: [], locals, code: kernelCode() }], { growable: true });
    compiled = wasmSimdAvailable() ? new WebAssembly.Module(bytes as BufferSource) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

export interface MatMulSite {
  /** a @ b with tfjs's transpose flags and batch broadcasting; inputs float32 cpu tensors. */
  run(a: tf.Tensor, b: tf.Tensor, transposeA: boolean, transposeB: boolean, outShape: readonly number[]): tf.Tensor;
}

/**
 * One call site's kernel (its own memory, so B stays cached per site), for tensors of the cpu or
 * the wasm backend; undefined without WebAssembly SIMD.
 */
export function buildMatMulSite(backend: 'cpu' | 'wasm' = 'cpu'): MatMulSite | undefined {
  const module = matMulModule();
  if (!module) return undefined;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(module);
  } catch {
    return undefined;
  }
  const mm = instance.exports.mm as (m: number, k: number, np: number, aOff: number, bOff: number, oOff: number) => void;
  const memory = instance.exports.memory as WebAssembly.Memory;
  const engine = tf.engine() as unknown as TensorMakingEngine;
  // B's doubles are kept for the tensor (by data id, while it is alive) and layout they were made for.
  let cachedB: { dataId: object; transposeB: boolean; K: number; Np: number; batches: number } | undefined;

  function ensure(bytes: number): void {
    const have = memory.buffer.byteLength;
    if (bytes > have) {
      memory.grow(Math.ceil((bytes - have) / 65536)); // keeps the contents (and so a cached B)
    }
  }

  return {
    run(a, b, transposeA, transposeB, outShape) {
      const ra = a.shape.length;
      const rb = b.shape.length;
      const m = transposeA ? a.shape[ra - 1]! : a.shape[ra - 2]!;
      const k = transposeA ? a.shape[ra - 2]! : a.shape[ra - 1]!;
      const n = transposeB ? b.shape[rb - 2]! : b.shape[rb - 1]!;
      const np = n + (n & 1);
      const batchA = a.shape.slice(0, -2).reduce((x, y) => x * y, 1);
      const batchB = b.shape.slice(0, -2).reduce((x, y) => x * y, 1);
      const batch = Math.max(batchA, batchB);
      // Layout: B (all its batches, f64) | A (one batch, f64) | out (one batch, f32).
      const bBytes = batchB * k * np * 8;
      const aOff = bBytes;
      const oOff = aOff + m * k * 8;
      ensure(oOff + m * np * 4);
      const buf = memory.buffer;
      // On wasm: allocate the output first, then take views of the heap (an allocation may grow it).
      const wasm = backend === 'wasm' ? (tf.backend() as unknown as WasmBackend) : undefined;
      const info = wasm?.makeOutput([...outShape], 'float32');
      const values = (t: tf.Tensor) => (wasm ? wasm.typedArrayFromHeap(t) : (t.dataSync() as Float32Array));
      const bId = b.dataId as object;
      if (!(cachedB && cachedB.dataId === bId && cachedB.transposeB === transposeB && cachedB.K === k && cachedB.Np === np && cachedB.batches === batchB && engine.state.tensorInfo.has(bId))) {
        const bv = values(b);
        const B = new Float64Array(buf, 0, batchB * k * np);
        for (let bi = 0; bi < batchB; bi++) {
          const src = bi * k * n;
          const dst = bi * k * np;
          for (let kk = 0; kk < k; kk++) {
            const row = dst + kk * np;
            if (transposeB) for (let j = 0; j < n; j++) B[row + j] = bv[src + j * k + kk]!;
            else for (let j = 0; j < n; j++) B[row + j] = bv[src + kk * n + j]!;
            if (np !== n) B[row + n] = 0;
          }
        }
        cachedB = { dataId: bId, transposeB, K: k, Np: np, batches: batchB };
      }
      const av = values(a);
      const A = new Float64Array(buf, aOff, m * k);
      const O = new Float32Array(buf, oOff, m * np);
      const out = info ? wasm!.typedArrayFromHeap(info) : new Float32Array(batch * m * n);
      for (let bi = 0; bi < batch; bi++) {
        const src = (bi % batchA) * m * k;
        if (transposeA) {
          for (let i = 0; i < m; i++) for (let kk = 0; kk < k; kk++) A[i * k + kk] = av[src + kk * m + i]!;
        } else {
          for (let i = 0; i < m * k; i++) A[i] = av[src + i]!;
        }
        O.fill(0);
        mm(m, k, np, aOff, (bi % batchB) * k * np * 8, oOff);
        const o = bi * m * n;
        if (np === n) out.set(O, o);
        else for (let i = 0; i < m; i++) out.set(O.subarray(i * np, i * np + n), o + i * n);
      }
      return info ? engine.makeTensorFromTensorInfo(info) : engine.makeTensor(out, [...outShape], 'float32');
    },
  };
}
