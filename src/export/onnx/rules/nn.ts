// ONNX rules of the neural-network kernels: Softmax, LogSoftmax, Prelu, TopK, FusedBatchNorm, LRN,
// Conv2D / DepthwiseConv2dNative and their fused forms, MaxPool, AvgPool. tfjs is NHWC, ONNX NCHW:
// inputs and filters are transposed in, results out (onnxruntime folds constant filter transposes).
// Needs tfjs's conv_util (through backend_util), activation, rule-types. Produces `NN_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { OnnxExportError } from '../onnx-errors.js';
import { applyActivation } from './support/activation.js';
import { arg, axesOf, finish, knownShape, optionalArg, out, type KernelCall, type OnnxRule, type OnnxRuleTable } from './support/rule-types.js';

const TO_NCHW = [0, 3, 1, 2];
const TO_NHWC = [0, 2, 3, 1];

type ConvInfo = ReturnType<typeof tf.backend_util.computeConv2DInfo>;

/** ONNX Conv/Pool attributes for a tfjs conv info; checks ONNX's floor rule gives tfjs's out shape. */
function windowAttrs(info: ConvInfo): { strides: number[]; pads: number[]; dilations: number[] } {
  const p = info.padInfo;
  const outH = Math.floor((info.inHeight + p.top + p.bottom - info.effectiveFilterHeight) / info.strideHeight) + 1;
  const outW = Math.floor((info.inWidth + p.left + p.right - info.effectiveFilterWidth) / info.strideWidth) + 1;
  if (outH !== info.outHeight || outW !== info.outWidth) {
    throw new OnnxExportError(`the padding/rounding mode gives an output ${info.outHeight}x${info.outWidth} that ONNX's floor rule (${outH}x${outW}) cannot express`);
  }
  return { strides: [info.strideHeight, info.strideWidth], pads: [p.top, p.left, p.bottom, p.right], dilations: [info.dilationHeight, info.dilationWidth] };
}

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
    const info = tf.backend_util.computeConv2DInfo(inShape as [number, number, number, number], fShape as [number, number, number, number],
      k.attrs.strides as number, (k.attrs.dilations ?? 1) as number, k.attrs.pad as 'same', k.attrs.dimRoundingMode as 'floor', depthwise,
      last ? 'channelsLast' : 'channelsFirst');
    const xs = last ? b.op('Transpose', [x.name], { perm: TO_NCHW }) : x.name;
    let w: string;
    if (depthwise) {
      const [fh, fw, cin, mult] = fShape as [number, number, number, number];
      w = b.op('Transpose', [b.op('Reshape', [filter.name, b.int64([fh, fw, 1, cin * mult])])], { perm: [3, 2, 0, 1] });
    } else {
      w = b.op('Transpose', [filter.name], { perm: [3, 2, 0, 1] });
    }
    const attrs = { ...windowAttrs(info), kernel_shape: [info.filterHeight, info.filterWidth], group: depthwise ? info.inChannels : 1 };
    const y = b.op('Conv', [xs, w], attrs);
    let r = last ? b.op('Transpose', [y], { perm: TO_NHWC }) : y;
    if (fused) {
      const bias = optionalArg(k, 'bias');
      if (bias) r = b.op('Add', [r, last || bias.shape.length !== 1 ? bias.name : b.op('Reshape', [bias.name, b.int64([1, -1, 1, 1])])]);
      r = applyActivation(b, r, k.attrs.activation, optionalArg(k, 'preluActivationWeights')?.name, k.attrs.leakyreluAlpha);
    }
    b.op('Identity', [r], {}, out(k));
  };
}

