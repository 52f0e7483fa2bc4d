// ONNX rules of the gradient kernels tf.grad records inside a trace: Conv2DBackpropInput and
// DepthwiseConv2dNativeBackpropInput (ConvTranspose), Conv2DBackpropFilter and
// DepthwiseConv2dNativeBackpropFilter (a Conv of x by dy),
// MaxPoolGrad (MaxPool indices + ScatterElements), AvgPoolGrad (ConvTranspose by 1/(fh·fw), as tfjs's
// cpu kernel divides), EluGrad. NHWC only. Needs tfjs's conv_util, rule-types. Produces `GRADIENT_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { OnnxExportError } from '../onnx-errors.js';
import { arg, knownShape, out, type KernelCall, type OnnxRule, type OnnxRuleTable } from './support/rule-types.js';

type Shape4 = [number, number, number, number];
type ConvInfo = ReturnType<typeof tf.backend_util.computeConv2DInfo>;
const TO_NCHW = [0, 3, 1, 2];
const TO_NHWC = [0, 2, 3, 1];

function nhwcOnly(k: KernelCall): void {
  if ((k.attrs.dataFormat ?? 'NHWC') !== 'NHWC') throw new OnnxExportError('only the NHWC data format is supported for gradients');
}

/** ConvTranspose of NHWC `dy` by an ONNX weight [C_dy, C_out/group, fh, fw] back to `info.inShape`. */
function convTranspose(b: OnnxGraphBuilder, dy: string, weight: string, info: ConvInfo, group: number, into: string): void {
  const p = info.padInfo;
  const full = (o: number, s: number, eff: number) => s * (o - 1) + eff;
  const extraH = info.inHeight - (full(info.outHeight, info.strideHeight, info.effectiveFilterHeight) - p.top - p.bottom);
  const extraW = info.inWidth - (full(info.outWidth, info.strideWidth, info.effectiveFilterWidth) - p.left - p.right);
  if (extraH < 0 || extraW < 0) throw new OnnxExportError('the padding cannot be expressed as a ConvTranspose');
  const y = b.op('ConvTranspose', [b.op('Transpose', [dy], { perm: TO_NCHW }), weight], {
    kernel_shape: [info.filterHeight, info.filterWidth],
    strides: [info.strideHeight, info.strideWidth],
    dilations: [info.dilationHeight, info.dilationWidth],
    pads: [p.top, p.left, p.bottom, p.right],
    output_padding: [extraH, extraW],
    group,
  });
  b.op('Transpose', [y], { perm: TO_NHWC }, into);
}

function backpropInput(depthwise: boolean): OnnxRule {
  return (b, k) => {
    nhwcOnly(k);
    const dy = arg(k, 'dy');
    const filter = arg(k, 'filter');
    const fShape = knownShape(filter, 'conv2d gradient') as Shape4;
    const info = tf.backend_util.computeConv2DInfo(k.attrs.inputShape as Shape4, fShape, k.attrs.strides as number,
      (k.attrs.dilations ?? 1) as number, k.attrs.pad as 'same', k.attrs.dimRoundingMode as 'floor', depthwise);
    const [fh, fw, cin, mult] = fShape;
    const w = depthwise ? b.op('Reshape', [filter.name, b.int64([fh, fw, 1, cin * mult])]) : filter.name;
    convTranspose(b, dy.name, b.op('Transpose', [w], { perm: [3, 2, 0, 1] }), info, depthwise ? cin : 1, out(k));
  };
}

/**
 * dW[i,j,ci,co] = Σ x_pad[n, oh·s + i·d, ow·s + j·d, ci] · dy[n,oh,ow,co]: a Conv with batch ↔ channels
 * swapped, dilated by the stride and strided by the dilation, cut to the filter's size. Depthwise:
 * the channels c·N + n of one image, in C groups, each convolved with its M channels of dy.
 */
