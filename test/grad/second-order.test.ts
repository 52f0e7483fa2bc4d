// A gradient of a gradient through a staged cond (the gradient's own Cond gets a tape entry):
// inside jit, both executors, equal to eager tfjs.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { cond, jit } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type A = any;

const f = (x: A) => tf.sum(cond(tf.greater(tf.sum(x), 0), () => tf.mul(x, tf.sin(x)), () => tf.mul(tf.cos(x), x)) as A);
const h = (x: A) => tf.grad((y: A) => tf.sum(tf.square(tf.grad(f)(y))))(x);

describe('second-order gradients through a staged cond', () => {
  for (const ex of EXECUTORS) {
    for (const [label, values] of [['then', [0.5, -0.2, 0.3]], ['else', [-0.5, -0.2, 0.3]]] as const) {
      it(`${label} branch, ${ex}`, () => {
        const x = tf.tensor1d([...values]);
        const expected = tf.tidy(() => h(x).dataSync());
        const g = jit(h, { autograph: false, backend: ex });
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
