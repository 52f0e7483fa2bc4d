// ONNX rules of the neural-network kernels: MaxPool, AvgPool, Softmax, LogSoftmax, FusedBatchNorm, LRN,
// and the pooling gradients tf.grad records inside a trace: MaxPoolGrad (MaxPool indices +
// ScatterElements) and AvgPoolGrad (ConvTranspose by 1/(fh·fw), as tfjs's cpu kernel divides). tfjs is
// NHWC, ONNX NCHW: inputs are transposed in, results out.
// Needs tfjs's conv_util (through backend_util), support/nchw, support/rule-types. Produces `NN_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { convTranspose, TO_NCHW, TO_NHWC, windowAttrs, type ConvInfo, type Shape4 } from './support/nchw.js';
import {
  arg,
  axesOf,
  finish,
  knownShape,
  optionalArg,
  out,
  type KernelCall,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';

function pool(onnxOp: 'MaxPool' | 'AveragePool'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const inShape = knownShape(x, 'pool');
    const info = tf.backend_util.computePool2DInfo(
      inShape as [number, number, number, number],
      k.attrs.filterSize as number,
      k.attrs.strides as number,
      1,
      k.attrs.pad as 'same',
      k.attrs.dimRoundingMode as 'floor',
    );
    const { strides, pads } = windowAttrs(info);
    const extra = onnxOp === 'AveragePool' ? { count_include_pad: 0 } : {};
    const y = b.op(onnxOp, [b.op('Transpose', [x.name], { perm: TO_NCHW })], {
      kernel_shape: [info.filterHeight, info.filterWidth],
      strides,
      pads,
      ...extra,
    });
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

/** tfjs cpu: offset + (x − mean) · scale / sqrt(variance + ε), statistics broadcast against x. */
const batchNorm: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const mean = arg(k, 'mean');
  const variance = arg(k, 'variance');
  const scale = optionalArg(k, 'scale');
  const offset = optionalArg(k, 'offset');
  let y = b.op('Sub', [x.name, mean.name]);
  if (scale) y = b.op('Mul', [y, scale.name]);
  y = b.op('Div', [
    y,
    b.op('Sqrt', [b.op('Add', [variance.name, b.scalar('float32', Number(k.attrs.varianceEpsilon ?? 0.001))])]),
  ]);
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
  for (let i = 0; i <= 2 * r; i++)
    sum = b.op('Add', [sum, b.op('Slice', [padded, b.int64([i]), b.int64([i + channels]), b.int64([3])])]);
  const scale = b.op('Add', [b.f64(Number(k.attrs.bias ?? 1)), b.op('Mul', [b.f64(Number(k.attrs.alpha ?? 1)), sum])]);
  const y = b.op('Mul', [xd, b.op('Pow', [scale, b.f64(-Number(k.attrs.beta ?? 0.5))])]);
  b.op('Cast', [y], { to: 1 }, out(k));
};

function poolInfo(k: KernelCall, input: string[] | number[]): ConvInfo {
  return tf.backend_util.computePool2DInfo(
    input as unknown as Shape4,
    k.attrs.filterSize as number,
    k.attrs.strides as number,
    1,
    k.attrs.pad as 'same',
    k.attrs.dimRoundingMode as 'floor',
  );
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
  const weight = b.initializer(
    'avgpool_grad_weight',
    'float32',
    [c, 1, info.filterHeight, info.filterWidth],
    new Float32Array(c * size).fill(1 / size),
  );
  convTranspose(b, dy.name, weight, info, c, out(k));
};

export const NN_RULES: OnnxRuleTable = {
  Softmax: softmax,
  LogSoftmax: logSoftmax,
  FusedBatchNorm: batchNorm,
  LRN: lrn,
  MaxPool: pool('MaxPool'),
  AvgPool: pool('AveragePool'),
  MaxPoolGrad: maxPoolGrad,
  AvgPoolGrad: avgPoolGrad,
};
