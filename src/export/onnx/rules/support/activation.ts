// The activations of tfjs's fused kernels (_FusedMatMul, FusedConv2D, FusedDepthwiseConv2D):
// linear, relu, relu6, elu, prelu, leakyrelu, sigmoid, applied to a float32 ONNX value with the values
// of tfjs's kernels (elementwise-unary.ts). Needs the builder, elementwise-unary. Produces `applyActivation`.

import type { OnnxGraphBuilder } from '../../onnx-builder.js';
import { OnnxExportError } from '../../onnx-errors.js';
import { elu, plusZero, sigmoid } from '../elementwise-unary.js';

export function applyActivation(
  b: OnnxGraphBuilder,
  x: string,
  activation: unknown,
  prelu: string | undefined,
  leakyAlpha: unknown,
): string {
  switch (activation ?? 'linear') {
    case 'linear':
      return x;
    case 'relu':
      return plusZero(b, b.op('Relu', [x]));
    case 'relu6':
      return plusZero(b, b.op('Clip', [x, b.scalar('float32', 0), b.scalar('float32', 6)]));
    case 'elu':
      return elu(b, x);
    case 'sigmoid':
      return sigmoid(b, x);
    case 'leakyrelu':
      return b.op('LeakyRelu', [x], { alpha: { float: Number(leakyAlpha ?? 0.2) } });
    case 'prelu':
      if (!prelu) throw new OnnxExportError('activation prelu without preluActivationWeights');
      return b.op('PRelu', [x, prelu]);
    default:
      throw new OnnxExportError(`the fused activation '${String(activation)}' has no ONNX rule`);
  }
}
