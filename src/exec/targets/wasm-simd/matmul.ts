// BatchMatMul of float32 tensors with the GEMM kernels of gemm.ts, bit-identical to the active
// backend's own kernel:
//  - cpu backend: the 'f64' kernel (tfjs-cpu's 48-wide k blocks summed in doubles). Operands are
//    copied into the site's own memory; B's packed copy is kept while B's tensor lives (a loop's
//    weights are packed once).
//  - wasm backend: the 'f32' kernel over tfjs-wasm's heap itself (its memory imported): XNNPACK's
//    order (k in sequence, float32) where tfjs-wasm calls XNNPACK (no transposes, no batch), its
//    48-wide float32 blocks elsewhere. With `fma` (asked for, and the engine has relaxed SIMD) each
//    product is added with a fused multiply-add: the same order, one rounding instead of two, so
//    within float32 rounding of tfjs-wasm instead of bit-identical. Packed operands live in buffers malloc'ed in that heap; the
//    result is written straight into the output tensor. Without access to the heap's memory object
//    the operands are copied through an own memory instead.
// Products of at least THREAD_MIN_MACS multiply-adds run on the GEMM thread pool where threads can
// run (gemm-threads.ts, gemm-pool.ts: the operands copied into its shared memory, the output split
// by rows or columns, so the same bytes as here on one thread).
// Needs gemm, gemm-threads, heap-access, compiled/matmul-dims and tfjs. Produces `buildMatMulSite`, `MatMulSite`.

import * as tf from '@tensorflow/tfjs-core';
import { GEMM_SCRATCH, gemmInstance, packedABytes, packedBBytes, type Gemm, type GemmLane } from './gemm.js';
import { wasmRelaxedSimdAvailable } from './encoder.js';
import type { WasmBackend, WasmTensorInfo } from './backend-types.js';
import { heapMemory, heapOffset, HeapBuffer, dataVersion } from './heap-access.js';
import { matMulDims, type MatMulDims } from '../../compiled/matmul-dims.js';
import type { KernelSite } from '../../compiled/profile.js';
import { engineInternals, type EngineInternals } from '../../../engine/tfjs-engine.js';
import { ThreadedGemm, type Strides, type ThreadedCall } from './gemm-threads.js';

/** Byte strides of A's (row, k) and B's (k, column) elements. */
function strides(d: MatMulDims, transposeA: boolean, transposeB: boolean): Strides {
  return {
    aRow: transposeA ? 4 : d.k * 4,
    aK: transposeA ? d.m * 4 : 4,
    bK: transposeB ? 4 : d.n * 4,
    bN: transposeB ? d.k * 4 : 4,
  };
}

const align = (x: number) => (x + 15) & ~15;

export interface MatMulSite extends KernelSite {
  /** a @ b with tfjs's transpose flags and batch broadcasting; inputs float32 tensors of the site's backend. */
  run(a: tf.Tensor, b: tf.Tensor, transposeA: boolean, transposeB: boolean, outShape: readonly number[]): tf.Tensor;
  /** Frees what the site holds in tfjs-wasm's heap. */
  dispose(): void;
}

/** Which B a packed copy was made from (kept while that tensor lives). */
interface PackedB {
  readonly dataId: object;
  readonly transposeB: boolean;
  readonly k: number;
  readonly n: number;
  readonly batches: number;
  /** B's data version when packed (its data may be rewritten in place later). */
  readonly version: number;
}

function sameB(
  p: PackedB | undefined,
  b: tf.Tensor,
  transposeB: boolean,
  d: MatMulDims,
  engine: EngineInternals,
): boolean {
  const id = b.dataId as object;
  return (
    !!p &&
    p.dataId === id &&
    p.transposeB === transposeB &&
    p.k === d.k &&
    p.n === d.n &&
    p.batches === d.batchB &&
    p.version === dataVersion(id) &&
    engine.state.tensorInfo.has(id)
  );
}

function packedKey(b: tf.Tensor, transposeB: boolean, d: MatMulDims): PackedB {
  return {
    dataId: b.dataId as object,
    transposeB,
    k: d.k,
    n: d.n,
    batches: d.batchB,
    version: dataVersion(b.dataId as object),
  };
}

