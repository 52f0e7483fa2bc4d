// Structural checks of a graph: every input is defined before use in its own graph, every
// structural op's node has the operands, subgraphs and types its op needs (verify-ops.ts),
// finalized subgraphs take everything as params.
// Needs the IR. Produces `verify(graph)`, which throws an Error listing the first problem found.

import type { Graph, Value } from './graph.js';
import { verifyOp } from './verify-ops.js';

export function verify(graph: Graph): void {
  verifyGraph(graph, true);
}

function fail(graph: Graph, msg: string): never {
  throw new Error(`IR verification failed in graph '${graph.name}': ${msg}`);
}

function verifyGraph(graph: Graph, top: boolean): void {
  const defined = new Set<Value>();
  for (const p of graph.params) {
    if (p.graph !== graph) fail(graph, `param ${p.id} belongs to graph '${p.graph.name}'`);
    defined.add(p);
  }
  if (!top && graph.captures.length > 0) fail(graph, 'a subgraph still has captures after finalization');
  for (const c of graph.captures) {
    if (c.source.kind === 'outer') fail(graph, 'the top graph captures a value of an enclosing graph');
    defined.add(c.param);
  }
  for (const node of graph.nodes) {
    if (node.graph !== graph) fail(graph, `node ${node.op}#${node.id} belongs to another graph`);
    if (node.inputs.length !== node.inputNames.length)
      fail(graph, `${node.op}#${node.id}: inputs and input names differ in length`);
    node.inputs.forEach((v, i) => {
      if (!defined.has(v)) fail(graph, `${node.op}#${node.id} input ${i} (value ${v.id}) is not defined before use`);
    });
    node.outputs.forEach((v, i) => {
      if (v.node !== node || v.index !== i || v.graph !== graph)
        fail(graph, `${node.op}#${node.id} output ${i} is malformed`);
      defined.add(v);
    });
    verifyOp(graph, node, (msg) => fail(graph, msg));
    for (const sub of Object.values(node.subgraphs ?? {})) {
      if (sub.parent !== graph) fail(graph, `subgraph '${sub.name}' of ${node.op}#${node.id} has the wrong parent`);
      verifyGraph(sub, false);
    }
  }
  graph.outputs.forEach((v, i) => {
    if (!defined.has(v)) fail(graph, `output ${i} (value ${v.id}) is not defined in the graph`);
  });
}
