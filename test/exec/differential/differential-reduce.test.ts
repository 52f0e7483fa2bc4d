// Differential corpus, part 2: reductions with axes and keepDims, argMax/argMin, matMul (with
// transposes, batched, broadcast batch), softmax/logSoftmax, eager vs jit on cpu and wasm.
import * as tf from '@tensorflow/tfjs';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand, randBool, randInt } from '../../helpers/data.js';

type T = tf.Tensor;

const cases: DiffCase[] = [
  {
    name: 'sum/mean over all, one axis, negative axis, several axes, keepDims',
    fn: (x: T) => [tf.sum(x), tf.sum(x, 0), tf.mean(x, -1), tf.sum(x, [0, 2], true), tf.mean(x, [1, 2])],
    args: () => [rand([2, 3, 4], 40)],
  },
  {
    name: 'max/min/prod with axes and keepDims',
    fn: (x: T) => [
      tf.max(x),
      tf.max(x, 1, true),
      tf.min(x, 0),
      tf.min(x, [0, 1]),
      tf.prod(x, 1),
      tf.prod(tf.mul(x, 0.5), [], true),
    ],
    args: () => [rand([3, 4], 41)],
  },
  {
    name: 'int32 reductions: sum, max, min, prod (exact)',
    fn: (i: T) => [tf.sum(i), tf.sum(i, 1), tf.max(i, 0), tf.min(i, -1, true), tf.prod(i, 0)],
    args: () => [randInt([3, 4], 42, -3, 3)],
  },
  {
    name: 'all/any over bool with axes (exact)',
    fn: (b: T) => [tf.all(b), tf.any(b), tf.all(b, 1), tf.any(b, 0, true), tf.all(tf.logicalNot(b), [0, 1])],
    args: () => [randBool([4, 3], 43)],
  },
  {
    name: 'argMax/argMin give int32 (exact)',
    fn: (x: T, i: T) => [tf.argMax(x), tf.argMax(x, 1), tf.argMin(x, -1), tf.argMin(i, 0), tf.argMax(i, 1)],
    args: () => [rand([4, 5], 44), randInt([4, 5], 45, -20, 20)],
  },
  {
    name: 'reductions as methods: x.sum(1).max().neg()',
    fn: (x: T) => x.sum(1).max().neg(),
    args: () => [rand([5, 3], 46)],
  },
  {
    name: 'logSumExp and norm',
    fn: (x: T) => [tf.logSumExp(x, 1), tf.norm(x), tf.norm(x, 1, 0)],
    args: () => [rand([3, 4], 47)],
  },
  {
    name: 'moments (mean and variance) over axis 0',
    fn: (x: T) => {
      const { mean, variance } = tf.moments(x, 0);
      return { mean, variance };
    },
    args: () => [rand([6, 3], 48)],
  },
  {
    name: 'matMul: plain, transposeA, transposeB, both',
    fn: (a: T, b: T) => [
      tf.matMul(a, b),
      tf.matMul(a, a, true, false),
      tf.matMul(b, b, false, true),
      tf.matMul(b, a, true, true),
    ],
    args: () => [rand([3, 4], 49), rand([4, 2], 50)],
    tol: 1e-5,
  },
  {
    name: 'batched matMul [2,3,4]x[2,4,5] and with broadcast batch [2,3,4]x[4,5]',
    fn: (a: T, b: T, c: T) => [tf.matMul(a, b), tf.matMul(a, c), tf.matMul(b, a, true, true)],
    args: () => [rand([2, 3, 4], 51), rand([2, 4, 5], 52), rand([4, 5], 53)],
  },
  {
    // Each operand feeds one matMul only: tfjs-wasm caches a matMul operator per right-hand operand's
    // data, so the same tensor reshaped to [4,1] and then [1,4] as the right operand gives garbage
    // even eagerly (a tfjs-wasm bug, not ours).
    name: 'dot and outerProduct',
    fn: (v: T, w: T, m: T, u: T, z: T) => [
      tf.dot(v, w),
      tf.dot(m, u),
      tf.outerProduct(u as tf.Tensor1D, z as tf.Tensor1D),
    ],
    args: () => [rand([4], 54), rand([4], 55), rand([3, 4], 56), rand([4], 57), rand([3], 58)],
  },
  {
    name: 'dense layer by hand: relu(x @ w + b) then softmax',
    fn: (x: T, w: T, b: T) => tf.softmax(tf.relu(tf.add(tf.matMul(x, w), b))),
    args: () => [rand([5, 4], 57), rand([4, 3], 58), rand([3], 59)],
  },
  {
    name: 'softmax and logSoftmax on the last axis, of 1-D and 3-D inputs',
    fn: (x: T, y: T) => [tf.softmax(x), tf.logSoftmax(x), tf.softmax(y), tf.logSoftmax(y)],
    args: () => [rand([7], 60, -4, 4), rand([2, 3, 4], 61, -4, 4)],
  },
  {
    name: 'cumsum along axes, exclusive and reverse',
    fn: (x: T) => [tf.cumsum(x), tf.cumsum(x, 1), tf.cumsum(x, 0, true, true)],
    args: () => [rand([3, 4], 62)],
  },
  {
    name: 'mean squared error by hand and with tf.losses',
    fn: (y: T, p: T) => [tf.mean(tf.square(tf.sub(y, p))), tf.losses.meanSquaredError(y, p)],
    args: () => [rand([4, 3], 63), rand([4, 3], 64)],
  },
  {
    name: 'softmax cross entropy from logits',
    fn: (labels: T, logits: T) => tf.losses.softmaxCrossEntropy(labels, logits),
    args: () => [tf.oneHot(tf.tensor1d([0, 2, 1], 'int32'), 3), rand([3, 3], 65)],
  },
];

differentialSuite('differential: reductions and matMul', cases);
