// Gradients through JS operators in converted code: `a % b` (JS's remainder: 1 with respect to a,
// -trunc(a / b) with respect to b, also at exact multiples), comparisons used as values (zero
// gradient) — by tf.grad of the converted function run eagerly, of a jit call from outside (also
// with an argument made inside the differentiated function) and inside a jit function, on both
// executors. Each is checked against float64 derivatives of the same plain JS (central
// differences; at a jump, the one-sided derivative of one side). Needs tfjs and src (toGraph, jit).
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jit, toGraph } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';
import { float64Derivative, matchesDerivative } from './float64-derivative.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (a: any, b: any) => any;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

interface Case {
  readonly name: string;
  readonly f: Fn;
  readonly points: readonly (readonly [number, number])[];
}

const REMAINDER_POINTS = [
  [7.5, 3], [-7.5, 3], [7.5, -3], [-7.5, -3], [6, 3], [-6, 3], [6, -3], [-6, -3], [0, 3], [-0, 3], [2.5, 0.5], [1.75, 0.5], [-1.75, 0.5], [5, Infinity], [-5, -Infinity], [1e-3, 7],
] as const;

const CASES: readonly Case[] = [
  { name: 'a % b', f: (a, b) => a % b, points: REMAINDER_POINTS },
  // A JS integer divisor takes the dividend-negating path of the remainder.
  { name: 'a % 3 * b', f: (a, b) => (a % 3) * b, points: [[7.5, 2], [-7.5, 2], [6, 2], [-6, 2], [0, 2], [-0.5, 3]] },
  { name: '(a % b) * a', f: (a, b) => (a % b) * a, points: [[7.5, 3], [-7.5, 3], [6, -3], [0.25, 0.5]] },
  // Comparisons carry no gradient: (a < b) * a + (a >= b) * b is min(a, b).
  { name: '(a < b) * a + (a >= b) * b', f: (a, b) => ((a < b) as never as number) * a + ((a >= b) as never as number) * b, points: [[1, 2], [2, 1], [-3, 0.5], [0.5, -3]] },
  { name: '(a == b) + (a != b) * a', f: (a, b) => ((a == b) as never as number) + ((a != b) as never as number) * a, points: [[1, 2], [2, 1]] }, // eslint-disable-line eqeqeq
];

/** The values of scalar tensors, which are disposed. */
const read = (ts: readonly T[]): number[] => {
  const out = ts.map((t) => t.dataSync()[0]!);
  tf.dispose([...ts]);
  return out;
};
const show = (xs: readonly number[]): string => `[${xs.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(', ')}]`;

/** Problems of `got` (one gradient per argument) against the float64 derivatives of `f` at `point`. */
function againstFloat64(f: Fn, point: readonly [number, number], got: readonly number[], label: string): string[] {
  const out: string[] = [];
  got.forEach((g, k) => {
    const d = float64Derivative((xs) => f(xs[0], xs[1]), point, k);
    if (!matchesDerivative(g, d)) out.push(`${label}: d/d${'ab'[k]} at ${show(point)} = ${g}, float64 ${JSON.stringify(d)}`);
  });
  return out;
}

describe.each(CASES)('$name: the gradient of plain JS', ({ name, f, points }) => {
  const converted = toGraph(f) as (a: T, b: T) => T;
  const jitted = EXECUTORS.map((backend) => jit(f, { backend, name: name.replace(/\W+/g, '_') }));
  const inside = EXECUTORS.map((backend) => jit((a: T, b: T) => tf.grads(converted)([a, b]), { autograph: false, backend }));
  afterAll(() => {
    for (const j of [...jitted, ...inside]) for (const cf of j.concreteFunctions()) cf.dispose();
  });

  /** Each gradient at `point`, by path (the problems of each against the float64 derivatives). */
  function gradients(point: readonly [number, number], problems: string[]): void {
    const [a, b] = [tf.scalar(point[0]), tf.scalar(point[1])];
    try {
      const eager = read(tf.tidy(() => tf.grads(converted)([a, b])));
      problems.push(...againstFloat64(f, point, eager, 'eager'));
      EXECUTORS.forEach((backend, e) => {
        const outside = read(tf.tidy(() => tf.grads((x: T, y: T) => jitted[e]!(x, y) as T)([a, b])));
        problems.push(...againstFloat64(f, point, outside, `tf.grads(jit) ${backend}`));
        // b made inside the differentiated function: freed when the forward pass ends.
        const made = read([tf.tidy(() => tf.grad((x: T) => jitted[e]!(x, tf.scalar(point[1])) as T)(a))]);
        problems.push(...againstFloat64(f, point, made, `tf.grad(x => jit(x, tf.scalar(b))) ${backend}`));
        problems.push(...againstFloat64(f, point, read(inside[e]!(a, b)), `jit(tf.grads) ${backend}`));
      });
    } finally {
      tf.dispose([a, b]);
    }
  }

  it('eagerly, from outside a jit call and inside a jit function (both executors)', () => {
    gradients(points[0]!, []); // traces (their constants live as long as the traces)
    const problems: string[] = [];
    const before = tf.memory().numTensors;
    for (const point of points) gradients(point, problems);
    const leaked = tf.memory().numTensors - before;
    if (leaked !== 0) problems.push(`${leaked} tensor(s) left over`);
    expect(problems).toEqual([]);
    for (const j of [...jitted, ...inside]) expect(j.traceCount).toBeGreaterThan(0);
  });
});

describe('the remainder gradient is tfjs-like at every point', () => {
  it("d/da is 1 and d/db is -trunc(a / b) wherever a % b is finite (tfjs's tf.mod where the signs agree)", () => {
    const converted = toGraph((a: T, b: T) => (a as never as number) % (b as never as number)) as (a: T, b: T) => T;
    const problems: string[] = [];
    for (const [x, y] of REMAINDER_POINTS) {
      const got = read(tf.tidy(() => tf.grads(converted)([tf.scalar(x), tf.scalar(y)])));
      const want = [1, Number.isFinite(y) ? -Math.trunc(x / y) : 0];
      if (!got.every((g, k) => g === want[k] || (g === 0 && want[k] === 0))) problems.push(`at ${show([x, y])}: ${show(got)}, want ${show(want)}`);
      if (Math.sign(x) === Math.sign(y) && Number.isFinite(y)) {
        const eager = read(tf.tidy(() => tf.grads((a: T, b: T) => tf.mod(a, b))([tf.scalar(x), tf.scalar(y)])));
        if (eager[0] !== got[0] || eager[1] !== got[1]) problems.push(`at ${show([x, y])}: ${show(got)}, tf.mod ${show(eager)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
