// Lowers the nodes of one IR graph into an ONNX graph builder through the IR walk (ir/walk.ts):
// constants become initializers, kernels go through the rule table, Fused nodes are expanded step
// by step, Cond/While (handed `lowerBody` for their bodies) and tensor lists are delegated,
// Print/Assert are dropped with a warning (or become effect outputs, lower-effects.ts),
// AssignVariable becomes an extra output; a kernel call with a difference from tfjs that the rules
// keep (rules/support/inexact.ts) warns `export/onnx-inexact` once per kernel and user line of an export.
// Needs the IR walk, the rule table, lower-control-flow, lower-lists. Produces `lowerBody`.

import { resolvedSource, type Graph, type Node, type Value } from '../../ir/graph.js';
import type { StructuralOp } from '../../ir/ops.js';
import { expandFused, walkGraph, type NodeHandler, type WalkTable } from '../../ir/walk.js';
import type { TensorType } from '../../ir/types.js';
import { AutographError } from '../../errors/ag-error.js';
import { agError } from '../../errors/catalogue.js';
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { onnxError, OnnxExportError } from './onnx-errors.js';
import { onnxRuleFor } from './rules/index.js';
import { inexactUse } from './rules/support/inexact.js';
import type { KernelCall } from './rules/support/rule-types.js';
import { kernelCall } from '../kernel-call.js';
import { onnxTypeOf, type LowerContext } from './lower-context.js';
import { lowerCond, lowerWhile } from './lower-control-flow.js';
import { lowerListOp } from './lower-lists.js';
import { logAssignment, lowerAssertEffect, lowerPrintEffect } from './lower-effects.js';
import { numericConstValues } from '../../ir/const-values.js';

/** Where a node is lowered: the builder of the graph or subgraph, and the export's state. */
export interface OnnxScope {
  readonly b: OnnxGraphBuilder;
  readonly ctx: LowerContext;
}

/** Emits `g`'s nodes with its inputs (params, then captures) bound to `inputNames`; returns its outputs' names. */
export function lowerBody(b: OnnxGraphBuilder, g: Graph, inputNames: readonly string[], ctx: LowerContext): string[] {
  return walkGraph(g, inputNames, ONNX_LOWERING, { b, ctx });
}

/** A kernel's own refusal (OnnxExportError) becomes the catalogued error naming the kernel and the user's line. */
function failed(e: unknown, node: Node): unknown {
  if (e instanceof AutographError) return e;
  if (e instanceof OnnxExportError)
    return onnxError('export/onnx-unsupported-use', { kernel: node.op, reason: e.message }, node.options.source);
  return e;
}

type Lower = NodeHandler<string, OnnxScope>;

/** How each structural op (ir/ops.ts) becomes ONNX; kernels and draws go through the rule table. */
const LOWER: Record<StructuralOp, Lower> = {
  Const: (node, _, { b }) => [lowerConst(b, node)],
  Cond: (node, ins, { b, ctx }) => lowerCond(b, node, ins, ctx, lowerBody),
  While: (node, ins, { b, ctx }) => lowerWhile(b, node, ins, ctx, lowerBody),
  AssignVariable: (node, ins, { b, ctx }) => lowerAssign(b, node, ins[0]!, ctx),
  Print: (node, ins, { b, ctx }) => {
    if (ctx.effects) lowerPrintEffect(b, node, ins, ctx);
    else ctx.warn(`ONNX export: dropped Print${where(node)} (ONNX has no printing)`);
    return [];
  },
  Assert: (node, ins, { b, ctx }) => {
    if (ctx.effects) lowerAssertEffect(b, node, ins[0]!, ctx);
    else ctx.warn(`ONNX export: dropped Assert${where(node)} (ONNX has no assertions)`);
    return [];
  },
  // Pure (no effect when the module loads), so bundlers can drop the table where the lowering is unused.
  Fused: /* @__PURE__ */ expandFused(({ step, inputs, inputTypes, operands }, node, { b, ctx }) => {
    const k = onnxCall(
      b,
      step.op,
      inputs,
      inputTypes,
      step.argNames,
      step.attrs,
      [step],
      operands.map(numericConstValues),
      ctx,
    );
    applyRule(b, k, node, ctx);
    return k.outputs[0]!;
  }),
  ListEmpty: lowerList,
  ListPush: lowerList,
  ListPop: lowerList,
  ListLength: lowerList,
  ListGet: lowerList,
  ListSetItem: lowerList,
  ListStack: lowerList,
};

function lowerList(node: Node, ins: string[], { b, ctx }: OnnxScope): string[] {
  return lowerListOp(b, node, ins, ctx);
}

/** The ONNX lowering's handlers for the walk (ir/walk.ts); the walk binds each node's output names. */
const ONNX_LOWERING: WalkTable<string, OnnxScope> = {
  consumer: 'the ONNX export',
  structural: LOWER,
  leaf: (node, ins, { b, ctx }) => {
    const k = onnxCall(
      b,
      node.op,
      ins,
      node.inputs,
      node.inputNames,
      node.attrs,
      node.outputs,
      node.inputs.map(numericConstValues),
      ctx,
    );
    applyRule(b, k, node, ctx);
    return k.outputs;
  },
  failed,
};

function where(node: Node): string {
  const s = node.options.source;
  return s ? ` at ${s.file ?? '<anonymous>'}:${s.line}:${s.column}` : '';
}

function lowerConst(b: OnnxGraphBuilder, node: Node): string {
  const v = node.outputs[0]!;
  const values = node.options.values!;
  return v.shape.length === 0 && v.dtype !== 'string'
    ? b.scalar(v.dtype, (values as ArrayLike<number>)[0]!)
    : b.initializer(v.name ?? 'const', v.dtype, v.shape, values as ArrayLike<number>);
}

function lowerAssign(b: OnnxGraphBuilder, node: Node, value: string, ctx: LowerContext): [] {
  if (ctx.depth > 0) throw new OnnxExportError('a variable write inside a branch or loop body has no ONNX export');
  const n = ctx.assignments.push({
    variable: node.options.variable!,
    value,
    type: onnxTypeOf(ctx, node.inputs[0]!, value),
  });
  if (ctx.effects) logAssignment(b, n - 1, ctx);
  return [];
}

/** A kernel call with fresh ONNX names for its outputs (the walk binds a node's outputs to them). */
function onnxCall(
  b: OnnxGraphBuilder,
  op: string,
  inputs: readonly string[],
  inputTypes: readonly TensorType[],
  inputNames: readonly string[],
  attrs: Readonly<Record<string, unknown>>,
  outputs: readonly Value[] | readonly TensorType[],
  constants: readonly (ArrayLike<number> | undefined)[],
  ctx: LowerContext,
): KernelCall {
  const outNames = outputs.map((o) => b.fresh((o as Value).name ?? op.replace(/^_/, '').toLowerCase()));
  const parts = {
    op,
    inputs,
    inputTypes,
    inputNames,
    attrs,
    outputs: outNames,
    outputTypes: outputs,
    constants,
    numerics: ctx.numerics,
  };
  return kernelCall(parts, (detail) => {
    throw new OnnxExportError(detail);
  });
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
