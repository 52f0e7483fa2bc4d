// Lowers functional control flow: Cond → ONNX If (branches read their operands from the outer scope
// by name), While → ONNX Loop (trip count from maximumIterations; the cond subgraph is emitted once
// before the loop for the initial condition and again at the end of each body iteration; invariants
// are read from the outer scope). Where a body prints or asserts (and effects are outputs), If and
// Loop also carry the effect streams, and every loop stops once an assertion has failed.
// Bodies are lowered by the lowering of the graph around them, which lower-graph.ts passes in as a
// callback (as the GraphModel lowering does), so this module does not import it.
// Needs lower-context, lower-effects, the builder, a callback that lowers a body.
// Produces `lowerCond`, `lowerWhile`, `LowerBody`.

import type { Graph, Node } from '../../ir/graph.js';
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { onnxTypeOf, type LowerContext } from './lower-context.js';
import { ElemType } from './onnx-proto.js';
import { effectScope, gateCondition, stateOf, streamNames, streamTypes, threadsEffects } from './lower-effects.js';

/** Emits `g`'s nodes into `b` with its inputs bound to `inputNames`; returns its outputs' names. */
export type LowerBody = (b: OnnxGraphBuilder, g: Graph, inputNames: readonly string[], ctx: LowerContext) => string[];

function inner(ctx: LowerContext): LowerContext {
  return { ...ctx, depth: ctx.depth + 1 };
}

/** Every subgraph output goes through an Identity of its own (outputs may not alias inputs or outer names). */
function setOutputs(sub: OnnxGraphBuilder, names: readonly string[], node: Node, ctx: LowerContext): void {
  names.forEach((n, i) => {
    const outName = sub.op('Identity', [n], {}, sub.fresh(`${sub.name}_out`));
    const list = ctx.lists.get(n);
    if (list) ctx.lists.set(outName, list);
    sub.addOutput(outName, onnxTypeOf(ctx, node.outputs[i]!, n));
  });
}

/** Adds the effect streams a body ends with as its last outputs. */
function setStreamOutputs(sub: OnnxGraphBuilder, inner: LowerContext): void {
  const types = streamTypes();
  streamNames(inner.effects!.state).forEach((n, i) =>
    sub.addOutput(sub.op('Identity', [n], {}, sub.fresh(`${sub.name}_effects`)), types[i]),
  );
}

function branch(
  b: OnnxGraphBuilder,
  label: string,
  g: Graph,
  operands: readonly string[],
  node: Node,
  ctx: LowerContext,
  effects: boolean,
  lowerBody: LowerBody,
) {
  const sub = b.subgraph(label);
  const c = effects ? effectScope(inner(ctx), ctx.effects!.state) : inner(ctx);
  const outs = lowerBody(sub, g, operands, c);
  setOutputs(sub, outs, node, ctx);
  if (effects) setStreamOutputs(sub, c);
  return sub.toProto();
}

/** Emits an If for `node` (`ins`: the ONNX names of its inputs); returns the names of its outputs. */
export function lowerCond(
  b: OnnxGraphBuilder,
  node: Node,
  ins: readonly string[],
  ctx: LowerContext,
  lowerBody: LowerBody,
): string[] {
  const [pred, ...operands] = ins;
  const { then: thenG, else: elseG } = node.subgraphs!;
  const effects = threadsEffects(node, ctx);
  if (node.outputs.length === 0 && !effects) {
    if (node.options.effect) ctx.warn('ONNX export: dropped a staged if whose branches only print or assert');
    return [];
  }
  const thenBranch = branch(b, 'then', thenG!, operands, node, ctx, effects, lowerBody);
  const elseBranch = branch(b, 'else', elseG!, operands, node, ctx, effects, lowerBody);
  const outs = node.outputs.map((v) => b.fresh(v.name ?? 'if_out'));
  // Tensor-list outputs keep the element type of the then branch's result.
  thenBranch.outputs.forEach(
    (o, i) => i < outs.length && ctx.lists.has(o.name) && ctx.lists.set(outs[i]!, ctx.lists.get(o.name)!),
  );
  const streams = effects ? streamNames(ctx.effects!.state).map(() => b.fresh('if_effects')) : [];
  b.node('If', [pred!], [...outs, ...streams], {
    then_branch: { graph: thenBranch },
    else_branch: { graph: elseBranch },
  });
  if (effects) Object.assign(ctx.effects!.state, stateOf(streams));
  return outs;
}

/** Emits a Loop for `node` (`all`: the ONNX names of its inputs); returns the names of its outputs. */
export function lowerWhile(
  b: OnnxGraphBuilder,
  node: Node,
  all: readonly string[],
  ctx: LowerContext,
  lowerBody: LowerBody,
): string[] {
  const n = node.outputs.length;
  const inits = all.slice(0, n);
  const invariants = all.slice(n);
  const { cond: condG, body: bodyG } = node.subgraphs!;
  const effects = threadsEffects(node, ctx);
  // The first condition is evaluated in the outer scope (its effects, if any, happen there).
  const [cond0] = lowerBody(b, condG!, [...inits, ...invariants], inner(ctx));
  const streams0 = effects ? streamNames(ctx.effects!.state) : [];

  const body = b.subgraph('loop_body');
  body.addInput(body.fresh('iteration'), { kind: 'tensor', elemType: ElemType.INT64, shape: [] });
  body.addInput(body.fresh('cond_in'), { kind: 'tensor', elemType: ElemType.BOOL, shape: [] });
  const vars = node.outputs.map((v, i) => {
    const name = body.fresh(bodyG!.params[i]?.name ?? 'loop_var');
    if (ctx.lists.has(inits[i]!)) ctx.lists.set(name, ctx.lists.get(inits[i]!)!);
    body.addInput(name, onnxTypeOf(ctx, v, name));
    return name;
  });
  let bodyCtx = inner(ctx);
  if (effects) {
    const types = streamTypes();
    const names = streams0.map(() => body.fresh('effects_in'));
    names.forEach((name, i) => body.addInput(name, types[i]!));
    bodyCtx = effectScope(bodyCtx, stateOf(names));
  }
  const next = lowerBody(body, bodyG!, [...vars, ...invariants], bodyCtx);
  const [condNext] = lowerBody(body, condG!, [...next, ...invariants], bodyCtx);
  const condOut = body.op('Identity', [gateCondition(body, condNext!, bodyCtx)], {}, body.fresh('cond_out'));
  body.addOutput(condOut, { kind: 'tensor', elemType: ElemType.BOOL, shape: [] });
  setOutputs(body, next, node, ctx);
  if (effects) setStreamOutputs(body, bodyCtx);

  const max = node.attrs.maximumIterations as number | undefined;
  const trip = max === undefined ? '' : b.int64([max], true);
  const outs = node.outputs.map((v) => b.fresh(v.name ?? 'loop_out'));
  node.outputs.forEach((_, i) => {
    if (ctx.lists.has(inits[i]!)) ctx.lists.set(outs[i]!, ctx.lists.get(inits[i]!)!);
  });
  const streamOuts = streams0.map(() => b.fresh('loop_effects'));
  b.node('Loop', [trip, gateCondition(b, cond0!, ctx), ...inits, ...streams0], [...outs, ...streamOuts], {
    body: { graph: body.toProto() },
  });
  if (effects) Object.assign(ctx.effects!.state, stateOf(streamOuts));
  return outs;
}
