// Differential corpus, part 3: shape and indexing ops (reshape, transpose, concat, stack/unstack,
// slice, stridedSlice, gather, pad, tile, expandDims/squeeze, reverse), creation ops (fill, zeros,
// ones, range, oneHot, linspace, eye) and convolution/pooling, eager vs jit on cpu and wasm.
import * as tf from '@tensorflow/tfjs';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand, randBool, randInt, seq } from '../../helpers/data.js';

type T = tf.Tensor;

const cases: DiffCase[] = [
  {
    name: 'reshape (with -1), flatten, transpose (default and with perm)',
    fn: (x: T) => [
      tf.reshape(x, [4, -1]),
      tf.reshape(x, [-1]),
      tf.transpose(tf.reshape(x, [6, 4])),
      tf.transpose(x, [2, 0, 1]),
    ],
    args: () => [seq([2, 3, 4])],
  },
  {
    name: 'transpose of int32 and bool (exact)',
    fn: (i: T, b: T) => [tf.transpose(i), tf.transpose(b, [1, 0, 2])],
    args: () => [randInt([3, 5], 70), randBool([2, 3, 2], 71)],
  },
  {
    name: 'concat along axes 0, 1 and -1; concat of int32',
    fn: (a: T, b: T, i: T) => [
      tf.concat([a, b], 0),
      tf.concat([a, b, a], 1),
      tf.concat([a, b], -1),
      tf.concat([i, i], 0),
    ],
    args: () => [rand([2, 3], 72), rand([2, 3], 73), randInt([3], 74)],
  },
  {
    name: 'stack and unstack along axes',
    fn: (a: T, b: T) => {
      const s = tf.stack([a, b, a], 1);
      const parts = tf.unstack(s, 1);
      return { s, first: parts[0]!, last: parts[2]!, rows: tf.unstack(a) };
    },
    args: () => [rand([2, 3], 75), rand([2, 3], 76)],
  },
  {
    name: 'slice with sizes and -1, split into parts',
    fn: (x: T) => [tf.slice(x, [1, 0], [2, 3]), tf.slice(x, [0, 1], [-1, -1]), tf.slice(x, 2), ...tf.split(x, 2, 1)],
    args: () => [seq([4, 4])],
  },
  {
    name: 'stridedSlice with strides, negative strides and masks',
    fn: (x: T) => [
      tf.stridedSlice(x, [0, 0], [4, 6], [2, 3]),
      tf.stridedSlice(x, [3, 5], [0, 0], [-1, -2]),
      tf.stridedSlice(x, [1, 0], [3, 0], [1, 1], 0, 2),
      tf.stridedSlice(x, [1, 2], [2, 5], [1, 1], 0, 0, 0, 0, 1),
    ],
    args: () => [seq([4, 6])],
  },
  {
    name: 'gather along axis 0 and 1, with 2-D indices; int32 params (exact)',
    fn: (x: T, idx: T, idx2: T, i: T) => [
      tf.gather(x, idx),
      tf.gather(x, idx, 1),
      tf.gather(x, idx2),
      tf.gather(i, idx),
    ],
    args: () => [
      seq([4, 3]),
      tf.tensor1d([2, 0, 2], 'int32'),
      tf.tensor2d(
        [
          [0, 1],
          [3, 2],
        ],
        [2, 2],
        'int32',
      ),
      randInt([4, 3], 77),
    ],
  },
  {
    name: 'gatherND',
    fn: (x: T, idx: T) => tf.gatherND(x, idx),
    args: () => [
      seq([3, 4]),
      tf.tensor2d(
        [
          [0, 1],
          [2, 3],
          [1, 0],
        ],
        [3, 2],
        'int32',
      ),
    ],
  },
  {
    name: 'pad with zeros and a constant; mirrorPad',
    fn: (x: T) => [
      tf.pad(x, [
        [1, 0],
        [2, 1],
      ]),
      tf.pad(
        x,
        [
          [0, 2],
          [1, 1],
        ],
        7,
      ),
      tf.mirrorPad(
        x,
        [
          [1, 1],
          [1, 0],
        ],
        'reflect',
      ),
    ],
    args: () => [seq([3, 3])],
  },
  {
    name: 'tile float and int32',
    fn: (x: T, i: T) => [tf.tile(x, [2, 3]), tf.tile(i, [3])],
    args: () => [rand([2, 2], 78), randInt([2], 79)],
  },
  {
    name: 'expandDims and squeeze (all and some axes)',
    fn: (x: T) => [
      tf.expandDims(x),
      tf.expandDims(x, -1),
      tf.squeeze(tf.reshape(x, [1, 3, 1, 2])),
      tf.squeeze(tf.reshape(x, [1, 3, 1, 2]), [2]),
    ],
    args: () => [seq([3, 2])],
  },
  {
    name: 'reverse along axes',
    fn: (x: T) => [tf.reverse(x), tf.reverse(x, 1), tf.reverse(x, [0, 1])],
    args: () => [seq([3, 4])],
  },
  {
    name: 'fill, zeros, ones, zerosLike, onesLike of several dtypes',
    fn: (x: T) => [
      tf.fill([2, 3], 1.5),
      tf.fill([2], 4, 'int32'),
      tf.zeros([3]),
      tf.ones([2, 2], 'int32'),
      tf.zerosLike(x),
      tf.onesLike(x),
      tf.add(x, tf.ones(x.shape)),
    ],
    args: () => [rand([2, 2], 80)],
  },
  {
    name: 'range (float and int32, negative step), linspace, eye',
    fn: (x: T) => [
      tf.range(0, 5),
      tf.range(2, -4, -1.5),
      tf.range(1, 10, 3, 'int32'),
      tf.add(x, tf.linspace(0, 1, 5)),
      tf.eye(3),
    ],
    args: () => [rand([5], 81)],
  },
  {
    name: 'oneHot with on/off values, of a traced index tensor',
    fn: (idx: T) => [tf.oneHot(idx, 4), tf.oneHot(idx, 3, 5, -1)],
    args: () => [tf.tensor1d([0, 3, 1, 2], 'int32')],
  },
  {
    name: 'conv2d: same and valid padding, strides, NHWC',
    fn: (x: T, k: T) => [
      tf.conv2d(x as tf.Tensor4D, k as tf.Tensor4D, 1, 'same'),
      tf.conv2d(x as tf.Tensor4D, k as tf.Tensor4D, 2, 'valid'),
    ],
    args: () => [rand([1, 6, 6, 2], 82), rand([3, 3, 2, 4], 83)],
  },
  {
    name: 'conv2d with dilation, plus bias and relu',
    fn: (x: T, k: T, b: T) => tf.relu(tf.add(tf.conv2d(x as tf.Tensor4D, k as tf.Tensor4D, 1, 'same', 'NHWC', 2), b)),
    args: () => [rand([2, 5, 5, 1], 84), rand([2, 2, 1, 3], 85), rand([3], 86)],
  },
  {
    name: 'maxPool and avgPool, same and valid, strides',
    fn: (x: T) => {
      const x4 = x as tf.Tensor4D;
      return [
        tf.maxPool(x4, 2, 2, 'valid'),
        tf.maxPool(x4, 3, 1, 'same'),
        tf.avgPool(x4, 2, 2, 'valid'),
        tf.avgPool(x4, [3, 2], [1, 2], 'same'),
      ];
    },
    args: () => [rand([1, 6, 6, 3], 87)],
  },
  {
    name: 'depthwiseConv2d and separable pipeline',
    fn: (x: T, k: T) => tf.depthwiseConv2d(x as tf.Tensor4D, k as tf.Tensor4D, 1, 'same'),
    args: () => [rand([1, 4, 4, 2], 88), rand([3, 3, 2, 2], 89)],
  },
  {
    name: 'small CNN: conv, relu, maxPool, flatten, dense, logSoftmax',
    fn: (x: T, k: T, w: T) => {
      const h = tf.maxPool(tf.relu(tf.conv2d(x as tf.Tensor4D, k as tf.Tensor4D, 1, 'same')), 2, 2, 'valid');
      return tf.logSoftmax(tf.matMul(tf.reshape(h, [2, -1]), w));
    },
    args: () => [rand([2, 4, 4, 1], 90), rand([3, 3, 1, 2], 91), rand([8, 3], 92)],
  },
];

differentialSuite('differential: shape ops, creation, convolution', cases);
