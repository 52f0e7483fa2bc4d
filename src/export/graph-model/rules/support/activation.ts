// The bias add and activation of tfjs's fused kernels (_FusedMatMul, FusedConv2D, FusedDepthwiseConv2D)
// as TF ops tfjs-converter runs: linear, relu, relu6, elu, sigmoid, leakyrelu, prelu, in the order
// tfjs's cpu kernels apply them. Not a rule. Needs support/rule-types and graph-def. Produces `biasAndActivation`.

import { attr } from '../../graph-def.js';
import { tAttr, type GraphModelBuilder, type KernelCall } from './rule-types.js';

/** bias add + activation of the tfjs fused kernels, in the order their cpu kernels apply them. */
export function biasAndActivation(b: GraphModelBuilder, k: KernelCall, y: string): string {
  const T = tAttr(k);
  const bias = k.optionalInput('bias');
  if (bias) y = b.emit('AddV2', [y, bias], T);
  const act = String(k.attrs.activation ?? 'linear');
  switch (act) {
    case 'linear':
      return y;
    case 'relu':
      return b.emit('Relu', [y], T);
    case 'relu6':
      return b.emit('Relu6', [y], T);
    case 'elu':
      return b.emit('Elu', [y], T);
    case 'sigmoid':
      return b.emit('Sigmoid', [y], T);
    case 'leakyrelu': {
      const alpha = typeof k.attrs.leakyreluAlpha === 'number' ? k.attrs.leakyreluAlpha : 0.2;
      return b.emit('LeakyRelu', [y], { ...T, alpha: attr.float(alpha) });
    }
    case 'prelu':
      return b.emit('Prelu', [y, k.input('preluActivationWeights')], T);
    default:
      return b.fail(`activation '${act}' is not supported`);
  }
}