function backpropFilter(depthwise: boolean): OnnxRule {
  return (b, k) => {
    nhwcOnly(k);
    const x = arg(k, 'x');
    const dy = arg(k, 'dy');
    const fShape = k.attrs.filterShape as Shape4;
    const [fh, fw, cin, mult] = fShape;
    const xShape = knownShape(x, 'conv2d filter gradient') as Shape4;
    const info = tf.backend_util.computeConv2DInfo(xShape, fShape, k.attrs.strides as number,
      (depthwise ? (k.attrs.dilations ?? 1) : 1) as number, k.attrs.pad as 'same', k.attrs.dimRoundingMode as 'floor', depthwise);
    const p = info.padInfo;
    const reach = (f: number, d: number, o: number, s: number) => (f - 1) * d + 1 + (o - 1) * s;
    const bottom = Math.max(0, reach(fh, info.dilationHeight, info.outHeight, info.strideHeight) - info.inHeight - p.top);
    const right = Math.max(0, reach(fw, info.dilationWidth, info.outWidth, info.strideWidth) - info.inWidth - p.left);
    let xs = b.op('Transpose', [x.name], { perm: [3, 0, 1, 2] });
    if (depthwise) xs = b.op('Reshape', [xs, b.int64([1, cin * xShape[0], xShape[1], xShape[2]])]);
    const ws = b.op('Transpose', [dy.name], { perm: [3, 0, 1, 2] });
    const y = b.op('Conv', [xs, ws], {
      kernel_shape: [info.outHeight, info.outWidth],
      strides: [info.dilationHeight, info.dilationWidth],
      dilations: [info.strideHeight, info.strideWidth],
      pads: [p.top, p.left, bottom, right],
      group: depthwise ? cin : 1,
    });
    let cut = b.op('Slice', [y, b.int64([0, 0]), b.int64([fh, fw]), b.int64([2, 3])]);
    if (depthwise) cut = b.op('Reshape', [cut, b.int64([cin, mult, fh, fw])]);
    b.op('Transpose', [cut], { perm: [2, 3, 0, 1] }, out(k));
  };
}

function poolInfo(k: KernelCall, input: string[] | number[]): ConvInfo {
  return tf.backend_util.computePool2DInfo(input as unknown as Shape4, k.attrs.filterSize as number, k.attrs.strides as number, 1,
    k.attrs.pad as 'same', k.attrs.dimRoundingMode as 'floor');
}

/** The gradient flows to the first maximum of each window (tfjs and onnxruntime scan windows alike). */
const maxPoolGrad: OnnxRule = (b, k) => {
  const dy = arg(k, 'dy');
  const input = arg(k, 'input');
  const shape = knownShape(input, 'maxPool gradient');
  const info = poolInfo(k, shape);
  const p = info.padInfo;
  const [, indices] = b.node('MaxPool', [b.op('Transpose', [input.name], { perm: TO_NCHW })], 2, {
    kernel_shape: [info.filterHeight, info.filterWidth],
    strides: [info.strideHeight, info.strideWidth],
    pads: [p.top, p.left, p.bottom, p.right],
  });
  const [n, h, w, c] = shape as Shape4;
  const flat = b.op('Reshape', [indices!, b.int64([-1])]);
  const updates = b.op('Reshape', [b.op('Transpose', [dy.name], { perm: TO_NCHW }), b.int64([-1])]);
  const zeros = b.op('ConstantOfShape', [b.int64([n * c * h * w])]);
  const dx = b.op('ScatterElements', [zeros, flat, updates], { axis: 0, reduction: 'add' });
  b.op('Transpose', [b.op('Reshape', [dx, b.int64([n, c, h, w])])], { perm: TO_NHWC }, out(k));
};

const avgPoolGrad: OnnxRule = (b, k) => {
  const dy = arg(k, 'dy');
  const input = arg(k, 'input');
  const info = poolInfo(k, knownShape(input, 'avgPool gradient'));
  const c = info.inChannels;
  const size = info.filterHeight * info.filterWidth;
  const weight = b.initializer('avgpool_grad_weight', 'float32', [c, 1, info.filterHeight, info.filterWidth], new Float32Array(c * size).fill(1 / size));
  convTranspose(b, dy.name, weight, info, c, out(k));
};

/** tfjs: dy where y ≥ 0, dy·(y + 1) elsewhere. */
const eluGrad: OnnxRule = (b, k) => {
  const dy = arg(k, 'dy');
  const y = arg(k, 'y');
  const neg = b.op('Mul', [dy.name, b.op('Add', [y.name, b.scalar('float32', 1)])]);
  b.op('Where', [b.op('GreaterOrEqual', [y.name, b.scalar('float32', 0)]), dy.name, neg], {}, out(k));
};

export const GRADIENT_RULES: OnnxRuleTable = {
  Conv2DBackpropInput: backpropInput(false),
  DepthwiseConv2dNativeBackpropInput: backpropInput(true),
  Conv2DBackpropFilter: backpropFilter(false),
  DepthwiseConv2dNativeBackpropFilter: backpropFilter(true),
  MaxPoolGrad: maxPoolGrad,
  AvgPoolGrad: avgPoolGrad,
  EluGrad: eluGrad,
};
