// Deep copies of IR: a whole top-level graph (fresh params, the same capture sources), or nodes of
// one graph re-created in another (for inlining a Cond branch). Subgraphs are copied recursively.
// Needs the IR. Produces `cloneGraph`, `cloneNodesInto`.

import { Graph, Node, type Value } from './graph.js';

/**
 * A copy of `graph` that shares nothing mutable with it: same name, param types and names, capture
 * sources (in order), nodes, outputs; feed it exactly like the original. A subgraph's copy gets
 * `parent` as its parent.
 */
export function cloneGraph(graph: Graph, parent: Graph | undefined = graph.parent): Graph {
  const copy = new Graph(graph.name, parent);
  const map = new Map<Value, Value>();
  for (const p of graph.params) map.set(p, copy.addParam(p.dtype, p.shape, p.name));
  for (const c of graph.captures) map.set(c.param, copy.addCapture(c.param, c.source, c.param.name));
  cloneNodesInto(graph.nodes, copy, map);
  copy.outputs = graph.outputs.map((v) => mapped(map, v));
  copy.outputNames = [...graph.outputNames];
  return copy;
}

/**
 * Re-creates `nodes` (in order) in `target`. `map` must map every value they use that they do not
 * define (params of their graph) to a value of `target`; it is extended with their outputs.
 * Returns the new nodes; they are also appended to `target.nodes` unless `append` is false.
 */
export function cloneNodesInto(nodes: readonly Node[], target: Graph, map: Map<Value, Value>, append = true): Node[] {
  const made: Node[] = [];
  for (const node of nodes) {
    const subgraphs =
      node.subgraphs && Object.fromEntries(Object.entries(node.subgraphs).map(([k, g]) => [k, cloneGraph(g, target)]));
    const options = subgraphs ? { ...node.options, subgraphs } : node.options;
    const copy = new Node(
      target,
      node.op,
      node.inputs.map((v) => mapped(map, v)),
      [...node.inputNames],
      { ...node.attrs },
      options,
    );
    for (const out of node.outputs) {
      const v = copy.addOutput(out.dtype, out.shape);
      v.name = out.name;
      map.set(out, v);
    }
    if (append) target.addNode(copy);
    made.push(copy);
  }
  return made;
}

function mapped(map: Map<Value, Value>, v: Value): Value {
  const r = map.get(v);
  if (!r) throw new Error(`internal: clone met value ${v.id} of graph '${v.graph.name}' before its definition`);
  return r;
}
