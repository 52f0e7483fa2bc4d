// The parts of tfjs-backend-wasm's BackendWasm that the compiled executor's
// heap-direct kernels use (tfjs does not export these types). Needs nothing. Produces the types.

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
