// Lowers the nodes of one IR graph into an ONNX graph builder: constants become initializers, kernels
// go through the rule table, Fused nodes are expanded step by step, Cond/While and tensor lists are
// delegated, Print/Assert are dropped with a warning (or become effect outputs, lower-effects.ts),
// AssignVariable becomes an extra output; a kernel call with a difference from tfjs that the rules
// keep (rules/inexact.ts) warns `export/onnx-inexact` once per kernel and user line of an export.
// Needs the IR, the rule table, lower-control-flow, lower-lists. Produces `lowerBody`.

import { resolvedSource, type Graph, type Node, type Value } from '../../ir/graph.js';
import type { FusedProgram } from '../../ir/fused.js';
import { isStructuralOp, OP, type StructuralOp } from '../../ir/ops.js';
import type { TensorType } from '../../ir/types.js';
import { AutographError } from '../../errors/ag-error.js';
import { agError } from '../../errors/catalogue.js';
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { onnxError, OnnxExportError } from './onnx-errors.js';
import { onnxRuleFor } from './rules/index.js';
import { inexactUse } from './rules/inexact.js';
import type { KernelCall } from './rules/rule-types.js';
import { onnxTypeOf, type LowerContext } from './lower-context.js';
import { lowerCond, lowerWhile } from './lower-control-flow.js';
import { lowerListOp } from './lower-lists.js';
import { logAssignment, lowerAssertEffect, lowerPrintEffect } from './lower-effects.js';

export type Env = Map<Value, string>;

/** Emits `g`'s nodes with its inputs (params, then captures) bound to `inputNames`; returns its outputs' names. */
export function lowerBody(b: OnnxGraphBuilder, g: Graph, inputNames: readonly string[], ctx: LowerContext): string[] {
  const env: Env = new Map();
  g.inputs.forEach((v, i) => env.set(v, inputNames[i]!));
  for (const node of g.nodes) lowerNode(b, node, env, ctx);
  return g.outputs.map((v) => nameOf(env, v));
}

export function nameOf(env: Env, v: Value): string {
  const n = env.get(v);
  if (n === undefined) throw new Error(`internal: value #${v.id} has no ONNX name`);
  return n;
}

function lowerNode(b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext): void {
  try {
    if (isStructuralOp(node.op)) return LOWER[node.op](b, node, env, ctx);
    return lowerKernel(b, node, env, ctx);
  } catch (e) {
    if (e instanceof AutographError) throw e;
    if (e instanceof OnnxExportError) throw onnxError('export/onnx-unsupported-use', { kernel: node.op, reason: e.message }, node.options.source);
    throw e;
  }
}

type Lower = (b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext) => void;

/** How each structural op (ir/ops.ts) becomes ONNX; kernels and draws go through the rule table. */
const LOWER: Record<StructuralOp, Lower> = {
  Const: (b, node, env) => lowerConst(b, node, env),
  Cond: lowerCond,
  While: lowerWhile,
  AssignVariable: lowerAssign,
  Print: (b, node, env, ctx) => {
    if (ctx.effects) return lowerPrintEffect(b, node, node.inputs.map((v) => nameOf(env, v)), ctx);
    ctx.warn(`ONNX export: dropped Print${where(node)} (ONNX has no printing)`);
  },
  Assert: (b, node, env, ctx) => {
    if (ctx.effects) return lowerAssertEffect(b, node, nameOf(env, node.inputs[0]!), ctx);
    ctx.warn(`ONNX export: dropped Assert${where(node)} (ONNX has no assertions)`);
  },
  Fused: lowerFused,
  ListEmpty: lowerListOp,
  ListPush: lowerListOp,
  ListPop: lowerListOp,
  ListLength: lowerListOp,
  ListGet: lowerListOp,
  ListSetItem: lowerListOp,
  ListStack: lowerListOp,
};

function where(node: Node): string {
  const s = node.options.source;
  return s ? ` at ${s.file ?? '<anonymous>'}:${s.line}:${s.column}` : '';
}

