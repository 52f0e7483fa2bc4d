// ONNX rules beyond the basics, checked by onnxruntime against eager tfjs: gradient kernels recorded by
// tf.grad inside a trace (conv2d, depthwise conv, pools, elu), atan2, image kernels, scatters, diag,
// and every shape-rule kernel listed against the ONNX table. Needs helpers-onnx.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { onnxKernels } from '../../src/export/onnx/index.js';
import { SHAPE_RULES } from '../../src/trace/rules/index.js';
import { isDrawOp } from '../../src/ir/random.js';
import { documentedGaps } from '../../scripts/kernels-doc.js';
import { checkOnnx } from './helpers-onnx.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const rand = (shape: number[], seed: number) => tf.randomNormal(shape, 0, 1, 'float32', seed);
type T4 = tf.Tensor4D;

describe('ONNX export of gradient kernels', () => {
  it('conv2d gradients (input and filter; same and valid padding, strides 1 and 2)', async () => {
    for (const [pad, stride] of [
      ['same', 1],
      ['valid', 2],
      ['same', 2],
    ] as const) {
      await checkOnnx(
        function convGrads(x: tf.Tensor, f: tf.Tensor) {
          const loss = (a: tf.Tensor, w: tf.Tensor) => tf.sum(tf.square(tf.conv2d(a as T4, w as T4, stride, pad)));
          const [dx, df] = tf.grads(loss)([x, f]);
          return [dx!, df!];
        },
        [rand([2, 7, 6, 3], 1), rand([3, 3, 3, 4], 2)],
        { rtol: 1e-4 },
      );
    }
  });

  it('depthwise conv2d input gradient', async () => {
    const f = rand([3, 3, 2, 2], 3);
    await checkOnnx(
      function depthwiseGrad(x: tf.Tensor) {
        return tf.grad((a: tf.Tensor) => tf.sum(tf.sin(tf.depthwiseConv2d(a as T4, f as T4, 2, 'same'))))(x);
      },
      [rand([1, 6, 5, 2], 4)],
      { rtol: 1e-4 },
    );
    f.dispose();
  });

  it('maxPool and avgPool gradients', async () => {
    await checkOnnx(
      function poolGrads(x: tf.Tensor) {
        const gm = tf.grad((a: tf.Tensor) =>
          tf.sum(tf.mul(tf.maxPool(a as T4, 2, 2, 'same'), tf.range(1, 37).reshape([1, 3, 3, 4]))),
        )(x);
        const ga = tf.grad((a: tf.Tensor) => tf.sum(tf.square(tf.avgPool(a as T4, 3, 2, 'valid'))))(x);
        return [gm, ga];
      },
      [rand([1, 6, 6, 4], 5)],
    );
  });

  it('elu gradient', async () => {
    await checkOnnx(
      function eluGrad(x: tf.Tensor) {
        return tf.grad((a: tf.Tensor) => tf.sum(tf.elu(a)))(x);
      },
      [tf.tensor1d([-2, -0.5, 0, 0.5, 3])],
    );
  });
});

describe('ONNX export of image, scatter and other kernels', () => {
  it('atan2 in all quadrants', async () => {
    await checkOnnx(
      function atan2(y: tf.Tensor, x: tf.Tensor) {
        return tf.atan2(y, x);
      },
      [tf.tensor1d([1, 1, -1, -1, 0, 2, -2, 0]), tf.tensor1d([1, -1, 1, -1, -3, 0, 0, 0])],
    );
  });

  it('flipLeftRight, depthToSpace', async () => {
    await checkOnnx(
      function images(x: tf.Tensor) {
        return [tf.image.flipLeftRight(x as T4), tf.depthToSpace(x as T4, 2)];
      },
      [rand([1, 2, 3, 8], 6)],
    );
  });

  it('resizeBilinear and resizeNearestNeighbor in each coordinate mode', async () => {
    await checkOnnx(
      function resizes(x: tf.Tensor) {
        const img = x as T4;
        return [
          tf.image.resizeBilinear(img, [7, 5]),
          tf.image.resizeBilinear(img, [7, 5], true),
          tf.image.resizeBilinear(img, [3, 8], false, true),
          tf.image.resizeNearestNeighbor(img, [7, 5]),
          tf.image.resizeNearestNeighbor(img, [7, 5], true),
          tf.image.resizeNearestNeighbor(img, [3, 8], false, true),
        ];
      },
      [rand([2, 4, 3, 2], 7)],
    );
  });

  it('scatterND, tensorScatterUpdate, unsortedSegmentSum, diag', async () => {
    // tfjs's cpu tensorScatterUpdate writes into its input tensor (eager x would change), so it gets its own input.
    await checkOnnx(
      function scatters(u: tf.Tensor, x: tf.Tensor, t: tf.Tensor) {
        const idx = tf.tensor2d([[0], [2], [0]], [3, 1], 'int32');
        return [
          tf.scatterND(idx, u, [4, 2]),
          tf.unsortedSegmentSum(x, tf.tensor1d([1, 0, 1, 2], 'int32'), 3),
          tf.diag(tf.tensor1d([1, 2, 3])),
          tf.tensorScatterUpdate(t, tf.tensor2d([[1], [3]], [2, 1], 'int32'), tf.slice(u, 0, 2)),
        ];
      },
      [rand([3, 2], 8), rand([4, 2], 9), rand([4, 2], 10)],
    );
  });
});

describe('ONNX rule coverage', () => {
  it('has a rule only for traced kernels, and lacks exactly those docs/kernels.md lists (the one place they are pinned)', () => {
    const onnx = new Set(onnxKernels());
    expect([...onnx].filter((k) => !Object.hasOwn(SHAPE_RULES, k) && !isDrawOp(k))).toEqual([]);
    const missing = Object.keys(SHAPE_RULES)
      .filter((k) => !onnx.has(k))
      .sort();
    expect(missing, 'docs/kernels.md is stale: run npm run docs:kernels').toEqual(documentedGaps('ONNX'));
  });
});
