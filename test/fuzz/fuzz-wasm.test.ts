// Fuzzed tensor programs (gen-program's tensor-float32 and tensor-int32 domains, fixed seeds) jitted
// with the compiled executor on the wasm backend. There each value comes either from a tfjs-wasm
// kernel (eager tfjs-wasm's value) or from the executor's JS code (small values, scalars: JS's value,
// which the cpu backend keeps), so every element of every result must equal eager tfjs-wasm's or
// eager tfjs-cpu's for the same program and inputs — a value that is neither (a NaN turned into 0 by
// a kernel the eager code never ran, a wrong element) fails. fast-check shrinks a failing program.
// Needs fast-check, gen-program, run-case.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jit, toGraph } from '../../src/index.js';
import { fuzzCase, type Domain, type FuzzCase } from './gen-program.js';
import { comparable, isAliasWarning, makeProgram, plainResult, SCOPE, tensorArgs } from './run-case.js';
import { scaled } from '../helpers/long-run.js';

type Fn = (...a: unknown[]) => unknown;

/** tfjs-wasm and tfjs-cpu are both initialized, so switching between them is synchronous. */
function use(name: 'cpu' | 'wasm'): void {
  void tf.setBackend(name);
  if (tf.getBackend() !== name) throw new Error(`could not switch to the tfjs '${name}' backend`);
}

/** Each input's result of the converted program run eagerly on `backend` (undefined: it threw). */
function eagerResults(c: FuzzCase, converted: Fn, backend: 'cpu' | 'wasm'): unknown[] {
  use(backend);
  return c.inputs.map((x) => {
    const args = tensorArgs(c, x);
    try {
      return tf.tidy(() => plainResult(converted(...args)) as tf.TensorContainer);
    } catch {
      return undefined;
    } finally {
      tf.dispose(args as tf.TensorContainer);
    }
  });
}

/** Where `got` has an element equal to neither reference's (paths into the nested results). */
function neither(got: unknown, a: unknown, b: unknown, path = ''): string[] {
  if (Array.isArray(got)) {
    const la = Array.isArray(a) && a.length === got.length;
    const lb = Array.isArray(b) && b.length === got.length;
    if (!la && !lb) return [`${path || 'result'}: ${JSON.stringify(got)} has the shape of neither`];
    return got.flatMap((g, i) =>
      neither(g, la ? (a as unknown[])[i] : undefined, lb ? (b as unknown[])[i] : undefined, `${path}[${i}]`),
    );
  }
  return Object.is(got, a) || Object.is(got, b)
    ? []
    : [`${path || 'result'}: ${String(got)}, eager wasm ${String(a)}, eager cpu ${String(b)}`];
}

/** The problems of one program: compiled on wasm against eager wasm and eager cpu, per element. */
function check(c: FuzzCase): string[] {
  const converted = toGraph(makeProgram(c.body), { scope: SCOPE }) as Fn;
  const onCpu = eagerResults(c, converted, 'cpu');
  const onWasm = eagerResults(c, converted, 'wasm');
  // (the trace warns where a staged push leaves `box.st`, gen-program.ts's second reference to `st`,
  // behind: that last element is then excused, as in run-case.ts)
  let aliasWarned = false;
  const f = jit(converted, {
    autograph: false,
    executor: 'compiled',
    onWarning: (m) => void (aliasWarned ||= isAliasWarning(m)),
  });
  const problems: string[] = [];
  try {
    c.inputs.forEach((x, i) => {
      if (onCpu[i] === undefined || onWasm[i] === undefined) return; // an eager run threw: nothing to compare
      const args = tensorArgs(c, x);
      try {
        const out = f(...args);
        const got = plainResult(out);
        tf.dispose(out as tf.TensorContainer);
        const [g, w, c0] = [got, onWasm[i], onCpu[i]].map((r) => comparable(r, aliasWarned));
        problems.push(...neither(g, w, c0).map((p) => `input ${i}: ${p}`));
      } catch (e) {
        problems.push(`input ${i}: jit threw ${String(e)}`);
      } finally {
        tf.dispose(args as tf.TensorContainer);
      }
    });
  } finally {
    for (const cf of f.concreteFunctions()) cf.dispose();
  }
  return problems;
}

describe('fuzzed tensor programs on wasm: each compiled element is eager wasm’s or eager cpu’s', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
    await tf.setBackend('cpu');
  });
  afterAll(() => use('cpu'));
  const domains: [Domain, number][] = [
    ['tensor-float32', 7100],
    ['tensor-int32', 7200],
  ];
  it.each(domains)(
    '%s (seed %i)',
    (domain, seed) => {
      const before = tf.memory().numTensors;
      let failure = '';
      const r = fc.check(
        fc.property(fuzzCase(domain), (c) => {
          const problems = check(c);
          if (problems.length)
            failure = `${c.body}\ninputs ${JSON.stringify(c.inputs)}\n${problems.slice(0, 6).join('\n')}`;
          return problems.length === 0;
        }),
        { numRuns: scaled(300, 100), seed },
      );
      use('cpu');
      expect(r.failed, failure).toBe(false);
      expect(tf.memory().numTensors).toBe(before);
    },
    300_000,
  );
});
