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
import type { KernelInputName } from '../../../ir/kernels/index.js';
import { ints, numberList, type GraphModelRule, type GraphModelTable, type GraphModelBuilder, type KernelCall } from './support/rule-types.js';
import { pair, windowAttrs } from './nn.js';

type Shape4 = [number, number, number, number];
const F = { T: attr.type('float32') };

const transpose = (b: GraphModelBuilder, x: string, perm: number[]) => b.emit('Transpose', [x, ints(b, perm)], { ...F, Tperm: attr.type('int32') });
const reshape = (b: GraphModelBuilder, x: string, shape: number[]) => b.emit('Reshape', [x, ints(b, shape)], { ...F, Tshape: attr.type('int32') });

function shape4(b: GraphModelBuilder, k: KernelCall, name: KernelInputName | number, what: string): Shape4 {
  const s = k.typeOf(name).shape;
  if (s.length !== 4 || s.some((d) => d < 0)) b.fail(`${what} needs a rank-4 shape known at trace time, got [${s.join(',')}]`);
  return [...s] as Shape4;
}

function checkFormat(b: GraphModelBuilder, k: KernelCall): void {
  if (String(k.attrs.dataFormat ?? 'NHWC') !== 'NHWC') b.fail('only the NHWC data format is supported for gradients');
  if (k.typeOf(0).dtype !== 'float32') b.fail(`gradients are exported for float32, got ${k.typeOf(0).dtype}`);
}

function unitDilations(b: GraphModelBuilder, k: KernelCall): void {
  const [dh, dw] = pair(b, k, 'dilations');
  if (dh !== 1 || dw !== 1) b.fail(`dilations [${dh},${dw}]: tfjs-converter's Conv2DBackpropInput has none`);
}

/** dW[i,j,ci,co] = Σ x_pad[n, oh·s + i, ow·s + j, ci] · dy[n,oh,ow,co] as a Conv2D; returns [fh,fw,Cin,Cout]. */
function filterGradient(b: GraphModelBuilder, k: KernelCall, fShape: Shape4): string {
  const xShape = shape4(b, k, 'x', 'a conv2d filter gradient');
  const [fh, fw] = fShape;
  const cout = shape4(b, k, 'dy', 'a conv2d filter gradient')[3];
  const info = tf.backend_util.computeConv2DInfo(xShape, [fh, fw, xShape[3], cout], k.attrs.strides as number, 1,
    k.attrs.pad as 'same', k.attrs.dimRoundingMode as 'floor');
  const p = info.padInfo;
  const bottom = Math.max(0, fh + (info.outHeight - 1) * info.strideHeight - info.inHeight - p.top);
  const right = Math.max(0, fw + (info.outWidth - 1) * info.strideWidth - info.inWidth - p.left);
  const pads = b.constant([0, 0, p.top, bottom, p.left, right, 0, 0], 'int32', [4, 2]);
  const padded = b.emit('PadV2', [k.input('x'), pads, b.constant([0], 'float32', [])], { ...F, Tpaddings: attr.type('int32') });
  const y = b.emit('Conv2D', [transpose(b, padded, [3, 1, 2, 0]), transpose(b, k.input('dy'), [1, 2, 0, 3])], {
    ...F,
    strides: attr.ints([1, 1, 1, 1]),
    dilations: attr.ints([1, info.strideHeight, info.strideWidth, 1]),
    padding: attr.str('VALID'),
    data_format: attr.str('NHWC'),
  });
  const cut = b.emit('Slice', [y, ints(b, [0, 0, 0, 0]), ints(b, [xShape[3], fh, fw, cout])], { ...F, Index: attr.type('int32') });
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
  const summed = b.emit('Sum', [masked, b.constant([2], 'int32', [1])], { ...F, Tidx: attr.type('int32'), keep_dims: attr.bool(false) });
  return [reshape(b, summed, [fh, fw, c, m])];
};

const depthwiseBackpropInput: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  unitDilations(b, k);
  const [fh, fw, c, m] = shape4(b, k, 'filter', 'a depthwise conv2d input gradient');
  const full = b.emit('Mul', [reshape(b, k.input('filter'), [fh, fw, 1, c * m]), channelMask(b, c, m)], F);
  return [b.emit('Conv2DBackpropInput', [ints(b, numberList(b, k, 'inputShape')), full, k.input('dy')], windowAttrs(b, k, false, true))];
};

const avgPoolGrad: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  const [fh, fw] = pair(b, k, 'filterSize');
  const shape = shape4(b, k, 'input', 'an avgPool gradient');
  const c = shape[3];
  const values = new Float32Array(fh * fw * c * c);
  for (let p = 0; p < fh * fw; p++) for (let i = 0; i < c; i++) values[p * c * c + i * c + i] = 1 / (fh * fw);
  const filter = b.constant(values, 'float32', [fh, fw, c, c]);
  return [b.emit('Conv2DBackpropInput', [ints(b, shape), filter, k.input('dy')], windowAttrs(b, k, false, false))];
};

const maxPoolGrad: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  const [kh, kw] = pair(b, k, 'filterSize');
  const shape = shape4(b, k, 'input', 'a maxPool gradient');
  const pool = b.emit('MaxPoolWithArgmax', [k.input('input')], {
    ...windowAttrs(b, k, false, false),
    ksize: attr.ints([1, kh, kw, 1]),
    include_batch_in_index: attr.bool(true),
    Targmax: attr.type('int32'),
  });
  const size = shape.reduce((n, d) => n * d, 1);
  const indices = b.emit('Reshape', [`${pool}:1`, ints(b, [-1, 1])], { T: attr.type('int32'), Tshape: attr.type('int32') });
  const scattered = b.emit('ScatterNd', [indices, reshape(b, k.input('dy'), [-1]), ints(b, [size])], { ...F, Tindices: attr.type('int32') });
  return [reshape(b, scattered, shape)];
};

const unsortedSegmentSum: GraphModelRule = (b, k) => {
  const x = k.typeOf('x');
  const ids = k.typeOf('segmentIds');
  if (ids.shape.length !== 1) b.fail(`segment ids of rank ${ids.shape.length}: only rank 1 is exported`);
  if (x.shape.slice(1).some((d) => d < 0)) b.fail('the data needs its inner dims known at trace time');
  const n = k.attrs.numSegments as number;
  const indices = b.emit('Reshape', [k.input('segmentIds'), ints(b, [-1, 1])], { T: attr.type('int32'), Tshape: attr.type('int32') });
  return [b.emit('ScatterNd', [indices, k.input('x'), ints(b, [n, ...x.shape.slice(1)])], { T: attr.type(x.dtype), Tindices: attr.type('int32') })];
};

/** tfjs: dy where y ≥ 0, dy·(y + 1) elsewhere. */
const eluGrad: GraphModelRule = (b, k) => {
  const y = k.input('y');
  const dy = k.input('dy');
  const neg = b.emit('Mul', [dy, b.emit('AddV2', [y, b.constant([1], 'float32', [])], F)], F);
  const keep = b.emit('GreaterEqual', [y, b.constant([0], 'float32', [])], F);
  return [b.emit('SelectV2', [keep, dy, neg], F)];
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
