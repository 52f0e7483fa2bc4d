// What both fuzz checkers (run-case.ts, run-mixed.ts) share about the jit paths: the first executor
// runs through jit (trace, cache, dispatch), the others run the same trace
// (ConcreteFunction.withExecutor), which halves the tracing a program costs; how an error reads; the
// ONNX errors that mean "not expressible in ONNX" rather than a disagreement.
// Needs src (jit). Produces `onEveryExecutor`, `describeError`, `NOT_IN_ONNX`.

import { jit } from '../../src/api/jit.js';
import { AutographError } from '../../src/errors/ag-error.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import type { OnnxRuntimeOptions } from '../../src/ort/options.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => unknown;

/** Errors of the onnxruntime path that say the program has no ONNX form (not a wrong value). */
export const NOT_IN_ONNX: ReadonlySet<string> = new Set([
  'export/onnx-unsupported-kernel',
  'export/onnx-unsupported-use',
]);

export function describeError(e: unknown): string {
  if (e instanceof AutographError) return `AutographError [${e.id}] ${e.summary}`;
  if (e instanceof Error) return `internal ${e.name}: ${e.message.split('\n')[0]}`;
  return `threw ${String(e)}`;
}

/**
 * Calls `run` once per executor with a way to call `converted` on it: the first through jit, the
 * others on jit's trace. A second trace of one signature is a problem. Every concrete function is
 * disposed afterwards. `onnxOptions`: the onnxruntime executor's options.
 */
export function onEveryExecutor(
  converted: Fn,
  executors: readonly ExecutorName[],
  problems: string[],
  run: (backend: ExecutorName, call: (args: unknown[]) => unknown) => void,
  onnxOptions?: OnnxRuntimeOptions,
): void {
  const [first, ...others] = executors;
  const f = jit(converted, { autograph: false, executor: first, name: 'prog' });
  try {
    run(first!, (args) => f(...args));
    if (f.traceCount > 1) problems.push(`jit ${first}: traceCount ${f.traceCount} after two calls of one signature`);
    const traced = f.concreteFunctions()[0];
    for (const backend of traced ? others : []) {
      const cf =
        backend === 'onnxruntime' && onnxOptions
          ? traced!.withExecutor(backend, onnxOptions)
          : traced!.withExecutor(backend);
      try {
        run(backend, (args) => cf.call(...args));
      } finally {
        cf.dispose();
      }
    }
  } finally {
    for (const cf of f.concreteFunctions()) cf.dispose();
  }
}
