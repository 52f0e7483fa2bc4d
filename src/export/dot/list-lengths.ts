// Shapes a picture can tell that the trace could not: the length of a tensor list built by a loop
// whose trip count is known (a counter from a constant, stepped by a constant, compared with a
// constant: `for (const x of xs)` over a tensor of static length, `for (let i = 0; i < 20; i++)`),
// so that `ListStack` after a 20-step loop reads `float32[20,8,1]`, not `float32[?,8,1]`. The graph
// keeps its types (its outputs' types are part of the function's signature); only pictures use these.
// Needs the IR. Produces `refinedShapes(graph) → Map<Value, Shape>`, `tripCount`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { numericConstValues } from '../../ir/const-values.js';
import { LIST_DTYPE, type Shape } from '../../ir/types.js';
import { OP } from '../../ir/ops.js';

/** `v` seen through Identity nodes. */
function strip(v: Value): Value {
  let cur = v;
  while (cur.node?.op === 'Identity' && cur.node.inputs.length === 1) cur = cur.node.inputs[0]!;
  return cur;
}

/** The value of a scalar constant, if `v` is one. */
function scalar(v: Value | undefined): number | undefined {
  if (!v) return undefined;
  const vals = numericConstValues(strip(v));
  return vals && vals.length === 1 ? Number(vals[0]) : undefined;
}

/** The constant that While `node`'s loop variable `k` (or the cond graph's value `v`) holds on every iteration. */
function loopConstant(node: Node, v: Value): number | undefined {
  const s = strip(v);
  const direct = scalar(s);
  if (direct !== undefined) return direct;
  const { cond, body } = node.subgraphs!;
  const k = cond!.params.indexOf(s);
  if (k < 0 || k >= node.outputs.length || strip(body!.outputs[k]!) !== body!.params[k]) return undefined;
  return scalar(node.inputs[k]);
}

/** How many times While `node` runs its body, when a constant counter decides it (else undefined). */
export function tripCount(node: Node): number | undefined {
  const { cond, body } = node.subgraphs ?? {};
  if (node.op !== OP.While || !cond || !body) return undefined;
  const test = strip(cond.outputs[0]!).node;
  if (!test || (test.op !== 'Less' && test.op !== 'LessEqual')) return undefined;
  const k = cond.params.indexOf(strip(test.inputs[0]!));
  if (k < 0 || k >= node.outputs.length) return undefined;
  const start = scalar(node.inputs[k]);
  const limit = loopConstant(node, test.inputs[1]!);
  const next = strip(body.outputs[k]!).node;
  if (start === undefined || limit === undefined || next?.op !== 'Add') return undefined;
  const [a, b] = next.inputs.map(strip);
  const step = a === body.params[k] ? scalar(b) : b === body.params[k] ? scalar(a) : undefined;
  if (step === undefined || step <= 0 || !Number.isInteger(step)) return undefined;
  const span = test.op === 'Less' ? limit - start : limit - start + 1;
  const trips = Math.max(0, Math.ceil(span / step));
  const max = node.attrs.maximumIterations;
  return typeof max === 'number' ? Math.min(trips, max) : trips;
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
