// GraphModel rules of the elementwise kernels: unary math and activations, binary arithmetic with
// broadcasting (renamed where TF differs: Add→AddV2, Multiply→Mul, Mod→FloorMod), comparisons and
// logic, Select→SelectV2, Cast, ClipByValue, LeakyRelu, Step, AddN, BitwiseAnd and EluGrad (from ops
// tfjs-converter runs). Needs support/rule-types. Produces `ELEMENTWISE_RULES`.

import type { DType } from '../../../ir/types.js';
import { attr } from '../graph-def.js';
import { joinTables, mapTable, rulesFor, type KernelName, type KernelTable } from '../../../ir/kernels/index.js';
import {
  numberAttr,
  same,
  scalarLike,
  tAttr,
  type GraphModelRule,
  type GraphModelTable,
} from './support/rule-types.js';

/** Kernels whose TF op has the same name and takes the inputs in the same order. */
const SAME = [
  // unary
  'Abs',
  'Acos',
  'Acosh',
  'Asin',
  'Asinh',
  'Atan',
  'Atanh',
  'Ceil',
  'Cos',
  'Cosh',
  'Elu',
  'Erf',
  'Exp',
  'Expm1',
  'Floor',
  'Log',
  'Log1p',
  'Neg',
  'Reciprocal',
  'Relu',
  'Relu6',
  'Round',
  'Rsqrt',
  'Selu',
  'Sigmoid',
  'Sign',
  'Sin',
  'Sinh',
  'Softplus',
  'Sqrt',
  'Square',
  'Tan',
  'Tanh',
  'IsNan',
  'IsInf',
  'IsFinite',
  'LogicalNot',
  'ZerosLike',
  'OnesLike',
  'Identity',
  // binary
  'Sub',
  'RealDiv',
  'FloorDiv',
  'Maximum',
  'Minimum',
  'Pow',
  'SquaredDifference',
  'Atan2',
  'Prelu',
  'Equal',
  'NotEqual',
  'Less',
  'LessEqual',
  'Greater',
  'GreaterEqual',
  'LogicalAnd',
  'LogicalOr',
] as const satisfies readonly KernelName[];

const RENAMED: KernelTable<string> = {
  Add: 'AddV2',
  Multiply: 'Mul',
  Mod: 'FloorMod', // tfjs mod is floored, like TF FloorMod (tfjs-converter runs both as tf.mod)
  Select: 'SelectV2', // tfjs `where` has broadcast its operands already
};

const cast: GraphModelRule = (b, k) => {
  const to = k.attrs.dtype;
  if (typeof to !== 'string') b.fail(`attr 'dtype' must be a dtype, got ${JSON.stringify(to)}`);
  const from = k.typeOf('x').dtype;
  return [
    b.emit('Cast', [k.input('x')], { SrcT: attr.type(from), DstT: attr.type(to as DType), Truncate: attr.bool(false) }),
  ];
};

const clipByValue: GraphModelRule = (b, k) => {
  const dtype = k.typeOf('x').dtype;
  const lo = scalarLike(b, numberAttr(b, k, 'clipValueMin'), dtype);
  const hi = scalarLike(b, numberAttr(b, k, 'clipValueMax'), dtype);
  return [b.emit('ClipByValue', [k.input('x'), lo, hi], tAttr(k))];
};

const leakyRelu: GraphModelRule = (b, k) => [
  b.emit('LeakyRelu', [k.input('x')], { ...tAttr(k), alpha: attr.float(numberAttr(b, k, 'alpha')) }),
];

/** tfjs-only Step: x > 0 ? 1 : alpha, NaN stays NaN; as SelectV2(IsNan(x), x, SelectV2(x > 0, 1, alpha)). */
const step: GraphModelRule = (b, k) => {
  const x = k.input('x');
  const { dtype } = k.typeOf('x');
  const alpha = typeof k.attrs.alpha === 'number' ? k.attrs.alpha : 0;
  if (dtype !== 'float32' && dtype !== 'int32') b.fail(`Step of ${dtype} is not supported`);
  const T = tAttr(k);
  const positive = b.emit('Greater', [x, b.constant([0], dtype, [])], T);
  const picked = b.emit('SelectV2', [positive, b.constant([1], dtype, []), b.constant([alpha], dtype, [])], T);
  if (dtype === 'int32') return [picked];
  const nan = b.emit('IsNan', [x], T);
  return [b.emit('SelectV2', [nan, x, picked], T)];
};

/**
 * int32 `a & b` with ops tfjs-converter runs (its BitwiseAnd op reads inputs under other names than
 * its op list gives them, and fails): bits 0–30 of each operand as FloorMod(FloorDiv(x, 2^k), 2)
 * along a new last axis, their products summed with weights 2^k; bit 31 (the sign) set where both
 * operands are negative. Exact on tfjs's cpu backend (int32 floorDiv and sum compute in doubles).
 */
const bitwiseAnd: GraphModelRule = (b, k) => {
  const T = tAttr(k);
  const i32 = (values: readonly number[], shape: number[]) => b.constant(values, 'int32', shape);
  const powers = i32(
    Array.from({ length: 31 }, (_, i) => 2 ** i),
    [31],
  );
  const lastAxis = i32([-1], []);
  const bits = (x: string) => {
    const column = b.emit('ExpandDims', [x, lastAxis], { ...T, Tdim: attr.type('int32') });
    return b.emit('FloorMod', [b.emit('FloorDiv', [column, powers], T), i32([2], [])], T);
  };
  const [x, y] = [k.inputs[0]!, k.inputs[1]!];
  const both = b.emit('Mul', [bits(x), bits(y)], T);
  const low = b.emit('Sum', [b.emit('Mul', [both, powers], T), lastAxis], {
    ...T,
    Tidx: attr.type('int32'),
    keep_dims: attr.bool(false),
  });
  const zero = i32([0], []);
  const negative = b.emit('LogicalAnd', [b.emit('Less', [x, zero], T), b.emit('Less', [y, zero], T)]);
  const sign = b.emit('SelectV2', [negative, i32([-(2 ** 31)], []), zero], T);
  return [b.emit('AddV2', [low, sign], T)];
};

const addN: GraphModelRule = (b, k) => [b.emit('AddN', k.inputs, { ...tAttr(k), N: attr.int(k.inputs.length) })];

/** The `T` attr of a float32 op (EluGrad is exported for float32). */
const F = { T: attr.type('float32') };

/** tfjs: dy where y ≥ 0, dy·(y + 1) elsewhere. */
const eluGrad: GraphModelRule = (b, k) => {
  const y = k.input('y');
  const dy = k.input('dy');
  const neg = b.emit('Mul', [dy, b.emit('AddV2', [y, b.constant([1], 'float32', [])], F)], F);
  const keep = b.emit('GreaterEqual', [y, b.constant([0], 'float32', [])], F);
  return [b.emit('SelectV2', [keep, dy, neg], F)];
};

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
    EluGrad: eluGrad,
  },
});
