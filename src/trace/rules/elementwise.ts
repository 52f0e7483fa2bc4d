// Shape/dtype rules of the elementwise kernels: unary math and activations, casts,
// binary kernels with numpy broadcasting, comparisons and logic (bool), Select, AddN, EluGrad.
// Needs support/shape-util. Produces `ELEMENTWISE_RULES`; dtypes follow what tfjs's cpu kernels return.

import * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../../ir/types.js';
import { entriesOf, type KernelName, type KernelTable } from '../../ir/kernels/index.js';
import type { ShapeRule } from './support/rule-types.js';
import {
  arg,
  broadcastAll,
  broadcastShapes,
  checkShape,
  fail,
  fmt,
  out,
  sameAs,
  unifyDim,
  unifyShapes,
  upcast,
} from './support/shape-util.js';

/** Unary kernels whose output keeps the input's shape and dtype. */
const SAME_DTYPE = [
  tf.Abs,
  tf.Acos,
  tf.Acosh,
  tf.Asin,
  tf.Asinh,
  tf.Atan,
  tf.Atanh,
  tf.Ceil,
  tf.ClipByValue,
  tf.Cos,
  tf.Cosh,
  tf.Elu,
  tf.Erf,
  tf.Expm1,
  tf.Floor,
  tf.Log,
  tf.Log1p,
  tf.Neg,
  tf.Reciprocal,
  tf.Relu,
  tf.Relu6,
  tf.Round,
  tf.Rsqrt,
  tf.Selu,
  tf.Sigmoid,
  tf.Sign,
  tf.Sin,
  tf.Sinh,
  tf.Softplus,
  tf.Sqrt,
  tf.Square,
  tf.Step,
  tf.Tan,
  tf.Tanh,
  tf.Identity,
  tf.ZerosLike,
  tf.OnesLike,
] as const;

/** Unary kernels with a fixed output dtype (the cpu kernels hard-code it). */
const FIXED_DTYPE = {
  [tf.Exp]: 'float32', // exp(int32) is float32
  [tf.LeakyRelu]: 'float32', // leakyRelu(int32) is float32
  [tf.IsNan]: 'bool',
  [tf.IsInf]: 'bool',
  [tf.IsFinite]: 'bool',
  [tf.LogicalNot]: 'bool',
} satisfies KernelTable<DType>;

/** Binary kernels: output dtype fixed, or undefined for "the first input's" (complex64 wins). */
const BINARY = {
  [tf.Add]: undefined,
  [tf.Sub]: undefined,
  [tf.Multiply]: undefined,
  [tf.RealDiv]: undefined,
  [tf.Mod]: undefined,
  [tf.Pow]: undefined,
  [tf.Maximum]: undefined,
  [tf.Minimum]: undefined,
  [tf.SquaredDifference]: undefined,
  [tf.Atan2]: undefined,
  [tf.BitwiseAnd]: undefined,
  [tf.FloorDiv]: 'int32', // the cpu kernel returns int32 even for float32 inputs
  [tf.Prelu]: 'float32',
  [tf.Equal]: 'bool',
  [tf.NotEqual]: 'bool',
  [tf.Less]: 'bool',
  [tf.LessEqual]: 'bool',
  [tf.Greater]: 'bool',
  [tf.GreaterEqual]: 'bool',
  [tf.LogicalAnd]: 'bool',
  [tf.LogicalOr]: 'bool',
  [tf.LogicalXor]: 'bool',
} satisfies KernelTable<DType | undefined>;

const DTYPES = new Set(['float32', 'int32', 'bool', 'complex64', 'string']);

function binary(kernel: string, fixed: DType | undefined): ShapeRule {
  return (args) => {
    const a = args.list[0];
    const b = args.list[1];
    if (!a || !b || args.list.length !== 2) fail(kernel, `expects 2 inputs, got ${args.list.length}`);
    const shape = broadcastShapes(kernel, checkShape(kernel, a.shape), checkShape(kernel, b.shape));
    const dtype = fixed ?? (a.dtype === 'complex64' || b.dtype === 'complex64' ? 'complex64' : a.dtype);
    return out(shape, dtype);
  };
}

