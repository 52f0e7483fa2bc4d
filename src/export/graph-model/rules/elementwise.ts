// GraphModel rules of the elementwise kernels: unary math and activations, binary arithmetic with
// broadcasting (renamed where TF differs: Add→AddV2, Multiply→Mul, Mod→FloorMod), comparisons and
// logic, Select→SelectV2, Cast, ClipByValue, LeakyRelu, Step, AddN, BitwiseAnd (from ops tfjs-converter runs). Needs rule-types.
// Produces `ELEMENTWISE_RULES`.

import type { DType } from '../../../ir/types.js';
import { attr } from '../graph-def.js';
import { joinTables, mapTable, rulesFor, type KernelName, type KernelTable } from '../../../ir/kernels/index.js';
import { numberAttr, same, scalarLike, tAttr, type GraphModelRule, type GraphModelTable } from './rule-types.js';

/** Kernels whose TF op has the same name and takes the inputs in the same order. */
const SAME = [
  // unary
  'Abs', 'Acos', 'Acosh', 'Asin', 'Asinh', 'Atan', 'Atanh', 'Ceil', 'Cos', 'Cosh', 'Elu', 'Erf', 'Exp', 'Expm1',
  'Floor', 'Log', 'Log1p', 'Neg', 'Reciprocal', 'Relu', 'Relu6', 'Round', 'Rsqrt', 'Selu', 'Sigmoid', 'Sign', 'Sin',
  'Sinh', 'Softplus', 'Sqrt', 'Square', 'Tan', 'Tanh', 'IsNan', 'IsInf', 'IsFinite', 'LogicalNot', 'ZerosLike',
  'OnesLike', 'Identity', 'ComplexAbs', 'Real', 'Imag',
  // binary
  'Sub', 'RealDiv', 'FloorDiv', 'Maximum', 'Minimum', 'Pow', 'SquaredDifference', 'Atan2', 'Prelu', 'Complex',
  'Equal', 'NotEqual', 'Less', 'LessEqual', 'Greater', 'GreaterEqual', 'LogicalAnd', 'LogicalOr',
] as const satisfies readonly KernelName[];

const RENAMED: KernelTable<string> = {
  Add: 'AddV2',
  Multiply: 'Mul',
  Mod: 'FloorMod', // tfjs mod is floored, like TF FloorMod (tfjs-converter runs both as tf.mod)
  Select: 'SelectV2', // tfjs `where` has broadcast its operands already
};

const cast: GraphModelRule = (ctx) => {
  const to = ctx.call.attrs.dtype;
  if (typeof to !== 'string') ctx.fail(`attr 'dtype' must be a dtype, got ${JSON.stringify(to)}`);
  const from = ctx.typeOf('x').dtype;
  return [ctx.emit('Cast', [ctx.input('x')], { SrcT: attr.type(from), DstT: attr.type(to as DType), Truncate: attr.bool(false) })];
};

const clipByValue: GraphModelRule = (ctx) => {
  const dtype = ctx.typeOf('x').dtype;
  const lo = scalarLike(ctx, numberAttr(ctx, 'clipValueMin'), dtype);
  const hi = scalarLike(ctx, numberAttr(ctx, 'clipValueMax'), dtype);
  return [ctx.emit('ClipByValue', [ctx.input('x'), lo, hi], tAttr(ctx))];
};

const leakyRelu: GraphModelRule = (ctx) => [
  ctx.emit('LeakyRelu', [ctx.input('x')], { ...tAttr(ctx), alpha: attr.float(numberAttr(ctx, 'alpha')) }),
];

/** tfjs-only Step: x > 0 ? 1 : alpha, NaN stays NaN; as SelectV2(IsNan(x), x, SelectV2(x > 0, 1, alpha)). */
const step: GraphModelRule = (ctx) => {
  const x = ctx.input('x');
  const { dtype } = ctx.typeOf('x');
  const alpha = typeof ctx.call.attrs.alpha === 'number' ? ctx.call.attrs.alpha : 0;
  if (dtype !== 'float32' && dtype !== 'int32') ctx.fail(`Step of ${dtype} is not supported`);
  const T = tAttr(ctx);
  const positive = ctx.emit('Greater', [x, ctx.constant([0], dtype, [])], T);
  const picked = ctx.emit('SelectV2', [positive, ctx.constant([1], dtype, []), ctx.constant([alpha], dtype, [])], T);
  if (dtype === 'int32') return [picked];
  const nan = ctx.emit('IsNan', [x], T);
  return [ctx.emit('SelectV2', [nan, x, picked], T)];
};

/**
 * int32 `a & b` with ops tfjs-converter runs (its BitwiseAnd op reads inputs under other names than
 * its op list gives them, and fails): bits 0–30 of each operand as FloorMod(FloorDiv(x, 2^k), 2)
 * along a new last axis, their products summed with weights 2^k; bit 31 (the sign) set where both
 * operands are negative. Exact on tfjs's cpu backend (int32 floorDiv and sum compute in doubles).
 */
const bitwiseAnd: GraphModelRule = (ctx) => {
  const T = tAttr(ctx);
  const i32 = (values: readonly number[], shape: number[]) => ctx.constant(values, 'int32', shape);
  const powers = i32(Array.from({ length: 31 }, (_, k) => 2 ** k), [31]);
  const lastAxis = i32([-1], []);
  const bits = (x: string) => {
    const column = ctx.emit('ExpandDims', [x, lastAxis], { ...T, Tdim: attr.type('int32') });
    return ctx.emit('FloorMod', [ctx.emit('FloorDiv', [column, powers], T), i32([2], [])], T);
  };
  const [a, b] = [ctx.inputs[0]!, ctx.inputs[1]!];
  const both = ctx.emit('Mul', [bits(a), bits(b)], T);
  const low = ctx.emit('Sum', [ctx.emit('Mul', [both, powers], T), lastAxis], { ...T, Tidx: attr.type('int32'), keep_dims: attr.bool(false) });
  const zero = i32([0], []);
  const negative = ctx.emit('LogicalAnd', [ctx.emit('Less', [a, zero], T), ctx.emit('Less', [b, zero], T)]);
  const sign = ctx.emit('SelectV2', [negative, i32([-(2 ** 31)], []), zero], T);
  return [ctx.emit('AddV2', [low, sign], T)];
};

const addN: GraphModelRule = (ctx) => [ctx.emit('AddN', ctx.inputs, { ...tAttr(ctx), N: attr.int(ctx.inputs.length) })];

// Joined, so a kernel listed in two of the parts is an error at load time rather than a silent overwrite.
export const ELEMENTWISE_RULES: GraphModelTable = joinTables('GraphModel', {
  'same name': rulesFor(SAME, () => same()),
  renamed: mapTable(RENAMED, (tfOp) => same(tfOp)),
  'own rule': {
    Cast: cast,
    ClipByValue: clipByValue,
    LeakyRelu: leakyRelu,
    Step: step,
    AddN: addN,
    BitwiseAnd: bitwiseAnd,
  },
});
