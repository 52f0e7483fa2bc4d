// Access to tfjs-wasm's heap for the compiled executor's own WebAssembly kernels: the memory object
// they import (so they read and write tensors in place), a tensor's byte offset, malloc/free of
// the kernels' own buffers. Absent pieces (another build of tfjs-wasm) read as undefined, and the
// callers copy through memories of their own instead. A tensor whose data is rewritten in place
// (a kernel writing its result over an operand it was the last user of) gets a new data version, so
// caches keyed by data id (a packed GEMM operand) see the change. Needs tfjs. Produces `heapMemory`,
// `heapOffset`, `heapAlloc`, `heapFree`, `HeapBuffer`, `dataVersion`, `rewritten`.

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

/** A buffer malloc'ed in tfjs-wasm's heap, grown on demand. */
export class HeapBuffer {
  ptr = 0;
  bytes = 0;
  need(bytes: number): number {
    if (bytes > this.bytes) {
      this.free();
      this.ptr = heapAlloc(bytes);
      this.bytes = bytes;
    }
    return this.ptr;
  }
  free(): void {
    if (this.ptr) heapFree(this.ptr);
    this.ptr = 0;
    this.bytes = 0;
  }
  /** Forgets the buffer without freeing it (its heap is gone). */
  forget(): void {
    this.ptr = this.bytes = 0;
  }
}

/** The version, kept on the data id object itself (a symbol-keyed property tfjs never reads): cheaper than a WeakMap lookup per matMul. */
const VERSION = Symbol('autograph-ts data version');
type Versioned = { [VERSION]?: number };

/** Versions of data ids that cannot take a property (frozen). */
const sealed = new WeakMap<object, number>();

/** How many times the data of `dataId` was rewritten in place (0: never). */
export function dataVersion(dataId: object): number {
  return (dataId as Versioned)[VERSION] ?? sealed.get(dataId) ?? 0;
}

/** Records that the data of `dataId` is about to be rewritten in place. */
export function rewritten(dataId: object): void {
  const v = dataVersion(dataId) + 1;
  if (Object.isExtensible(dataId)) (dataId as Versioned)[VERSION] = v;
  else sealed.set(dataId, v);
}
