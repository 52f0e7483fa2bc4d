// The options of the onnxruntime executor (`jit(f, { executor: 'onnxruntime', onnxruntime })`):
// session options and the exported model's numerics. The executor registry of exec/ (a lower floor)
// carries them as `ExecutorOptions.onnx`, which this module declares by augmenting that interface, so
// exec/ names no type of ort/. Needs the ONNX export's `OnnxNumerics` (types only; onnxruntime-node
// is an optional peer: the published declarations must not name its types). Produces
// `OnnxRuntimeOptions`.

import type { OnnxNumerics } from '../export/onnx/index.js';

export interface OnnxRuntimeOptions {
  /** Threads inside one op (default 1: small graphs run fastest single-threaded on small machines). */
  readonly intraOpNumThreads?: number;
  readonly interOpNumThreads?: number;
  readonly graphOptimizationLevel?: 'disabled' | 'basic' | 'extended' | 'all';
  /** onnxruntime's execution providers: names (`'cpu'`, `'cuda'` …) or `{ name, …options }` objects. */
  readonly executionProviders?: readonly (string | { readonly name: string; readonly [option: string]: unknown })[];
  /**
   * How the exported model computes float32 Exp, Log, Sin, Cos, Tanh, Pow and Rsqrt (the export's
   * `numerics`): `'exact'` (default) in float64, rounded once, equal to JS bit for bit; `'float32'`
   * with onnxruntime's own float32 kernels (faster; the last bits can differ from JS, and the export
   * warns `export/onnx-differs-at-edges` naming those kernels).
   */
  readonly numerics?: OnnxNumerics;
  /** Receives export warnings; default: printed to stderr unless silenced (silenceWarnings). */
  readonly onWarning?: (message: string) => void;
}

declare module '../exec/executor.js' {
  interface ExecutorOptions {
    /** For onnxruntime: its session options and the exported model's numerics. */
    readonly onnx?: OnnxRuntimeOptions;
  }
}
