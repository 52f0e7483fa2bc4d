// Runs one program of the fuzzer's `mixed` domain (gen-edge.ts) every way and lists the
// disagreements. The oracle is plain JavaScript: the program as written, on the inputs rounded to
// their dtypes (Math.fround, | 0), must give the same as the converted function on those JS numbers;
// the reference program (the same JS with the tensor rules explicit: float32 results rounded,
// int32 results | 0) on those numbers is what every tensor path must give — the converted function on
// eager tensors, and jit with each executor, twice (the second call hits the trace cache).
// Values compare exactly: -0, NaN and ±Infinity are told apart. Also checks that no tensor is left over.
// Through onnxruntime a value may differ only where the export warned that it can
// (`export/onnx-differs-at-edges`: int32 rounded to float32, float32 kernels' last bits); such
// differences are counted, not reported, and every other one is a problem.
// Needs tfjs, src (toGraph), gen-edge, jit-paths. Produces `checkMixedCase`.

import * as tf from '@tensorflow/tfjs';
import { toGraph } from '../../src/api/to-graph.js';
import { AutographError } from '../../src/errors/ag-error.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import type { MixedCase, MixedInputs } from './gen-edge.js';
import { describeError, NOT_IN_ONNX, onEveryExecutor } from './jit-paths.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => unknown;

const SCOPE: Record<string, unknown> = { tf };

function program(body: string): Fn {
  return new Function('tf', `return function prog(a, b, c, n) {\n${body}\n}`)(tf) as Fn;
}
function referenceProgram(reference: string): Fn {
  return new Function('F', `return function reference(a, b, c, n) {\n${reference}\n}`)(Math.fround) as Fn;
}

/** The inputs as JS numbers rounded to their dtypes (a, c float32; b int32). */
function jsArgs(x: MixedInputs): unknown[] {
  return [Math.fround(x.a), x.b | 0, Math.fround(x.c), x.n];
}
function tensorArgs(c: MixedCase, x: MixedInputs): unknown[] {
  return [
    tf.scalar(x.a, 'float32'),
    tf.scalar(x.b, 'int32'),
    tf.scalar(x.c, 'float32'),
    c.stagedN ? tf.scalar(x.n, 'int32') : x.n,
  ];
}

/** A result as text: tensors read; -0, NaN and ±Infinity told apart; bools as true/false. */
function show(v: unknown): string {
  if (v instanceof tf.Tensor) {
    const xs = v.dtype === 'bool' ? Array.from(v.dataSync(), Boolean) : Array.from(v.dataSync() as ArrayLike<number>);
    return v.rank === 0 ? show(xs[0]) : show(xs);
  }
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  return String(v);
}

function dispose(xs: unknown): void {
  if (xs instanceof tf.Tensor) xs.dispose();
  else if (Array.isArray(xs)) xs.forEach(dispose);
}

export interface MixedReport {
  readonly problems: string[];
  /** Inputs whose onnxruntime result differed from the oracle where the export had warned that it can. */
  readonly onnxWarnedDifferences: number;
  /** The program uses something ONNX export does not cover (its error's summary). */
  readonly notExpressible?: string;
}

// ONNX export does not cover every kernel; such programs are not expressible there.
/** Runs `c` every way (the jit paths on `executors`) and reports what disagreed. */
export function checkMixedCase(c: MixedCase, executors: readonly ExecutorName[]): MixedReport {
  const before = tf.memory().numTensors;
  const problems: string[] = [];
  const plain = program(c.body);
  const reference = referenceProgram(c.reference);
  const converted = toGraph(plain, { scope: SCOPE }) as Fn;
  const expected: string[] = [];
  c.inputs.forEach((x, i) => {
    const js = show(plain(...jsArgs(x)));
    try {
      const got = show(converted(...jsArgs(x)));
      if (got !== js) problems.push(`converted on JS numbers, input ${i}: got ${got}, plain JS ${js}`);
    } catch (e) {
      problems.push(`converted on JS numbers, input ${i}: ${describeError(e)}`);
    }
    expected.push(show(reference(...jsArgs(x))));
  });
  // The export warnings of the onnxruntime run: a difference there is allowed only where one was given.
  const onnxWarnings: string[] = [];
  let onnxWarnedDifferences = 0;
  let notExpressible: string | undefined;
  const compare = (label: string, i: number, out: unknown): void => {
    const got = show(out);
    if (got === expected[i]) return;
    if (label === 'jit onnxruntime' && onnxWarnings.some((w) => w.includes('[export/onnx-differs-at-edges]')))
      onnxWarnedDifferences++;
    else problems.push(`${label}, input ${i}: got ${got}, expected ${expected[i]}`);
  };
  c.inputs.forEach((x, i) => {
    const args = tensorArgs(c, x);
    try {
      tf.tidy(() => {
        compare('converted on eager tensors', i, converted(...args));
        return undefined;
      });
    } catch (e) {
      problems.push(`converted on eager tensors, input ${i}: ${describeError(e)}`);
    } finally {
      dispose(args);
    }
  });
  const run = (backend: ExecutorName, call: (args: unknown[]) => unknown): void => {
    const label = `jit ${backend}`;
    c.inputs.forEach((x, i) => {
      const args = tensorArgs(c, x);
      try {
        const out = call(args);
        compare(label, i, out);
        dispose(out);
      } catch (e) {
        if (label === 'jit onnxruntime' && e instanceof AutographError && NOT_IN_ONNX.has(e.id))
          notExpressible = e.summary;
        else problems.push(`${label}, input ${i}: ${describeError(e)}`);
      } finally {
        dispose(args);
      }
    });
  };
  onEveryExecutor(converted, executors, problems, run, { onWarning: (m) => onnxWarnings.push(m.split('\n')[0]!) });
  const leaked = tf.memory().numTensors - before;
  if (leaked !== 0) problems.push(`${leaked} tensor(s) left over`);
  return { problems, onnxWarnedDifferences, notExpressible };
}
