// The contract of a GraphModel rule, `(b, k) => refs`: how one kernel call (the shared contract of
// export/kernel-call.ts, inputs as `node` or `node:k` refs) becomes TF GraphDef nodes, emitted through
// the builder, that tfjs-converter executes with the same result. A rule returns the refs of the
// outputs it made, since GraphDef names a node's outputs after the node (ONNX's are named before).
// Needs the IR types, the kernel-call contract and graph-def. Produces `GraphModelBuilder`,
// `GraphModelRule`, `GraphModelTable` and small rule builders.

import type { KernelTable } from '../../../../ir/kernels/index.js';
import type { DType, Shape } from '../../../../ir/types.js';
import type { KernelCall } from '../../../kernel-call.js';
import { attr, type Attrs } from '../../graph-def.js';

export type { KernelCall } from '../../../kernel-call.js';

/** Where a rule writes: the current graph or function, and the kernel's "cannot export" error. */
export interface GraphModelBuilder {
  /** Adds a node to the current graph or function; returns its name (also the ref of output 0). */
  emit(op: string, inputs: readonly string[], attrs?: Attrs): string;
  /** A Const node with these values; returns its ref. */
  constant(values: ArrayLike<number | boolean>, dtype: DType, shape: Shape): string;
  /** Throws the "cannot export" error of the kernel being lowered, with `detail` saying why. */
  fail(detail: string): never;
}

/** Emits the nodes of one kernel call; returns one ref per output of the call, in order. */
export type GraphModelRule = (b: GraphModelBuilder, k: KernelCall) => readonly string[];

/** GraphModel rules keyed by kernel name: a misspelled name does not compile. */
export type GraphModelTable = KernelTable<GraphModelRule>;

/** int32 1-D constant. */
export function ints(b: GraphModelBuilder, xs: readonly number[]): string {
  return b.constant(xs, 'int32', [xs.length]);
}

/** int32 scalar constant. */
export function int(b: GraphModelBuilder, x: number): string {
  return b.constant([x], 'int32', []);
}

/** A scalar constant of `dtype`; float32 when the value does not fit an integer dtype. */
export function scalarLike(b: GraphModelBuilder, x: number, dtype: DType): string {
  const d: DType = dtype === 'int32' && !Number.isInteger(x) ? 'float32' : dtype === 'bool' ? 'float32' : dtype;
  return b.constant([x], d, []);
}

/** `T` attr from the dtype of input 0. */
export function tAttr(k: KernelCall, index = 0): Attrs {
  return { T: attr.type(k.typeOf(index).dtype) };
}

/** A kernel that is the same TF op (maybe renamed), inputs in order, `T` from input 0. */
export function same(tfOp?: string): GraphModelRule {
  return (b, k) => [b.emit(tfOp ?? k.op, k.inputs, k.inputs.length ? tAttr(k) : {})];
}

/** A number attr that must be present. */
export function numberAttr(b: GraphModelBuilder, k: KernelCall, name: string): number {
  const v = k.attrs[name];
  if (typeof v !== 'number') b.fail(`attr '${name}' must be a number, got ${JSON.stringify(v)}`);
  return v;
}

/** An attr given as a number or an array of numbers, as an array. */
export function numberList(b: GraphModelBuilder, k: KernelCall, name: string): number[] {
  const v = k.attrs[name];
  if (typeof v === 'number') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return v as number[];
  return b.fail(`attr '${name}' must be a number or a list of numbers, got ${JSON.stringify(v)}`);
}

/** Reduction axes: null/undefined means all axes; negative axes count from the end. */
export function axesOf(b: GraphModelBuilder, k: KernelCall, name: string, rank: number): number[] {
  const v = k.attrs[name];
  if (v == null) return [...Array(rank).keys()];
  return numberList(b, k, name).map((a) => (a < 0 ? a + rank : a));
}

/** An attr given as a list of [before, after] pairs (paddings, crops), flattened. */
export function pairs(b: GraphModelBuilder, k: KernelCall, name: string): number[] {
  const v = k.attrs[name];
  if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2))
    b.fail(`attr '${name}' must be a list of pairs, got ${JSON.stringify(v)}`);
  return (v as number[][]).flat();
}
