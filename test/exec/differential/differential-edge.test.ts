// Differential corpus, part 9: edge cases of shapes, dtypes and arguments: empty tensors, size-1
// broadcasting, bool arithmetic (tfjs upcasts), the same tensor passed twice, a tf.Variable passed
// as an argument, captured tensors and variables returned as results; plus jit called inside tf.tidy
// and tensors captured from the other backend.
import * as tf from '@tensorflow/tfjs';
import { expect, it } from 'vitest';
import { jit } from '../../../src/index.js';
import { differentialSuite, forEachBackend, useBackend, type DiffCase } from '../../helpers/differential.js';
import { rand, randBool, randInt } from '../../helpers/data.js';

type T = tf.Tensor;

const captured = tf.tensor1d([1.5, -2, 4]);
const v = tf.variable(tf.tensor1d([3, 1, 2]), false, 'diff_edge_v');
const argVariable = tf.variable(rand([3], 211), false, 'diff_edge_arg');

const cases: DiffCase[] = [
  {
    name: 'empty tensors: elementwise, reductions, concat, reshape, matMul with a zero outer dim',
    fn: (e: T, x: T) => [
      tf.add(e, 1),
      tf.sum(e),
      tf.sum(e, 0),
      tf.max(e, 1),
      tf.concat([e, tf.zeros([0, 3])], 0),
      tf.concat([x, e], 0),
      tf.reshape(e, [3, 0]),
      tf.matMul(e, tf.ones([3, 2])),
    ],
    args: () => [tf.zeros([0, 3]), rand([2, 3], 200)],
  },
  {
    // tfjs-wasm's matMul with a zero inner dimension fails in XNNPACK ("status 2") and returns
    // uninitialized memory instead of zeros, eagerly too.
    name: 'matMul with a zero inner dimension gives zeros',
    fn: (a: T, b: T) => tf.matMul(a, b),
    args: () => [tf.ones([2, 0]), tf.ones([0, 4])],
    skip: ['wasm'],
  },
  {
    name: 'size-1 broadcasting: [3] with [1,1], [1] with [], [2,1,3] with [4,1]',
    fn: (a: T, b: T, c: T, d: T, e: T, f: T) => [tf.add(a, b), tf.mul(c, d), tf.sub(e, f), tf.maximum(b, d)],
    args: () => [
      rand([3], 201),
      rand([1, 1], 202),
      rand([1], 203),
      tf.scalar(0.5),
      rand([2, 1, 3], 204),
      rand([4, 1], 205),
    ],
  },
  {
    name: 'bool arithmetic upcasts: bool+bool, bool*float, int32+bool, sum of bool (exact)',
    fn: (a: T, b: T, x: T, i: T) => [tf.add(a, b), tf.mul(a, x), tf.add(i, a), tf.sum(a), tf.sum(tf.cast(a, 'int32'))],
    args: () => [randBool([4], 206), randBool([4], 207), rand([4], 208), randInt([4], 209)],
  },
  {
    name: 'the same tensor passed as two arguments and inside a structure',
    fn: (a: T, b: T, pair: [T, T]) => [tf.sub(a, b), tf.mul(pair[0], pair[1]), tf.add(a, pair[0])],
    args: () => {
      const x = rand([3], 210);
      return [x, x, [x, x]];
    },
  },
  {
    // Passed by reference (keyed by identity, like a captured one): the same variable on both calls.
    name: 'a tf.Variable passed as an argument (not captured)',
    fn: (w: T, x: T) => tf.add(tf.mul(w, x), 1),
    args: () => [argVariable, rand([3], 214)],
  },
  {
    name: 'captured tensors and variables returned as results',
    fn: (x: T) => [captured, v, tf.add(x, captured)],
    args: () => [rand([3], 212)],
  },
  {
    name: 'a large elementwise chain on 100k elements',
    fn: (x: T) => tf.tanh(tf.add(tf.mul(tf.sigmoid(x), tf.exp(tf.neg(tf.square(x)))), tf.div(x, 7))),
    args: () => [rand([100, 1000], 213, -3, 3)],
  },
];

differentialSuite('differential: edge cases', cases);

forEachBackend((backend) => {
  it('a jit call inside tf.tidy keeps the returned tensors and frees the rest', () => {
    const f = jit((x: T) => ({ a: tf.exp(x), b: [tf.sum(x), tf.neg(x)] }), { autograph: false });
    const x = tf.tensor1d([1, 2, 3]);
    const before = tf.memory().numTensors;
    const out = tf.tidy(() => {
      const r = f(x) as { a: T; b: T[] };
      const r2 = f(x) as { a: T; b: T[] };
      return tf.add(r.a, r2.b[1]!);
    });
    const expected = tf.tidy(() => tf.sub(tf.exp(x), x));
    expect(Array.from(out.dataSync())).toEqual(Array.from(expected.dataSync()));
    tf.dispose([out, expected]);
    for (const cf of f.concreteFunctions()) cf.dispose();
    expect(tf.memory().numTensors).toBe(before);
    x.dispose();
  });

  it('tensors captured from the other backend are fed at call time', async () => {
    const other = backend === 'cpu' ? 'wasm' : 'cpu';
    await useBackend(other);
    const w = tf.tensor1d([2, 3, 4]);
    await useBackend(backend);
    const f = jit((x: T) => tf.mul(x, w), { autograph: false });
    const x = tf.tensor1d([1, 1, 2]);
    const y = f(x) as T;
    expect(Array.from(y.dataSync())).toEqual([2, 3, 8]);
    tf.dispose([w, x, y]);
  });
});

import { afterAll } from 'vitest';
afterAll(() => tf.dispose([captured, v]));
