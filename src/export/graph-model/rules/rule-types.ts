// The contract of a GraphModel rule: how one tfjs kernel invocation becomes TF GraphDef nodes that
// tfjs-converter executes with the same result. Needs the IR types and graph-def.
// Produces `KernelCall`, `RuleContext`, `GraphModelRule`, `GraphModelTable` and small rule builders.

import type { KernelTable } from '../../../ir/kernels/index.js';
import type { DType, Shape, TensorType } from '../../../ir/types.js';
import { attr, type Attrs } from '../graph-def.js';

/** One kernel invocation: an IR node, or one step of a Fused node. */
export interface KernelCall {
  /** The tfjs kernel name. */
  readonly op: string;
  readonly inputTypes: readonly TensorType[];
  /** The names tfjs passed the inputs under (`a`, `b`, `x` …; indices for array inputs). */
  readonly inputNames: readonly string[];
  readonly attrs: Readonly<Record<string, unknown>>;
  readonly outputTypes: readonly TensorType[];
}

export interface RuleContext {
  readonly call: KernelCall;
  /** References (`node` or `node:k`) of the call's inputs, in order. */
  readonly inputs: readonly string[];
  /** The reference of the input tfjs passed as `name`; fails when absent. */
  input(name: string): string;
  /** The reference of the input passed as `name`, or undefined (optional inputs such as bias). */
  optionalInput(name: string): string | undefined;
  /** The type of the input passed as `name` (or at that index). */
  typeOf(name: string | number): TensorType;
  /** Adds a node to the current graph or function; returns its name (also the ref of output 0). */
  emit(op: string, inputs: readonly string[], attrs?: Attrs): string;
  /** A Const node with these values; returns its ref. */
  constant(values: ArrayLike<number | boolean>, dtype: DType, shape: Shape): string;
  /** Throws the "cannot export" error of this kernel, with `detail` saying why. */
  fail(detail: string): never;
}

/** Returns one ref per output of the call, in order. */
export type GraphModelRule = (ctx: RuleContext) => readonly string[];

/** GraphModel rules keyed by kernel name: a misspelled name does not compile. */
export type GraphModelTable = KernelTable<GraphModelRule>;

/** int32 1-D constant. */
export function ints(ctx: RuleContext, xs: readonly number[]): string {
  return ctx.constant(xs, 'int32', [xs.length]);
}

/** int32 scalar constant. */
export function int(ctx: RuleContext, x: number): string {
  return ctx.constant([x], 'int32', []);
}

/** A scalar constant of `dtype`; float32 when the value does not fit an integer dtype. */
export function scalarLike(ctx: RuleContext, x: number, dtype: DType): string {
  const d: DType = dtype === 'int32' && !Number.isInteger(x) ? 'float32' : dtype === 'bool' ? 'float32' : dtype;
  return ctx.constant([x], d, []);
}

/** `T` attr from the dtype of input 0. */
export function tAttr(ctx: RuleContext, index = 0): Attrs {
  return { T: attr.type(ctx.typeOf(index).dtype) };
}

/** A kernel that is the same TF op (maybe renamed), inputs in order, `T` from input 0. */
export function same(tfOp?: string): GraphModelRule {
  return (ctx) => [ctx.emit(tfOp ?? ctx.call.op, ctx.inputs, ctx.inputs.length ? tAttr(ctx) : {})];
}

/** A number attr that must be present. */
export function numberAttr(ctx: RuleContext, name: string): number {
  const v = ctx.call.attrs[name];
  if (typeof v !== 'number') ctx.fail(`attr '${name}' must be a number, got ${JSON.stringify(v)}`);
  return v;
}

/** An attr given as a number or an array of numbers, as an array. */
export function numberList(ctx: RuleContext, name: string): number[] {
  const v = ctx.call.attrs[name];
  if (typeof v === 'number') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return v as number[];
  return ctx.fail(`attr '${name}' must be a number or a list of numbers, got ${JSON.stringify(v)}`);
}

/** Reduction axes: null/undefined means all axes; negative axes count from the end. */
export function axesOf(ctx: RuleContext, name: string, rank: number): number[] {
  const v = ctx.call.attrs[name];
  if (v == null) return [...Array(rank).keys()];
  return numberList(ctx, name).map((a) => (a < 0 ? a + rank : a));
}
