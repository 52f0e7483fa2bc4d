// Runs one program of a language-feature domain (lang-case.ts) every way and lists the
// disagreements with plain JS on the same values (the oracle): the converted function on JS numbers
// and on eager scalar tensors of the case's dtype, and jit on each executor, twice (the second call
// hits the trace cache). Any error, warning (run-case.ts collects them) or leftover tensor is a
// problem too; a program that never stops is caught by watchdog.ts (lang-suite.ts). Needs tfjs,
// src (toGraph), lang-case, jit-paths. Produces `checkLangCase`, `LangReport`.

import * as tf from '@tensorflow/tfjs';
import { toGraph } from '../../src/api/to-graph.js';
import { AutographError } from '../../src/errors/ag-error.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import { langProgram, type LangCase, type LangInputs } from './lang-case.js';
import { describeError, NOT_IN_ONNX, onEveryExecutor } from './jit-paths.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => unknown;

const SCOPE: Record<string, unknown> = { tf };

export interface LangReport {
  readonly problems: string[];
  /** The program uses something ONNX export does not cover (its error's summary). */
  readonly notExpressible?: string;
}

function jsArgs(x: LangInputs): unknown[] {
  return [x.a, x.b, x.c, x.n];
}

function tensorArgs(c: LangCase, x: LangInputs): unknown[] {
  return [
    tf.scalar(x.a, c.dtype),
    tf.scalar(x.b, c.dtype),
    tf.scalar(x.c, c.dtype),
    c.stagedN ? tf.scalar(x.n, 'int32') : x.n,
  ];
}

/** A result as text: tensors read, -0 as 0 (int32 has no -0), NaN and ±Infinity by name. */
function show(v: unknown): string {
  const plain = (x: unknown): unknown => {
    if (x instanceof tf.Tensor) return plain(x.arraySync());
    if (Array.isArray(x)) return x.map(plain);
    if (typeof x === 'number') return x === 0 ? 0 : Number.isFinite(x) ? x : String(x);
    return x === undefined ? 'undefined' : x;
  };
  return JSON.stringify(plain(v));
}

function dispose(xs: unknown): void {
  if (xs instanceof tf.Tensor) xs.dispose();
  else if (Array.isArray(xs)) xs.forEach(dispose);
}

/** Runs `c` every way (the jit paths on `executors`) and reports what disagreed with plain JS. */
export function checkLangCase(c: LangCase, executors: readonly ExecutorName[]): LangReport {
  const before = tf.memory().numTensors;
  const problems: string[] = [];
  const plain = langProgram(c.body);
  const expected = c.inputs.map((x) => {
    try {
      return show(plain(...jsArgs(x)));
    } catch (e) {
      problems.push(`plain JS threw (a generator bug): ${String(e)}`);
      return 'plain JS threw';
    }
  });
  if (problems.length) return { problems };
  let converted: Fn;
  try {
    converted = toGraph(plain, { scope: SCOPE }) as Fn;
  } catch (e) {
    return { problems: [`conversion: ${describeError(e)}`] };
  }
  const compare = (label: string, i: number, got: string): void => {
    if (got !== expected[i]) problems.push(`${label}, input ${i}: got ${got}, plain JS ${expected[i]}`);
  };
  c.inputs.forEach((x, i) => {
    try {
      compare('converted on JS numbers', i, show(converted(...jsArgs(x))));
    } catch (e) {
      problems.push(`converted on JS numbers, input ${i}: ${describeError(e)}`);
    }
    const args = tensorArgs(c, x);
    try {
      tf.tidy(() => void compare('converted on eager tensors', i, show(converted(...args))));
    } catch (e) {
      problems.push(`converted on eager tensors, input ${i}: ${describeError(e)}`);
    } finally {
      dispose(args);
    }
  });
  let notExpressible: string | undefined;
  const run = (backend: ExecutorName, call: (args: unknown[]) => unknown): void => {
    c.inputs.forEach((x, i) => {
      const args = tensorArgs(c, x);
      try {
        const out = call(args);
        compare(`jit ${backend}`, i, show(out));
        dispose(out);
      } catch (e) {
        if (backend === 'onnxruntime' && e instanceof AutographError && NOT_IN_ONNX.has(e.id))
          notExpressible = e.summary;
        else problems.push(`jit ${backend}, input ${i}: ${describeError(e)}`);
      } finally {
        dispose(args);
      }
    });
  };
  // The export's warning that int32 meets float32 (values beyond 2^24 would differ) is documented and
  // expected where a float32 program adds an int32 counter; these values are small, so they must still
  // be equal. Any other export warning is a problem.
  const onWarning = (m: string): void => {
    if (!m.includes('[export/onnx-differs-at-edges]'))
      problems.push(`warning (onnxruntime export): ${m.split('\n')[0]}`);
  };
  onEveryExecutor(converted, executors, problems, run, { onWarning });
  const leaked = tf.memory().numTensors - before;
  if (leaked !== 0) problems.push(`${leaked} tensor(s) left over`);
  return { problems, notExpressible };
}
