// ONNX rules of tfjs's elementwise kernels of two or more inputs, with the values of tfjs's cpu kernels:
// FloorDiv floors (exact on int32), Mod is floored (sign of the divisor), comparisons give bool,
// NotEqual = Not(Equal), AddN adds in order into zeros, Select = Where keeping signed zeros, Prelu,
// EluGrad (the gradient tf.grad records); the edge cases of float FloorDiv/Mod/Pow/Atan2/Maximum/Minimum
// and int32 Multiply/Pow/SquaredDifference are in support/binary-edges.ts. The elementwise family's
// second file (elementwise-unary.ts has the one-input kernels). Needs support/rule-types,
// support/binary-edges, support/tfjs-numerics, elementwise-unary and the builder.
// Produces `ELEMENTWISE_BINARY_RULES`.

import type { DType } from '../../../ir/types.js';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import {
  arg,
  args,
  constantWhere,
  finish,
  out,
  outType,
  type Arg,
  type KernelCall,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';
import {
  atan2,
  extremum,
  floatFloorDiv,
  floatMod,
  floatPow,
  int32Multiply,
  int32Pow,
  int32SquaredDifference,
} from './support/binary-edges.js';
import { doubleToFloat, doubleToInt32, select as signedSelect, toDouble } from './support/tfjs-numerics.js';
import { plusZero } from './elementwise-unary.js';

/** The (a, b) inputs, cast to `dtype`. */
function pair(b: OnnxGraphBuilder, k: KernelCall, dtype: DType): [string, string] {
  const x = arg(k, 'a');
  const y = arg(k, 'b');
  return [b.cast(x.name, x.dtype, dtype), b.cast(y.name, y.dtype, dtype)];
}

/**
 * The dtype the inputs are computed in: theirs (int32, float32), float32 when `floatOnly`. bool is
 * computed as int32 (ONNX arithmetic and ordering have no bool form); a bool result is then `≠ 0`,
 * so bool+bool is Or, bool−bool Xor and bool·bool And (tfjs cpu keeps 2 and 255 in its bool
 * Uint8Array there, a value a bool tensor of ONNX cannot hold).
 */
function workType(k: KernelCall, floatOnly = false): DType {
  const d = arg(k, 'a').dtype;
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
function guardDivisor(
  b: OnnxGraphBuilder,
  x: string,
  y: string,
  emit: (safeY: string) => string,
  division: boolean,
): string {
  const zero = b.scalar('int32', 0);
  const isZero = b.op('Equal', [y, zero]);
  const isMinusOne = b.op('Equal', [y, b.scalar('int32', -1)]);
  const r = emit(b.op('Where', [b.op('Or', [isZero, isMinusOne]), b.scalar('int32', 1), y]));
  const byMinusOne = division ? b.op('Sub', [zero, x]) : zero;
  return b.op('Where', [isZero, zero, b.op('Where', [isMinusOne, byMinusOne, r])]);
}

/** Floored division: int32 as truncated quotient minus one where the remainder's sign differs; floats in doubles. */
const floorDiv: OnnxRule = (b, k) => {
  const d = workType(k);
  const [x, y] = pair(b, k, d);
  if (d !== 'int32') {
    // tfjs's FloorDiv of floats stores Math.floor(a / b) into an int32 tensor (into float32 when it is one).
    if (outType(k).dtype === 'int32')
      doubleToInt32(b, b.op('Floor', [b.op('Div', [toDouble(b, x), toDouble(b, y)])]), true, out(k));
    else finish(b, k, floatFloorDiv(b, x, y), d);
    return;
  }
  finish(
    b,
    k,
    plainDivisor(k) ? intFloorDiv(b, x, y) : guardDivisor(b, x, y, (safe) => intFloorDiv(b, x, safe), true),
    d,
  );
};

type Emit = (b: OnnxGraphBuilder, x: string, y: string, k: KernelCall) => string;

/** A rule computing in the inputs' dtype: `int` for int32 (and bool as int32), `float` for float32. */
function byType(int: Emit, float: Emit): OnnxRule {
  return (b, k) => {
    const d = workType(k);
    const [x, y] = pair(b, k, d);
    finish(b, k, d === 'int32' ? int(b, x, y, k) : float(b, x, y, k), d);
  };
}

/** A constant divisor none of whose values is 0 or −1 needs no guard. */
const plainDivisor = (k: KernelCall) => constantWhere(k, 1, (v) => v !== 0 && v !== -1);

/**
 * int32 a·b: exact in int32 (wrapping) when a constant factor keeps every product within 2^53 (then
 * tfjs's double product is exact too), else as tfjs computes it (binary-edges).
 */
const int32Times: Emit = (b, x, y, k) =>
  constantWhere(k, 0, (v) => Math.abs(v) <= 2 ** 22) || constantWhere(k, 1, (v) => Math.abs(v) <= 2 ** 22)
    ? b.op('Mul', [x, y])
    : int32Multiply(b, x, y);

function intFloorDiv(b: OnnxGraphBuilder, x: string, y: string): string {
  const q = b.op('Div', [x, y]);
  const r = b.op('Mod', [x, y], { fmod: 1 });
  const zero = b.scalar('int32', 0);
  const inexact = b.op('Not', [b.op('Equal', [r, zero])]);
  const signsDiffer = b.op('Xor', [b.op('Less', [r, zero]), b.op('Less', [y, zero])]);
  const adjust = b.op('Cast', [b.op('And', [inexact, signsDiffer])], { to: 6 });
  return b.op('Sub', [q, adjust]);
}

/** Floored modulo: ONNX Mod fmod=0 on ints (guarded divisors); floats as tfjs computes them (binary-edges). */
const mod = byType(
  (b, x, y, k) =>
    plainDivisor(k)
      ? b.op('Mod', [x, y], { fmod: 0 })
      : guardDivisor(b, x, y, (safe) => b.op('Mod', [x, safe], { fmod: 0 }), false),
  floatMod,
);

const squaredDifference = byType(int32SquaredDifference, (b, x, y) => {
  const diff = b.op('Sub', [x, y]);
  return b.op('Mul', [diff, diff]);
});

/** RealDiv: float division; int32 operands are divided in doubles, as tfjs does, then rounded to float32. */
const realDiv: OnnxRule = (b, k) => {
  if (workType(k) === 'int32') {
    const [x, y] = pair(b, k, 'int32');
    finish(b, k, doubleToFloat(b, b.op('Div', [toDouble(b, x), toDouble(b, y)])), 'float32');
    return;
  }
  finish(b, k, b.op('Div', pair(b, k, 'float32')), 'float32');
};

/** Select(condition, t, e) → Where; a rank-1 condition picks rows of higher-rank t/e (as tfjs does). */
const select: OnnxRule = (b, k) => {
  const c = arg(k, 'condition');
  const t = arg(k, 't');
  const e = arg(k, 'e');
  let cond = b.cast(c.name, c.dtype, 'bool');
  const rank = Math.max(t.shape.length, e.shape.length);
  if (c.shape.length === 1 && rank > 1) cond = b.op('Reshape', [cond, b.int64([-1, ...Array(rank - 1).fill(1)])]);
  signedSelect(b, cond, t.name, e.name, outType(k).dtype, out(k));
};

/**
 * tfjs AddN adds each input in turn into zeros: int32 as a chain of Add (onnxruntime's Sum has no
 * int32 kernel; wrapping adds give tfjs's Int32Array sums), float32 as Sum, then +0 for a −0 sum.
 */
const addN: OnnxRule = (b, k) => {
  const xs: Arg[] = args(k);
  const d = outType(k).dtype;
  const cast = xs.map((x) => b.cast(x.name, x.dtype, d === 'bool' ? 'int32' : d));
  if (d !== 'float32') {
    finish(
      b,
      k,
      cast.slice(1).reduce((acc, x) => b.op('Add', [acc, x]), cast[0]!),
      d === 'bool' ? 'int32' : d,
    );
    return;
  }
  plusZero(b, cast.length === 1 ? cast[0]! : b.op('Sum', cast), out(k));
};

const prelu: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const alpha = arg(k, 'alpha');
  b.op('PRelu', [x.name, alpha.name], {}, out(k));
};

/** tfjs: dy where y ≥ 0, dy·(y + 1) elsewhere. */
const eluGrad: OnnxRule = (b, k) => {
  const dy = arg(k, 'dy');
  const y = arg(k, 'y');
  const neg = b.op('Mul', [dy.name, b.op('Add', [y.name, b.scalar('float32', 1)])]);
  b.op('Where', [b.op('GreaterOrEqual', [y.name, b.scalar('float32', 0)]), dy.name, neg], {}, out(k));
};

export const ELEMENTWISE_BINARY_RULES: OnnxRuleTable = {
  Add: arithmetic('Add'),
  Sub: arithmetic('Sub'),
  Multiply: byType(int32Times, (b, x, y) => b.op('Mul', [x, y])),
  RealDiv: realDiv,
  FloorDiv: floorDiv,
  Mod: mod,
  Maximum: byType(
    (b, x, y) => b.op('Max', [x, y]),
    (b, x, y) => extremum(b, 'Max', x, y),
  ),
  Minimum: byType(
    (b, x, y) => b.op('Min', [x, y]),
    (b, x, y) => extremum(b, 'Min', x, y),
  ),
  Pow: byType(int32Pow, (b, x, y, k) => floatPow(b, x, y, k.numerics)),
  SquaredDifference: squaredDifference,
  AddN: addN,
  Select: select,
  Atan2: (b, k) => {
    const [y, x] = pair(b, k, 'float32');
    finish(b, k, atan2(b, y, x), 'float32');
  },
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
  Prelu: prelu,
  EluGrad: eluGrad,
};
