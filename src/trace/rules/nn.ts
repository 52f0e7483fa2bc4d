// Shape/dtype rules of the pooling and normalization kernels: MaxPool, AvgPool (2D/3D), MaxPoolWithArgmax,
// their gradients (shaped like the forward input), Softmax, LogSoftmax, FusedBatchNorm, LRN, LRNGrad.
// Needs support/shape-util (convOut) and tfjs's computePool*Info (what the cpu kernels call). Produces `NN_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { arg, checkShape, convOut, fail, fmt, normalizeAxis, out, unifyShapes } from './support/shape-util.js';

const bu = tf.backend_util;
type Pad = Parameters<typeof bu.computePool2DInfo>[4];
type Rounding = Parameters<typeof bu.computePool2DInfo>[5];
type Pair = [number, number] | number;
type Triple = [number, number, number] | number;

const describe = (a: Record<string, unknown>) =>
  `filterSize=${JSON.stringify(a.filterSize)} strides=${JSON.stringify(a.strides)} pad=${JSON.stringify(a.pad)}`;

function pool2dShape(k: string, x: readonly number[], a: Record<string, unknown>): number[] {
  if (x.length !== 4) fail(k, `x must be rank 4 [batch, height, width, channels], got ${fmt(x)}`);
  return convOut(
    k,
    [x],
    ([xs]) =>
      bu.computePool2DInfo(
        xs as [number, number, number, number],
        a.filterSize as Pair,
        a.strides as Pair,
        1,
        a.pad as Pad,
        a.dimRoundingMode as Rounding,
      ).outShape,
    `pooling (${describe(a)})`,
  );
}

function pool2d(k: string): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'x');
    return out(pool2dShape(k, x.shape, args.attrs), x.dtype);
  };
}

function pool3d(k: string): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'x');
    const a = args.attrs;
    if (x.shape.length !== 5) fail(k, `x must be rank 5, got ${fmt(x.shape)}`);
    const shape = convOut(
      k,
      [x.shape],
      ([xs]) =>
        bu.computePool3DInfo(
          xs as [number, number, number, number, number],
          a.filterSize as Triple,
          a.strides as Triple,
          1,
          a.pad as 'valid' | 'same' | number,
          a.dimRoundingMode as Rounding,
          (a.dataFormat ?? 'NDHWC') as 'NDHWC' | 'NCDHW',
        ).outShape,
      `3D pooling (${describe(a)})`,
    );
    return out(shape, x.dtype);
  };
}

/** MaxPoolWithArgmax: the pooled values and int32 flat indexes, both of the pooled shape. */
const maxPoolWithArgmax: ShapeRule = (args) => {
  const k = tf.MaxPoolWithArgmax;
  const x = arg(k, args, 'x');
  const shape = pool2dShape(k, x.shape, args.attrs);
  return [
    { shape, dtype: x.dtype },
    { shape: [...shape], dtype: 'int32' },
  ];
};

/** Pool gradients: shaped like the forward input (`input`), of dy's dtype. */
function poolGrad(k: string): ShapeRule {
  return (args) => {
    const dy = arg(k, args, 'dy');
    const input = arg(k, args, 'input');
    return out(checkShape(k, input.shape), dy.dtype);
  };
}

/** Softmax(logits, dim) and LogSoftmax(logits, axis): the shape is kept; the axis must exist. */
function softmax(k: string, axisAttr: string): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'logits');
    if (x.shape.length === 0) fail(k, 'logits must have rank >= 1');
    normalizeAxis(k, args.attrs[axisAttr] ?? -1, x.shape.length);
    return out(checkShape(k, x.shape), x.dtype);
  };
}

/** FusedBatchNorm(x, mean, variance, offset?, scale?): x's shape; the statistics broadcast against it. */
const fusedBatchNorm: ShapeRule = (args) => {
  const k = tf.FusedBatchNorm;
  const x = arg(k, args, 'x');
  for (const name of ['mean', 'variance', 'offset', 'scale']) {
    const p = args.inputs[name];
    if (!p) continue;
    if (p.shape.length > x.shape.length) fail(k, `${name} ${fmt(p.shape)} has a higher rank than x ${fmt(x.shape)}`);
    p.shape.forEach((d, i) => {
      const xd = x.shape[x.shape.length - p.shape.length + i]!;
      if (d !== 1 && d !== xd && d >= 0 && xd >= 0)
        fail(k, `${name} ${fmt(p.shape)} does not broadcast against x ${fmt(x.shape)}`);
    });
  }
  return out(checkShape(k, x.shape), x.dtype);
};

const lrn: ShapeRule = (args) => {
  const k = tf.LRN;
  const x = arg(k, args, 'x');
  if (x.shape.length !== 4) fail(k, `x must be rank 4, got ${fmt(x.shape)}`);
  return out(x.shape, x.dtype);
};

/** LRNGrad(x, y, dy): all three share one shape. */
const lrnGrad: ShapeRule = (args) => {
  const k = tf.LRNGrad;
  const x = arg(k, args, 'x');
  const dy = arg(k, args, 'dy');
  return out(unifyShapes(k, x.shape, dy.shape, 'x and dy must have the same shape'), dy.dtype);
};

export const NN_RULES = {
  [tf.MaxPool]: pool2d(tf.MaxPool),
  [tf.AvgPool]: pool2d(tf.AvgPool),
  [tf.MaxPool3D]: pool3d(tf.MaxPool3D),
  [tf.AvgPool3D]: pool3d(tf.AvgPool3D),
  [tf.MaxPoolWithArgmax]: maxPoolWithArgmax,
  [tf.MaxPoolGrad]: poolGrad(tf.MaxPoolGrad),
  [tf.AvgPoolGrad]: poolGrad(tf.AvgPoolGrad),
  [tf.MaxPool3DGrad]: poolGrad(tf.MaxPool3DGrad),
  [tf.AvgPool3DGrad]: poolGrad(tf.AvgPool3DGrad),
  [tf.Softmax]: softmax(tf.Softmax, 'dim'),
  [tf.LogSoftmax]: softmax(tf.LogSoftmax, 'axis'),
  [tf.FusedBatchNorm]: fusedBatchNorm,
  [tf.LRN]: lrn,
  [tf.LRNGrad]: lrnGrad,
} satisfies KernelTable<ShapeRule>;