/** One product's operands as the thread pool's site (gemm-threads.ts) takes them; `out`: where the result goes. */
function threadedCall(
  a: tf.Tensor,
  b: tf.Tensor,
  transposeB: boolean,
  d: MatMulDims,
  st: Strides,
  kBlock: number,
  wasm: WasmBackend | undefined,
  out: () => Float32Array,
): ThreadedCall {
  const engine = engineInternals();
  return {
    d,
    st,
    kBlock,
    a: () => operandValues(a, wasm),
    b: () => operandValues(b, wasm),
    sameB: (key) => sameB(key as PackedB, b, transposeB, d, engine),
    bKey: () => packedKey(b, transposeB, d),
    out,
  };
}

/**
 * Products in an own memory: the operands' float32 values are copied in, the result copied out.
 * Layout: scratch | packed B (all batches) | raw operand | packed A | out.
 */
/** An operand's float32 values: in tfjs-wasm's heap, or the cpu backend's. */
function operandValues(t: tf.Tensor, wasm: WasmBackend | undefined): Float32Array {
  return wasm ? wasm.typedArrayFromHeap(t) : (t.dataSync() as Float32Array);
}

function ownMemorySite(lane: GemmLane, backend: 'cpu' | 'wasm', fma = false): MatMulSite | undefined {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const g = gemmInstance(lane, memory, fma);
  if (!g) return undefined;
  const engine = engineInternals();
  const threaded = new ThreadedGemm(lane, fma);
  let packed: PackedB | undefined;
  const ensure = (bytes: number) => {
    const have = memory.buffer.byteLength;
    if (bytes > have) memory.grow(Math.ceil((bytes - have) / 65536)); // keeps the contents (a packed B)
  };
  return {
    target: 'wasm-simd',
    run(a, b, transposeA, transposeB, outShape) {
      const d = matMulDims(a, b, transposeA, transposeB);
      const wasm = backend === 'wasm' ? (tf.backend() as unknown as WasmBackend) : undefined;
      const info = wasm?.makeOutput([...outShape], 'float32');
      const out = info ? wasm!.typedArrayFromHeap(info) : new Float32Array(d.batch * d.m * d.n);
      if (d.k === 0 || out.length === 0) {
        out.fill(0);
        return info ? engine.makeTensorFromTensorInfo(info) : engine.makeTensor(out, [...outShape], 'float32');
      }
      const { m, k, n } = d;
      const st = strides(d, transposeA, transposeB);
      const kBlock = lane === 'f64' ? 48 : wasmBlock(d, transposeA, transposeB);
      const pool = threaded.poolFor(d);
      if (
        pool &&
        threaded.run(
          pool,
          threadedCall(a, b, transposeB, d, st, kBlock, wasm, () => (info ? wasm!.typedArrayFromHeap(info) : out)),
        )
      ) {
        return info ? engine.makeTensorFromTensorInfo(info) : engine.makeTensor(out, [...outShape], 'float32');
      }
      const pb = packedBBytes(lane, k, n);
      const PB = GEMM_SCRATCH;
      const RAW = align(PB + d.batchB * pb);
      const PA = align(RAW + Math.max(m * k, k * n) * 4);
      const OUT = align(PA + packedABytes(lane, m, k));
      ensure(OUT + m * n * 4);
      const f32 = new Float32Array(memory.buffer);
      if (!sameB(packed, b, transposeB, d, engine)) {
        const bv = operandValues(b, wasm);
        for (let bi = 0; bi < d.batchB; bi++) {
          f32.set(bv.subarray(bi * k * n, (bi + 1) * k * n), RAW / 4);
          g.packB(RAW, st.bK, st.bN, k, n, PB + bi * pb);
        }
        packed = packedKey(b, transposeB, d);
      }
      const av = operandValues(a, wasm);
      // Views of the heap again: the output's allocation may have grown it.
      const res = info ? wasm!.typedArrayFromHeap(info) : out;
      for (let bi = 0; bi < d.batch; bi++) {
        const src = (bi % d.batchA) * m * k;
        f32.set(av.subarray(src, src + m * k), RAW / 4);
        g.packA(RAW, st.aRow, st.aK, m, k, PA);
        g.mm(m, n, k, PA, PB + (bi % d.batchB) * pb, OUT, n * 4, kBlock, 0);
        res.set(f32.subarray(OUT / 4, OUT / 4 + m * n), bi * m * n);
      }
      return info ? engine.makeTensorFromTensorInfo(info) : engine.makeTensor(res, [...outShape], 'float32');
    },
    dispose() {
      packed = undefined;
      threaded.dispose();
    },
  };
}

/** tfjs-wasm's summation: XNNPACK's (one block) without transposes or batches, else 48-wide blocks. */
function wasmBlock(d: MatMulDims, transposeA: boolean, transposeB: boolean): number {
  return !transposeA && !transposeB && d.batchA === 1 && d.batchB === 1 ? d.k : 48;
}

