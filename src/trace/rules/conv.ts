// Shape/dtype rules of the convolution kernels: Conv2D, DepthwiseConv2dNative, FusedConv2D,
// FusedDepthwiseConv2D, Conv3D, Dilation2D and their backprop kernels (whose output shape is an attr).
// Needs support/shape-util and tfjs's backend_util.compute*Info (the very functions the cpu kernels call). Produces `CONV_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import type { RuleArgs, ShapeRule } from './support/rule-types.js';
import type { KernelInputName, KernelTable } from '../../ir/kernels/index.js';
import { arg, broadcastShapes, checkShape, convOut, fail, fmt, intList, out, unifyDim } from './support/shape-util.js';

const bu = tf.backend_util;
type Attrs = RuleArgs['attrs'];
type ConvPad = Parameters<typeof bu.computeConv2DInfo>[4];
type Rounding = Parameters<typeof bu.computeConv2DInfo>[5];
type Pair = [number, number];
type Triple = [number, number, number];

const describe = (a: Attrs) =>
  `strides=${JSON.stringify(a.strides)} pad=${JSON.stringify(a.pad)} dilations=${JSON.stringify(a.dilations ?? 1)}`;

/** Conv2D-like kernels (plain and fused; depthwise or not), NHWC or NCHW; fused bias broadcasts. */
function conv2d(k: string, depthwise: boolean): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'x');
    const filter = arg(k, args, 'filter');
    const a = args.attrs;
    if (x.shape.length !== 4 || filter.shape.length !== 4)
      fail(k, `x ${fmt(x.shape)} and filter ${fmt(filter.shape)} must be rank 4`);
    const format = bu.convertConv2DDataFormat(String(a.dataFormat ?? 'NHWC') as 'NHWC' | 'NCHW');
    const inChannels = format === 'channelsLast' ? x.shape[3]! : x.shape[1]!;
    unifyDim(
      k,
      inChannels,
      filter.shape[2]!,
      `input channels of x ${fmt(x.shape)} (${a.dataFormat ?? 'NHWC'}) must match filter ${fmt(filter.shape)} dim 2`,
    );
    const shape = convOut(
      k,
      [x.shape, filter.shape],
      ([xs, fs]) =>
        bu.computeConv2DInfo(
          xs as [number, number, number, number],
          fs as [number, number, number, number],
          a.strides as Pair,
          (a.dilations ?? [1, 1]) as Pair,
          a.pad as ConvPad,
          a.dimRoundingMode as Rounding,
          depthwise,
          format,
        ).outShape,
      `convolution (${describe(a)})`,
    );
    const bias = args.inputs.bias;
    return out(bias ? broadcastShapes(k, shape, bias.shape) : shape, x.dtype);
  };
}

const conv3d: ShapeRule = (args) => {
  const k = tf.Conv3D;
  const x = arg(k, args, 'x');
  const filter = arg(k, args, 'filter');
  const a = args.attrs;
  if (x.shape.length !== 5 || filter.shape.length !== 5)
    fail(k, `x ${fmt(x.shape)} and filter ${fmt(filter.shape)} must be rank 5`);
  const shape = convOut(
    k,
    [x.shape, filter.shape],
    ([xs, fs]) =>
      bu.computeConv3DInfo(
        xs as [number, number, number, number, number],
        fs as [number, number, number, number, number],
        a.strides as Triple,
        (a.dilations ?? [1, 1, 1]) as Triple,
        a.pad as 'valid' | 'same',
      ).outShape,
    `3D convolution (${describe(a)})`,
  );
  return out(shape, x.dtype);
};

/** Dilation2D(x [b,h,w,c], filter [fh,fw,c]) → [b, outH, outW, c]. */
const dilation2d: ShapeRule = (args) => {
  const k = tf.Dilation2D;
  const x = arg(k, args, 'x');
  const filter = arg(k, args, 'filter');
  const a = args.attrs;
  if (x.shape.length !== 4 || filter.shape.length !== 3)
    fail(k, `x ${fmt(x.shape)} must be rank 4 and filter ${fmt(filter.shape)} rank 3`);
  const shape = convOut(
    k,
    [x.shape, filter.shape],
    ([xs, fs]) =>
      bu.computeDilation2DInfo(
        xs as [number, number, number, number],
        fs as [number, number, number],
        a.strides as Pair,
        a.pad as 'valid' | 'same',
        'NHWC',
        (a.dilations ?? [1, 1]) as Pair,
      ).outShape,
    `dilation (${describe(a)})`,
  );
  return out(shape, x.dtype);
};

/** Backprop kernels: the output shape is the attr `name` (inputShape or filterShape) of rank `rank`. */
function shapeFromAttr(k: string, name: string, rank: number, dtypeFrom: KernelInputName): ShapeRule {
  return (args) => {
    const src = arg(k, args, dtypeFrom);
    const shape = intList(k, args.attrs[name], name);
    if (shape.length !== rank || shape.some((d) => d < -1))
      fail(k, `attr '${name}' must be a rank-${rank} shape, got ${JSON.stringify(args.attrs[name])}`);
    return out(shape, src.dtype);
  };
}

/** Backprop kernels whose output has the shape of one input (Dilation2D's). */
function likeInput(k: string, name: KernelInputName): ShapeRule {
  return (args) => {
    const x = arg(k, args, name);
    return out(checkShape(k, x.shape), x.dtype);
  };
}

export const CONV_RULES = {
  [tf.Conv2D]: conv2d(tf.Conv2D, false),
  [tf.FusedConv2D]: conv2d(tf.FusedConv2D, false),
  [tf.DepthwiseConv2dNative]: conv2d(tf.DepthwiseConv2dNative, true),
  [tf.FusedDepthwiseConv2D]: conv2d(tf.FusedDepthwiseConv2D, true),
  [tf.Conv3D]: conv3d,
  [tf.Dilation2D]: dilation2d,
  [tf.Conv2DBackpropInput]: shapeFromAttr(tf.Conv2DBackpropInput, 'inputShape', 4, 'dy'),
  [tf.Conv2DBackpropFilter]: shapeFromAttr(tf.Conv2DBackpropFilter, 'filterShape', 4, 'x'),
  [tf.DepthwiseConv2dNativeBackpropInput]: shapeFromAttr(tf.DepthwiseConv2dNativeBackpropInput, 'inputShape', 4, 'dy'),
  [tf.DepthwiseConv2dNativeBackpropFilter]: shapeFromAttr(
    tf.DepthwiseConv2dNativeBackpropFilter,
    'filterShape',
    4,
    'x',
  ),
  [tf.Conv3DBackpropInputV2]: shapeFromAttr(tf.Conv3DBackpropInputV2, 'inputShape', 5, 'dy'),
  [tf.Conv3DBackpropFilterV2]: shapeFromAttr(tf.Conv3DBackpropFilterV2, 'filterShape', 5, 'x'),
  [tf.Dilation2DBackpropInput]: likeInput(tf.Dilation2DBackpropInput, 'x'),
  [tf.Dilation2DBackpropFilter]: likeInput(tf.Dilation2DBackpropFilter, 'filter'),
} satisfies KernelTable<ShapeRule>;
