// Compiled-code rules of elementwise kernels: for each kernel, the JS expression the tfjs cpu
// kernel computes on one element (in doubles, as its implementation does), and how the result is
// stored (an Int32Array store wraps, a Float32Array store rounds). Used for scalars held as JS
// numbers and for fused loops over typed arrays, so both agree bit for bit with the cpu backend.
// A value is what the cpu backend holds, which is not always of its dtype: tfjs's Cast from int32
// to float32 only relabels the Int32Array (16777217 stays 16777217 and the next kernel computes with
// it), and its int32 Abs/Square store into a Float32Array. Needs the IR types.
// Produces `ELEMENT_RULES` (keyed by elementwise kernel name), `elementRule`, `storeAs`, `stepStore`, `hasElementRule`.

import { ruleOf, type ElementwiseTable } from '../../ir/kernels/index.js';
import type { DType } from '../../ir/types.js';

/** Emits the expression of one element from operand expressions (numbers; bools are 0/1). */
export interface ElementRule {
  readonly expr: (args: readonly string[], attrs: Readonly<Record<string, unknown>>) => string;
  /** The typed array the cpu kernel stores into, when it is not the output dtype's (Abs, Square). */
  readonly storesAs?: DType;
}

const lit = (x: unknown): string => {
  const n = Number(x);
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  return Object.is(n, -0) ? '-0' : String(n);
};

const un = (f: (x: string) => string): ElementRule => ({ expr: ([x]) => f(x!) });
const bin = (f: (a: string, b: string) => string): ElementRule => ({ expr: ([a, b]) => f(a!, b!) });

/** Per kernel name; the coverage of elementwise kernels the compiled executor runs without tfjs. */
export const ELEMENT_RULES: ElementwiseTable<ElementRule> = {
  Add: bin((a, b) => `(${a} + ${b})`),
  Sub: bin((a, b) => `(${a} - ${b})`),
  Multiply: bin((a, b) => `(${a} * ${b})`),
  RealDiv: bin((a, b) => `(${a} / ${b})`),
  FloorDiv: bin((a, b) => `Math.floor(${a} / ${b})`),
  Mod: bin((a, b) => `H.mod(${a}, ${b})`),
  Pow: bin((a, b) => `Math.pow(${a}, ${b})`),
  Maximum: bin((a, b) => `Math.max(${a}, ${b})`),
  Minimum: bin((a, b) => `Math.min(${a}, ${b})`),
  SquaredDifference: bin((a, b) => `H.sqdiff(${a}, ${b})`),
  Atan2: bin((a, b) => `Math.atan2(${a}, ${b})`),
  Equal: bin((a, b) => `(${a} === ${b} ? 1 : 0)`),
  NotEqual: bin((a, b) => `(${a} !== ${b} ? 1 : 0)`),
  Less: bin((a, b) => `(${a} < ${b} ? 1 : 0)`),
  LessEqual: bin((a, b) => `(${a} <= ${b} ? 1 : 0)`),
  Greater: bin((a, b) => `(${a} > ${b} ? 1 : 0)`),
  GreaterEqual: bin((a, b) => `(${a} >= ${b} ? 1 : 0)`),
  LogicalAnd: bin((a, b) => `(${a} && ${b})`),
  LogicalOr: bin((a, b) => `(${a} || ${b})`),
  LogicalNot: un((x) => `(${x} ? 0 : 1)`),
  Neg: un((x) => `(-1 * ${x})`),
  Abs: { expr: ([x]) => `Math.abs(${x})`, storesAs: 'float32' },
  Square: { expr: ([x]) => `(${x} * ${x})`, storesAs: 'float32' },
  Exp: un((x) => `Math.exp(${x})`),
  Expm1: un((x) => `Math.expm1(${x})`),
  Log: un((x) => `Math.log(${x})`),
  Log1p: un((x) => `Math.log1p(${x})`),
  Sqrt: un((x) => `Math.sqrt(${x})`),
  Rsqrt: un((x) => `(1 / Math.sqrt(${x}))`),
  Reciprocal: un((x) => `(1 / ${x})`),
  Floor: un((x) => `Math.floor(${x})`),
  Ceil: un((x) => `Math.ceil(${x})`),
  Round: un((x) => `H.round(${x})`),
  Sign: un((x) => `(${x} < 0 ? -1 : ${x} > 0 ? 1 : 0)`),
  Sin: un((x) => `Math.sin(${x})`),
  Cos: un((x) => `Math.cos(${x})`),
  Tan: un((x) => `Math.tan(${x})`),
  Sigmoid: un((x) => `(1 / (1 + Math.exp(-${x})))`),
  Tanh: un((x) => `Math.tanh(${x})`),
  Relu: un((x) => `Math.max(0, ${x})`),
  Relu6: un((x) => `Math.min(Math.max(0, ${x}), 6)`),
  Elu: un((x) => `(${x} >= 0 ? ${x} : Math.exp(${x}) - 1)`),
  LeakyRelu: { expr: ([x], attrs) => `(${x} < 0 ? ${lit(attrs.alpha)} * ${x} : ${x})` },
  Step: { expr: ([x], attrs) => `(${x} !== ${x} ? NaN : ${x} > 0 ? 1 : ${lit(attrs.alpha)})` },
  ClipByValue: {
    expr: ([x], attrs) =>
      `(${x} > ${lit(attrs.clipValueMax)} ? ${lit(attrs.clipValueMax)} : ${x} < ${lit(attrs.clipValueMin)} ? ${lit(attrs.clipValueMin)} : ${x})`,
  },
  Cast: { expr: ([x], attrs) => (attrs.dtype === 'bool' ? `(${x} !== 0 ? 1 : 0)` : x!) },
  Identity: un((x) => x),
  Select: { expr: ([c, t, e]) => `(${c} ? ${t} : ${e})` },
};

