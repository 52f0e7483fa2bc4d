// Pruning of control flow: Cond outputs nothing uses are dropped from the node and both branches;
// While loop variables that neither the result, the condition, an effect nor another live variable
// needs are dropped from the node, cond and body; operands no subgraph reads are dropped. Subgraphs
// are cleaned (DCE) in between. Needs dce, rewrite. Produces `pruneControlFlow(graph)`.

import { Node, type Graph, type Value } from '../ir/graph.js';
import { dceGraph } from './dce.js';
import { isEffect, setNodes, Substitution } from './rewrite.js';
import { OP } from '../ir/ops.js';

export function pruneControlFlow(graph: Graph): Graph {
  pruneGraph(graph);
  return graph;
}

function pruneGraph(g: Graph): void {
  dceGraph(g);
  const used = usedValues(g);
  const subst = new Substitution();
  const nodes = g.nodes.map((node) => {
    subst.applyTo(node);
    if (node.op === OP.Cond) return pruneCond(node, used, subst);
    if (node.op === OP.While) return pruneWhile(node, used, subst);
    for (const sub of Object.values(node.subgraphs ?? {})) pruneGraph(sub);
    return node;
  });
  setNodes(g, nodes);
  subst.applyToOutputs(g);
  dceGraph(g);
}

function pruneCond(node: Node, used: Set<Value>, subst: Substitution): Node {
  const { then: a, else: b } = node.subgraphs as { then: Graph; else: Graph };
  const keepOut = indices(node.outputs.length).filter((k) => used.has(node.outputs[k]!));
  for (const sub of [a, b]) {
    selectOutputs(sub, keepOut);
    pruneGraph(sub);
  }
  const usedA = usedValues(a);
  const usedB = usedValues(b);
  const keepIn = indices(a.params.length).filter((j) => usedA.has(a.params[j]!) || usedB.has(b.params[j]!));
  if (keepOut.length === node.outputs.length && keepIn.length === a.params.length) return node;
  for (const sub of [a, b]) selectParams(sub, keepIn);
  const operands = keepIn.map((j) => node.inputs[j + 1]!);
  const inputs = [node.inputs[0]!, ...operands];
  const names = ['pred', ...operands.map((_, i) => `input${i}`)];
  return rebuild(node, inputs, names, keepOut, subst);
}

function pruneWhile(node: Node, used: Set<Value>, subst: Substitution): Node {
  const { cond, body } = node.subgraphs as { cond: Graph; body: Graph };
  const n = node.outputs.length;
  const live = new Set(indices(n).filter((k) => used.has(node.outputs[k]!)));
  const effectInputs = (g: Graph) => g.nodes.filter(isEffect).flatMap((e) => e.inputs);
  const seeds = [
    ...paramsReached(cond, [...cond.outputs, ...effectInputs(cond)]),
    ...paramsReached(body, effectInputs(body)),
  ];
  for (const k of seeds) if (k < n) live.add(k);
  const work = [...live];
  while (work.length > 0) {
    const k = work.pop()!;
    for (const j of paramsReached(body, [body.outputs[k]!])) {
      if (j < n && !live.has(j)) {
        live.add(j);
        work.push(j);
      }
    }
  }
  const keepVars = indices(n).filter((k) => live.has(k));
  selectOutputs(body, keepVars);
  pruneGraph(cond);
  pruneGraph(body);
  const usedC = usedValues(cond);
  const usedB = usedValues(body);
  const keepInv = indices(node.inputs.length)
    .slice(n)
    .filter((j) => usedC.has(cond.params[j]!) || usedB.has(body.params[j]!));
  const keepIn = [...keepVars, ...keepInv];
  if (keepIn.length === node.inputs.length) return node;
  for (const sub of [cond, body]) selectParams(sub, keepIn);
  const inputs = keepIn.map((j) => node.inputs[j]!);
  const names = inputs.map((_, i) => (i < keepVars.length ? `var${i}` : `input${i - keepVars.length}`));
  return rebuild(node, inputs, names, keepVars, subst);
}

/** A copy of control-flow `node` with new inputs and only the outputs `keepOut` (mapped in `subst`). */
function rebuild(node: Node, inputs: Value[], names: string[], keepOut: number[], subst: Substitution): Node {
  const copy = new Node(node.graph, node.op, inputs, names, node.attrs, node.options);
  for (const k of keepOut) {
    const old = node.outputs[k]!;
    const v = copy.addOutput(old.dtype, old.shape);
    v.name = old.name;
    subst.set(old, v);
  }
  return copy;
}

function selectOutputs(g: Graph, keep: readonly number[]): void {
  if (keep.length === g.outputs.length) return;
  g.outputs = keep.map((k) => g.outputs[k]!);
  g.outputNames = keep.map((k) => g.outputNames[k]);
}

function selectParams(g: Graph, keep: readonly number[]): void {
  const params = keep.map((j) => g.params[j]!);
  g.params.splice(0, g.params.length, ...params);
}

/** Values of `g` read by its nodes or returned. */
function usedValues(g: Graph): Set<Value> {
  const used = new Set<Value>(g.outputs);
  for (const node of g.nodes) for (const v of node.inputs) used.add(v);
  return used;
}

/** Indices of the params of `g` that `seeds` depend on (through any node of `g`). */
function paramsReached(g: Graph, seeds: readonly Value[]): number[] {
  const index = new Map(g.params.map((p, i) => [p, i]));
  const seen = new Set<Value>();
  const visitedNodes = new Set<Node>();
  const found: number[] = [];
  const stack = [...seeds];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    const p = index.get(v);
    if (p !== undefined) found.push(p);
    const producer = v.node;
    if (producer && !visitedNodes.has(producer)) {
      visitedNodes.add(producer);
      stack.push(...producer.inputs);
    }
  }
  return found;
}

function indices(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