function lowerConst(b: OnnxGraphBuilder, node: Node, env: Env): void {
  const v = node.outputs[0]!;
  const values = node.options.values!;
  const name = v.shape.length === 0 && v.dtype !== 'string'
    ? b.scalar(v.dtype, (values as ArrayLike<number>)[0]!)
    : b.initializer(v.name ?? 'const', v.dtype, v.shape, values as ArrayLike<number>);
  env.set(v, name);
}

function lowerAssign(b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext): void {
  if (ctx.depth > 0) throw new OnnxExportError('a variable write inside a branch or loop body has no ONNX export');
  const v = node.inputs[0]!;
  const n = ctx.assignments.push({ variable: node.options.variable!, value: nameOf(env, v), type: onnxTypeOf(ctx, v, nameOf(env, v)) });
  if (ctx.effects) logAssignment(b, n - 1, ctx);
}

function kernelCall(b: OnnxGraphBuilder, op: string, inputs: readonly string[], inputTypes: readonly TensorType[], inputNames: readonly string[],
  attrs: Readonly<Record<string, unknown>>, outputs: readonly Value[] | readonly TensorType[], env: Env | undefined, constants: readonly (ArrayLike<number> | undefined)[],
  ctx: LowerContext): KernelCall {
  const outNames = outputs.map((o) => b.fresh((o as Value).name ?? op.replace(/^_/, '').toLowerCase()));
  if (env) (outputs as Value[]).forEach((o, i) => env.set(o, outNames[i]!));
  return { op, inputs, inputTypes, inputNames, attrs, outputs: outNames, outputTypes: outputs, constants, numerics: ctx.numerics };
}

/** The values of `v` when a Const node makes it (rules use them to skip guards that cannot fire). */
function constantValues(v: Value | undefined): ArrayLike<number> | undefined {
  const values = v?.node?.op === OP.Const ? v.node.options.values : undefined;
  return values && !Array.isArray(values) ? (values as ArrayLike<number>) : undefined;
}

function applyRule(b: OnnxGraphBuilder, k: KernelCall, node: Node, ctx: LowerContext): void {
  const rule = onnxRuleFor(k.op);
  if (!rule) throw onnxError('export/onnx-unsupported-kernel', { kernel: k.op }, node.options.source);
  rule(b, k);
  const difference = inexactUse(k);
  if (difference) warnInexact(k.op, difference, node, ctx);
}

/** `export/onnx-inexact`, once per kernel and user line in one export. */
function warnInexact(kernel: string, difference: string, node: Node, ctx: LowerContext): void {
  const source = resolvedSource(node.options.source);
  const key = `${kernel}|${difference}|${source ? `${source.file}:${source.line}:${source.column}` : `node ${node.id}`}`;
  if (ctx.warned.has(key)) return;
  ctx.warned.add(key);
  ctx.warn(agError('export/onnx-inexact', { kernel, difference }, source ?? undefined).message);
}

function lowerKernel(b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext): void {
  const inputs = node.inputs.map((v) => nameOf(env, v));
  const k = kernelCall(b, node.op, inputs, node.inputs, node.inputNames, node.attrs, node.outputs, env, node.inputs.map(constantValues), ctx);
  applyRule(b, k, node, ctx);
}

/** A Fused node: each step is one elementwise kernel call on node inputs or earlier steps. */
function lowerFused(b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext): void {
  const program = node.attrs as unknown as FusedProgram;
  const names = node.inputs.map((v) => nameOf(env, v));
  const types: TensorType[] = [...node.inputs];
  for (const step of program.steps) {
    const k = kernelCall(b, step.op, step.args.map((a) => names[a]!), step.args.map((a) => types[a]!), step.argNames, step.attrs, [step], undefined,
      step.args.map((a) => constantValues(node.inputs[a])), ctx);
    applyRule(b, k, node, ctx);
    names.push(k.outputs[0]!);
    types.push(step);
  }
  env.set(node.outputs[0]!, names[names.length - 1]!);
}