const cast: ShapeRule = (args) => {
  const x = arg(tf.Cast, args, 'x');
  const dtype = args.attrs.dtype;
  if (typeof dtype !== 'string' || !DTYPES.has(dtype))
    fail(tf.Cast, `attr 'dtype' must be a tfjs dtype, got ${JSON.stringify(dtype)}`);
  return out(checkShape(tf.Cast, x.shape), dtype as DType);
};

/**
 * Select(condition, t, e). The tfjs op broadcasts all three to one shape first; the kernel also takes a
 * rank-1 condition choosing rows of a higher-rank t/e (TF's semantics). Anything else broadcasts.
 */
const select: ShapeRule = (args) => {
  const k = tf.Select;
  const c = arg(k, args, 'condition');
  const t = arg(k, args, 't');
  const e = arg(k, args, 'e');
  const dtype = upcast(t.dtype, e.dtype);
  if (c.shape.length === 1 && t.shape.length > 1) {
    const shape = unifyShapes(k, t.shape, e.shape, 't and e must have the same shape when the condition is rank 1');
    shape[0] = unifyDim(
      k,
      shape[0]!,
      c.shape[0]!,
      `rank-1 condition ${fmt(c.shape)} must match the first dim of t ${fmt(t.shape)}`,
    );
    return out(shape, dtype);
  }
  return out(broadcastAll(k, [c.shape, t.shape, e.shape]), dtype);
};

/** AddN: all inputs share one shape (unknown dims unify). */
const addN: ShapeRule = ({ list }) => {
  if (list.length === 0) fail(tf.AddN, 'expects at least one input');
  let shape = [...list[0]!.shape];
  for (const x of list.slice(1))
    shape = unifyShapes(
      tf.AddN,
      shape,
      x.shape,
      `all inputs must have the same shape, got ${list.map((a) => fmt(a.shape)).join(', ')}`,
    );
  return out(shape, list[0]!.dtype);
};

/** EluGrad(dy, y): the gradient has dy's shape. */
const eluGrad: ShapeRule = (args) => {
  const dy = arg(tf.EluGrad, args, 'dy');
  const y = arg(tf.EluGrad, args, 'y');
  return out(unifyShapes(tf.EluGrad, dy.shape, y.shape, 'dy and y must have the same shape'), dy.dtype);
};

/** The kernels this file has a rule for (the shape-rule table checks that every traced kernel has one). */
type Kernels =
  | (typeof SAME_DTYPE)[number]
  | keyof typeof FIXED_DTYPE
  | keyof typeof BINARY
  | typeof tf.Cast
  | typeof tf.Select
  | typeof tf.AddN
  | typeof tf.EluGrad;

function build(): Readonly<Record<Kernels, ShapeRule>> {
  const rules: Partial<Record<KernelName, ShapeRule>> = {};
  const put = (k: KernelName, rule: ShapeRule) => {
    if (Object.hasOwn(rules, k)) throw new Error(`internal: kernel ${k} has two elementwise shape rules`);
    rules[k] = rule;
  };
  for (const k of SAME_DTYPE) put(k, sameAs(k));
  for (const [k, d] of entriesOf(FIXED_DTYPE)) put(k, sameAs(k, 0, d));
  for (const [k, d] of entriesOf(BINARY)) put(k, binary(k, d));
  put(tf.Cast, cast);
  put(tf.Select, select);
  put(tf.AddN, addN);
  put(tf.EluGrad, eluGrad);
  return rules as Record<Kernels, ShapeRule>;
}

export const ELEMENTWISE_RULES = build() satisfies KernelTable<ShapeRule>;
