// The elementwise kernels that fusion may merge into one Fused node, keyed by tfjs kernel name:
// a category for executors that generate loops, with the input and attr names of the kernel's
// record (ir/kernels); a kernel whose record is not elementwise does not compile here.
// Needs the kernel records. Produces `ELEMENTWISE_KERNELS`, `elementwiseKernel(op)`.

import { inputNamesOf, KERNELS, type ElementwiseTable } from '../ir/kernels/index.js';

/** unary: f(x); binary: f(a, b) with broadcasting; compare: → bool; logical: bool ops; select: c ? t : e. */
export type ElementwiseCategory = 'unary' | 'binary' | 'compare' | 'logical' | 'select';

export interface ElementwiseKernel {
  readonly category: ElementwiseCategory;
  /** Input names in tfjs order (e.g. ['a', 'b']), from the kernel's record. */
  readonly inputs: readonly string[];
  /** Attrs the kernel reads (e.g. Cast's dtype), from the kernel's record. */
  readonly attrs?: readonly string[];
}

const CATEGORIES = {
  // unary math
  Abs: 'unary',
  Acos: 'unary',
  Acosh: 'unary',
  Asin: 'unary',
  Asinh: 'unary',
  Atan: 'unary',
  Atanh: 'unary',
  Ceil: 'unary',
  Cos: 'unary',
  Cosh: 'unary',
  Erf: 'unary',
  Exp: 'unary',
  Expm1: 'unary',
  Floor: 'unary',
  Log: 'unary',
  Log1p: 'unary',
  Neg: 'unary',
  Reciprocal: 'unary',
  Round: 'unary',
  Rsqrt: 'unary',
  Sign: 'unary',
  Sin: 'unary',
  Sinh: 'unary',
  Sqrt: 'unary',
  Square: 'unary',
  Tan: 'unary',
  Tanh: 'unary',
  // activations
  Relu: 'unary',
  Relu6: 'unary',
  Elu: 'unary',
  Selu: 'unary',
  Sigmoid: 'unary',
  Softplus: 'unary',
  LeakyRelu: 'unary',
  Step: 'unary',
  Prelu: 'binary',
  ClipByValue: 'unary',
  // predicates, conversions, shape-only
  IsFinite: 'unary',
  IsInf: 'unary',
  IsNan: 'unary',
  LogicalNot: 'unary',
  Cast: 'unary',
  ZerosLike: 'unary',
  OnesLike: 'unary',
  Identity: 'unary',
  // binary arithmetic (with broadcasting)
  Add: 'binary',
  Sub: 'binary',
  Multiply: 'binary',
  RealDiv: 'binary',
  FloorDiv: 'binary',
  Mod: 'binary',
  Maximum: 'binary',
  Minimum: 'binary',
  Pow: 'binary',
  SquaredDifference: 'binary',
  Atan2: 'binary',
  // comparisons and logic
  Equal: 'compare',
  NotEqual: 'compare',
  Greater: 'compare',
  GreaterEqual: 'compare',
  Less: 'compare',
  LessEqual: 'compare',
  LogicalAnd: 'logical',
  LogicalOr: 'logical',
  Select: 'select',
} as const satisfies ElementwiseTable<ElementwiseCategory>;

export type ElementwiseKernelName = keyof typeof CATEGORIES;

function withRecords(): { readonly [K in ElementwiseKernelName]: ElementwiseKernel } {
  const table: Partial<Record<ElementwiseKernelName, ElementwiseKernel>> = {};
  for (const [k, category] of Object.entries(CATEGORIES) as [ElementwiseKernelName, ElementwiseCategory][]) {
    const inputs = inputNamesOf(k);
    if (!Array.isArray(inputs)) throw new Error(`internal: fusable kernel ${k} has no named inputs`);
    const attrs = (KERNELS[k] as { readonly attrs?: readonly string[] }).attrs;
    table[k] = Object.freeze({ category, inputs, ...(attrs ? { attrs } : {}) });
  }
  return Object.freeze(table as Record<ElementwiseKernelName, ElementwiseKernel>);
}

export const ELEMENTWISE_KERNELS = /* @__PURE__ */ withRecords();

export function elementwiseKernel(op: string): ElementwiseKernel | undefined {
  return Object.hasOwn(ELEMENTWISE_KERNELS, op)
    ? (ELEMENTWISE_KERNELS as Record<string, ElementwiseKernel>)[op]
    : undefined;
}
