// The differences from tfjs's cpu kernels that the ONNX rules keep, each listed in
// docs/limitations.md: per kernel, whether a call has one and the words for it. The lowering warns
// (`export/onnx-inexact`) once per kernel and user line. Needs rule-types. Produces `inexactUse`.

import type { KernelCall } from './rule-types.js';

const SUMS =
  "sums in float32 where tfjs sums in float64: a partial sum beyond ±3.4e38 becomes ±Infinity or NaN where tfjs's stays finite, and terms that cancel keep less precision";

const floatInput = (k: KernelCall): boolean => k.inputTypes.some((t) => t.dtype === 'float32');
const sums = (k: KernelCall): string | undefined => (floatInput(k) ? SUMS : undefined);
const boolArithmetic = (k: KernelCall): string | undefined =>
  k.inputTypes.length > 0 && k.inputTypes.every((t) => t.dtype === 'bool')
    ? 'bool + bool and bool − bool give true where tfjs keeps 2 and 255 in its bool tensor (which where() reads as false, logical ops as true)'
    : undefined;

const DIFFERENCES: Readonly<Record<string, (k: KernelCall) => string | undefined>> = {
  Add: boolArithmetic,
  Sub: boolArithmetic,
  TopK: (k) =>
    floatInput(k)
      ? 'inputs holding NaN or a repeated infinity give another order than tfjs (it compares with a − b, NaN for those)'
      : undefined,
  BatchMatMul: sums,
  _FusedMatMul: sums,
  Conv2D: sums,
  FusedConv2D: sums,
  DepthwiseConv2dNative: sums,
  FusedDepthwiseConv2D: sums,
  Conv2DBackpropInput: sums,
  Conv2DBackpropFilter: sums,
  DepthwiseConv2dNativeBackpropInput: sums,
  DepthwiseConv2dNativeBackpropFilter: sums,
  AvgPool: sums,
  AvgPoolGrad: sums,
  Einsum: (k) =>
    floatInput(k) ? SUMS : 'int32 products beyond 2^53 wrap exactly where tfjs rounds them in float64 first',
};

/** The difference a call of `k.op` keeps from tfjs, or undefined when it has none. */
export function inexactUse(k: KernelCall): string | undefined {
  return Object.prototype.hasOwnProperty.call(DIFFERENCES, k.op) ? DIFFERENCES[k.op]!(k) : undefined;
}
