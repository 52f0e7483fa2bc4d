// Dead-code elimination: removes nodes whose outputs nothing uses, unless they have effects (print,
// assert, variable writes, or control flow containing one). Subgraphs keep all their outputs (a
// While body's outputs are the loop-carried values) and are cleaned inside. Params never change.
// Needs rewrite. Produces `dce(graph)` (mutates and returns `graph`).

import type { Graph, Node, Value } from '../ir/graph.js';
import { isEffect, setNodes } from './rewrite.js';

export function dce(graph: Graph): Graph {
  dceGraph(graph);
  return graph;
}

/** Removes the dead nodes of `g` and of the subgraphs of its live nodes. */
export function dceGraph(g: Graph): void {
  const live = new Set<Value>(g.outputs);
  const kept: Node[] = [];
  for (let i = g.nodes.length - 1; i >= 0; i--) {
    const node = g.nodes[i]!;
    if (!isEffect(node) && !node.outputs.some((v) => live.has(v))) continue;
    for (const v of node.inputs) live.add(v);
    for (const sub of Object.values(node.subgraphs ?? {})) dceGraph(sub);
    kept.push(node);
  }
  kept.reverse();
  setNodes(g, kept);
}
