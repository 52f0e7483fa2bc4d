// Last uses of values in a graph, for freeing every intermediate right after it is consumed.
// Needs the IR. Produces `lastUses(graph)`: for each node index, the values whose last use it is.

import type { Graph, Value } from '../ir/graph.js';

const cache = new WeakMap<Graph, Value[][]>();

/** For node i: the values (produced in this graph) that are dead once node i has run. */
export function lastUses(graph: Graph): Value[][] {
  let result = cache.get(graph);
  if (result) return result;
  const last = new Map<Value, number>();
  graph.nodes.forEach((node, i) => {
    for (const v of node.inputs) last.set(v, i);
    for (const v of node.outputs) if (!last.has(v)) last.set(v, i); // unused outputs die at once
  });
  const outputs = new Set(graph.outputs);
  result = graph.nodes.map(() => []);
  for (const [v, i] of last) {
    if (v.node && !outputs.has(v)) result[i]!.push(v);
  }
  cache.set(graph, result);
  return result;
}
