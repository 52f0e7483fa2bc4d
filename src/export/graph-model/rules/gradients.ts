// GraphModel rules of the gradient kernels tf.grad records inside a trace. tfjs-converter runs none of
// them, so each is written with ops it does run: EluGrad (SelectV2), Conv2DBackpropFilter (a Conv2D
// of the padded input by dy with batch and channels swapped, dilated by the stride, cut to the
// filter), DepthwiseConv2dNativeBackpropFilter (that, masked to each channel's own outputs and summed),
// DepthwiseConv2dNativeBackpropInput (Conv2DBackpropInput by the block-diagonal full filter),
// AvgPoolGrad (Conv2DBackpropInput by a diagonal 1/(fh·fw) filter, as tfjs's cpu kernel divides),
// MaxPoolGrad (MaxPoolWithArgmax indices + ScatterNd, which sums at repeated indices),
// UnsortedSegmentSum (ScatterNd). NHWC, float32. Needs tfjs's conv_util, rule-types, nn's window
// helpers. Produces `GRADIENT_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { attr } from '../graph-def.js';
import { ints, numberList, type GraphModelRule, type GraphModelTable, type RuleContext } from './rule-types.js';
import { pair, windowAttrs } from './nn.js';

type Shape4 = [number, number, number, number];
const F = { T: attr.type('float32') };

const transpose = (ctx: RuleContext, x: string, perm: number[]) => ctx.emit('Transpose', [x, ints(ctx, perm)], { ...F, Tperm: attr.type('int32') });
const reshape = (ctx: RuleContext, x: string, shape: number[]) => ctx.emit('Reshape', [x, ints(ctx, shape)], { ...F, Tshape: attr.type('int32') });

function shape4(ctx: RuleContext, name: string | number, what: string): Shape4 {
  const s = ctx.typeOf(name).shape;
  if (s.length !== 4 || s.some((d) => d < 0)) ctx.fail(`${what} needs a rank-4 shape known at trace time, got [${s.join(',')}]`);
  return [...s] as Shape4;
}

function checkFormat(ctx: RuleContext): void {
  if (String(ctx.call.attrs.dataFormat ?? 'NHWC') !== 'NHWC') ctx.fail('only the NHWC data format is supported for gradients');
  if (ctx.typeOf(0).dtype !== 'float32') ctx.fail(`gradients are exported for float32, got ${ctx.typeOf(0).dtype}`);
}

function unitDilations(ctx: RuleContext): void {
  const [dh, dw] = pair(ctx, 'dilations');
  if (dh !== 1 || dw !== 1) ctx.fail(`dilations [${dh},${dw}]: tfjs-converter's Conv2DBackpropInput has none`);
}

/** dW[i,j,ci,co] = Σ x_pad[n, oh·s + i, ow·s + j, ci] · dy[n,oh,ow,co] as a Conv2D; returns [fh,fw,Cin,Cout]. */
function filterGradient(ctx: RuleContext, fShape: Shape4): string {
  const xShape = shape4(ctx, 'x', 'a conv2d filter gradient');
  const [fh, fw] = fShape;
  const cout = shape4(ctx, 'dy', 'a conv2d filter gradient')[3];
  const info = tf.backend_util.computeConv2DInfo(xShape, [fh, fw, xShape[3], cout], ctx.call.attrs.strides as number, 1,
    ctx.call.attrs.pad as 'same', ctx.call.attrs.dimRoundingMode as 'floor');
  const p = info.padInfo;
  const bottom = Math.max(0, fh + (info.outHeight - 1) * info.strideHeight - info.inHeight - p.top);
  const right = Math.max(0, fw + (info.outWidth - 1) * info.strideWidth - info.inWidth - p.left);
  const pads = ctx.constant([0, 0, p.top, bottom, p.left, right, 0, 0], 'int32', [4, 2]);
  const padded = ctx.emit('PadV2', [ctx.input('x'), pads, ctx.constant([0], 'float32', [])], { ...F, Tpaddings: attr.type('int32') });
  const y = ctx.emit('Conv2D', [transpose(ctx, padded, [3, 1, 2, 0]), transpose(ctx, ctx.input('dy'), [1, 2, 0, 3])], {
    ...F,
    strides: attr.ints([1, 1, 1, 1]),
    dilations: attr.ints([1, info.strideHeight, info.strideWidth, 1]),
    padding: attr.str('VALID'),
    data_format: attr.str('NHWC'),
  });
  const cut = ctx.emit('Slice', [y, ints(ctx, [0, 0, 0, 0]), ints(ctx, [xShape[3], fh, fw, cout])], { ...F, Index: attr.type('int32') });
  return transpose(ctx, cut, [1, 2, 0, 3]);
}

/** mask[c', c·M + m] = (c' == c): keeps each input channel's own outputs of a depthwise conv. */
function channelMask(ctx: RuleContext, c: number, m: number): string {
  const values = new Float32Array(c * c * m);
  for (let i = 0; i < c; i++) for (let j = 0; j < m; j++) values[i * c * m + i * m + j] = 1;
  return ctx.constant(values, 'float32', [c, c * m]);
}

