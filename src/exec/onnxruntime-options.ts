// The options of the onnxruntime executor (`jit(f, { backend: 'onnxruntime', onnxRuntime })`),
// declared on the exec/ floor so the executor registry can carry them without importing the
// onnxruntime executor itself. Needs onnxruntime's types only. Produces `OnnxRuntimeOptions`.

import type * as OrtModule from 'onnxruntime-node';

export interface OnnxRuntimeOptions {
  /** Threads inside one op (default 1: small graphs run fastest single-threaded on small machines). */
  readonly intraOpNumThreads?: number;
  readonly interOpNumThreads?: number;
  readonly graphOptimizationLevel?: 'disabled' | 'basic' | 'extended' | 'all';
  readonly executionProviders?: OrtModule.InferenceSession.SessionOptions['executionProviders'];
  /** Receives export warnings; default console.warn. */
  readonly onWarning?: (message: string) => void;
}
