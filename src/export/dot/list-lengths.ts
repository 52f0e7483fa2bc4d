// Shapes a picture can tell that the trace could not: the length of a tensor list built by a loop
// whose trip count is known (a counter from a constant, stepped by a constant, compared with a
// constant: `for (const x of xs)` over a tensor of static length, `for (let i = 0; i < 20; i++)`),
// so that `ListStack` after a 20-step loop reads `float32[20,8,1]`, not `float32[?,8,1]`. The graph
// keeps its types (its outputs' types are part of the function's signature); only pictures use these.
// The trip count is the interpreter's (ir/counted-loop.ts) where no read is needed. Needs the IR.
// Produces `refinedShapes(graph) → Map<Value, Shape>`, `tripCount`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { countedLoop, tripCount as countedTrips } from '../../ir/counted-loop.js';
import { LIST_DTYPE, type Shape } from '../../ir/types.js';
import { OP } from '../../ir/ops.js';

/** `v` seen through Identity nodes. */
function strip(v: Value): Value {
  let cur = v;
  while (cur.node?.op === 'Identity' && cur.node.inputs.length === 1) cur = cur.node.inputs[0]!;
  return cur;
}

/**
 * How many times While `node` runs its body when constants decide it (a counted loop, as the
 * interpreter runs it, whose start and bound need no read), else undefined.
 */
export function tripCount(node: Node): number | undefined {
  if (node.op !== OP.While || !node.subgraphs?.cond || !node.subgraphs.body) return undefined;
  const loop = countedLoop(node);
  if (!loop || loop.reads.length > 0) return undefined;
  const max = node.attrs.maximumIterations;
  return countedTrips(loop, [], typeof max === 'number' ? max : undefined);
}

/** Pushes (+1) and pops (−1) from body param `p` to `out` along one chain at the body's top level, if that is all there is. */
function growth(p: Value, out: Value): number | undefined {
  let n = 0;
  for (let cur = strip(out); cur !== p; n++) {
    const node = cur.node;
    if (!node || (node.op !== OP.ListPush && node.op !== OP.ListPop) || cur.index !== 0) return undefined;
    if (node.op === OP.ListPop) n -= 2;
    cur = strip(node.inputs[0]!);
  }
  return n;
}

/** Per value whose shape a picture can tell better than the trace: the better shape. */
export function refinedShapes(graph: Graph): Map<Value, Shape> {
  const lengths = new Map<Value, number>();
  const shapes = new Map<Value, Shape>();
  const visit = (g: Graph): void => {
    for (const node of g.nodes) {
      for (const sub of Object.values(node.subgraphs ?? {})) visit(sub);
      const len = node.inputs[0] ? lengths.get(strip(node.inputs[0])) : undefined;
      if (node.op === OP.ListEmpty) lengths.set(node.outputs[0]!, 0);
      else if (node.op === OP.ListPush && len !== undefined) lengths.set(node.outputs[0]!, len + 1);
      else if (node.op === OP.ListPop && len !== undefined && len > 0) lengths.set(node.outputs[0]!, len - 1);
      else if (node.op === OP.ListStack && len !== undefined) {
        const out = node.outputs[0]!;
        if (out.shape.length && out.shape[0]! < 0) shapes.set(out, [len, ...out.shape.slice(1)]);
      } else if (node.op === OP.While) whileLengths(node, lengths);
    }
  };
  visit(graph);
  return shapes;
}

function whileLengths(node: Node, lengths: Map<Value, number>): void {
  const trips = tripCount(node);
  if (trips === undefined) return;
  const body = node.subgraphs!.body!;
  node.outputs.forEach((out, k) => {
    const init = lengths.get(strip(node.inputs[k]!));
    if (out.dtype !== LIST_DTYPE || init === undefined) return;
    const step = growth(body.params[k]!, body.outputs[k]!);
    if (step !== undefined && init + trips * step >= 0) lengths.set(out, init + trips * step);
  });
}