const conv2DBackpropFilter: GraphModelRule = (ctx) => {
  checkFormat(ctx);
  return [filterGradient(ctx, numberList(ctx, 'filterShape') as Shape4)];
};

const depthwiseBackpropFilter: GraphModelRule = (ctx) => {
  checkFormat(ctx);
  unitDilations(ctx);
  const fShape = numberList(ctx, 'filterShape') as Shape4;
  const [fh, fw, c, m] = fShape;
  const masked = ctx.emit('Mul', [filterGradient(ctx, fShape), channelMask(ctx, c, m)], F);
  const summed = ctx.emit('Sum', [masked, ctx.constant([2], 'int32', [1])], { ...F, Tidx: attr.type('int32'), keep_dims: attr.bool(false) });
  return [reshape(ctx, summed, [fh, fw, c, m])];
};

const depthwiseBackpropInput: GraphModelRule = (ctx) => {
  checkFormat(ctx);
  unitDilations(ctx);
  const [fh, fw, c, m] = shape4(ctx, 'filter', 'a depthwise conv2d input gradient');
  const full = ctx.emit('Mul', [reshape(ctx, ctx.input('filter'), [fh, fw, 1, c * m]), channelMask(ctx, c, m)], F);
  return [ctx.emit('Conv2DBackpropInput', [ints(ctx, numberList(ctx, 'inputShape')), full, ctx.input('dy')], windowAttrs(ctx, false, true))];
};

const avgPoolGrad: GraphModelRule = (ctx) => {
  checkFormat(ctx);
  const [fh, fw] = pair(ctx, 'filterSize');
  const shape = shape4(ctx, 'input', 'an avgPool gradient');
  const c = shape[3];
  const values = new Float32Array(fh * fw * c * c);
  for (let k = 0; k < fh * fw; k++) for (let i = 0; i < c; i++) values[k * c * c + i * c + i] = 1 / (fh * fw);
  const filter = ctx.constant(values, 'float32', [fh, fw, c, c]);
  return [ctx.emit('Conv2DBackpropInput', [ints(ctx, shape), filter, ctx.input('dy')], windowAttrs(ctx, false, false))];
};

const maxPoolGrad: GraphModelRule = (ctx) => {
  checkFormat(ctx);
  const [kh, kw] = pair(ctx, 'filterSize');
  const shape = shape4(ctx, 'input', 'a maxPool gradient');
  const pool = ctx.emit('MaxPoolWithArgmax', [ctx.input('input')], {
    ...windowAttrs(ctx, false, false),
    ksize: attr.ints([1, kh, kw, 1]),
    include_batch_in_index: attr.bool(true),
    Targmax: attr.type('int32'),
  });
  const size = shape.reduce((a, b) => a * b, 1);
  const indices = ctx.emit('Reshape', [`${pool}:1`, ints(ctx, [-1, 1])], { T: attr.type('int32'), Tshape: attr.type('int32') });
  const scattered = ctx.emit('ScatterNd', [indices, reshape(ctx, ctx.input('dy'), [-1]), ints(ctx, [size])], { ...F, Tindices: attr.type('int32') });
  return [reshape(ctx, scattered, shape)];
};

const unsortedSegmentSum: GraphModelRule = (ctx) => {
  const x = ctx.typeOf('x');
  const ids = ctx.typeOf('segmentIds');
  if (ids.shape.length !== 1) ctx.fail(`segment ids of rank ${ids.shape.length}: only rank 1 is exported`);
  if (x.shape.slice(1).some((d) => d < 0)) ctx.fail('the data needs its inner dims known at trace time');
  const n = ctx.call.attrs.numSegments as number;
  const indices = ctx.emit('Reshape', [ctx.input('segmentIds'), ints(ctx, [-1, 1])], { T: attr.type('int32'), Tshape: attr.type('int32') });
  return [ctx.emit('ScatterNd', [indices, ctx.input('x'), ints(ctx, [n, ...x.shape.slice(1)])], { T: attr.type(x.dtype), Tindices: attr.type('int32') })];
};

/** tfjs: dy where y ≥ 0, dy·(y + 1) elsewhere. */
const eluGrad: GraphModelRule = (ctx) => {
  const y = ctx.input('y');
  const dy = ctx.input('dy');
  const neg = ctx.emit('Mul', [dy, ctx.emit('AddV2', [y, ctx.constant([1], 'float32', [])], F)], F);
  const keep = ctx.emit('GreaterEqual', [y, ctx.constant([0], 'float32', [])], F);
  return [ctx.emit('SelectV2', [keep, dy, neg], F)];
};

export const GRADIENT_RULES: GraphModelTable = {
  EluGrad: eluGrad,
  Conv2DBackpropFilter: conv2DBackpropFilter,
  DepthwiseConv2dNativeBackpropFilter: depthwiseBackpropFilter,
  DepthwiseConv2dNativeBackpropInput: depthwiseBackpropInput,
  AvgPoolGrad: avgPoolGrad,
  MaxPoolGrad: maxPoolGrad,
  UnsortedSegmentSum: unsortedSegmentSum,
};
