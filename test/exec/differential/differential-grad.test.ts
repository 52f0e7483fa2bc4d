// Differential corpus, part 4: gradients computed inside the jit function (tf.grad, tf.grads,
// tf.valueAndGrad, tf.valueAndGrads, tf.variableGrads, tf.customGrad, second order), so the
// backward pass is recorded into the graph; compared with eager gradients on cpu and wasm.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { jit } from '../../../src/index.js';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand } from '../../helpers/data.js';

type T = tf.Tensor;

const w0 = tf.variable(
  tf.tensor2d([
    [0.5, -1],
    [0.25, 2],
    [-0.75, 1.5],
  ]),
  true,
  'diff_grad_w',
);
const b0 = tf.variable(tf.tensor1d([0.1, -0.2]), true, 'diff_grad_b');

const cases: DiffCase[] = [
  {
    name: 'tf.grad of sum(sigmoid(x) * x)',
    fn: (x: T) => tf.grad((y: T) => tf.sum(tf.mul(tf.sigmoid(y), y)))(x),
    args: () => [rand([2, 3], 100)],
  },
  {
    name: 'tf.grad through elementwise ops with broadcasting (the gradient reduces)',
    fn: (x: T, b: T) => tf.grad((bb: T) => tf.sum(tf.square(tf.sub(tf.mul(x, bb), tf.exp(bb)))))(b),
    args: () => [rand([4, 3], 101), rand([3], 102)],
  },
  {
    name: 'tf.grads of a two-input function through matMul',
    fn: (a: T, b: T) => tf.grads((p: T, q: T) => tf.sum(tf.tanh(tf.matMul(p, q))))([a, b]),
    args: () => [rand([3, 4], 103), rand([4, 2], 104)],
  },
  {
    name: 'tf.valueAndGrad returns {value, grad}',
    fn: (x: T) => {
      const { value, grad } = tf.valueAndGrad((y: T) => tf.mean(tf.square(tf.relu(y))))(x);
      return { value, grad };
    },
    args: () => [rand([5], 105)],
  },
  {
    name: 'tf.valueAndGrads with an explicit dy',
    fn: (x: T, y: T, dy: T) => {
      const { value, grads } = tf.valueAndGrads((a: T, b: T) => tf.mul(tf.sin(a), tf.cos(b)))([x, y], dy);
      return [value, grads];
    },
    args: () => [rand([4], 106), rand([4], 107), rand([4], 108)],
  },
  {
    name: 'gradient of softmax cross entropy of a dense layer',
    fn: (x: T, labels: T, w: T) => tf.grad((ww: T) => tf.losses.softmaxCrossEntropy(labels, tf.matMul(x, ww)))(w),
    args: () => [rand([4, 3], 109), tf.oneHot(tf.tensor1d([0, 1, 1, 0], 'int32'), 2), rand([3, 2], 110)],
  },
  {
    name: 'gradient through conv2d and maxPool with respect to the input',
    fn: (x: T, k: T) =>
      tf.grad((xx: T) =>
        tf.sum(tf.maxPool(tf.relu(tf.conv2d(xx as tf.Tensor4D, k as tf.Tensor4D, 1, 'same')), 2, 2, 'valid')),
      )(x),
    args: () => [rand([1, 4, 4, 1], 111), rand([2, 2, 1, 2], 112)],
  },
  {
    // tfjs-backend-wasm has no Conv2DBackpropFilter kernel: eager fails there too.
    name: 'gradient of conv2d with respect to the filter',
    fn: (x: T, k: T) =>
      tf.grad((kk: T) => tf.sum(tf.square(tf.conv2d(x as tf.Tensor4D, kk as tf.Tensor4D, 1, 'valid'))))(k),
    args: () => [rand([2, 4, 4, 2], 120), rand([3, 3, 2, 2], 121)],
    skip: ['wasm'],
  },
  {
    name: 'gradient through shape ops: reshape, transpose, concat, slice, pad, tile',
    fn: (x: T) =>
      tf.grad((y: T) => {
        const z = tf.concat([tf.transpose(tf.reshape(y, [3, 2])), tf.slice(tf.reshape(y, [2, 3]), [0, 1], [2, 2])], 1);
        return tf.sum(
          tf.mul(
            tf.tile(
              tf.pad(z, [
                [0, 1],
                [1, 0],
              ]),
              [1, 2],
            ),
            tf.range(1, 13),
          ),
        );
      })(x),
    args: () => [rand([6], 113)],
  },
  {
    // The gradient of gather is UnsortedSegmentSum, which tfjs-backend-wasm lacks: eager fails there too.
    name: 'gradient through gather',
    fn: (x: T, idx: T) => tf.grad((y: T) => tf.sum(tf.mul(tf.gather(y, idx, 1), tf.range(1, 6))))(x),
    args: () => [rand([2, 5], 122), tf.tensor1d([4, 0, 2, 0, 3], 'int32')],
    skip: ['wasm'],
  },
  {
    name: 'gradient through where, maximum and clipByValue',
    fn: (x: T) => {
      // The mask is made outside tf.grad: tfjs has no gradient for Greater, and the tape would reach it.
      const positive = tf.greater(x, 0);
      return tf.grad((y: T) =>
        tf.sum(tf.add(tf.where(positive, tf.square(y), tf.neg(y)), tf.clipByValue(tf.maximum(y, 0.3), -1, 1))),
      )(x);
    },
    args: () => [tf.tensor1d([-1.5, -0.2, 0.1, 0.7, 1.9, 0.35])],
  },
  {
    name: 'tf.variableGrads of captured trainable variables',
    fn: (x: T) => {
      const { value, grads } = tf.variableGrads(
        () => tf.sum(tf.square(tf.add(tf.matMul(x, w0), b0))) as tf.Scalar,
        [w0, b0],
      );
      return { value, w: grads[w0.name]!, b: grads[b0.name]! };
    },
    args: () => [rand([4, 3], 114)],
  },
  {
    name: 'second-order gradient: grad(grad(x^3 * sin x))',
    fn: (x: T) => tf.grad((y: T) => tf.sum(tf.grad((z: T) => tf.sum(tf.mul(tf.pow(z, 3), tf.sin(z))))(y)))(x),
    args: () => [rand([4], 115)],
    tol: 1e-4,
  },
  {
    name: 'tf.customGrad with a hand-written gradient',
    fn: (x: T) => {
      const f = tf.customGrad(((a: tf.Tensor, save: tf.GradSaveFunc) => {
        save([a]);
        return {
          value: tf.square(a),
          gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => [tf.mul(dy, tf.mul(saved[0]!, 3))],
        };
      }) as unknown as Parameters<typeof tf.customGrad>[0]);
      return [f(x), tf.grad((y: T) => tf.sum(f(y) as T))(x)];
    },
    args: () => [rand([3], 116)],
  },
  {
    name: 'one SGD step computed inside the function',
    fn: (x: T, y: T, w: T) => {
      const loss = (ww: T) => tf.losses.meanSquaredError(y, tf.matMul(x, ww));
      const { value, grad } = tf.valueAndGrad(loss)(w);
      const w1 = tf.sub(w, tf.mul(grad, 0.1));
      return { before: value, after: loss(w1), w1 };
    },
    args: () => [rand([5, 3], 117), rand([5, 1], 118), rand([3, 1], 119)],
  },
];

differentialSuite('differential: gradients recorded into the graph', cases);

describe('the backward pass is part of the graph', () => {
  it('tf.grad inside jit records the gradient kernels; the gradient is computed, not a constant', () => {
    const f = jit((x: T) => tf.grad((y: T) => tf.sum(tf.sigmoid(tf.mul(y, y))))(x), { autograph: false });
    const text = f.getConcreteFunction(tf.zeros([3])).graph.toString();
    // forward: Multiply, Sigmoid, Sum; backward: at least the sigmoid derivative and the product rule
    const ops = text.match(/= (\w+)\(/g) ?? [];
    expect(ops.filter((o) => o.includes('Multiply')).length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Sigmoid');
    expect(text).toMatch(/= Sub\(/); // sigmoid'(z) = s * (1 - s)
    const result = /return (%\w+)/.exec(text)![1]!;
    expect(text).not.toContain(`${result}: float32[3] = Const`);
    for (const cf of f.concreteFunctions()) cf.dispose();
  });
});