/** Products in tfjs-wasm's heap: the kernels import its memory. */
function heapSite(fma: boolean): MatMulSite | undefined {
  const engine = engineInternals();
  let memory: WebAssembly.Memory | undefined;
  let g: Gemm | undefined;
  const scratch = new HeapBuffer();
  const packedA = new HeapBuffer();
  const packedB = new HeapBuffer();
  let packed: PackedB | undefined;
  const fallback = () => (fallbackSite ??= ownMemorySite('f32', 'wasm', fma));
  let fallbackSite: MatMulSite | undefined;
  const threaded = new ThreadedGemm('f32', fma);
  const reset = () => {
    for (const h of [scratch, packedA, packedB]) h.free();
    packed = undefined;
  };
  return {
    target: 'wasm-simd',
    run(a, b, transposeA, transposeB, outShape) {
      const mem = heapMemory();
      if (!mem) return fallback()!.run(a, b, transposeA, transposeB, outShape);
      if (mem !== memory) {
        // A new heap (the backend was made again): the buffers of the old one went with it.
        for (const h of [scratch, packedA, packedB]) h.forget();
        packed = undefined;
        g = gemmInstance('f32', mem, fma);
        memory = mem;
      }
      if (!g) return fallback()!.run(a, b, transposeA, transposeB, outShape);
      const d = matMulDims(a, b, transposeA, transposeB);
      const info: WasmTensorInfo = (tf.backend() as unknown as WasmBackend).makeOutput([...outShape], 'float32');
      const { m, k, n } = d;
      if (k === 0 || d.batch * m * n === 0) {
        (tf.backend() as unknown as WasmBackend).typedArrayFromHeap(info).fill(0);
        return engine.makeTensorFromTensorInfo(info);
      }
      const st = strides(d, transposeA, transposeB);
      const kBlock = wasmBlock(d, transposeA, transposeB);
      const pool = threaded.poolFor(d);
      const wasm = tf.backend() as unknown as WasmBackend;
      if (
        pool &&
        threaded.run(
          pool,
          threadedCall(a, b, transposeB, d, st, kBlock, wasm, () => wasm.typedArrayFromHeap(info)),
        )
      )
        return engine.makeTensorFromTensorInfo(info);
      const pb = packedBBytes('f32', k, n);
      const S = scratch.need(GEMM_SCRATCH);
      if (!sameB(packed, b, transposeB, d, engine)) {
        const PB = packedB.need(d.batchB * pb);
        const src = heapOffset(b);
        for (let bi = 0; bi < d.batchB; bi++) g.packB(src + bi * k * n * 4, st.bK, st.bN, k, n, PB + bi * pb);
        packed = packedKey(b, transposeB, d);
      }
      // Row-major A is read where it lies (the same sums); a transposed one is packed first.
      const direct = transposeA ? undefined : g.mmDirect;
      const PA = direct ? 0 : packedA.need(packedABytes('f32', m, k));
      const PB = packedB.ptr;
      const aSrc = heapOffset(a);
      const out = heapOffset(info);
      for (let bi = 0; bi < d.batch; bi++) {
        const a0 = aSrc + (bi % d.batchA) * m * k * 4;
        if (direct) direct(m, n, k, a0, PB + (bi % d.batchB) * pb, out + bi * m * n * 4, n * 4, kBlock, S, st.aRow);
        else {
          g.packA(a0, st.aRow, st.aK, m, k, PA);
          g.mm(m, n, k, PA, PB + (bi % d.batchB) * pb, out + bi * m * n * 4, n * 4, kBlock, S);
        }
      }
      return engine.makeTensorFromTensorInfo(info);
    },
    dispose() {
      if (memory && memory === heapMemory()) reset();
      fallbackSite?.dispose();
      threaded.dispose();
    },
  };
}

/**
 * One call site's kernel (its own packed B, kept per site), for tensors of the cpu or the wasm
 * backend; undefined without WebAssembly SIMD. `relaxedSimd`: on wasm, fused multiply-adds where the
 * engine has relaxed SIMD (the cpu backend's kernel sums in doubles and never fuses).
 */
export function buildMatMulSite(backend: 'cpu' | 'wasm' = 'cpu', relaxedSimd = false): MatMulSite | undefined {
  return backend === 'cpu' ? ownMemorySite('f64', 'cpu') : heapSite(relaxedSimd && wasmRelaxedSimdAvailable());
}
