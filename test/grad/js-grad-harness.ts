// The harness of the JS-gradient tests: for a converted function of float32 scalars, the gradient
// by tf.grad of it run eagerly, of a jit call from outside (also with its last argument made inside
// the differentiated function, so freed when the forward pass ends) and inside a jit function, on
// both executors — each checked against float64 derivatives of the same plain JS
// (float64-derivative.ts), the jit paths also against the eager gradient, and nothing left over.
// Needs tfjs, src (toGraph, jit). Produces `JsGradCase`, `describeJsGradients`, `read`, `show`, `EAGER_TOL`.
import * as tf from '@tensorflow/tfjs';
import { afterAll, describe, expect, it } from 'vitest';
import { jit, toGraph } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';
import { float64Derivative, matchesDerivative } from './float64-derivative.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsFn = (...xs: any[]) => any;

export interface JsGradCase {
  readonly name: string;
  /** Plain JS on numbers, converted for tensors; returns a number. */
  readonly f: JsFn;
  /** Where the gradient is checked: one value per argument. */
  readonly points: readonly (readonly number[])[];
  /** The plain JS, where `f` calls what the host may lack (Math.f16round before ES2025). */
  readonly oracle?: JsFn;
}

/** A jit path's gradient against eager tfjs's: |got − want| ≤ EAGER_TOL · (1 + |want|). */
export const EAGER_TOL = 1e-5;

/** The values of scalar tensors, which are disposed. */
export const read = (ts: readonly T[]): number[] => {
  const out = ts.map((t) => t.dataSync()[0]!);
  tf.dispose([...ts]);
  return out;
};
export const show = (xs: readonly number[]): string =>
  `[${xs.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(', ')}]`;

/** Problems of `got` (one gradient per argument) against the float64 derivatives of `f` at `point`. */
function againstFloat64(f: JsFn, point: readonly number[], got: readonly number[], label: string): string[] {
  const out: string[] = [];
  got.forEach((g, k) => {
    const d = float64Derivative((xs) => f(...xs), point, k);
    if (!matchesDerivative(g, d)) out.push(`${label}: d/dx${k} at ${show(point)} = ${g}, float64 ${JSON.stringify(d)}`);
  });
  return out;
}

/** A describe block per case: one test comparing every path's gradient with the float64 derivatives. */
export function describeJsGradients(cases: readonly JsGradCase[]): void {
  describe.each(cases)('$name: the gradient of plain JS', ({ name, f, points, oracle }) => {
    const js = oracle ?? f;
    const converted = toGraph(f) as (...xs: T[]) => T;
    const jitted = EXECUTORS.map((executor) => jit(f, { executor, name: name.replace(/\W+/g, '_') }));
    const inside = EXECUTORS.map((executor) =>
      jit((...xs: T[]) => tf.grads(converted)(xs), { autograph: false, executor }),
    );
    afterAll(() => {
      for (const j of [...jitted, ...inside]) for (const cf of j.concreteFunctions()) cf.dispose();
    });

    function gradients(point: readonly number[], problems: string[]): void {
      const xs = point.map((v) => tf.scalar(v));
      try {
        const eager = read(tf.tidy(() => tf.grads(converted)(xs)));
        problems.push(...againstFloat64(js, point, eager, 'eager'));
        /** A jit path against float64 and against eager tfjs (float32 both: only the summation order differs). */
        const check = (got: readonly number[], label: string): void => {
          problems.push(...againstFloat64(js, point, got, label));
          got.forEach((g, k) => {
            const want = eager[k]!;
            if (!(Object.is(g, want) || Math.abs(g - want) <= EAGER_TOL * (1 + Math.abs(want))))
              problems.push(`${label}: d/dx${k} at ${show(point)} = ${g}, eager tfjs ${want}`);
          });
        };
        EXECUTORS.forEach((executor, e) => {
          check(read(tf.tidy(() => tf.grads((...ys: T[]) => jitted[e]!(...ys) as T)(xs))), `tf.grads(jit) ${executor}`);
          if (xs.length > 1) {
            const last = point[point.length - 1]!;
            const made = read(
              tf.tidy(() => tf.grads((...ys: T[]) => jitted[e]!(...ys, tf.scalar(last)) as T)(xs.slice(0, -1))),
            );
            check(made, `tf.grads(jit) ${executor}, the last argument made inside`);
          }
          check(read(inside[e]!(...xs)), `jit(tf.grads) ${executor}`);
        });
      } finally {
        tf.dispose(xs);
      }
    }

    it('eagerly, from outside a jit call and inside a jit function (both executors)', () => {
      // Traces, and runs every branch once: the constants of a trace, and those an interpreter
      // makes the first time a subgraph runs, live as long as the trace.
      for (const point of points) gradients(point, []);
      const problems: string[] = [];
      const before = tf.memory().numTensors;
      for (const point of points) gradients(point, problems);
      const leaked = tf.memory().numTensors - before;
      if (leaked !== 0) problems.push(`${leaked} tensor(s) left over`);
      expect(problems).toEqual([]);
      for (const j of [...jitted, ...inside]) expect(j.traceCount).toBeGreaterThan(0);
    });
  });
}
