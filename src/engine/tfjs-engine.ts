// The one place that names tfjs's engine internals: fields and methods its published types do not
// declare (engine state with the gradient tape and op scopes, the active backend's fields, tensor
// making from a data id or tensor info, variable creation, a cpu backend's value store, the size of
// its global kernel registry). Needs tfjs-core. Produces `engineInternals`, `engineState`,
// `makeTensorFromInfo`, `cpuStoredValues`, `kernelRegistrySize`.

import * as tf from '@tensorflow/tfjs-core';

/** One entry of tfjs's gradient tape. */
export interface TapeNode {
  id: number;
  kernelName: string;
  inputs: Record<string, tf.Tensor>;
  outputs: tf.Tensor[];
  saved: tf.Tensor[];
  gradient: (dys: (tf.Tensor | null)[]) => Record<string, () => tf.Tensor>;
}

/** One open `tf.tidy` / op scope (`<op>__op` for tfjs ops). */
export interface EngineScope {
  readonly name: string;
  /** Unique per scope opened (the engine counts them). */
  readonly id: number;
}

/** The engine's mutable state. */
export interface EngineState {
  gradientDepth: number;
  kernelDepth: number;
  activeTape: TapeNode[] | null;
  nextTapeNodeId: number;
  activeScope: EngineScope | null;
  scopeStack: EngineScope[];
  tensorInfo: WeakMap<object, unknown>;
  /** Set while tf.profile runs (kernels must then go through the engine). */
  profiling?: boolean;
}

export type MakeVariable = (
  initialValue: tf.Tensor,
  trainable?: boolean,
  name?: string,
  dtype?: tf.DataType,
) => tf.Variable;

type TypedArray = Float32Array | Int32Array | Uint8Array;

/** The engine as this package uses it. */
export interface EngineInternals {
  state: EngineState;
  backendName: string | null;
  backendInstance: tf.KernelBackend | null;
  readonly backend: tf.KernelBackend;
  makeVariable: MakeVariable;
  makeTensor(values: TypedArray, shape: number[], dtype: tf.DataType, backend?: tf.KernelBackend): tf.Tensor;
  makeTensorFromDataId(dataId: object, shape: number[], dtype: tf.DataType, backend?: tf.KernelBackend): tf.Tensor;
  makeTensorFromTensorInfo(
    info: { dataId: object; shape: number[]; dtype: tf.DataType },
    backend?: tf.KernelBackend,
  ): tf.Tensor;
  gradients(
    f: () => tf.Tensor,
    xs: tf.Tensor[],
    dy?: tf.Tensor,
    allowNoGradients?: boolean,
  ): { value: tf.Tensor; grads: (tf.Tensor | undefined)[] };
  /** Whether a gradient tape records kernels now. */
  isTapeOn(): boolean;
  readonly ENV: { getBool(flag: string): boolean };
  runKernel(name: string, inputs: unknown, attrs: unknown): tf.Tensor | tf.Tensor[];
  startScope(name?: string): void;
  endScope(result?: unknown): void;
}

/** tfjs's engine, typed with the internals this package reaches. */
export function engineInternals(): EngineInternals {
  return tf.engine() as unknown as EngineInternals;
}

/** tfjs's engine state (gradient depth, tape, op scopes). */
export function engineState(): EngineState {
  return engineInternals().state;
}

/** A tensor owning the data `info` describes (held by `backend`, or the active backend). */
export function makeTensorFromInfo(
  info: { dataId: object; shape: number[]; dtype: tf.DataType },
  backend?: tf.KernelBackend,
): tf.Tensor {
  return engineInternals().makeTensorFromTensorInfo(info, backend);
}

/** The typed array the cpu backend `backend` stores `dataId`'s values in (undefined if none). */
export function cpuStoredValues(backend: tf.KernelBackend, dataId: object): unknown {
  return (backend as unknown as { data: { get(id: object): { values?: unknown } | undefined } }).data.get(dataId)
    ?.values;
}

/**
 * How many kernels (all backends) tfjs's global registry holds, read without walking it; undefined
 * where the registry cannot be reached (another tfjs layout).
 */
export function kernelRegistrySize(): number | undefined {
  const globals = (globalThis as { _tfGlobals?: Map<string, unknown> })._tfGlobals;
  const registry = globals instanceof Map ? globals.get('kernelRegistry') : undefined;
  return registry instanceof Map ? registry.size : undefined;
}
