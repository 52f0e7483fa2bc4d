// Sum over the leading axes of a float32 tensor on the wasm backend (a bias's gradient: Σ over the
// batch rows) with the kernel of column-sum-kernel.ts, reading and writing tfjs-wasm's heap: per
// column, the rows added in float32 in row order — tfjs-wasm's Sum, which moves the reduced axes
// innermost and adds each run in order — so the values are tfjs-wasm's bit for bit.
// Needs the IR, the emitter, column-sum-kernel, wasm-simd/heap-access and tfjs. Produces `columnSum` (emits the call).

import * as tf from '@tensorflow/tfjs-core';
import type { Node } from '../../../ir/graph.js';
import { sizeOf } from '../../../ir/types.js';
import { isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';
import { buildColumnSum, type ColumnSum } from './column-sum-kernel.js';
import { heapMemory, heapOffset } from '../wasm-simd/heap-access.js';
import type { WasmBackend } from '../wasm-simd/backend-types.js';
import { engineInternals } from '../../../engine/tfjs-engine.js';
import type { KernelSite } from '../../compiled/profile.js';

export interface ColumnSumSite extends KernelSite {
  /** Σ over the first `rows` of x viewed as [rows, cols], into a new tensor of `shape`. */
  run(x: tf.Tensor, rows: number, cols: number, shape: number[]): tf.Tensor;
}

function site(): ColumnSumSite {
  let memory: WebAssembly.Memory | undefined;
  let fn: ReturnType<ColumnSum['on']> | undefined;
  return {
    target: 'wasm-heap',
    run(x, rows, cols, shape) {
      const mem = heapMemory();
      if (!mem) throw new Error('internal: the wasm backend’s heap is no longer reachable');
      if (mem !== memory) {
        fn = buildColumnSum('f32', mem)?.on(mem);
        if (!fn) throw new Error('internal: the column-sum kernel could not be built for the wasm heap');
        memory = mem;
      }
      const info = (tf.backend() as unknown as WasmBackend).makeOutput(shape, 'float32');
      fn!(rows, cols, heapOffset(x), heapOffset(info));
      return engineInternals().makeTensorFromTensorInfo(info);
    },
  };
}

/** The reduced leading-axis count of a Sum over axes 0 … j−1 (j ≥ 1, some axis left), else undefined. */
function leadingAxes(node: Node): number | undefined {
  const x = node.inputs[0]!;
  const rank = x.shape.length;
  const raw = node.attrs.axis;
  const axes = (Array.isArray(raw) ? raw : [raw]).map((a) => Number(a)).map((a) => (a < 0 ? a + rank : a));
  const sorted = [...new Set(axes)].sort((a, b) => a - b);
  if (!sorted.length || sorted.length >= rank || !sorted.every((a, i) => a === i)) return undefined;
  return sorted.length;
}

/**
 * On the wasm backend: a float32 Sum over leading axes of a tensor of known shape as one
 * column-sum call; the output's slot, or undefined.
 */
export function columnSum(em: Emitter, node: Node, ins: readonly Slot[]): Slot | undefined {
  if (node.op !== 'Sum' || node.inputs.length !== 1 || node.outputs.length !== 1) return undefined;
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  if (
    x.dtype !== 'float32' ||
    o.dtype !== 'float32' ||
    isNum(x) ||
    isNum(o) ||
    !x.shape.every((d) => d > 0) ||
    !heapMemory()
  )
    return undefined;
  const j = leadingAxes(node);
  if (j === undefined) return undefined;
  const rows = sizeOf(x.shape.slice(0, j));
  const cols = sizeOf(x.shape.slice(j));
  if (sizeOf(o.shape) !== cols) return undefined;
  const name = valueName(o);
  em.line(
    `const ${name} = ${em.kernelRef(site())}.run(${ins[0]!.expr}, ${rows}, ${cols}, ${JSON.stringify(o.shape)});`,
  );
  return { expr: name, owned: true };
}
