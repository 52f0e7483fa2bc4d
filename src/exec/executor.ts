// What runs a graph: the `Executor` interface and the registry of executors by name (the
// `executor` option of jit). The interpreter and the compiled executor are built in; onnxruntime's
// (src/ort/, a higher floor: it runs the ONNX export) is registered by the installer of the exporters
// (src/install/export.ts) and declares its options by augmenting `ExecutorOptions`.
// Needs the two built-in executors. Produces `Executor`, `makeExecutor`, `registerExecutor`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../ir/graph.js';
import { Interpreter } from './interpreter.js';
import { CompiledExecutor } from './compiled/compiled-executor.js';
import { agError } from '../errors/catalogue.js';
import type { Numerics } from './compiled/profile.js';

export interface Executor {
  run(graph: Graph, inputs: readonly tf.Tensor[]): tf.Tensor[];
  /**
   * Where the executor has an asynchronous path of its own: onnxruntime's session, the interpreter's
   * awaited reads (what tfjs's webgpu backend needs for Cond, While and the effects).
   */
  runAsync?(graph: Graph, inputs: readonly tf.Tensor[]): Promise<tf.Tensor[]>;
  /** The JS it generated for the current tfjs backend (the compiled executor's), if any. */
  source?(): string | undefined;
  dispose(): void;
}

/** The executors a trace can run on (`JitOptions.executor`). */
export type ExecutorName = 'interpreter' | 'compiled' | 'onnxruntime';

/**
 * What a factory is given besides the graph. An executor registered from a higher floor adds its own
 * options by augmenting this interface (`declare module`), as src/ort/options.ts adds `onnx`.
 */
export interface ExecutorOptions {
  /**
   * For the compiled executor: its WebAssembly kernels may use relaxed SIMD where the engine has it
   * (default true). float32 matMul on the wasm backend then adds each product with a fused
   * multiply-add (one rounding instead of two), so it is within float32 rounding of eager tfjs-wasm
   * rather than bit-identical; false keeps tfjs-wasm's bits.
   */
  readonly relaxedSimd?: boolean;
  /**
   * For the compiled executor on cpu and wasm: 'fast' computes float32 Tanh, Sigmoid, Exp and Log in
   * its SIMD kernels with polynomial approximations within documented bounds (default 'exact').
   * The other executors ignore it.
   */
  readonly numerics?: Numerics;
}

/** Makes an executor for `graph` (the optimized graph it will run). */
export type ExecutorFactory = (graph: Graph, options: ExecutorOptions) => Executor;

const factories: { [K in ExecutorName]?: ExecutorFactory } = {
  interpreter: () => new Interpreter(),
  compiled: (graph, options) =>
    new CompiledExecutor(graph, { relaxedSimd: options.relaxedSimd ?? true, numerics: options.numerics ?? 'exact' }),
};

/** What a bundle imports to install each executor that is not built in (the error's hint says it). */
const INSTALLED_BY: { readonly [K in ExecutorName]?: string } = { onnxruntime: "import 'autograph-ts/export'" };

export function registerExecutor(name: ExecutorName, factory: ExecutorFactory): void {
  factories[name] = factory;
}

export function makeExecutor(name: ExecutorName, graph: Graph, options: ExecutorOptions = {}): Executor {
  const factory = factories[name];
  if (!factory) {
    const imports = INSTALLED_BY[name];
    if (imports)
      throw agError('export/exporter-missing', { method: `executor '${name}'`, what: `the ${name} executor`, imports });
    throw new Error(`internal: no executor named '${name}' is registered`);
  }
  return factory(graph, options);
}
