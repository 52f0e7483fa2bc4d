// Structural checks of a graph: every input is defined before use in its own graph, types of
// Cond/While subgraphs agree with their node, finalized subgraphs take everything as params.
// Needs the IR. Produces `verify(graph)`, which throws an Error listing the first problem found.

import type { Graph, Node, Value } from './graph.js';
import { fitsShape, sameShape, typeToString } from './types.js';

export function verify(graph: Graph): void {
  verifyGraph(graph, true);
}

function fail(graph: Graph, msg: string): never {
  throw new Error(`IR verification failed in graph '${graph.name}': ${msg}`);
}

function sameType(a: Value, b: Value): boolean {
  return a.dtype === b.dtype && sameShape(a.shape, b.shape);
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
    if (node.inputs.length !== node.inputNames.length) fail(graph, `${node.op}#${node.id}: inputs and input names differ in length`);
    node.inputs.forEach((v, i) => {
      if (!defined.has(v)) fail(graph, `${node.op}#${node.id} input ${i} (value ${v.id}) is not defined before use`);
    });
    node.outputs.forEach((v, i) => {
      if (v.node !== node || v.index !== i || v.graph !== graph) fail(graph, `${node.op}#${node.id} output ${i} is malformed`);
      defined.add(v);
    });
    if (node.op === 'Cond') verifyCond(graph, node);
    if (node.op === 'While') verifyWhile(graph, node);
    for (const sub of Object.values(node.subgraphs ?? {})) {
      if (sub.parent !== graph) fail(graph, `subgraph '${sub.name}' of ${node.op}#${node.id} has the wrong parent`);
      verifyGraph(sub, false);
    }
  }
  graph.outputs.forEach((v, i) => {
    if (!defined.has(v)) fail(graph, `output ${i} (value ${v.id}) is not defined in the graph`);
  });
}

function expectTypes(graph: Graph, what: string, actual: readonly Value[], expected: readonly Value[], fits = false): void {
  if (actual.length !== expected.length) fail(graph, `${what}: ${actual.length} values where ${expected.length} are expected`);
  actual.forEach((v, i) => {
    const e = expected[i]!;
    const ok = fits ? v.dtype === e.dtype && fitsShape(v.shape, e.shape) : sameType(v, e);
    if (!ok) fail(graph, `${what} ${i}: ${typeToString(v)} where ${typeToString(e)} is expected`);
  });
}

function verifyCond(graph: Graph, node: Node): void {
  const subs = node.subgraphs;
  if (!subs?.then || !subs.else) fail(graph, `Cond#${node.id} needs then and else subgraphs`);
  const pred = node.inputs[0];
  if (!pred || pred.dtype !== 'bool' || pred.shape.length !== 0) fail(graph, `Cond#${node.id} predicate must be a bool scalar`);
  const operands = node.inputs.slice(1);
  for (const label of ['then', 'else'] as const) {
    expectTypes(graph, `Cond#${node.id} ${label} params`, subs[label]!.params, operands);
    // A branch may know a dimension the Cond's output leaves unknown (-1).
    expectTypes(graph, `Cond#${node.id} ${label} outputs`, subs[label]!.outputs, node.outputs, true);
  }
}

function verifyWhile(graph: Graph, node: Node): void {
  const subs = node.subgraphs;
  if (!subs?.cond || !subs.body) fail(graph, `While#${node.id} needs cond and body subgraphs`);
  const nVars = node.outputs.length;
  const loopVars = node.inputs.slice(0, nVars);
  // A loop variable with a shape invariant is declared with unknown (-1) dimensions: its initial
  // value and each iteration's value may have any size there.
  expectTypes(graph, `While#${node.id} loop variables`, loopVars, node.outputs, true);
  for (const label of ['cond', 'body'] as const) {
    expectTypes(graph, `While#${node.id} ${label} params`, node.inputs.slice(0, nVars), subs[label]!.params.slice(0, nVars), true);
    expectTypes(graph, `While#${node.id} ${label} params`, subs[label]!.params.slice(nVars), node.inputs.slice(nVars));
    expectTypes(graph, `While#${node.id} ${label} loop-variable params`, subs[label]!.params.slice(0, nVars), node.outputs);
  }
  expectTypes(graph, `While#${node.id} body outputs`, subs.body!.outputs, node.outputs, true);
  const c = subs.cond!.outputs;
  if (c.length !== 1 || c[0]!.dtype !== 'bool' || c[0]!.shape.length !== 0) fail(graph, `While#${node.id} cond must return one bool scalar`);
}
