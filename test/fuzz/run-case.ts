// Runs one fuzzed program every way it can run and lists the disagreements: plain JS on numbers
// (the reference of the scalar domains), the converted function on JS numbers and on eager tfjs
// tensors (the reference of the tensor domains), and jit with each executor, twice (the second call
// hits the trace cache), optionally through onnxruntime. Also checks that no tensor is left over.
// Programs of the `mixed` domain run through run-mixed.ts (its own oracle), those of the
// language-feature domains (lang-case.ts) through run-lang.ts, those of `grad` through run-grad.ts.
// Needs tfjs, src (toGraph), gen-program, run-mixed, run-lang, run-grad, jit-paths. Produces `checkCase`, `CaseReport`, `makeProgram`, `AnyCase`.

import * as tf from '@tensorflow/tfjs';
import '../../src/convert/install.js'; // also run outside vitest, by run-long.ts
import '../../src/install/export.js'; // the onnxruntime executor (src/index.ts installs it too)
import { toGraph } from '../../src/api/to-graph.js';
import { AutographError } from '../../src/errors/ag-error.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import type { FuzzCase, FuzzInputs } from './gen-program.js';
import type { MixedCase } from './gen-edge.js';
import { checkMixedCase } from './run-mixed.js';
import { isLangCase, type LangCase } from './lang-case.js';
import { checkLangCase } from './run-lang.js';
import type { GradCase } from './gen-grad.js';
import { checkGradCase } from './run-grad.js';
import { describeError, NOT_IN_ONNX, onEveryExecutor } from './jit-paths.js';

/** A program of any domain. */
export type AnyCase = FuzzCase | MixedCase | LangCase | GradCase;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => unknown;

/** The free variables of fuzzed programs (one object, so toGraph's cache sees the same scope). */
export const SCOPE: Record<string, unknown> = { tf };

/** `function prog(a, b, c, n, l) { body }`, closed over tf. */
export function makeProgram(body: string): Fn {
  return new Function('tf', `return function prog(a, b, c, n, l) {\n${body}\n}`)(tf) as Fn;
}

export interface CheckOptions {
  readonly executors: readonly ExecutorName[];
}

export interface CaseReport {
  /** One line per disagreement, error or leak; empty when every path agreed. */
  readonly problems: string[];
  /** The ONNX path was asked for but the program uses something ONNX export does not cover. */
  readonly notExpressible?: string;
  /** Mixed domain: inputs whose onnxruntime result differed where the export had warned that it can. */
  readonly onnxWarnedDifferences?: number;
}

const dtypeOf = (c: FuzzCase): 'int32' | 'float32' => (c.domain.endsWith('float32') ? 'float32' : 'int32');
const isTensorDomain = (c: FuzzCase): boolean => c.domain.startsWith('tensor-');

function jsArgs(x: FuzzInputs): unknown[] {
  return [x.a, x.b, x.c, x.n, x.l];
}

export function tensorArgs(c: FuzzCase, x: FuzzInputs): unknown[] {
  const dt = dtypeOf(c);
  return [
    tf.tensor(x.a, undefined, dt),
    tf.tensor(x.b, undefined, dt),
    tf.tensor(x.c, undefined, dt),
    c.stagedN ? tf.scalar(x.n, 'int32') : x.n,
    tf.tensor(x.l as number[], undefined, dt),
  ];
}

function disposeTensors(xs: unknown): void {
  if (xs instanceof tf.Tensor) xs.dispose();
  else if (Array.isArray(xs)) xs.forEach(disposeTensors);
}

/** A result as plain JSON-able values: tensors read, -0 as 0 (int32 has no -0; JS gives it for -15 % 5). */
export function plainResult(v: unknown): unknown {
  if (v instanceof tf.Tensor) return plainResult(v.arraySync());
  if (Array.isArray(v)) return v.map(plainResult);
  if (typeof v === 'number') return v === 0 ? 0 : v;
  if (typeof v === 'boolean') return v;
  return v;
}

