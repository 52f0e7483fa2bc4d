// Loads onnxruntime-node lazily (it is an optional dependency: only this executor needs it) and, for
// synchronous runs, its native binding, whose loadModel/run are synchronous (the public API wraps
// them in promises). Needs Node (node:module through process.getBuiltinModule, so that importing this
// module stays harmless in browsers). Produces `loadOrt`, `loadSyncBinding`, the Ort types.

import type * as OrtModule from 'onnxruntime-node';
import type { AutographError } from '../errors/ag-error.js';
import { agError } from '../errors/catalogue.js';

export type Ort = typeof OrtModule;
export type OrtTensor = OrtModule.Tensor;
export type SessionOptions = OrtModule.InferenceSession.SessionOptions;

/** The raw result of a native run: a Tensor, or the parts to build one. */
type RawValue = OrtTensor | { type: OrtTensor['type']; data: OrtTensor['data']; dims: readonly number[] };

/** The synchronous session object of onnxruntime-node's native binding (dist/binding.d.ts). */
export interface SyncSession {
  loadModel(buffer: ArrayBuffer, byteOffset: number, byteLength: number, options: SessionOptions): void;
  readonly inputMetadata: readonly { readonly name: string }[];
  readonly outputMetadata: readonly { readonly name: string }[];
  run(
    feeds: Record<string, OrtTensor>,
    fetches: Record<string, null>,
    options: Record<string, unknown>,
  ): Record<string, RawValue>;
  dispose(): void;
}

interface SyncBinding {
  readonly binding: { readonly InferenceSession: new () => SyncSession };
  readonly initOrt: () => void;
}

type NodeModule = { createRequire(url: string): (id: string) => unknown };
let nodeRequire: ((id: string) => unknown) | undefined;

function requireHere(id: string): unknown {
  if (!nodeRequire) {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const mod = proc?.getBuiltinModule?.('node:module') as NodeModule | undefined;
    if (!mod) throw new Error('onnxruntime-node runs in Node.js only');
    nodeRequire = mod.createRequire(import.meta.url);
  }
  return nodeRequire(id);
}

let ort: Ort | undefined;
let sync: SyncBinding | null | undefined;

function missing(e: unknown): AutographError {
  return agError('exec/onnxruntime-missing', { reason: (e as Error).message.split('\n')[0]! });
}

export function loadOrt(): Ort {
  if (!ort) {
    try {
      ort = requireHere('onnxruntime-node') as Ort;
    } catch (e) {
      throw missing(e);
    }
  }
  return ort;
}

/** The native binding for synchronous runs, or undefined when this onnxruntime-node lacks it. */
export function loadSyncBinding(): SyncBinding | undefined {
  if (sync === undefined) {
    loadOrt();
    try {
      const b = requireHere('onnxruntime-node/dist/binding.js') as SyncBinding;
      sync = typeof b.binding?.InferenceSession === 'function' && typeof b.initOrt === 'function' ? b : null;
    } catch {
      sync = null;
    }
  }
  return sync ?? undefined;
}

/** A result of a native run as an ort.Tensor. */
export function asOrtTensor(v: RawValue): OrtTensor {
  const o = loadOrt();
  return v instanceof o.Tensor ? v : new o.Tensor(v.type, v.data as never, v.dims);
}
