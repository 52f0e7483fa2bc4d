// GatherV2 along axis 0 with one scalar index (x[t] in a loop over t) as a copy of one contiguous
// row: on cpu a slice of the backend's array, on wasm a copy inside tfjs-wasm's heap, without the
// kernel's per-element index arithmetic. An index out of range goes to the tfjs kernel, which
// reports it as tfjs does. Needs tfjs. Produces `gatherRow`.

import * as tf from '@tensorflow/tfjs-core';
import { engineInternals } from '../../../engine/tfjs-engine.js';

interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: tf.DataType;
}

/** The parts of tfjs-backend-wasm's BackendWasm used here. */
interface WasmBackend {
  makeOutput(shape: number[], dtype: tf.DataType): TensorInfo;
  dataIdMap: { get(dataId: object): { memoryOffset: number } };
  wasm: { HEAPU8: Uint8Array };
}

/** x[index] for a tensor x of rank ≥ 1 (float32, int32 or bool) on the cpu or wasm backend. */
export function gatherRow(
  x: tf.Tensor,
  index: number,
  outShape: readonly number[],
  backend: 'cpu' | 'wasm',
  attrs: Record<string, unknown>,
): tf.Tensor {
  const rows = x.shape[0]!;
  if (!(index >= 0 && index < rows) || !Number.isInteger(index)) {
    const i = tf.scalar(index, 'int32');
    try {
      return tf.engine().runKernel('GatherV2', { x, indices: i }, attrs as tf.NamedAttrMap) as tf.Tensor;
    } finally {
      i.dispose();
    }
  }
  const row = rows === 0 ? 0 : x.size / rows;
  const engine = engineInternals();
  if (backend === 'cpu') {
    const vals = x.dataSync() as tf.TypedArray;
    return engine.makeTensor(vals.slice(index * row, (index + 1) * row) as tf.TypedArray, [...outShape], x.dtype);
  }
  const wasm = tf.backend() as unknown as WasmBackend;
  const info = wasm.makeOutput([...outShape], x.dtype);
  const bytes = tf.util.bytesPerElement(x.dtype) * row;
  const from = wasm.dataIdMap.get(x.dataId).memoryOffset + index * bytes;
  const heap = wasm.wasm.HEAPU8; // after the allocation, which may grow the heap
  heap.copyWithin(wasm.dataIdMap.get(info.dataId).memoryOffset, from, from + bytes);
  return engine.makeTensorFromTensorInfo(info);
}
