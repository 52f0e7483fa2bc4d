// Helpers of the binary elementwise rules for kernels whose tfjs values at the edges take more than one ONNX op:
// float FloorDiv and Mod computed in doubles as tfjs's kernels compute them, Pow with JS's NaN rules
// (pow(1, NaN) and pow(±1, ±Infinity) are NaN; in float64 unless numerics 'float32'), Atan2 with
// every signed zero and infinity of Math.atan2, Maximum/Minimum with JS's signed zeros, and int32
// Multiply, Pow, SquaredDifference in doubles, wrapped into int32 as tfjs stores them. Needs
// rule-types, tfjs-numerics.
// Produces `floatFloorDiv`, `floatMod`, `pow`, `atan2`, `extremum`, `int32Multiply`, `int32SquaredDifference`.

import type { OnnxGraphBuilder } from '../../onnx-builder.js';
import { doubleToFloat, int32ViaDouble, isNegativeZero, select, toDouble } from './tfjs-numerics.js';
import type { OnnxNumerics } from './rule-types.js';

/** Math.floor(a / b) in doubles, rounded to float32. */
export function floatFloorDiv(b: OnnxGraphBuilder, x: string, y: string): string {
  return doubleToFloat(b, b.op('Floor', [b.op('Div', [toDouble(b, x), toDouble(b, y)])]));
}

/** tfjs's floored modulo, in doubles: r = a % b; where the signs differ, (r + b) % b (signed zeros kept). */
export function floatMod(b: OnnxGraphBuilder, x: string, y: string): string {
  const a = toDouble(b, x);
  const c = toDouble(b, y);
  const zero = b.f64(0);
  const rem = b.op('Mod', [a, c], { fmod: 1 });
  const bothNegative = b.op('And', [b.op('Less', [a, zero]), b.op('Less', [c, zero])]);
  const bothNonNegative = b.op('And', [b.op('GreaterOrEqual', [a, zero]), b.op('GreaterOrEqual', [c, zero])]);
  const fixed = b.op('Mod', [b.op('Add', [rem, c]), c], { fmod: 1 });
  // (onnxruntime has no float64 Where: each side is rounded to float32 first, as tfjs stores it.)
  return select(
    b,
    b.op('Or', [bothNegative, bothNonNegative]),
    doubleToFloat(b, rem),
    doubleToFloat(b, fixed),
    'float32',
  );
}

/**
 * Math.pow: NaN for a NaN exponent and for (±1)^±Infinity, where C's pow gives 1. In float64, rounded
 * once (as Math.pow and tfjs's cpu kernel): onnxruntime's float32 Pow differs in the last bits; with
 * numerics 'float32', that float32 Pow.
 */
export function floatPow(b: OnnxGraphBuilder, x: string, y: string, numerics: OnnxNumerics = 'exact'): string {
  const r =
    numerics === 'float32' ? b.op('Pow', [x, y]) : doubleToFloat(b, b.op('Pow', [toDouble(b, x), toDouble(b, y)]));
  const unit = b.op('Equal', [b.op('Abs', [x]), b.scalar('float32', 1)]);
  const nan = b.op('Or', [b.op('IsNaN', [y]), b.op('And', [unit, b.op('IsInf', [y])])]);
  return b.op('Where', [nan, b.scalar('float32', NaN), r]);
}

/** The sign bit of float `x` (true for −0 and negative values, false for NaN). */
function signBit(b: OnnxGraphBuilder, x: string): string {
  const zero = b.scalar('float32', 0);
  return b.op('Or', [b.op('Less', [x, zero]), isNegativeZero(b, x, zero)]);
}

/**
 * Math.atan2(y, x): atan(y/x), plus ±π (the sign of y) where x's sign bit is set. Both infinite: the
 * operands become ±1 (±π/4, ±3π/4); both zero: x becomes ±1, so the result is y's signed zero or ±π.
 * (Every value that may be −0 stays in Where's last input.)
 */
export function atan2(b: OnnxGraphBuilder, y: string, x: string): string {
  const f = (v: number) => b.scalar('float32', v);
  const bothInf = b.op('And', [b.op('IsInf', [x]), b.op('IsInf', [y])]);
  const bothZero = b.op('And', [b.op('Equal', [x, f(0)]), b.op('Equal', [y, f(0)])]);
  const xNegative = signBit(b, x);
  const xUnit = b.op('Where', [xNegative, f(-1), f(1)]);
  const x1 = b.op('Where', [b.op('Or', [bothInf, bothZero]), xUnit, x]);
  const y1 = b.op('Where', [bothInf, b.op('Where', [signBit(b, y), f(-1), f(1)]), y]);
  const r = b.op('Atan', [b.op('Div', [y1, x1])]);
  const shift = b.op('Where', [signBit(b, y), f(-Math.PI), f(Math.PI)]);
  return b.op('Where', [xNegative, b.op('Add', [r, shift]), r]);
}

/**
 * Math.max / Math.min on floats: NaN if either is NaN (as ONNX Max/Min), and for two zeros +0 for
 * max unless both are −0, −0 for min if either is.
 */
export function extremum(b: OnnxGraphBuilder, kind: 'Max' | 'Min', x: string, y: string): string {
  const zero = b.scalar('float32', 0);
  const bothZero = b.op('And', [b.op('Equal', [x, zero]), b.op('Equal', [y, zero])]);
  const zeros = kind === 'Max' ? b.op('Add', [x, y]) : b.op('Neg', [b.op('Add', [b.op('Neg', [x]), b.op('Neg', [y])])]);
  return select(b, bothZero, zeros, b.op(kind, [x, y]), 'float32');
}

/** int32 a·b as tfjs computes it: the product in doubles (rounded beyond 2^53), wrapped into int32. */
export function int32Multiply(b: OnnxGraphBuilder, x: string, y: string): string {
  return int32ViaDouble(b, [x, y], ([a, c]) => b.op('Mul', [a!, c!]));
}

/** int32 Math.pow(a, b) in doubles, truncated and wrapped into int32 (pow(0, −1) = Infinity → 0). */
export function int32Pow(b: OnnxGraphBuilder, x: string, y: string): string {
  return int32ViaDouble(b, [x, y], ([a, c]) => b.op('Pow', [a!, c!]), false);
}

/** int32 (a − b)² in doubles, wrapped into int32. */
export function int32SquaredDifference(b: OnnxGraphBuilder, x: string, y: string): string {
  return int32ViaDouble(b, [x, y], ([a, c]) => {
    const d = b.op('Sub', [a!, c!]);
    return b.op('Mul', [d, d]);
  });
}
