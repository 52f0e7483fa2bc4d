// ONNX rules of the convolution kernels: Conv2D / DepthwiseConv2dNative and their fused forms (Conv, then
// bias and activation), and the backprops tf.grad records inside a trace: Conv2DBackpropInput and
// DepthwiseConv2dNativeBackpropInput (ConvTranspose), Conv2DBackpropFilter and
// DepthwiseConv2dNativeBackpropFilter (a Conv of x by dy). tfjs is NHWC, ONNX NCHW: inputs and filters
// are transposed in, results out (onnxruntime folds constant filter transposes); the backprops are NHWC only.
// Needs tfjs's conv_util (through backend_util), support/nchw, support/activation, support/rule-types.
// Produces `CONV_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { OnnxExportError } from '../onnx-errors.js';
import { applyActivation } from './support/activation.js';
import { convTranspose, TO_NCHW, TO_NHWC, windowAttrs, type Shape4 } from './support/nchw.js';
import {
  arg,
  knownShape,
  optionalArg,
  out,
  type KernelCall,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';

function channelsLast(k: KernelCall): boolean {
  const f = k.attrs.dataFormat ?? 'NHWC';
  if (f !== 'NHWC' && f !== 'NCHW') throw new OnnxExportError(`dataFormat '${String(f)}' is not supported`);
  return f === 'NHWC';
}

function conv2d(depthwise: boolean, fused: boolean): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const filter = arg(k, 'filter');
    const last = channelsLast(k);
    const inShape = knownShape(x, 'conv2d');
    const fShape = knownShape(filter, 'conv2d');
    const info = tf.backend_util.computeConv2DInfo(
      inShape as [number, number, number, number],
      fShape as [number, number, number, number],
      k.attrs.strides as number,
      (k.attrs.dilations ?? 1) as number,
      k.attrs.pad as 'same',
      k.attrs.dimRoundingMode as 'floor',
      depthwise,
      last ? 'channelsLast' : 'channelsFirst',
    );
    const xs = last ? b.op('Transpose', [x.name], { perm: TO_NCHW }) : x.name;
    let w: string;
    if (depthwise) {
      const [fh, fw, cin, mult] = fShape as [number, number, number, number];
      w = b.op('Transpose', [b.op('Reshape', [filter.name, b.int64([fh, fw, 1, cin * mult])])], { perm: [3, 2, 0, 1] });
    } else {
      w = b.op('Transpose', [filter.name], { perm: [3, 2, 0, 1] });
    }
    const attrs = {
      ...windowAttrs(info),
      kernel_shape: [info.filterHeight, info.filterWidth],
      group: depthwise ? info.inChannels : 1,
    };
    const y = b.op('Conv', [xs, w], attrs);
    let r = last ? b.op('Transpose', [y], { perm: TO_NHWC }) : y;
    if (fused) {
      const bias = optionalArg(k, 'bias');
      if (bias)
        r = b.op('Add', [
          r,
          last || bias.shape.length !== 1 ? bias.name : b.op('Reshape', [bias.name, b.int64([1, -1, 1, 1])]),
        ]);
      r = applyActivation(
        b,
        r,
        k.attrs.activation,
        optionalArg(k, 'preluActivationWeights')?.name,
        k.attrs.leakyreluAlpha,
      );
    }
    b.op('Identity', [r], {}, out(k));
  };
}

function nhwcOnly(k: KernelCall): void {
  if ((k.attrs.dataFormat ?? 'NHWC') !== 'NHWC')
    throw new OnnxExportError('only the NHWC data format is supported for gradients');
}

function backpropInput(depthwise: boolean): OnnxRule {
  return (b, k) => {
    nhwcOnly(k);
    const dy = arg(k, 'dy');
    const filter = arg(k, 'filter');
    const fShape = knownShape(filter, 'conv2d gradient') as Shape4;
    const info = tf.backend_util.computeConv2DInfo(
      k.attrs.inputShape as Shape4,
      fShape,
      k.attrs.strides as number,
      (k.attrs.dilations ?? 1) as number,
      k.attrs.pad as 'same',
      k.attrs.dimRoundingMode as 'floor',
      depthwise,
    );
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
    const info = tf.backend_util.computeConv2DInfo(
      xShape,
      fShape,
      k.attrs.strides as number,
      (depthwise ? (k.attrs.dilations ?? 1) : 1) as number,
      k.attrs.pad as 'same',
      k.attrs.dimRoundingMode as 'floor',
      depthwise,
    );
    const p = info.padInfo;
    const reach = (f: number, d: number, o: number, s: number) => (f - 1) * d + 1 + (o - 1) * s;
    const bottom = Math.max(
      0,
      reach(fh, info.dilationHeight, info.outHeight, info.strideHeight) - info.inHeight - p.top,
    );
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

export const CONV_RULES: OnnxRuleTable = {
  Conv2D: conv2d(false, false),
  DepthwiseConv2dNative: conv2d(true, false),
  FusedConv2D: conv2d(false, true),
  FusedDepthwiseConv2D: conv2d(true, true),
  Conv2DBackpropInput: backpropInput(false),
  DepthwiseConv2dNativeBackpropInput: backpropInput(true),
  Conv2DBackpropFilter: backpropFilter(false),
  DepthwiseConv2dNativeBackpropFilter: backpropFilter(true),
};
