// ONNX rules of tfjs's elementwise binary kernels with tfjs semantics: FloorDiv floors (exact on
// int32), Mod is floored (sign of the divisor), comparisons give bool, NotEqual = Not(Equal), AddN = Sum, Select = Where;
// Pow and Atan2 keep JS's values at ±0, NaN and ±Infinity (docs/limitations.md lists what onnxruntime cannot).
// Needs rule-types and the builder. Produces `BINARY_RULES`.

import type { DType } from '../../../ir/types.js';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { arg, args, finish, out, outType, type Arg, type KernelCall, type OnnxRule } from './rule-types.js';

/** The (a, b) inputs, cast to `dtype`. */
function pair(b: OnnxGraphBuilder, k: KernelCall, dtype: DType): [string, string] {
  const x = arg(k, 'a', 0);
  const y = arg(k, 'b', 1);
  return [b.cast(x.name, x.dtype, dtype), b.cast(y.name, y.dtype, dtype)];
}

/**
 * The dtype the inputs are computed in: theirs (int32, float32), float32 when `floatOnly`. bool is
 * computed as int32 (ONNX arithmetic and ordering have no bool form); a bool result is then `≠ 0`,
 * so bool+bool is Or, bool−bool Xor and bool·bool And (tfjs cpu keeps 2 and 255 in its bool
 * Uint8Array there, a value a bool tensor of ONNX cannot hold).
 */
function workType(k: KernelCall, floatOnly = false): DType {
  const d = arg(k, 'a', 0).dtype;
  return floatOnly ? 'float32' : d === 'bool' ? 'int32' : d;
}

function arithmetic(onnxOp: string, floatOnly = false): OnnxRule {
  return (b, k) => {
    const d = workType(k, floatOnly);
    const node = b.op(onnxOp, pair(b, k, d));
    finish(b, k, node, d);
  };
}

function compare(onnxOp: string, negate = false): OnnxRule {
  return (b, k) => {
    const d = workType(k);
    const r = b.op(onnxOp, pair(b, k, d));
    b.op(negate ? 'Not' : 'Identity', [r], {}, out(k));
  };
}

function logical(onnxOp: string): OnnxRule {
  return (b, k) => void b.op(onnxOp, pair(b, k, 'bool'), {}, out(k));
}

/**
 * int32 division by 0 gives 0 in tfjs (±Infinity and NaN stored into an Int32Array) but is an error in
 * onnxruntime, and INT32_MIN / −1 traps (SIGFPE) there: divide by 1 in both cases, then put tfjs's
 * result in: 0 for a zero divisor, `byMinusOne` (−x, wrapping, for division; 0 for modulo) for −1.
 */
function guardDivisor(b: OnnxGraphBuilder, x: string, y: string, emit: (safeY: string) => string, division: boolean): string {
  const zero = b.scalar('int32', 0);
  const isZero = b.op('Equal', [y, zero]);
  const isMinusOne = b.op('Equal', [y, b.scalar('int32', -1)]);
  const r = emit(b.op('Where', [b.op('Or', [isZero, isMinusOne]), b.scalar('int32', 1), y]));
  const byMinusOne = division ? b.op('Sub', [zero, x]) : zero;
  return b.op('Where', [isZero, zero, b.op('Where', [isMinusOne, byMinusOne, r])]);
}

/** Floored division: int32 as truncated quotient minus one where the remainder's sign differs. */
const floorDiv: OnnxRule = (b, k) => {
  const d = workType(k);
  const [x, y] = pair(b, k, d);
  if (d !== 'int32') {
    finish(b, k, b.op('Floor', [b.op('Div', [x, y])]), d);
    return;
  }
  finish(b, k, guardDivisor(b, x, y, (safe) => intFloorDiv(b, x, safe), true), d);
};

function intFloorDiv(b: OnnxGraphBuilder, x: string, y: string): string {
  const q = b.op('Div', [x, y]);
  const r = b.op('Mod', [x, y], { fmod: 1 });
  const zero = b.scalar('int32', 0);
  const inexact = b.op('Not', [b.op('Equal', [r, zero])]);
  const signsDiffer = b.op('Xor', [b.op('Less', [r, zero]), b.op('Less', [y, zero])]);
  const adjust = b.op('Cast', [b.op('And', [inexact, signsDiffer])], { to: 6 });
  return b.op('Sub', [q, adjust]);
}

/** Floored modulo: ONNX Mod fmod=0 on ints; on floats fmod plus the divisor where signs differ. */
const mod: OnnxRule = (b, k) => {
  const d = workType(k);
  const [x, y] = pair(b, k, d);
  if (d === 'int32') {
    finish(b, k, guardDivisor(b, x, y, (safe) => b.op('Mod', [x, safe], { fmod: 0 }), false), d);
    return;
  }
  const r = b.op('Mod', [x, y], { fmod: 1 });
  const zero = b.scalar('float32', 0);
  const inexact = b.op('Not', [b.op('Equal', [r, zero])]);
  const signsDiffer = b.op('Xor', [b.op('Less', [r, zero]), b.op('Less', [y, zero])]);
  const fixed = b.op('Add', [r, y]);
  finish(b, k, b.op('Where', [b.op('And', [inexact, signsDiffer]), fixed, r]), d);
};

const squaredDifference: OnnxRule = (b, k) => {
  const d = workType(k);
  const diff = b.op('Sub', pair(b, k, d));
  finish(b, k, b.op('Mul', [diff, diff]), d);
};

