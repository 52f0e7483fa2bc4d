// Which nodes are effects: flagged effects (print, assert), variable assignments, and control flow
// whose subgraphs hold one. Tracing and every optimizer pass ask this. Needs the IR graph.
// Produces `isEffect`, `graphHasEffects`.

import type { Graph, Node } from './graph.js';

/** True for a node that must run even when nothing reads its outputs, in program order. */
export function isEffect(node: Node): boolean {
  if (node.options.effect || node.op === 'AssignVariable') return true;
  const subs = node.subgraphs;
  return subs !== undefined && Object.values(subs).some(graphHasEffects);
}

/** True when `g` holds an effect node. */
export function graphHasEffects(g: Graph): boolean {
  return g.nodes.some(isEffect);
}
