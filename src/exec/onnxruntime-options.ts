// The options of the onnxruntime executor (`jit(f, { executor: 'onnxruntime', onnxruntime })`):
// session options and the exported model's numerics (the export's `OnnxNumerics`, spelled out, as
// exec/ does not import export/), declared on the exec/ floor so the executor registry can carry
// them without importing the onnxruntime executor itself. Needs nothing (onnxruntime-node is an
// optional peer: the published declarations must not name its types). Produces `OnnxRuntimeOptions`.

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
  readonly numerics?: 'exact' | 'float32';
  /** Receives export warnings; default: printed to stderr unless silenced (silenceWarnings). */
  readonly onWarning?: (message: string) => void;
}