/** RealDiv: float division (int32 inputs are divided as float32). */
const realDiv: OnnxRule = (b, k) => {
  const d: DType = outType(k).dtype === 'int32' && workType(k) === 'int32' ? 'float32' : workType(k, true);
  finish(b, k, b.op('Div', pair(b, k, d)), d);
};

/** Select(condition, t, e) → Where; a rank-1 condition picks rows of higher-rank t/e (as tfjs does). */
const select: OnnxRule = (b, k) => {
  const c = arg(k, 'condition', 0);
  const t = arg(k, 't', 1);
  const e = arg(k, 'e', 2);
  let cond = b.cast(c.name, c.dtype, 'bool');
  const rank = Math.max(t.shape.length, e.shape.length);
  if (c.shape.length === 1 && rank > 1) cond = b.op('Reshape', [cond, b.int64([-1, ...Array(rank - 1).fill(1)])]);
  b.op('Where', [cond, t.name, e.name], {}, out(k));
};

/**
 * atan2(a, b) as JS's Math.atan2: atan(a/b), shifted by ±π where b's sign bit is set (b < 0 or -0),
 * the shift taking a's sign (so ±0 gives ±π); where a/b is NaN from two zeros or two infinities the
 * result is JS's: a (±0) or ±π at the origin, ±π/4 or ±3π/4 at the infinities.
 */
const atan2: OnnxRule = (b, k) => {
  const [y, x] = pair(b, k, 'float32');
  const f = (v: number) => b.scalar('float32', v);
  const zero = f(0);
  /** The sign bit: v < 0, or v a -0 (1 / -0 is -Infinity). */
  const negative = (v: string) => b.op('Or', [b.op('Less', [v, zero]), b.op('Less', [b.op('Div', [f(1), v]), zero])]);
  const negY = negative(y);
  const negX = negative(x);
  const signed = (v: number) => b.op('Where', [negY, f(-v), f(v)]);
  const r = b.op('Atan', [b.op('Div', [y, x])]);
  const quadrant = b.op('Where', [negX, b.op('Add', [r, signed(Math.PI)]), r]);
  const origin = b.op('And', [b.op('Equal', [x, zero]), b.op('Equal', [y, zero])]);
  const inf = f(Infinity);
  const infinities = b.op('And', [b.op('Equal', [b.op('Abs', [x]), inf]), b.op('Equal', [b.op('Abs', [y]), inf])]);
  const atOrigin = b.op('Where', [negX, signed(Math.PI), y]);
  const atInfinity = b.op('Where', [negX, signed((3 * Math.PI) / 4), signed(Math.PI / 4)]);
  finish(b, k, b.op('Where', [origin, atOrigin, b.op('Where', [infinities, atInfinity, quadrant])]), 'float32');
};

/**
 * Pow as JS's `**` (and tfjs): float32 `x ** NaN` and `(±1) ** ±Infinity` are NaN where ONNX (C's pow)
 * gives 1; on int32 a negative exponent gives JS's result `| 0` (1 for 1, ±1 for -1, 0 otherwise)
 * where ONNX's integer Pow is undefined.
 */
const pow: OnnxRule = (b, k) => {
  const d = workType(k);
  const [x, y] = pair(b, k, d);
  if (d === 'float32') {
    const f = (v: number) => b.scalar('float32', v);
    const unitBase = b.op('And', [b.op('Equal', [b.op('Abs', [x]), f(1)]), b.op('IsInf', [y])]);
    const nan = b.op('Or', [b.op('IsNaN', [y]), unitBase]);
    finish(b, k, b.op('Where', [nan, f(NaN), b.op('Pow', [x, y])]), d);
    return;
  }
  const i = (v: number) => b.scalar('int32', v);
  const negative = b.op('Less', [y, i(0)]);
  const odd = b.op('Equal', [b.op('Mod', [y, i(2)], { fmod: 0 }), i(1)]);
  const fraction = b.op('Where', [b.op('Equal', [x, i(1)]), i(1), b.op('Where', [b.op('Equal', [x, i(-1)]), b.op('Where', [odd, i(-1), i(1)]), i(0)])]);
  const whole = b.op('Pow', [x, b.op('Where', [negative, i(0), y])]);
  finish(b, k, b.op('Where', [negative, fraction, whole]), d);
};

const addN: OnnxRule = (b, k) => {
  const xs: Arg[] = args(k);
  const d = outType(k).dtype;
  b.op(xs.length === 1 ? 'Identity' : 'Sum', xs.map((x) => b.cast(x.name, x.dtype, d)), {}, out(k));
};

export const BINARY_RULES: Readonly<Record<string, OnnxRule>> = {
  Add: arithmetic('Add'),
  Sub: arithmetic('Sub'),
  Multiply: arithmetic('Mul'),
  RealDiv: realDiv,
  FloorDiv: floorDiv,
  Mod: mod,
  Maximum: arithmetic('Max'),
  Minimum: arithmetic('Min'),
  Pow: pow,
  SquaredDifference: squaredDifference,
  AddN: addN,
  Select: select,
  Atan2: atan2,
  Equal: compare('Equal'),
  NotEqual: compare('Equal', true),
  Greater: compare('Greater'),
  GreaterEqual: compare('GreaterOrEqual'),
  Less: compare('Less'),
  LessEqual: compare('LessOrEqual'),
  LogicalAnd: logical('And'),
  LogicalOr: logical('Or'),
  LogicalXor: logical('Xor'),
  BitwiseAnd: (b, k) => void b.op('BitwiseAnd', pair(b, k, 'int32'), {}, out(k)),
};
