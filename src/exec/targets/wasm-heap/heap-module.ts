// What the in-place heap kernels (heap-map.ts, column-sum-kernel.ts) share: a module compiled once
// per key (null where WebAssembly SIMD does not compile), bound to memories with one instance per
// memory, whether a memory is shared (a module importing it must say so), and the loads and stores
// of 1–4 float32 lanes (the last n mod 4 elements, lane by lane: nothing past an array is read or
// written). Needs wasm-simd's encoder. Produces `compile`, `binder`, `isShared`, `loadLanes`,
// `storeLanes`.

import { SIMD, type Code } from '../wasm-simd/encoder.js';
import type { HeapMap } from './heap-map.js';

const modules = new Map<string, WebAssembly.Module | null>();

export function compile(key: string, make: () => Uint8Array): WebAssembly.Module | null {
  let m = modules.get(key);
  if (m !== undefined) return m;
  try {
    m = new WebAssembly.Module(make() as BufferSource);
  } catch {
    m = null;
  }
  modules.set(key, m);
  return m;
}

/** Binds a compiled module's `run` to memories, one instance per memory. */
export function binder(m: WebAssembly.Module): HeapMap {
  const instances = new WeakMap<WebAssembly.Memory, (...args: number[]) => number>();
  return {
    on(memory) {
      let f = instances.get(memory);
      if (!f) {
        f = new WebAssembly.Instance(m, { env: { memory } }).exports.run as (...args: number[]) => number;
        instances.set(memory, f);
      }
      return f;
    },
  };
}

export const isShared = (memory: WebAssembly.Memory) =>
  typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;

/** Loads `lanes` float32 values at the address on the stack (+ offset) into a v128 (the rest zero). */
export function loadLanes(c: Code, addr: () => void, lanes: number, v: number): void {
  if (lanes === 4) {
    addr();
    c.simdMem(SIMD.load, 2).set(v);
    return;
  }
  addr();
  c.simdMem(SIMD.load32Zero, 2).set(v);
  for (let l = 1; l < lanes; l++) {
    addr();
    c.get(v)
      .simdMem(SIMD.load32Lane, 2, 4 * l)
      .op(l)
      .set(v);
  }
}

export function storeLanes(c: Code, addr: () => void, lanes: number, v: number): void {
  if (lanes === 4) {
    addr();
    c.get(v).simdMem(SIMD.store, 2);
    return;
  }
  for (let l = 0; l < lanes; l++) {
    addr();
    c.get(v)
      .simdMem(SIMD.store32Lane, 2, 4 * l)
      .op(l);
  }
}
