// Helpers shared by the shape/dtype rule families: broadcasting, axes, unknown (-1) dims, dtype upcast, errors,
// and `convOut` (tfjs conv/pool info shapes, for the conv and nn rules). Not rules.
// Needs the rule contract and the IR types. Produces small pure functions; none computes tensor values.
// Convention: a dimension is a non-negative integer, or -1 when unknown at trace time; nothing else is valid.

import * as tf from '@tensorflow/tfjs-core';
import { shapeToString, type DType, type Shape } from '../../../ir/types.js';
import { inputPosition, type KernelInputName } from '../../../ir/kernels/index.js';
import type { ArgInfo, RuleArgs, ShapeRule } from './rule-types.js';

export const UNKNOWN = -1;

/** Formats shapes for error messages: `[2,?,3]`. */
export const fmt = (s: Shape): string => shapeToString(s);

/** Throws the plain Error rules use for invalid input: names the kernel and what was wrong. */
export function fail(kernel: string, message: string): never {
  throw new Error(`${kernel}: ${message}`);
}

export const known = (d: number): boolean => d >= 0;
export const allKnown = (s: Shape): boolean => s.every(known);

/** Product of the dims; -1 when any is unknown (0 wins: a zero dim makes the size 0). */
export function sizeOf(s: Shape): number {
  if (s.some((d) => d === 0)) return 0;
  let n = 1;
  for (const d of s) {
    if (d < 0) return UNKNOWN;
    n *= d;
  }
  return n;
}

/** a*b on dims, with -1 absorbing unless the other is 0. */
export const mulDim = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a < 0 || b < 0 ? UNKNOWN : a * b);
/** a+b on dims, -1 absorbing. */
export const addDim = (a: number, b: number): number => (a < 0 || b < 0 ? UNKNOWN : a + b);

/** Checks that every dim is an integer >= -1 (what a rule may receive and return). */
export function checkShape(kernel: string, s: Shape, what = 'shape'): Shape {
  if (!Array.isArray(s) || s.some((d) => !Number.isInteger(d) || d < -1))
    fail(kernel, `invalid ${what} ${JSON.stringify(s)}`);
  return s;
}

/** The common value of two dims that must be equal; -1 yields to a known dim. */
export function unifyDim(kernel: string, a: number, b: number, what: string): number {
  if (a === b || b < 0) return a;
  if (a < 0) return b;
  return fail(kernel, `${what}: ${a} vs ${b}`);
}

/** Two shapes that must be equal (modulo unknown dims), unified. */
export function unifyShapes(kernel: string, a: Shape, b: Shape, what: string): number[] {
  if (a.length !== b.length) fail(kernel, `${what}: ranks differ, ${fmt(a)} vs ${fmt(b)}`);
  return a.map((d, i) => {
    const e = b[i]!;
    if (d === e || e < 0) return d;
    if (d < 0) return e;
    return fail(kernel, `${what}: ${fmt(a)} vs ${fmt(b)}`);
  });
}

/** numpy broadcasting with unknown dims: (-1, n>1) → n, (-1, 1) → -1, (-1, -1) → -1. */
export function broadcastShapes(kernel: string, a: Shape, b: Shape): number[] {
  const n = Math.max(a.length, b.length);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x === y || y === 1) out[i] = x;
    else if (x === 1) out[i] = y;
    else if (x < 0) out[i] = y;
    else if (y < 0) out[i] = x;
    else fail(kernel, `shapes ${fmt(a)} and ${fmt(b)} are not broadcast-compatible (dim ${x} vs ${y})`);
  }
  return out;
}

export function broadcastAll(kernel: string, shapes: readonly Shape[]): number[] {
  return shapes.reduce<number[]>((acc, s) => broadcastShapes(kernel, acc, s), []);
}

/** One axis in [-rank, rank) normalized to [0, rank). */
export function normalizeAxis(kernel: string, axis: unknown, rank: number): number {
  const a = Number(axis);
  if (!Number.isInteger(a) || a < -rank || a >= rank)
    fail(kernel, `axis ${String(axis)} is out of range for rank ${rank}`);
  return a < 0 ? a + rank : a;
}

/** Axes as tfjs's parseAxisParam reads them: null/undefined = all; a number or an array; negatives wrap. */
export function normalizeAxes(kernel: string, axis: unknown, rank: number): number[] {
  if (axis == null) return Array.from({ length: rank }, (_, i) => i);
  const list = Array.isArray(axis) ? axis : [axis];
  return list.map((a) => normalizeAxis(kernel, a, rank));
}

