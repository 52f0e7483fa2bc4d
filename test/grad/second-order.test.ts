// A gradient of a gradient through a staged cond (the gradient's own Cond gets a tape entry):
// inside jit, both executors, equal to eager tfjs — also where an operand of the cond is computed
// from x outside it, or handed back unchanged by a branch (an if without else, converted) — and
// tf.grad of tf.grad of a jit function called from outside (its saved arguments are taped).
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { cond, jit, toGraph } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type A = any;

const f = (x: A) =>
  tf.sum(
    cond(
      tf.greater(tf.sum(x), 0),
      () => tf.mul(x, tf.sin(x)),
      () => tf.mul(tf.cos(x), x),
    ) as A,
  );
const h = (x: A) => tf.grad((y: A) => tf.sum(tf.square(tf.grad(f)(y))))(x);

describe('second-order gradients through a staged cond', () => {
  for (const ex of EXECUTORS) {
    for (const [label, values] of [
      ['then', [0.5, -0.2, 0.3]],
      ['else', [-0.5, -0.2, 0.3]],
    ] as const) {
      it(`${label} branch, ${ex}`, () => {
        const x = tf.tensor1d([...values]);
        const expected = tf.tidy(() => h(x).dataSync());
        const g = jit(h, { autograph: false, executor: ex });
        const got = g(x);
        const v = got.dataSync();
        expected.forEach((e, i) => expect(Math.abs(v[i]! - e)).toBeLessThanOrEqual(1e-6 + 1e-5 * Math.abs(e)));
        expect(g.concreteFunctions()[0]!.graph.toString()).toContain('Cond');
        got.dispose();
        x.dispose();
        for (const cf of g.concreteFunctions()) cf.dispose();
      });
    }
  }
});

type T = tf.Tensor;

// Second derivatives in x; sin, not tanh: tfjs's Tanh gradient has no gradient of its own eagerly.
const computedOutside: Record<string, (x: T, y: T) => T> = {
  'an operand computed from x outside the cond': (x, y) => {
    const s = tf.mul(x, y);
    return cond(
      tf.greater(x, 1),
      () => tf.sin(tf.mul(x, y)),
      () => tf.mul(s, x),
    ) as T;
  },
  'an operand a branch hands back unchanged': (x, y) => {
    const s = tf.mul(tf.mul(x, x), y);
    return cond(
      tf.greater(x, 1),
      () => tf.sin(tf.mul(x, y)),
      () => s,
    ) as T;
  },
  'a converted if without else': toGraph((x: A, y: A) => {
    let s = x * x * y;
    if (x > 1) {
      s = Math.sin(x * y);
    }
    return s;
  }) as (x: T, y: T) => T,
};

describe('second-order gradients through a cond whose operands depend on each other', () => {
  for (const [name, fn] of Object.entries(computedOutside)) {
    const second = (x: T, y: T) => tf.grad((z: T) => tf.grads(fn)([z, y])[0]!)(x);
    for (const ex of EXECUTORS) {
      it(`${name}, ${ex}`, () => {
        const g = jit(second, { autograph: false, executor: ex });
        for (const [xv, yv] of [
          [0.5, 0.3],
          [1.5, 0.4],
        ]) {
          const [x, y] = [tf.scalar(xv), tf.scalar(yv)];
          const expected = tf.tidy(() => second(x, y).dataSync()[0]!);
          const got = g(x, y);
          expect(Math.abs(got.dataSync()[0]! - expected)).toBeLessThanOrEqual(1e-6 + 1e-5 * Math.abs(expected));
          tf.dispose([got, x, y]);
        }
        expect(g.concreteFunctions()[0]!.graph.toString()).toContain('Cond');
        for (const cf of g.concreteFunctions()) cf.dispose();
      });
    }
  }
});

describe('tf.grad of tf.grad of a jit function called from outside', () => {
  for (const [name, fn] of Object.entries(computedOutside)) {
    for (const ex of EXECUTORS) {
      it(`${name}, ${ex}: equal to eager, nothing left over`, () => {
        const jitted = jit(fn, { autograph: false, executor: ex });
        const y = tf.scalar(0.3);
        const second = (f: (x: T, y: T) => T, x: T): number =>
          tf.tidy(
            () =>
              tf
                .grad((z: T) => tf.grad((w: T) => f(w, y))(z))(x)
                .dataSync()[0]!,
          );
        const points = [0.5, 1.5].map((v) => tf.scalar(v));
        for (const x of points) second((a, b) => jitted(a, b), x); // traces, and runs both branches
        const before = tf.memory().numTensors;
        for (const x of points) {
          const expected = second(fn, x);
          expect(Math.abs(second((a, b) => jitted(a, b), x) - expected)).toBeLessThanOrEqual(
            1e-6 + 1e-5 * Math.abs(expected),
          );
        }
        expect(tf.memory().numTensors).toBe(before);
        tf.dispose([...points, y]);
        for (const cf of jitted.concreteFunctions()) cf.dispose();
      });
    }
  }
});
