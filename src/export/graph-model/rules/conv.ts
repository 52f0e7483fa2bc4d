// GraphModel rules of the convolution kernels: Conv2D, DepthwiseConv2dNative and their fused forms (the
// plain op + bias + activation, as tfjs's cpu kernels compute them), Conv2DBackpropInput, and the
// backprops tf.grad records inside a trace that tfjs-converter does not run, written with ops it does
// run: Conv2DBackpropFilter (a Conv2D of the padded input by dy with batch and channels swapped,
// dilated by the stride, cut to the filter), DepthwiseConv2dNativeBackpropFilter (that, masked to each
// channel's own outputs and summed), DepthwiseConv2dNativeBackpropInput (Conv2DBackpropInput by the
// block-diagonal full filter). NHWC; the backprops float32. Needs tfjs's conv_util, support/rule-types,
// support/nhwc, support/activation. Produces `CONV_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { attr } from '../graph-def.js';
import { biasAndActivation } from './support/activation.js';
import { checkFormat, F, pair, reshape, shape4, windowAttrs, type Shape4 } from './support/nhwc.js';
import {
  ints,
  numberList,
  type GraphModelRule,
  type GraphModelTable,
  type GraphModelBuilder,
  type KernelCall,
} from './support/rule-types.js';

const conv =
  (tfOp: string, fused: boolean): GraphModelRule =>
  (b, k) => {
    const y = b.emit(tfOp, [k.input('x'), k.input('filter')], windowAttrs(b, k, true, true));
    return [fused ? biasAndActivation(b, k, y) : y];
  };

const conv2DBackpropInput: GraphModelRule = (b, k) => {
  const sizes = ints(b, numberList(b, k, 'inputShape'));
  return [b.emit('Conv2DBackpropInput', [sizes, k.input('filter'), k.input('dy')], windowAttrs(b, k, false, true))];
};

const transpose = (b: GraphModelBuilder, x: string, perm: number[]) =>
  b.emit('Transpose', [x, ints(b, perm)], { ...F, Tperm: attr.type('int32') });

function unitDilations(b: GraphModelBuilder, k: KernelCall): void {
  const [dh, dw] = pair(b, k, 'dilations');
  if (dh !== 1 || dw !== 1) b.fail(`dilations [${dh},${dw}]: tfjs-converter's Conv2DBackpropInput has none`);
}

/** dW[i,j,ci,co] = Σ x_pad[n, oh·s + i, ow·s + j, ci] · dy[n,oh,ow,co] as a Conv2D; returns [fh,fw,Cin,Cout]. */
function filterGradient(b: GraphModelBuilder, k: KernelCall, fShape: Shape4): string {
  const xShape = shape4(b, k, 'x', 'a conv2d filter gradient');
  const [fh, fw] = fShape;
  const cout = shape4(b, k, 'dy', 'a conv2d filter gradient')[3];
  const info = tf.backend_util.computeConv2DInfo(
    xShape,
    [fh, fw, xShape[3], cout],
    k.attrs.strides as number,
    1,
    k.attrs.pad as 'same',
    k.attrs.dimRoundingMode as 'floor',
  );
  const p = info.padInfo;
  const bottom = Math.max(0, fh + (info.outHeight - 1) * info.strideHeight - info.inHeight - p.top);
  const right = Math.max(0, fw + (info.outWidth - 1) * info.strideWidth - info.inWidth - p.left);
  const pads = b.constant([0, 0, p.top, bottom, p.left, right, 0, 0], 'int32', [4, 2]);
  const padded = b.emit('PadV2', [k.input('x'), pads, b.constant([0], 'float32', [])], {
    ...F,
    Tpaddings: attr.type('int32'),
  });
  const y = b.emit('Conv2D', [transpose(b, padded, [3, 1, 2, 0]), transpose(b, k.input('dy'), [1, 2, 0, 3])], {
    ...F,
    strides: attr.ints([1, 1, 1, 1]),
    dilations: attr.ints([1, info.strideHeight, info.strideWidth, 1]),
    padding: attr.str('VALID'),
    data_format: attr.str('NHWC'),
  });
  const cut = b.emit('Slice', [y, ints(b, [0, 0, 0, 0]), ints(b, [xShape[3], fh, fw, cout])], {
    ...F,
    Index: attr.type('int32'),
  });
  return transpose(b, cut, [1, 2, 0, 3]);
}

/** mask[c', c·M + m] = (c' == c): keeps each input channel's own outputs of a depthwise conv. */
function channelMask(b: GraphModelBuilder, c: number, m: number): string {
  const values = new Float32Array(c * c * m);
  for (let i = 0; i < c; i++) for (let j = 0; j < m; j++) values[i * c * m + i * m + j] = 1;
  return b.constant(values, 'float32', [c, c * m]);
}

const conv2DBackpropFilter: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  return [filterGradient(b, k, numberList(b, k, 'filterShape') as Shape4)];
};

const depthwiseBackpropFilter: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  unitDilations(b, k);
  const fShape = numberList(b, k, 'filterShape') as Shape4;
  const [fh, fw, c, m] = fShape;
  const masked = b.emit('Mul', [filterGradient(b, k, fShape), channelMask(b, c, m)], F);
  const summed = b.emit('Sum', [masked, b.constant([2], 'int32', [1])], {
    ...F,
    Tidx: attr.type('int32'),
    keep_dims: attr.bool(false),
  });
  return [reshape(b, summed, [fh, fw, c, m])];
};

const depthwiseBackpropInput: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  unitDilations(b, k);
  const [fh, fw, c, m] = shape4(b, k, 'filter', 'a depthwise conv2d input gradient');
  const full = b.emit('Mul', [reshape(b, k.input('filter'), [fh, fw, 1, c * m]), channelMask(b, c, m)], F);
  return [
    b.emit(
      'Conv2DBackpropInput',
      [ints(b, numberList(b, k, 'inputShape')), full, k.input('dy')],
      windowAttrs(b, k, false, true),
    ),
  ];
};

export const CONV_RULES: GraphModelTable = {
  Conv2D: conv('Conv2D', false),
  FusedConv2D: conv('Conv2D', true),
  DepthwiseConv2dNative: conv('DepthwiseConv2dNative', false),
  FusedDepthwiseConv2D: conv('DepthwiseConv2dNative', true),
  Conv2DBackpropInput: conv2DBackpropInput,
  Conv2DBackpropFilter: conv2DBackpropFilter,
  DepthwiseConv2dNativeBackpropFilter: depthwiseBackpropFilter,
  DepthwiseConv2dNativeBackpropInput: depthwiseBackpropInput,
};