/** A Cast the cpu backend does by relabelling the input's Int32Array (no rounding). */
export function isRelabel(op: string, attrs: Readonly<Record<string, unknown>>, input: DType | undefined): boolean {
  return op === 'Cast' && attrs.dtype === 'float32' && input === 'int32';
}

/**
 * The typed array a step's result is held in on the cpu backend: the rule's store, or, for a
 * relabelling Cast, the input's (the value passes unrounded).
 */
export function stepStore(
  op: string,
  attrs: Readonly<Record<string, unknown>>,
  dtype: DType,
  input: DType | undefined,
): DType {
  if (isRelabel(op, attrs, input)) return input!;
  return elementRule(op)?.storesAs ?? dtype;
}

/** The dtype of each step's first operand (`inputs`: the node's input dtypes). */
export function firstArgDTypes(
  steps: readonly { args: readonly number[]; dtype: DType }[],
  inputs: readonly DType[],
): (DType | undefined)[] {
  const all: DType[] = [...inputs];
  return steps.map((s) => {
    const d = s.args.length ? all[s.args[0]!] : undefined;
    all.push(s.dtype);
    return d;
  });
}

export function hasElementRule(op: string): boolean {
  return elementRule(op) !== undefined;
}

/** The element rule of kernel `op` (a graph node's or fused step's op), or undefined. */
export function elementRule(op: string): ElementRule | undefined {
  return ruleOf(ELEMENT_RULES, op);
}

/** The expression after storing `expr` into a typed array of `dtype` (and reading it back). */
export function storeAs(dtype: DType, expr: string): string {
  switch (dtype) {
    case 'int32':
      return `(${expr} | 0)`;
    case 'float32':
      return `Math.fround(${expr})`;
    case 'bool':
      return `(${expr} & 255)`;
    default:
      throw new Error(`internal: no scalar store for dtype ${dtype}`);
  }
}

/** JS source of a scalar constant of `dtype`. */
export function literal(x: number, dtype: DType): string {
  if (dtype === 'float32') return lit(Math.fround(x));
  if (dtype === 'int32') return lit(x | 0);
  return x ? '1' : '0';
}

/** Helpers that emitted code calls as `H.name(…)`, mirroring the cpu kernels' element functions. */
export const elementHelpers = {
  mod(a: number, b: number): number {
    const rem = a % b;
    return (a < 0 && b < 0) || (a >= 0 && b >= 0) ? rem : (rem + b) % b;
  },
  sqdiff(a: number, b: number): number {
    const d = a - b;
    return d * d;
  },
  round(x: number): number {
    const base = Math.floor(x);
    if (x - base < 0.5) return Math.floor(x);
    if (x - base > 0.5) return Math.ceil(x);
    return base % 2.0 === 0.0 ? base : base + 1.0;
  },
};
