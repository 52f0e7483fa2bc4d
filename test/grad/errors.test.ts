// Catalogued errors of gradients through staged lists.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { jit, setElementType, whileLoop } from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type A = any;

describe('gradient errors', () => {
  it('differentiating through list.get of a staged list is grad/list-get', () => {
    const f = (x: tf.Tensor) => {
      const outs: A = [];
      setElementType(outs, 'float32', [2]);
      const [, o] = whileLoop(
        (i: A) => tf.less(i, 2),
        (i: A, o: A) => [tf.add(i, tf.scalar(1, 'int32')), o.push(tf.mul(x, tf.cast(i, 'float32')))],
        [tf.scalar(0, 'int32'), outs],
      );
      return tf.sum((o as A).get(1));
    };
    const g = jit((x: tf.Tensor) => tf.grad(f)(x), { autograph: false });
    let caught: unknown;
    try {
      g(tf.tensor1d([1, 2]));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AutographError);
    expect((caught as AutographError).id).toBe('grad/list-get');
  });
});
