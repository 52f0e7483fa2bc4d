// tf.grad around a jit call whose arguments do not outlive the forward pass: an argument made inside
// the differentiated function (freed when its forward pass ends) or disposed by the user right after
// the call. The call's tape entry keeps clones of its arguments, so the gradient equals eager tfjs's
// and nothing is left over once the gradient is taken. Needs tfjs and src (jit).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jit } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';

type T = tf.Tensor;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe.each(EXECUTORS)('tf.grad of a jit call with short-lived arguments (%s)', (executor) => {
  const product = (a: T, b: T): T => tf.mul(a, tf.add(b, tf.sin(a)));
  const eagerGrad = (a: T, b: number): number =>
    tf.tidy(
      () =>
        tf
          .grad((x: T) => product(x, tf.scalar(b)))(a)
          .dataSync()[0]!,
    );

  it('an argument made inside the differentiated function (tf.grad(a => jitted(a, tf.scalar(3))))', () => {
    const jitted = jit(product, { executor, scope: { tf } });
    const a = tf.scalar(2);
    const grad = tf.grad((x: T) => jitted(x, tf.scalar(3)));
    const first = tf.tidy(() => grad(a).dataSync()[0]!); // traces
    const before = tf.memory().numTensors;
    const got: number[] = [];
    for (let i = 0; i < 5; i++) got.push(tf.tidy(() => grad(a).dataSync()[0]!));
    expect(tf.memory().numTensors).toBe(before);
    expect([first, ...got]).toEqual(Array(6).fill(eagerGrad(a, 3)));
    for (const cf of jitted.concreteFunctions()) cf.dispose();
    a.dispose();
  });

  it('an argument the function disposes right after the call', () => {
    const jitted = jit(product, { executor, scope: { tf } });
    const a = tf.scalar(-0.5);
    const grad = tf.grad((x: T) => {
      const b = tf.scalar(1.5);
      const y = jitted(x, b);
      b.dispose();
      return y;
    });
    expect(tf.tidy(() => grad(a).dataSync()[0]!)).toBe(eagerGrad(a, 1.5));
    for (const cf of jitted.concreteFunctions()) cf.dispose();
    a.dispose();
  });
});
