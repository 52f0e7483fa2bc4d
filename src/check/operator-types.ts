// The types `autograph check` gives operators on tensors inside converted functions: each rewritten
// expression (`a * b` → `__autograph.mul(a, b)`) calls one of these signatures, which type it as the
// tfjs op the converter makes of it. Types only: nothing here runs. Needs tfjs-core's Tensor.
// Produces `TensorOperators` (and `AnyTensor`, by which the checker recognizes a tensor operand).

import type { Rank, Tensor } from '@tensorflow/tfjs-core';
import type { Staged } from '../trace/staged-types.js';

/** A tensor of any rank: an operand of this type is what makes an operator a tensor op. */
export type AnyTensor = Tensor;
type Scalar = Tensor<Rank.R0>;
/** A JS number meets a tensor as a scalar of the tensor's dtype. */
type Num = number | Tensor;
type NumOrBool = number | boolean | Tensor;

/**
 * A binary operator: the result has the rank of the tensor operand (of both, when they agree; a
 * scalar broadcasts), any rank otherwise; an operand that may be a JS value gives `J | Tensor`.
 */
interface Binary<O, J> {
  <R extends Rank>(a: Tensor<R>, b: Exclude<O, Tensor> | Scalar | Tensor<NoInfer<R>>): Tensor<R>;
  <R extends Rank>(a: Exclude<O, Tensor> | Scalar, b: Tensor<R>): Tensor<R>;
  (a: Tensor, b: O): Tensor;
  (a: O, b: Tensor): Tensor;
  (a: O, b: O): Tensor | J;
}

interface Unary<J> {
  <R extends Rank>(a: Tensor<R>): Tensor<R>;
  (a: Num): Tensor | J;
}

/** `Math.max(…)`, `Math.min(…)`, `Math.hypot(…)`: a tensor among the arguments makes a tensor. */
interface Variadic {
  <R extends Rank>(a: Tensor<R>, ...rest: (number | Scalar | Tensor<NoInfer<R>>)[]): Tensor<R>;
  <R extends Rank>(a: number | Scalar, b: Tensor<R>, ...rest: (number | Scalar | Tensor<NoInfer<R>>)[]): Tensor<R>;
  (...xs: Num[]): Tensor | number;
}

/** The `Math.*` functions the converter stages on tensors. */
export interface TensorMath {
  abs: Unary<number>;
  acos: Unary<number>;
  acosh: Unary<number>;
  asin: Unary<number>;
  asinh: Unary<number>;
  atan: Unary<number>;
  atanh: Unary<number>;
  cbrt: Unary<number>;
  ceil: Unary<number>;
  clz32: Unary<number>;
  cos: Unary<number>;
  cosh: Unary<number>;
  exp: Unary<number>;
  expm1: Unary<number>;
  f16round: Unary<number>;
  floor: Unary<number>;
  fround: Unary<number>;
  log: Unary<number>;
  log10: Unary<number>;
  log1p: Unary<number>;
  log2: Unary<number>;
  round: Unary<number>;
  sign: Unary<number>;
  sin: Unary<number>;
  sinh: Unary<number>;
  sqrt: Unary<number>;
  tan: Unary<number>;
  tanh: Unary<number>;
  trunc: Unary<number>;
  atan2: Binary<Num, number>;
  imul: Binary<NumOrBool, number>;
  pow: Binary<Num, number>;
  hypot: Variadic;
  max: Variadic;
  min: Variadic;
  /** Refused on tensors (convert/unsupported-tensor-math): JS numbers only. */
  sumPrecise(xs: Iterable<number>): number;
}

/** One member per operator the converter dispatches (the names of the runtime's `ag__` functions). */
export interface TensorOperators {
  add: Binary<Num, number>;
  sub: Binary<Num, number>;
  mul: Binary<Num, number>;
  div: Binary<Num, number>;
  mod: Binary<Num, number>;
  pow: Binary<Num, number>;
  lt: Binary<NumOrBool, boolean>;
  le: Binary<NumOrBool, boolean>;
  gt: Binary<NumOrBool, boolean>;
  ge: Binary<NumOrBool, boolean>;
  eq: Binary<NumOrBool, boolean>;
  neq: Binary<NumOrBool, boolean>;
  strictEq: Binary<NumOrBool, boolean>;
  strictNeq: Binary<NumOrBool, boolean>;
  bitAnd: Binary<NumOrBool, number>;
  bitOr: Binary<NumOrBool, number>;
  bitXor: Binary<NumOrBool, number>;
  shl: Binary<Num, number>;
  shr: Binary<Num, number>;
  ushr: Binary<Num, number>;
  neg: Unary<number>;
  pos: Unary<number>;
  bitNot: Unary<number>;
  inc: Unary<number>;
  dec: Unary<number>;
  /** `!a`: a bool tensor for a tensor operand. */
  not: {
    <R extends Rank>(a: Tensor<R>): Tensor<R>;
    (a: unknown): Tensor | boolean;
  };
  /** `a && b`, `a || b` with a tensor on the left: a bool tensor when staged, else JS's operand value. */
  and<A, B>(a: A, b: B): A | B | Tensor;
  or<A, B>(a: A, b: B): A | B | Tensor;
  /** `c ? a : b` with a tensor condition: a staged cond turns JS numbers and booleans into tensors. */
  ifExp<A, B>(c: unknown, a: A, b: B): A | B | Staged<A> | Staged<B>;
  /** `for (const x of t)`: a tensor iterates over its first dimension. */
  iter<T = never>(x: Tensor | readonly T[]): (Tensor | T)[];
  Math: TensorMath;
}
