// Gradients through JS operators in converted code: `a % b` (JS's remainder: 1 with respect to a,
// -trunc(a / b) with respect to b, also at exact multiples and at 0), comparisons used as values
// (zero gradient), a float32 operand of a bitwise operator (ToInt32 is a step function: zero) —
// each path of js-grad-harness.ts against float64 derivatives of plain JS; the remainder's gradient
// also against tfjs's tf.mod. Needs tfjs, src (toGraph), the harness.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { toGraph } from '../../src/index.js';
import { describeJsGradients, read, show, type JsGradCase } from './js-grad-harness.js';

type T = tf.Tensor;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const REMAINDER_POINTS = [
  [7.5, 3],
  [-7.5, 3],
  [7.5, -3],
  [-7.5, -3],
  [6, 3],
  [-6, 3],
  [6, -3],
  [-6, -3],
  [0, 3],
  [-0, 3],
  [2.5, 0.5],
  [1.75, 0.5],
  [-1.75, 0.5],
  [5, Infinity],
  [-5, -Infinity],
  [1e-3, 7],
] as const;

describeJsGradients([
  { name: 'a % b', f: (a, b) => a % b, points: REMAINDER_POINTS },
  // A JS integer divisor takes the dividend-negating path of the remainder.
  {
    name: 'a % 3 * b',
    f: (a, b) => (a % 3) * b,
    points: [
      [7.5, 2],
      [-7.5, 2],
      [6, 2],
      [-6, 2],
      [0, 2],
      [-0.5, 3],
    ],
  },
  {
    name: '(a % b) * a',
    f: (a, b) => (a % b) * a,
    points: [
      [7.5, 3],
      [-7.5, 3],
      [6, -3],
      [0.25, 0.5],
    ],
  },
  // Comparisons carry no gradient: (a < b) * a + (a >= b) * b is min(a, b).
  {
    name: '(a < b) * a + (a >= b) * b',
    f: (a, b) => ((a < b) as never as number) * a + ((a >= b) as never as number) * b,
    points: [
      [1, 2],
      [2, 1],
      [-3, 0.5],
      [0.5, -3],
    ],
  },
  {
    name: '(a == b) + (a != b) * a',
    f: (a, b) => ((a == b) as never as number) + ((a != b) as never as number) * a,
    points: [
      [1, 2],
      [2, 1],
    ],
  },
  {
    name: 'a * (a | 0) + (b >> 1)',
    f: (a, b) => a * (a | 0) + (b >> 1),
    points: [
      [5.5, 3.5],
      [-2.25, -7.5],
    ],
  },
] satisfies readonly JsGradCase[]);

describe('the remainder gradient is tfjs-like at every point', () => {
  it("d/da is 1 and d/db is -trunc(a / b) wherever a % b is finite (tfjs's tf.mod where the signs agree)", () => {
    const converted = toGraph((a: T, b: T) => (a as never as number) % (b as never as number)) as (a: T, b: T) => T;
    const problems: string[] = [];
    for (const [x, y] of REMAINDER_POINTS) {
      const got = read(tf.tidy(() => tf.grads(converted)([tf.scalar(x), tf.scalar(y)])));
      const want = [1, Number.isFinite(y) ? -Math.trunc(x / y) : 0];
      if (!got.every((g, k) => g === want[k] || (g === 0 && want[k] === 0)))
        problems.push(`at ${show([x, y])}: ${show(got)}, want ${show(want)}`);
      if (Math.sign(x) === Math.sign(y) && Number.isFinite(y)) {
        const eager = read(tf.tidy(() => tf.grads((a: T, b: T) => tf.mod(a, b))([tf.scalar(x), tf.scalar(y)])));
        if (eager[0] !== got[0] || eager[1] !== got[1])
          problems.push(`at ${show([x, y])}: ${show(got)}, tf.mod ${show(eager)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
