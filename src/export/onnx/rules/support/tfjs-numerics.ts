// ONNX building blocks that compute as tfjs's cpu kernels do: in doubles (the kernels' JS numbers),
// stored into an Int32Array (ToInt32: truncation, NaN/±Infinity → 0, wrap modulo 2^32) or a
// Float32Array (round to nearest); and a select that keeps the sign of a zero (onnxruntime's Where
// turns a -0 taken from its second input into +0). Needs the builder. Produces the helpers.

import type { DType } from '../../../../ir/types.js';
import type { OnnxGraphBuilder } from '../../onnx-builder.js';
import { ElemType } from '../../onnx-proto.js';

/** `x` as float64 (exact for float32 and int32 values). */
export function toDouble(b: OnnxGraphBuilder, x: string): string {
  return b.op('Cast', [x], { to: ElemType.DOUBLE });
}

/** A float64 value rounded to float32 (as storing into a Float32Array does). */
export function doubleToFloat(b: OnnxGraphBuilder, x: string, into?: string): string {
  return b.op('Cast', [x], { to: ElemType.FLOAT }, into);
}

/**
 * ToInt32 of a float64 value, as storing a JS number into an Int32Array: NaN and ±Infinity give 0,
 * the value is truncated toward zero, then taken modulo 2^32 into [−2^31, 2^31). `integral` skips the
 * truncation (products and sums of integers are integers).
 */
export function doubleToInt32(b: OnnxGraphBuilder, x: string, integral = false, into?: string): string {
  const d = (v: number) => b.f64(v);
  const finite = b.op('Where', [b.op('Less', [b.op('Abs', [x]), d(Infinity)]), x, d(0)]);
  const whole = integral
    ? finite
    : b.op('Where', [b.op('Less', [finite, d(0)]), b.op('Ceil', [finite]), b.op('Floor', [finite])]);
  const periods = b.op('Floor', [b.op('Mul', [whole, d(2 ** -32)])]);
  const rem = b.op('Sub', [whole, b.op('Mul', [periods, d(2 ** 32)])]);
  const wrapped = b.op('Where', [b.op('GreaterOrEqual', [rem, d(2 ** 31)]), b.op('Sub', [rem, d(2 ** 32)]), rem]);
  return b.op('Cast', [wrapped], { to: ElemType.INT32 }, into);
}

/** An int32 result computed from int32 operands in doubles: `emit` gets the float64 operands. */
export function int32ViaDouble(
  b: OnnxGraphBuilder,
  xs: readonly string[],
  emit: (ds: string[]) => string,
  integral = true,
  into?: string,
): string {
  return doubleToInt32(b, emit(xs.map((x) => toDouble(b, x))), integral, into);
}

/** Is `x` (float) a negative zero? */
export function isNegativeZero(b: OnnxGraphBuilder, x: string, zero: string): string {
  return b.op('And', [b.op('Equal', [x, zero]), b.op('Less', [b.op('Reciprocal', [x]), zero])]);
}

/**
 * `cond ? a : c` for floats, keeping the sign of a zero it picks. onnxruntime's Where gives +0 for a
 * −0 picked from its second input (and its optimizer swaps the inputs of `Where(Not(c), …)`), so the
 * zero's sign bit is picked separately (a bool Where) and put back: |r|·(−1) where the picked value
 * was −0. For ints and bools a plain Where.
 */
export function select(
  b: OnnxGraphBuilder,
  cond: string,
  a: string,
  c: string,
  dtype: DType | 'float64',
  into?: string,
): string {
  if (dtype !== 'float32' && dtype !== 'float64') return b.op('Where', [cond, a, c], {}, into);
  const k = (v: number) => (dtype === 'float64' ? b.f64(v) : b.scalar('float32', v));
  const r = b.op('Where', [cond, a, c]);
  const signBit = (v: string) => b.op('Less', [b.op('Reciprocal', [v]), k(0)]);
  const zero = b.op('Equal', [r, k(0)]);
  const picked = b.op('Or', [b.op('And', [cond, signBit(a)]), b.op('And', [b.op('Not', [cond]), signBit(c)])]);
  const negativeZero = b.op('And', [zero, picked]);
  const magnitude = b.op('Where', [zero, b.op('Abs', [r]), r]);
  return b.op('Mul', [magnitude, b.op('Where', [negativeZero, k(-1), k(1)])], {}, into);
}