function pool(onnxOp: 'MaxPool' | 'AveragePool'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const inShape = knownShape(x, 'pool');
    const info = tf.backend_util.computePool2DInfo(inShape as [number, number, number, number], k.attrs.filterSize as number,
      k.attrs.strides as number, 1, k.attrs.pad as 'same', k.attrs.dimRoundingMode as 'floor');
    const { strides, pads } = windowAttrs(info);
    const extra = onnxOp === 'AveragePool' ? { count_include_pad: 0 } : {};
    const y = b.op(onnxOp, [b.op('Transpose', [x.name], { perm: TO_NCHW })], { kernel_shape: [info.filterHeight, info.filterWidth], strides, pads, ...extra });
    b.op('Transpose', [y], { perm: TO_NHWC }, out(k));
  };
}

const softmax: OnnxRule = (b, k) => {
  const x = arg(k, 'logits');
  b.op('Softmax', [x.name], { axis: axesOf(k.attrs.dim ?? -1, x.shape.length)[0]! }, out(k));
};

const logSoftmax: OnnxRule = (b, k) => {
  const x = arg(k, 'logits');
  b.op('LogSoftmax', [x.name], { axis: axesOf(k.attrs.axis ?? -1, x.shape.length)[0]! }, out(k));
};

const topK: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const [values, indices] = b.node('TopK', [x.name, b.int64([Number(k.attrs.k)])], [out(k, 0), b.fresh('topk_indices')], { axis: -1, largest: 1, sorted: 1 });
  b.op('Cast', [indices!], { to: 6 }, out(k, 1));
  void values;
};

/** tfjs cpu: offset + (x − mean) · scale / sqrt(variance + ε), statistics broadcast against x. */
const batchNorm: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const mean = arg(k, 'mean');
  const variance = arg(k, 'variance');
  const scale = optionalArg(k, 'scale');
  const offset = optionalArg(k, 'offset');
  let y = b.op('Sub', [x.name, mean.name]);
  if (scale) y = b.op('Mul', [y, scale.name]);
  y = b.op('Div', [y, b.op('Sqrt', [b.op('Add', [variance.name, b.scalar('float32', Number(k.attrs.varianceEpsilon ?? 0.001))])])]);
  if (offset) y = b.op('Add', [y, offset.name]);
  finish(b, k, y, 'float32');
};

/**
 * tfjs's LRN in doubles, as its cpu kernel computes it: x · (bias + alpha · Σ x²)^−beta, the sum over
 * channels [c − r, c + r] added in order (the squares padded with zeros at both ends, one slice per
 * offset), so large inputs do not overflow float32 where tfjs's sum does not.
 */
const lrn: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const r = Number(k.attrs.depthRadius ?? 5);
  const channels = knownShape(x, 'LRN')[3]!;
  const xd = b.op('Cast', [x.name], { to: 11 });
  const padded = b.op('Pad', [b.op('Mul', [xd, xd]), b.int64([0, 0, 0, r, 0, 0, 0, r])], { mode: 'constant' });
  let sum = b.f64(0);
  for (let i = 0; i <= 2 * r; i++) sum = b.op('Add', [sum, b.op('Slice', [padded, b.int64([i]), b.int64([i + channels]), b.int64([3])])]);
  const scale = b.op('Add', [b.f64(Number(k.attrs.bias ?? 1)), b.op('Mul', [b.f64(Number(k.attrs.alpha ?? 1)), sum])]);
  const y = b.op('Mul', [xd, b.op('Pow', [scale, b.f64(-Number(k.attrs.beta ?? 0.5))])]);
  b.op('Cast', [y], { to: 1 }, out(k));
};

const prelu: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const alpha = arg(k, 'alpha');
  b.op('PRelu', [x.name, alpha.name], {}, out(k));
};

export const NN_RULES: OnnxRuleTable = {
  Softmax: softmax,
  LogSoftmax: logSoftmax,
  Prelu: prelu,
  TopK: topK,
  FusedBatchNorm: batchNorm,
  LRN: lrn,
  Conv2D: conv2d(false, false),
  DepthwiseConv2dNative: conv2d(true, false),
  FusedConv2D: conv2d(false, true),
  FusedDepthwiseConv2D: conv2d(true, true),
  MaxPool: pool('MaxPool'),
  AvgPool: pool('AveragePool'),
};