/** Expected result per input set, or the reason there is none. */
function reference(c: FuzzCase, converted: Fn): { results: unknown[]; problems: string[] } {
  const problems: string[] = [];
  const results: unknown[] = [];
  if (!isTensorDomain(c)) {
    const f = makeProgram(c.body);
    for (const x of c.inputs) results.push(plainResult(f(...jsArgs(x))));
    c.inputs.forEach((x, i) => {
      try {
        const got = plainResult(converted(...jsArgs(x)));
        if (JSON.stringify(got) !== JSON.stringify(results[i]))
          problems.push(
            `converted on JS numbers, input ${i}: got ${JSON.stringify(got)}, expected ${JSON.stringify(results[i])}`,
          );
      } catch (e) {
        problems.push(`converted on JS numbers, input ${i}: ${describeError(e)}`);
      }
    });
  }
  c.inputs.forEach((x, i) => {
    const args = tensorArgs(c, x);
    try {
      const got = tf.tidy(() => plainResult(converted(...args)) as tf.TensorContainer);
      if (isTensorDomain(c)) results.push(got);
      else if (JSON.stringify(got) !== JSON.stringify(results[i]))
        problems.push(
          `converted on eager tensors, input ${i}: got ${JSON.stringify(got)}, expected ${JSON.stringify(results[i])}`,
        );
    } catch (e) {
      if (isTensorDomain(c)) {
        problems.push(`reference (converted on eager tensors), input ${i}: ${describeError(e)}`);
        results.push(undefined);
        return;
      }
      problems.push(`converted on eager tensors, input ${i}: ${describeError(e)}`);
    } finally {
      disposeTensors(args);
    }
  });
  return { results, problems };
}

// ONNX export does not cover every kernel; such programs are not expressible there.
/** Runs `c` every way and reports what disagreed. */
export function checkCase(c: AnyCase, opts: CheckOptions): CaseReport {
  // Any warning (a function the converter could not convert, a retrace) is a finding too.
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...xs: unknown[]) => {
    const text = xs.map(String).join(' ');
    if (/running TensorFlow\.js in Node\.js/.test(text)) return; // tfjs's one-time banner
    warnings.push(text.trim().split('\n')[0]!);
  };
  try {
    // Through onnxruntime the mixed domain may differ only where the export warned (run-mixed.ts).
    const report =
      c.domain === 'mixed'
        ? checkMixedCase(c, opts.executors)
        : c.domain === 'grad'
          ? checkGradCase(c, opts.executors)
          : isLangCase(c)
            ? checkLangCase(c, opts.executors)
            : runCase(c as FuzzCase, opts, () => warnings.some(isAliasWarning));
    // (the warning about `box.st`, gen-program.ts's second reference to `st`, is expected where a staged statement pushes)
    return {
      ...report,
      problems: [...report.problems, ...warnings.filter((w) => !isAliasWarning(w)).map((w) => `warning: ${w}`)],
    };
  } finally {
    console.warn = warn;
  }
}

/** The trace's warning that a second reference to the array `st` misses what a staged statement did. */
export function isAliasWarning(w: string): boolean {
  return /the array 'st'/.test(w) && /\[trace\/differs-from-js\]/.test(w);
}

/**
 * A result without its last element (`box.st.length`) when the trace warned that `box.st` misses
 * the staged pushes: everything else must still equal the reference; without the warning, all of it.
 */
export function comparable(result: unknown, aliasWarned: boolean): unknown {
  return aliasWarned && Array.isArray(result) && result.length === 9 ? result.slice(0, 8) : result;
}

function runCase(c: FuzzCase, opts: CheckOptions, aliasWarned: () => boolean): CaseReport {
  const before = tf.memory().numTensors;
  const converted = toGraph(makeProgram(c.body), { scope: SCOPE }) as Fn;
  const { results, problems } = reference(c, converted);
  let notExpressible: string | undefined;
  const run = (backend: ExecutorName, call: (args: unknown[]) => unknown): void => {
    try {
      c.inputs.forEach((x, i) => {
        const args = tensorArgs(c, x);
        try {
          const out = call(args);
          const got = plainResult(out);
          disposeTensors(out);
          const warned = aliasWarned();
          if (JSON.stringify(comparable(got, warned)) !== JSON.stringify(comparable(results[i], warned)))
            problems.push(
              `jit ${backend}, input ${i}: got ${JSON.stringify(got)}, expected ${JSON.stringify(results[i])}`,
            );
        } finally {
          disposeTensors(args);
        }
      });
    } catch (e) {
      if (backend === 'onnxruntime' && e instanceof AutographError && NOT_IN_ONNX.has(e.id)) notExpressible = e.summary;
      else problems.push(`jit ${backend}: ${describeError(e)}`);
    }
  };
  onEveryExecutor(converted, opts.executors, problems, run);
  const leaked = tf.memory().numTensors - before;
  if (leaked !== 0) problems.push(`${leaked} tensor(s) left over`);
  return { problems, notExpressible };
}
