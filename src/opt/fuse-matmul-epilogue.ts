// For device targets (exec/targets/wgsl): a float32 BatchMatMul whose only user is an elementwise
// node of the product's shape — a Fused chain or one fusable kernel: a bias, an activation, the
// RNN cell's `tanh(h·W + x)` — merges into that node as its first step, so the target computes the
// product and its epilogue in one program and never writes the product to memory. Every executor
// can still run the merged node step by step (exec/run-fused.ts runs each step as its kernel), so
// values do not depend on whether the target compiles it. Run on a target's private copy of the
// graph (it is not one of the optimizer's passes: cpu and wasm have epilogues of their own).
// Needs the IR and fuse-elementwise. Produces `fuseMatMulEpilogues(graph)` (mutates and returns it).

import { Node, type CaptureSource, type Graph, type Value } from '../ir/graph.js';
import { FUSED_OP, type FusedStep } from '../ir/fused.js';
import type { KernelName } from '../ir/kernels/index.js';
import { isFusable } from './fuse-elementwise.js';
import { setNodes } from './rewrite.js';

export function fuseMatMulEpilogues(graph: Graph): Graph {
  for (const node of graph.nodes) for (const sub of Object.values(node.subgraphs ?? {})) fuseMatMulEpilogues(sub);
  const users = new Map<Value, Node[]>();
  for (const node of graph.nodes) for (const v of node.inputs) users.set(v, [...(users.get(v) ?? []), node]);
  const outputs = new Set(graph.outputs);
  const merged = new Map<Node, Node>(); // epilogue node → its replacement
  const gone = new Set<Node>();
  for (const m of graph.nodes) {
    if (!isProduct(m)) continue;
    const p = m.outputs[0]!;
    const us = users.get(p) ?? [];
    const f = us[0];
    if (us.length !== 1 || outputs.has(p) || !f || merged.has(f) || !isEpilogue(f, p)) continue;
    merged.set(f, mergeInto(graph, m, f));
    gone.add(m);
  }
  if (gone.size > 0) setNodes(graph, graph.nodes.filter((n) => !gone.has(n)).map((n) => merged.get(n) ?? n));
  return graph;
}

/** A float32 BatchMatMul of two operands. */
function isProduct(node: Node): boolean {
  return node.op === 'BatchMatMul' && node.inputs.length === 2 && node.outputs.length === 1 && [...node.inputs, node.outputs[0]!].every((v) => v.dtype === 'float32');
}

/** An elementwise node reading the product `p` (and nothing made by another product's merge) with a result of p's shape. */
function isEpilogue(node: Node, p: Value): boolean {
  if (node.op !== FUSED_OP && !isFusable(node)) return false;
  if (node.op === FUSED_OP && (node.attrs.steps as readonly FusedStep[])[0]?.op === 'BatchMatMul') return false;
  const out = node.outputs[0]!;
  return out.shape.length === p.shape.length && out.shape.every((d, i) => d === p.shape[i]);
}

/** The steps of an elementwise node: a Fused node's program, or one fusable kernel as one step. */
function stepsOf(node: Node): readonly FusedStep[] {
  if (node.op === FUSED_OP) return node.attrs.steps as readonly FusedStep[];
  const out = node.outputs[0]!;
  return [{ op: node.op as KernelName, args: node.inputs.map((_, i) => i), attrs: { ...node.attrs }, argNames: [...node.inputNames], dtype: out.dtype, shape: [...out.shape] }];
}

/** The Fused node computing `m` then `f`'s steps: inputs m's two operands, then f's other inputs. */
function mergeInto(graph: Graph, m: Node, f: Node): Node {
  const p = m.outputs[0]!;
  const inputs: Value[] = [m.inputs[0]!, m.inputs[1]!];
  const index = f.inputs.map((v) => {
    if (v === p) return -1;
    const at = inputs.indexOf(v, 2);
    if (at >= 0) return at;
    inputs.push(v);
    return inputs.length - 1;
  });
  const old = f.inputs.length;
  const n = inputs.length;
  const head: FusedStep = {
    op: 'BatchMatMul' as KernelName,
    args: [0, 1],
    attrs: { ...m.attrs },
    argNames: [...m.inputNames],
    dtype: p.dtype,
    shape: [...p.shape],
  };
  // f's operand a: its input a (the product is step 0), or its step a - old (now step a - old + 1)
  const remap = (a: number): number => (a < old ? (index[a]! < 0 ? n : index[a]!) : n + 1 + (a - old));
  const steps = [head, ...stepsOf(f).map((s) => ({ ...s, args: s.args.map(remap) }))];
  const fused = new Node(graph, FUSED_OP, inputs, inputs.map((_, i) => `x${i}`), { steps }, { source: f.options.source });
  const out = fused.addOutput(f.outputs[0]!.dtype, f.outputs[0]!.shape);
  out.name = f.outputs[0]!.name;
  // the epilogue's result keeps its users: they now read the merged node's output
  for (const node of graph.nodes) node.inputs = node.inputs.map((v) => (v === f.outputs[0] ? out : v));
  graph.outputs = graph.outputs.map((v) => (v === f.outputs[0] ? out : v));
  for (const node of graph.nodes) for (const sub of Object.values(node.subgraphs ?? {})) replaceCaptures(sub, f.outputs[0]!, out);
  return fused;
}

/** Subgraphs capture outer values by source: point those captures at the new value. */
function replaceCaptures(g: Graph, from: Value, to: Value): void {
  for (const c of g.captures) if (c.source.kind === 'outer' && c.source.value === from) (c as { source: CaptureSource }).source = { kind: 'outer', value: to };
  for (const node of g.nodes) for (const sub of Object.values(node.subgraphs ?? {})) replaceCaptures(sub, from, to);
}
