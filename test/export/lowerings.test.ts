// The lowerings added for the corpus, at settings the corpus does not reach, through both exports
// (toONNX in onnxruntime, toGraphModel in tfjs-converter) and the 'onnxruntime' executor, against
// eager tfjs on cpu: float32 → int32 casts of out-of-range values (tfjs wraps modulo 2^32), Cumprod
// in every direction on float32 and int32 (wrapping; axis −1 is left out: eager tfjs 4.22 returns a
// malformed shape for it), bool arithmetic that stays 0/1, the depthwise conv gradients
// with strides 2, multiplier 2 and both paddings, pooling gradients with strides and 'valid'
// padding, UnsortedSegmentSum with repeated and unused segments.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, it } from 'vitest';
import { runDifferential, useBackend, type DiffCase } from '../helpers/differential.js';
import { rand, randBool, randInt } from '../helpers/data.js';
import { exportedDifferential, runGraphModel, runToOnnx } from './corpus-run.js';

type T = tf.Tensor;
type T4 = tf.Tensor4D;
const sumOf = (f: (x: T) => T, r: T) => (x: T) => tf.sum(tf.mul(f(x), r));

const cases: (DiffCase & { readonly onnxOnly?: boolean })[] = [
  {
    name: 'float32 → int32 beyond the int32 range wraps; NaN and ±Infinity give 0',
    fn: (x: T) => [tf.cast(x, 'int32'), tf.cast(tf.mul(x, 1e-9), 'int32')],
    args: () => [
      tf.tensor1d([3e9, -3e9, 2 ** 31, -(2 ** 31) - 256, 1e20, -1e30, 3e38, NaN, Infinity, -Infinity, 2.9, -2.9]),
    ],
  },
  {
    name: 'cumprod along each axis, exclusive and reversed',
    fn: (x: T) =>
      [0, 1].flatMap((a) => [
        tf.cumprod(x, a),
        tf.cumprod(x, a, true),
        tf.cumprod(x, a, false, true),
        tf.cumprod(x, a, true, true),
      ]),
    args: () => [rand([3, 4], 501, -1.5, 1.5)],
    exact: true,
  },
  {
    name: 'cumprod of int32 wraps like tfjs',
    fn: (x: T) => [tf.cumprod(x), tf.cumprod(x, 0, true, true)],
    args: () => [tf.tensor1d([70000, 90000, -3, 7, 123457, 5], 'int32')],
  },
  {
    // Not bool + bool or bool − bool: tfjs cpu keeps 2 and 255 in those bool tensors (which `where`
    // reads as false and logical ops as true); the export computes them as Or and Xor.
    name: 'bool arithmetic that stays 0/1: mul, maximum, minimum of bools, bool with int32 and float32',
    fn: (a: T, b: T, i: T, x: T) => [tf.mul(a, b), tf.add(i, a), tf.sub(x, a), tf.maximum(a, b), tf.minimum(a, b)],
    args: () => [randBool([6], 502), randBool([6], 503), randInt([6], 504), rand([6], 512)],
    onnxOnly: true,
  },
  ...(['same', 'valid'] as const).map((pad) => ({
    name: `depthwiseConv2d gradients, strides 2, multiplier 2, padding ${pad}`,
    fn: (x: T4, w: T4) => {
      const r = tf.depthwiseConv2d(x, w, 2, pad);
      const loss = (a: T4, b: T4) =>
        tf.sum(
          tf.mul(
            tf.depthwiseConv2d(a, b, 2, pad),
            tf.onesLike(r).mul(tf.range(0, r.size).reshape(r.shape).div(r.size)),
          ),
        );
      return tf.grads(loss as (...a: T[]) => T)([x, w]);
    },
    args: () => [rand([2, 7, 6, 3], 505), rand([3, 2, 3, 2], 506)],
    tol: 1e-4,
  })),
  {
    name: 'conv2d filter gradient, strides 2, padding same',
    fn: (x: T4, w: T4) => tf.grad((b: T) => tf.sum(tf.square(tf.conv2d(x, b as T4, 2, 'same'))))(w),
    args: () => [rand([2, 7, 5, 2], 507), rand([3, 3, 2, 4], 508)],
    tol: 1e-4,
  },
  {
    name: 'avgPool and maxPool gradients, strides 2, padding valid',
    fn: (x: T) => {
      const r = rand([2, 3, 2, 3], 509);
      return [
        tf.grad(sumOf((a) => tf.avgPool(a as tf.Tensor4D, 3, 2, 'valid'), r))(x),
        tf.grad(sumOf((a) => tf.maxPool(a as tf.Tensor4D, 2, 2, 'valid'), r))(x),
      ];
    },
    args: () => [rand([2, 7, 5, 3], 510)],
  },
  {
    name: 'unsortedSegmentSum with repeated and unused segments',
    fn: (x: T, ids: tf.Tensor1D) => tf.unsortedSegmentSum(x, ids, 5),
    args: () => [rand([6, 2], 511), tf.tensor1d([0, 3, 3, 1, 0, 3], 'int32')],
    exact: true,
  },
];

beforeAll(async () => {
  await useBackend('cpu');
});

describe('lowerings checked by onnxruntime and tfjs-converter', () => {
  for (const c of cases) {
    it(`${c.name} [executor 'onnxruntime']`, () =>
      runDifferential(
        { ...c, exact: false },
        {
          executors: ['onnxruntime'],
          jitOptions: { onnxruntime: { graphOptimizationLevel: 'all', onWarning: () => undefined } },
        },
      ));
    it(`${c.name} [toONNX]`, () => exportedDifferential(c, 'toONNX in onnxruntime', runToOnnx, { floatExact: false }));
    if (!c.onnxOnly)
      it(`${c.name} [GraphModel]`, () => exportedDifferential(c, 'GraphModel in tfjs-converter', runGraphModel));
  }
});
