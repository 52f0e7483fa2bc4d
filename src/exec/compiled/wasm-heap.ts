// Access to tfjs-wasm's heap for the compiled executor's own WebAssembly kernels: the memory object
// they import (so they read and write tensors in place), a tensor's byte offset, malloc/free of
// the kernels' own buffers. Absent pieces (another build of tfjs-wasm) read as undefined, and the
// callers copy through memories of their own instead. Needs tfjs. Produces `heapMemory`,
// `heapOffset`, `heapAlloc`, `heapFree`.

import * as tf from '@tensorflow/tfjs-core';

/** The parts of tfjs-backend-wasm's BackendWasm used here. */
interface WasmModuleParts {
  asm?: { memory?: unknown };
  wasmMemory?: unknown;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
}
interface HeapBackend {
  wasm: WasmModuleParts;
  dataIdMap: { get(dataId: object): { memoryOffset: number } | undefined };
}

/** The active wasm backend's memory object, or undefined (not the wasm backend, or not reachable). */
export function heapMemory(): WebAssembly.Memory | undefined {
  if (tf.getBackend() !== 'wasm') return undefined;
  const w = (tf.backend() as unknown as HeapBackend).wasm;
  const m = w?.asm?.memory ?? w?.wasmMemory;
  return m instanceof WebAssembly.Memory ? m : undefined;
}

/** The byte offset of a tensor's data in the wasm backend's heap. */
export function heapOffset(t: { dataId: object }): number {
  const d = (tf.backend() as unknown as HeapBackend).dataIdMap.get(t.dataId);
  if (!d) throw new Error('internal: a tensor of another backend where a wasm tensor was expected');
  return d.memoryOffset;
}

/** `bytes` bytes malloc'ed in the wasm backend's heap. */
export function heapAlloc(bytes: number): number {
  const p = (tf.backend() as unknown as HeapBackend).wasm._malloc(bytes);
  if (!p) throw new Error(`internal: tfjs-wasm could not allocate ${bytes} bytes`);
  return p;
}

export function heapFree(ptr: number): void {
  (tf.backend() as unknown as HeapBackend).wasm._free(ptr);
}
