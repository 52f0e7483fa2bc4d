// One call site of an elementwise float32 program (a GEMM's epilogue: bias, activation, adds) run
// in tfjs-wasm's heap by the in-place kernels of heap-map.ts (tfjs-wasm's values): operands are read where they
// lie, and the result is written over the `donor` operand when nothing else holds its data (the
// backend's reference count is 1: the generated code was its last user), else into a new output.
// A donated tensor is marked rewritten (wasm-simd/heap-access.ts) so a GEMM site's packed copy of it is not
// reused. A site may instead sum the program over all elements in float32, in order (tfjs-wasm's
// Sum). Needs heap-map, wasm-simd/heap-access and tfjs. Produces `buildHeapChain`, `HeapChainSite`.

import * as tf from '@tensorflow/tfjs-core';
import type { FusedStep } from '../../../ir/fused.js';
import type { WasmBackend } from '../wasm-simd/backend-types.js';
import { buildHeapMap, tiledScratchBytes, type HeapInputKind, type HeapMap, type HeapMapMode } from './heap-map.js';
import { EXACT_MATH, type SimdMath } from '../wasm-simd/rules.js';
import { heapMemory, heapOffset, HeapBuffer, rewritten } from '../wasm-simd/heap-access.js';
import { engineInternals } from '../../../engine/tfjs-engine.js';
import type { KernelSite } from '../../compiled/profile.js';

interface RefCounting {
  refCount(dataId: object): number;
}

export interface HeapChainSite extends KernelSite {
  /**
   * The program over `tensors` (the array and tiled inputs, in input order) and `scalars` (numbers,
   * or one-element tensors), into `donor` where it may be overwritten, else into a new tensor of
   * `shape`. Returns the result (`donor` itself when its data was reused).
   */
  run(
    donor: tf.Tensor | undefined,
    tensors: readonly tf.Tensor[],
    scalars: readonly (number | tf.Tensor)[],
    shape: number[],
  ): tf.Tensor;
  /** The float32 sum of the program over `n` elements, in element order (a site built with `sum`). */
  sum(tensors: readonly tf.Tensor[], scalars: readonly (number | tf.Tensor)[], n: number): number;
  dispose(): void;
}

/** The site (with `math`'s rules), or undefined where the kernel cannot be built for the active heap. */
export function buildHeapChain(
  steps: readonly FusedStep[],
  kinds: readonly HeapInputKind[],
  tiledLengths: readonly number[],
  sum = false,
  math: SimdMath = EXACT_MATH,
): HeapChainSite | undefined {
  const mode: HeapMapMode = sum ? { kind: 'sum', order: 'f32', mean: false } : { kind: 'map' };
  const first = heapMemory();
  if (!first || !buildHeapMap(steps, kinds, mode, first, math)) return undefined;
  const engine = engineInternals();
  const scratch = new HeapBuffer();
  const scratchBytes = Math.max(16, tiledScratchBytes(tiledLengths));
  let memory: WebAssembly.Memory | undefined;
  let map: HeapMap | undefined;
  let fn: ((...args: number[]) => number) | undefined;
  const args: number[] = [];
  /** The kernel for the active heap. */
  const bind = (): WebAssembly.Memory => {
    const mem = heapMemory();
    if (!mem) throw new Error('internal: the wasm backend’s heap is no longer reachable');
    if (mem !== memory) {
      scratch.forget(); // a new heap: the old buffer went with the old one
      map = buildHeapMap(steps, kinds, mode, mem, math);
      if (!map) throw new Error('internal: an elementwise kernel could not be built for the wasm heap');
      fn = map.on(mem);
      memory = mem;
    }
    return mem;
  };
  /** Pushes the operands' arguments after (n, out, scratch). */
  const operands = (
    mem: WebAssembly.Memory,
    tensors: readonly tf.Tensor[],
    scalars: readonly (number | tf.Tensor)[],
  ) => {
    for (const t of tensors) args.push(heapOffset(t));
    for (const l of tiledLengths) args.push(l);
    if (scalars.length) {
      const heap = new Float32Array(mem.buffer);
      for (const s of scalars) args.push(typeof s === 'number' ? s : heap[heapOffset(s) >> 2]!);
    }
  };
  return {
    target: 'wasm-heap',
    run(donor, tensors, scalars, shape) {
      const mem = bind();
      const backend = tf.backend() as unknown as WasmBackend & RefCounting;
      let out: tf.Tensor | undefined;
      let info: { dataId: object } | undefined;
      if (donor && backend.refCount(donor.dataId) === 1) {
        rewritten(donor.dataId);
        out = donor;
        info = donor;
      } else {
        info = backend.makeOutput(shape, 'float32');
      }
      const n = shape.reduce((a, b) => a * b, 1);
      args.length = 0;
      args.push(n, heapOffset(info), scratch.need(scratchBytes));
      operands(mem, tensors, scalars);
      fn!(...args);
      return out ?? engine.makeTensorFromTensorInfo(info as never);
    },
    sum(tensors, scalars, n) {
      const mem = bind();
      args.length = 0;
      args.push(n, 0, scratch.need(scratchBytes));
      operands(mem, tensors, scalars);
      return fn!(...args);
    },
    dispose() {
      if (memory && memory === heapMemory()) scratch.free();
      memory = undefined;
    },
  };
}
