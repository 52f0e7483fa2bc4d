// Differential corpus, part 8: the backward kernels tfjs emits for each family of forward kernels
// (so their shape rules and executors are exercised too), each gradient taken inside the jit
// function and compared with the eager gradient on cpu and wasm.
import * as tf from '@tensorflow/tfjs';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand } from '../../helpers/data.js';

type T = tf.Tensor;

/** d/dx sum(f(x) * r) for a fixed weighting r, so that each output element matters differently. */
const gradOf = (f: (x: T) => T) => (x: T, r: T) => tf.grad((y: T) => tf.sum(tf.mul(f(y), r)))(x);

const cases: DiffCase[] = [
  {
    name: 'grads of unary math: exp, log, sqrt, rsqrt, square, reciprocal, sin, cos, tan, abs',
    fn: (x: T, r: T) => {
      const p = tf.add(tf.abs(x), 0.5);
      const fs = [
        tf.exp,
        (y: T) => tf.log(tf.add(tf.abs(y), 0.5)),
        (y: T) => tf.sqrt(tf.add(tf.abs(y), 0.5)),
        (y: T) => tf.rsqrt(tf.add(tf.abs(y), 0.5)),
        tf.square,
        (y: T) => tf.reciprocal(tf.add(y, 3)),
        tf.sin,
        tf.cos,
        tf.tan,
        tf.abs,
      ];
      return [p, ...fs.map((f) => gradOf(f)(x, r))];
    },
    args: () => [rand([5], 180, -1, 1), rand([5], 181)],
    tol: 1e-4,
  },
  {
    name: 'grads of activations: sigmoid, tanh, relu, relu6, elu, selu, leakyRelu, softplus, prelu',
    fn: (x: T, r: T, a: T) => [
      ...[tf.sigmoid, tf.tanh, tf.relu, tf.relu6, tf.elu, tf.selu, (y: T) => tf.leakyRelu(y, 0.2), tf.softplus].map(
        (f) => gradOf(f)(tf.mul(x, 4), r),
      ),
      tf.grads((y: T, al: T) => tf.sum(tf.mul(tf.prelu(y, al), r)))([x, a]),
    ],
    args: () => [rand([6], 182), rand([6], 183), tf.fill([6], 0.15)],
  },
  {
    // tfjs's Maximum/Minimum/SquaredDifference gradients do not reduce over broadcast dimensions: same shapes for those.
    name: 'grads of binary ops with broadcasting: add, sub, mul, div, pow, atan2; maximum, minimum, squaredDifference',
    fn: (a: T, b: T, c: T) => {
      const bp = tf.add(tf.abs(b), 0.5);
      const ops = [tf.add, tf.sub, tf.mul, tf.div, (p: T, q: T) => tf.pow(tf.add(tf.abs(p), 0.5), q), tf.atan2];
      const same = [tf.maximum, tf.minimum, tf.squaredDifference].map((op) =>
        tf.grads((p: T, q: T) => tf.sum(op(p, q)))([a, c]),
      );
      return [...ops.map((op) => tf.grads((p: T, q: T) => tf.sum(op(p, q)))([a, bp])), ...same];
    },
    args: () => [rand([2, 3], 184), rand([3], 185), rand([2, 3], 199)],
    tol: 1e-4,
  },
  {
    name: 'grads of reductions: sum, mean, max, min, prod, logSumExp, cumsum over axes',
    fn: (x: T, r: T) => [
      tf.grad((y: T) => tf.sum(tf.mul(tf.sum(y, 1), r)))(x),
      tf.grad((y: T) => tf.sum(tf.mul(tf.mean(y, 1), r)))(x),
      tf.grad((y: T) => tf.sum(tf.mul(tf.max(y, 1), r)))(x),
      tf.grad((y: T) => tf.sum(tf.mul(tf.min(y, 1), r)))(x),
      tf.grad((y: T) => tf.sum(tf.mul(tf.prod(y, 1), r)))(x),
      tf.grad((y: T) => tf.sum(tf.mul(tf.logSumExp(y, 1), r)))(x),
      tf.grad((y: T) => tf.sum(tf.mul(tf.cumsum(y, 1), tf.reshape(tf.range(1, 5), [1, 4]))))(x),
    ],
    args: () => [rand([3, 4], 186), rand([3], 187)],
    tol: 1e-4,
  },
  {
    name: 'grads of softmax, logSoftmax and sigmoid cross entropy',
    fn: (x: T, r: T, labels: T) => [
      gradOf((y) => tf.softmax(y))(x, r),
      gradOf((y) => tf.logSoftmax(y))(x, r),
      tf.grad((y: T) => tf.losses.sigmoidCrossEntropy(labels, y))(x),
    ],
    args: () => [
      rand([2, 4], 188),
      rand([2, 4], 189),
      tf.tensor2d([
        [1, 0, 0, 1],
        [0, 1, 1, 0],
      ]),
    ],
  },
  {
    // tfjs has no gradient for StridedSlice.
    name: 'grads of shape ops: transpose, reverse, stack/unstack, split, expandDims, squeeze, slice',
    fn: (x: T, r: T) => [
      gradOf((y) => tf.transpose(tf.reshape(y, [3, 4]), [1, 0]).reshape([12]))(x, r),
      gradOf((y) => tf.reverse(tf.reshape(y, [3, 4]), 1).reshape([12]))(x, r),
      gradOf((y) => tf.stack(tf.unstack(tf.reshape(y, [3, 4])).reverse()).reshape([12]))(x, r),
      gradOf((y) => tf.concat(tf.split(tf.reshape(y, [3, 4]), 2, 1).reverse(), 1).reshape([12]))(x, r),
      gradOf((y) => tf.squeeze(tf.expandDims(y, 0)))(x, r),
      tf.grad((y: T) => tf.sum(tf.slice(tf.reshape(y, [3, 4]), [1, 1], [2, 2])))(x),
    ],
    args: () => [rand([12], 190), rand([12], 191)],
  },
  {
    name: 'grads of batched matMul with transposes and a broadcast batch',
    fn: (a: T, b: T) => [
      tf.grads((p: T, q: T) => tf.sum(tf.square(tf.matMul(p, q, false, true))))([a, b]),
      tf.grad((p: T) => tf.sum(tf.matMul(p, tf.ones([4, 2]))))(a),
    ],
    args: () => [rand([2, 3, 4], 192), rand([2, 5, 4], 193)],
    tol: 1e-4,
  },
  {
    name: 'grads of avgPool and maxPool with same padding and of conv2d with respect to its input',
    fn: (x: T, k: T) => [
      tf.grad((y: T) => tf.sum(tf.square(tf.avgPool(y as tf.Tensor4D, 3, 2, 'same'))))(x),
      tf.grad((y: T) => tf.sum(tf.square(tf.maxPool(y as tf.Tensor4D, 2, 1, 'same'))))(x),
      tf.grad((y: T) => tf.sum(tf.square(tf.conv2d(y as tf.Tensor4D, k as tf.Tensor4D, 2, 'same'))))(x),
    ],
    args: () => [rand([1, 5, 5, 2], 194), rand([3, 3, 2, 3], 195)],
    tol: 1e-4,
  },
  {
    // tfjs-backend-wasm lacks DepthwiseConv2dNativeBackpropInput/Filter: eager fails there too.
    name: 'grads of depthwiseConv2d with respect to input and filter',
    fn: (x: T, k: T) =>
      tf.grads((y: T, f: T) => tf.sum(tf.square(tf.depthwiseConv2d(y as tf.Tensor4D, f as tf.Tensor4D, 1, 'same'))))([
        x,
        k,
      ]),
    args: () => [rand([1, 4, 4, 2], 196), rand([2, 2, 2, 1], 197)],
    skip: ['wasm'],
    tol: 1e-4,
  },
  {
    name: 'grad through cast, clipByValue, where with a fixed mask, and a tf.tidy inside the loss',
    fn: (x: T, mask: T) =>
      tf.grad((y: T) =>
        tf.tidy(() =>
          tf.sum(
            tf.add(
              tf.where(mask, tf.clipByValue(y, -0.5, 0.5), tf.mul(y, 3)),
              tf.cast(tf.cast(y, 'float32'), 'float32'),
            ),
          ),
        ),
      )(x),
    args: () => [rand([6], 198), tf.tensor1d([true, false, true, true, false, false], 'bool')],
  },
];

differentialSuite('differential: gradients of each kernel family', cases);
