// Lowers functional control flow: Cond → ONNX If (branches read their operands from the outer scope
// by name), While → ONNX Loop (trip count from maximumIterations; the cond subgraph is emitted once
// before the loop for the initial condition and again at the end of each body iteration; invariants
// are read from the outer scope). Needs lower-graph, lower-context, the builder. Produces `lowerCond`, `lowerWhile`.

import type { Graph, Node } from '../../ir/graph.js';
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { lowerBody, nameOf, type Env } from './lower-graph.js';
import { onnxTypeOf, type LowerContext } from './lower-context.js';
import { ElemType } from './onnx-proto.js';

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

function branch(b: OnnxGraphBuilder, label: string, g: Graph, operands: readonly string[], node: Node, ctx: LowerContext) {
  const sub = b.subgraph(label);
  const outs = lowerBody(sub, g, operands, inner(ctx));
  setOutputs(sub, outs, node, ctx);
  return sub.toProto();
}

export function lowerCond(b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext): void {
  const [pred, ...operands] = node.inputs.map((v) => nameOf(env, v));
  const { then: thenG, else: elseG } = node.subgraphs!;
  if (node.outputs.length === 0) {
    if (node.options.effect) ctx.warn('ONNX export: dropped a staged if whose branches only print or assert');
    return;
  }
  const thenBranch = branch(b, 'then', thenG!, operands, node, ctx);
  const elseBranch = branch(b, 'else', elseG!, operands, node, ctx);
  const outs = node.outputs.map((v) => b.fresh(v.name ?? 'if_out'));
  node.outputs.forEach((v, i) => env.set(v, outs[i]!));
  // Tensor-list outputs keep the element type of the then branch's result.
  thenBranch.outputs.forEach((o, i) => ctx.lists.has(o.name) && ctx.lists.set(outs[i]!, ctx.lists.get(o.name)!));
  b.node('If', [pred!], outs, { then_branch: { graph: thenBranch }, else_branch: { graph: elseBranch } });
}

export function lowerWhile(b: OnnxGraphBuilder, node: Node, env: Env, ctx: LowerContext): void {
  const n = node.outputs.length;
  const all = node.inputs.map((v) => nameOf(env, v));
  const inits = all.slice(0, n);
  const invariants = all.slice(n);
  const { cond: condG, body: bodyG } = node.subgraphs!;
  const [cond0] = lowerBody(b, condG!, [...inits, ...invariants], inner(ctx));

  const body = b.subgraph('loop_body');
  body.addInput(body.fresh('iteration'), { kind: 'tensor', elemType: ElemType.INT64, shape: [] });
  body.addInput(body.fresh('cond_in'), { kind: 'tensor', elemType: ElemType.BOOL, shape: [] });
  const vars = node.outputs.map((v, i) => {
    const name = body.fresh(bodyG!.params[i]?.name ?? 'loop_var');
    if (ctx.lists.has(inits[i]!)) ctx.lists.set(name, ctx.lists.get(inits[i]!)!);
    body.addInput(name, onnxTypeOf(ctx, v, name));
    return name;
  });
  const next = lowerBody(body, bodyG!, [...vars, ...invariants], inner(ctx));
  const [condNext] = lowerBody(body, condG!, [...next, ...invariants], inner(ctx));
  const condOut = body.op('Identity', [condNext!], {}, body.fresh('cond_out'));
  body.addOutput(condOut, { kind: 'tensor', elemType: ElemType.BOOL, shape: [] });
  setOutputs(body, next, node, ctx);

  const max = node.attrs.maximumIterations as number | undefined;
  const trip = max === undefined ? '' : b.int64([max], true);
  const outs = node.outputs.map((v) => b.fresh(v.name ?? 'loop_out'));
  node.outputs.forEach((v, i) => {
    env.set(v, outs[i]!);
    if (ctx.lists.has(inits[i]!)) ctx.lists.set(outs[i]!, ctx.lists.get(inits[i]!)!);
  });
  b.node('Loop', [trip, cond0!, ...inits], outs, { body: { graph: body.toProto() } });
}
