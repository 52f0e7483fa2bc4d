// Gradients of Math.* and Number.isFinite & co. in converted code: each path of js-grad-harness.ts
// (eager, tf.grad of a jit call, inside jit; both executors) against float64 derivatives of plain
// JS — smooth functions at points of their domain; step functions (floor, round, sign, clz32,
// imul, f16round …) and the Number checks have a zero derivative. Needs tfjs and the harness.
import * as tf from '@tensorflow/tfjs';
import { beforeAll } from 'vitest';
import { describeJsGradients, type JsGradCase } from './js-grad-harness.js';
import { f16round } from '../runtime/math-number-entries.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const unary = (name: string, f: (x: number) => number, points: readonly number[]): JsGradCase => ({
  name,
  f,
  points: points.map((p) => [p]),
});

describeJsGradients([
  unary('Math.abs', (x) => Math.abs(x), [-1.5, 2.25]),
  unary('Math.acos', (x) => Math.acos(x), [0.3, -0.6]),
  unary('Math.acosh', (x) => Math.acosh(x), [1.5, 3]),
  unary('Math.asin', (x) => Math.asin(x), [0.3, -0.6]),
  unary('Math.asinh', (x) => Math.asinh(x), [0.5, -2]),
  unary('Math.atan', (x) => Math.atan(x), [0.5, -2]),
  unary('Math.atanh', (x) => Math.atanh(x), [0.3, -0.6]),
  unary('Math.cbrt', (x) => Math.cbrt(x), [2, -0.7]),
  unary('Math.cos', (x) => Math.cos(x), [0.5, 2]),
  unary('Math.cosh', (x) => Math.cosh(x), [0.5, -1]),
  unary('Math.exp', (x) => Math.exp(x), [0.5, -1]),
  unary('Math.expm1', (x) => Math.expm1(x), [0.5, -1e-3]),
  unary('Math.fround', (x) => Math.fround(x) * x, [1.5, -0.3]),
  unary('Math.log', (x) => Math.log(x), [0.5, 3]),
  unary('Math.log10', (x) => Math.log10(x), [0.5, 3]),
  unary('Math.log1p', (x) => Math.log1p(x), [0.5, -0.3]),
  unary('Math.log2', (x) => Math.log2(x), [0.5, 3]),
  unary('Math.sin', (x) => Math.sin(x), [0.5, 2]),
  unary('Math.sinh', (x) => Math.sinh(x), [0.5, -1]),
  unary('Math.sqrt', (x) => Math.sqrt(x), [0.5, 3]),
  unary('Math.tan', (x) => Math.tan(x), [0.5, -1]),
  unary('Math.tanh', (x) => Math.tanh(x), [0.5, -1]),
  // Step functions: a zero derivative between the steps.
  unary('Math.ceil', (x) => Math.ceil(x) * x, [1.5, -1.25]),
  unary('Math.floor', (x) => Math.floor(x) * x, [1.5, -1.25]),
  unary('Math.round', (x) => Math.round(x) * x, [1.75, -1.25]),
  unary('Math.trunc', (x) => Math.trunc(x) * x, [1.5, -1.25]),
  unary('Math.sign', (x) => Math.sign(x) * x, [1.5, -1.25]),
  unary('Math.clz32', (x) => Math.clz32(x) * x, [5.5, -3.5]),
  unary('Math.imul', (x) => Math.imul(x, 3) * x, [5.5, -3.5]),
  {
    ...unary('Math.f16round', (x) => (Math as never as { f16round(v: number): number }).f16round(x) * x, [1.3, -100.7]),
    oracle: (x: number) => f16round(x) * x,
  },
  unary('Number.isFinite', (x) => (Number.isFinite(x) as never as number) * x, [1.5, -2]),
  unary('Number.isInteger', (x) => (Number.isInteger(x) as never as number) + x, [1.5, -2.5]),
  unary('isNaN', (x) => (isNaN(x) as never as number) + x, [1.5, -2]),
  {
    name: 'Math.atan2',
    f: (a, b) => Math.atan2(a, b),
    points: [
      [0.5, -1.5],
      [-2, 0.75],
    ],
  },
  {
    name: 'Math.pow',
    f: (a, b) => Math.pow(a, b),
    points: [
      [1.5, 2.5],
      [0.5, -1.5],
    ],
  },
  {
    name: 'Math.hypot',
    f: (a, b) => Math.hypot(a, b),
    points: [
      [3, -4],
      [0.5, 1.5],
    ],
  },
  {
    name: 'Math.max',
    f: (a, b) => Math.max(a, b),
    points: [
      [1, 2],
      [2, 1],
    ],
  },
  {
    name: 'Math.min',
    f: (a, b) => Math.min(a, b),
    points: [
      [1, 2],
      [2, 1],
    ],
  },
]);
