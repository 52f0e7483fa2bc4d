// The elementwise kernels that fusion may merge into one Fused node, keyed by tfjs kernel name:
// their input names (as tfjs passes them to runKernel, in order) and a category for executors that
// generate loops; a kernel whose record (ir/kernels) is not elementwise does not compile here.
// Needs the kernel records. Produces `ELEMENTWISE_KERNELS`, `elementwiseKernel(op)`.

import type { ElementwiseTable } from '../ir/kernels/index.js';

/** unary: f(x); binary: f(a, b) with broadcasting; compare: → bool; logical: bool ops; select: c ? t : e. */
export type ElementwiseCategory = 'unary' | 'binary' | 'compare' | 'logical' | 'select';

export interface ElementwiseKernel {
  readonly category: ElementwiseCategory;
  /** Input names in tfjs order (e.g. ['a', 'b']). */
  readonly inputs: readonly string[];
  /** Attrs the kernel reads (e.g. Cast's dtype), for documentation and code generators. */
  readonly attrs?: readonly string[];
}

const unary = (attrs?: readonly string[]): ElementwiseKernel => ({ category: 'unary', inputs: ['x'], attrs });
const binary: ElementwiseKernel = { category: 'binary', inputs: ['a', 'b'] };
const compare: ElementwiseKernel = { category: 'compare', inputs: ['a', 'b'] };
const logical: ElementwiseKernel = { category: 'logical', inputs: ['a', 'b'] };

export const ELEMENTWISE_KERNELS = {
  // unary math
  Abs: unary(), Acos: unary(), Acosh: unary(), Asin: unary(), Asinh: unary(), Atan: unary(), Atanh: unary(),
  Ceil: unary(), Cos: unary(), Cosh: unary(), Erf: unary(), Exp: unary(), Expm1: unary(), Floor: unary(),
  Log: unary(), Log1p: unary(), Neg: unary(), Reciprocal: unary(), Round: unary(), Rsqrt: unary(),
  Sign: unary(), Sin: unary(), Sinh: unary(), Sqrt: unary(), Square: unary(), Tan: unary(), Tanh: unary(),
  // activations
  Relu: unary(), Relu6: unary(), Elu: unary(), Selu: unary(), Sigmoid: unary(), Softplus: unary(),
  LeakyRelu: unary(['alpha']), Step: unary(['alpha']), Prelu: { category: 'binary', inputs: ['x', 'alpha'] },
  ClipByValue: unary(['clipValueMin', 'clipValueMax']),
  // predicates, conversions, shape-only
  IsFinite: unary(), IsInf: unary(), IsNan: unary(), LogicalNot: unary(), Cast: unary(['dtype']),
  ZerosLike: unary(), OnesLike: unary(), Identity: unary(),
  // binary arithmetic (with broadcasting)
  Add: binary, Sub: binary, Multiply: binary, RealDiv: binary, FloorDiv: binary, Mod: binary,
  Maximum: binary, Minimum: binary, Pow: binary, SquaredDifference: binary, Atan2: binary,
  // comparisons and logic
  Equal: compare, NotEqual: compare, Greater: compare, GreaterEqual: compare, Less: compare, LessEqual: compare,
  LogicalAnd: logical, LogicalOr: logical,
  Select: { category: 'select', inputs: ['condition', 't', 'e'] },
} as const satisfies ElementwiseTable<ElementwiseKernel>;

export type ElementwiseKernelName = keyof typeof ELEMENTWISE_KERNELS;

export function elementwiseKernel(op: string): ElementwiseKernel | undefined {
  return Object.hasOwn(ELEMENTWISE_KERNELS, op) ? (ELEMENTWISE_KERNELS as Record<string, ElementwiseKernel>)[op] : undefined;
}
