// The ways one converted function runs, for the semantics tests: plain JS on numbers rounded to
// the inputs' dtypes (the oracle), the converted function on eager tfjs tensors, jit with each
// executor (interpreter, compiled, onnxruntime) and the trace exported as a TF.js GraphModel.
// Results are read as plain numbers (bools as 0/1) with their dtype, or as the error raised.
// Needs tfjs, src (toGraph, jit), test/export/corpus-run (the GraphModel runner).
// Produces `Path`, `Outcome`, `toDType`, `storeJs`, `sameValue`, `runPath`, `describeOutcome`.

import * as tf from '@tensorflow/tfjs';
import { jit, toGraph } from '../../src/index.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { runGraphModel } from '../export/corpus-run.js';

export type DT = 'float32' | 'int32' | 'bool';
export type Path = 'eager' | ExecutorName | 'graph-model';

export type Outcome = { readonly dtype: string; readonly values: number[] } | { readonly error: string };

/** A JS value as the tensor of `dtype` holds it: Math.fround, `| 0`, or a boolean. */
export function toDType(dtype: DT, v: number | boolean): number | boolean {
  if (dtype === 'float32') return Math.fround(Number(v));
  if (dtype === 'int32') return Number(v) | 0;
  return Boolean(v);
}

/** A JS result stored as a tensor of `dtype` would store it, as a number (bools 0/1). */
export function storeJs(dtype: string, v: unknown): number {
  if (dtype === 'bool') return v ? 1 : 0;
  if (dtype === 'int32') return Number(v) | 0;
  return Math.fround(Number(v));
}

/** Equal as values: NaN equals NaN, +0 differs from -0. */
export function sameValue(a: number, b: number): boolean {
  return Object.is(a, b);
}

function read(x: unknown): Outcome {
  if (x instanceof tf.Tensor) return { dtype: x.dtype, values: Array.from(x.dataSync() as ArrayLike<number>, Number) };
  if (typeof x === 'number') return { dtype: 'number', values: [x] };
  if (typeof x === 'boolean') return { dtype: 'boolean', values: [x ? 1 : 0] };
  return { error: `not a tensor: ${String(x)}` };
}

function describeError(e: unknown): string {
  return e instanceof AutographError ? e.id : `${(e as Error).name}: ${(e as Error).message.split('\n')[0]}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => unknown;

/** A jit function per (function, executor), reused across calls of one signature. */
const jitted = new Map<Fn, Map<ExecutorName, Fn & { concreteFunctions(): { dispose(): void }[] }>>();
/** The export warnings each function's onnxruntime traces gave, in order. */
const onnxWarnings = new Map<Fn, string[]>();
function jitFor(fn: Fn, executor: ExecutorName, scope: Record<string, unknown>) {
  let m = jitted.get(fn);
  if (!m) jitted.set(fn, (m = new Map()));
  let f = m.get(executor);
  if (!f) {
    const warnings: string[] = [];
    if (executor === 'onnxruntime') onnxWarnings.set(fn, warnings);
    m.set(executor, (f = jit(fn, { executor, scope, onnxruntime: { onWarning: (w) => warnings.push(w) } }) as never));
  }
  return f!;
}

/** The export warnings (first lines) `fn`'s onnxruntime traces have given so far. */
export function onnxWarningsOf(fn: Fn): readonly string[] {
  return (onnxWarnings.get(fn) ?? []).map((w) => w.split('\n')[0]!);
}

/** Frees every trace made by runPath for `fn`. */
export function releaseJit(fn: Fn): void {
  for (const f of jitted.get(fn)?.values() ?? []) for (const cf of f.concreteFunctions()) cf.dispose();
  jitted.delete(fn);
  onnxWarnings.delete(fn);
}

/** Runs `fn` (unconverted source) on tensors made by `args` through `path`; frees what it made. */
export async function runPath(
  path: Path,
  fn: Fn,
  args: () => tf.Tensor[],
  scope: Record<string, unknown> = { tf },
): Promise<Outcome> {
  const xs = args();
  try {
    if (path === 'eager') {
      const converted = toGraph(fn, { scope });
      const r = tf.tidy(() => converted(...xs) as tf.TensorContainer);
      const o = read(r);
      if (r instanceof tf.Tensor) r.dispose();
      return o;
    }
    if (path === 'graph-model') {
      const cf = jitFor(fn, 'interpreter', scope) as unknown as {
        getConcreteFunction(...a: unknown[]): import('../../src/index.js').ConcreteFunction;
      };
      const c = cf.getConcreteFunction(...xs);
      const run = await runGraphModel(c, xs);
      const o = read(run.outputs[0]);
      tf.dispose(run.outputs);
      return o;
    }
    const out = jitFor(fn, path, scope)(...xs);
    const o = read(out);
    if (out instanceof tf.Tensor) out.dispose();
    return o;
  } catch (e) {
    return { error: describeError(e) };
  } finally {
    tf.dispose(xs);
  }
}

export function describeOutcome(o: Outcome): string {
  return 'error' in o
    ? `error ${o.error}`
    : `${o.dtype} [${o.values.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(', ')}]`;
}
