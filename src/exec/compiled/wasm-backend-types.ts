// The parts of tfjs-backend-wasm's BackendWasm and of the tfjs engine that the compiled executor's
// heap-direct kernels use (tfjs does not export these types). Needs nothing. Produces the types.

import type * as tf from '@tensorflow/tfjs-core';

/** A float32 tensor's data on the wasm backend's heap. */
export interface WasmTensorInfo {
  dataId: object;
  shape: number[];
  dtype: 'float32';
}

export interface WasmBackend {
  makeOutput(shape: number[], dtype: 'float32'): WasmTensorInfo;
  typedArrayFromHeap(t: { dataId: object; shape: readonly number[]; dtype: string }): Float32Array;
}

export interface TensorMakingEngine {
  state: { tensorInfo: WeakMap<object, unknown> };
  makeTensor(values: Float32Array, shape: number[], dtype: 'float32'): tf.Tensor;
  makeTensorFromTensorInfo(info: WasmTensorInfo): tf.Tensor;
}