/** The shape after reducing `axes`: removed, or kept as 1 with keepDims. */
export function reducedShape(s: Shape, axes: readonly number[], keepDims: boolean): number[] {
  const set = new Set(axes);
  return keepDims ? s.map((d, i) => (set.has(i) ? 1 : d)) : s.filter((_, i) => !set.has(i));
}

/** tfjs's dtype upcast (bool < int32 < float32 < complex64). */
export const upcast = (a: DType, b: DType): DType => tf.upcastType(a, b) as DType;

/** The input called `name`, or, when the op used other names, the input at `name`'s place in the kernel's record. */
export function arg(kernel: string, args: RuleArgs, name: KernelInputName): ArgInfo {
  const a = args.inputs[name] ?? args.list[Math.max(inputPosition(kernel, name), 0)];
  if (!a) fail(kernel, `missing input '${name}'`);
  return a;
}

/** A numeric attr, or a default. */
export function numAttr(kernel: string, attrs: RuleArgs['attrs'], name: string, dflt?: number): number {
  const v = attrs[name] ?? dflt;
  if (typeof v !== 'number' || Number.isNaN(v))
    fail(kernel, `attr '${name}' must be a number, got ${JSON.stringify(v)}`);
  return v;
}

/** An attr that must be an array of integers (or a single integer, repeated to `len` when given). */
export function intList(kernel: string, v: unknown, name: string, len?: number): number[] {
  const list = typeof v === 'number' && len != null ? new Array<number>(len).fill(v) : v;
  if (!Array.isArray(list) || list.some((x) => !Number.isInteger(x)))
    fail(kernel, `attr '${name}' must be a list of integers, got ${JSON.stringify(v)}`);
  return list as number[];
}

export const out = (shape: Shape, dtype: DType): ArgInfo[] => [{ shape: [...shape], dtype }];

/**
 * Runs a shape computation written for known shapes on shapes with unknown dims: each -1 is replaced by each
 * of `subs` in turn (small and large, so that clamping cannot make two runs agree by accident), and an output
 * dim that differs between the runs is unknown. Runs that throw are ignored while two or more succeed. Exact
 * (one run) when all dims are known.
 */
export function withUnknowns(
  kernel: string,
  shapes: readonly Shape[],
  compute: (shapes: number[][]) => number[][],
  subs = [1, 2, 1021, 2039],
): number[][] {
  if (shapes.every(allKnown)) return compute(shapes.map((s) => [...s]));
  const runs: number[][][] = [];
  let error: unknown;
  for (const v of subs) {
    try {
      runs.push(compute(shapes.map((s) => s.map((d) => (d < 0 ? v : d)))));
    } catch (e) {
      error ??= e;
    }
  }
  if (runs.length < 2) throw error;
  const first = runs[0]!;
  return first.map((s, i) => {
    const others = runs.map((r) => r[i]!);
    if (others.some((o) => o.length !== s.length))
      fail(kernel, `output rank depends on unknown input dims ${shapes.map(fmt).join(', ')}`);
    return s.map((d, j) => (others.every((o) => o[j] === d) ? d : UNKNOWN));
  });
}

/** Runs a tfjs conv-info computation, turning its assertion failures into rule errors; unknown dims → -1. */
export function convOut(
  k: string,
  shapes: readonly Shape[],
  compute: (s: number[][]) => number[],
  what: string,
): number[] {
  shapes.forEach((s) => checkShape(k, s));
  try {
    const [shape] = withUnknowns(k, shapes, (s) => [compute(s)]);
    if (shape!.some((d) => d < -1 || !Number.isInteger(d)))
      throw new Error(`the output shape would be ${JSON.stringify(shape)}`);
    return shape!;
  } catch (e) {
    return fail(k, `${what} of ${shapes.map(fmt).join(' and ')} is invalid: ${(e as Error).message}`);
  }
}

/** Rule for a kernel whose single output has the shape and dtype of input `index` (or a fixed dtype). */
export function sameAs(kernel: string, index = 0, dtype?: DType): ShapeRule {
  return ({ list }) => {
    const x = list[index];
    if (!x) fail(kernel, `expected at least ${index + 1} input(s), got ${list.length}`);
    return out(checkShape(kernel, x.shape), dtype ?? x.dtype);
  };
}
