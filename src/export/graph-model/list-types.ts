// Element types of the tensor lists of a graph, for writing each list as a dense tensor
// [length, ...element] in the GraphModel. A list value's element type comes from whichever node
// tells (ListEmpty attrs, a pushed tensor, a stacked/popped/read result); list values linked by
// push/pop or by Cond/While operands, params and results share it (union-find over the whole
// graph tree). Needs the IR. Produces `inferListTypes(graph) → Map<Value, TensorType>`.

import type { Graph, Value } from '../../ir/graph.js';
import { LIST_DTYPE, type DType, type Shape, type TensorType } from '../../ir/types.js';
import { OP } from '../../ir/ops.js';

interface Partial {
  dtype?: DType;
  shape?: Shape;
}

export function inferListTypes(graph: Graph): Map<Value, TensorType> {
  const parent = new Map<Value, Value>();
  const find = (v: Value): Value => {
    let r = v;
    while (parent.has(r)) r = parent.get(r)!;
    if (r !== v) parent.set(v, r);
    return r;
  };
  const union = (a: Value | undefined, b: Value | undefined) => {
    if (!a || !b || a.dtype !== LIST_DTYPE || b.dtype !== LIST_DTYPE) return;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  const facts: [Value, Partial][] = [];
  const tell = (v: Value | undefined, p: Partial) => v && facts.push([v, p]);
  const lists: Value[] = [];

  const visit = (g: Graph) => {
    for (const v of g.inputs) if (v.dtype === LIST_DTYPE) lists.push(v);
    for (const node of g.nodes) {
      for (const v of node.outputs) if (v.dtype === LIST_DTYPE) lists.push(v);
      const [first] = node.inputs;
      const attrs = node.attrs as { elementDtype?: DType; elementShape?: number[] | null };
      switch (node.op) {
        case OP.ListEmpty:
          tell(node.outputs[0], { dtype: attrs.elementDtype, shape: attrs.elementShape ?? undefined });
          break;
        case OP.ListPush:
          union(first, node.outputs[0]);
          tell(first, { dtype: node.inputs[1]!.dtype, shape: node.inputs[1]!.shape });
          break;
        case OP.ListPop:
          union(first, node.outputs[0]);
          tell(first, { dtype: node.outputs[1]!.dtype, shape: node.outputs[1]!.shape });
          break;
        case OP.ListGet:
          tell(first, { dtype: node.outputs[0]!.dtype, shape: node.outputs[0]!.shape });
          break;
        case OP.ListSetItem:
          union(first, node.outputs[0]);
          tell(first, { dtype: node.inputs[2]!.dtype, shape: node.inputs[2]!.shape });
          break;
        case OP.ListStack:
          tell(first, { dtype: node.outputs[0]!.dtype, shape: node.outputs[0]!.shape.slice(1) });
          break;
        case OP.Cond: {
          const { then: t, else: e } = node.subgraphs!;
          node.inputs.slice(1).forEach((v, i) => (union(v, t!.params[i]), union(v, e!.params[i])));
          node.outputs.forEach((v, k) => (union(v, t!.outputs[k]), union(v, e!.outputs[k])));
          break;
        }
        case OP.While: {
          const { cond: c, body: b } = node.subgraphs!;
          node.inputs.forEach((v, i) => (union(v, c!.params[i]), union(v, b!.params[i])));
          node.outputs.forEach((v, k) => (union(v, b!.outputs[k]), union(v, node.inputs[k])));
          break;
        }
      }
      for (const sub of Object.values(node.subgraphs ?? {})) visit(sub);
    }
  };
  visit(graph);

  const known = new Map<Value, Partial>();
  for (const [v, p] of facts) {
    const r = find(v);
    const have = known.get(r) ?? {};
    known.set(r, { dtype: have.dtype ?? p.dtype, shape: have.shape ?? p.shape });
  }
  const out = new Map<Value, TensorType>();
  for (const v of lists) {
    const p = known.get(find(v)) ?? {};
    // A list nobody pushes to or reads elements from: any element type will do.
    out.set(v, { dtype: p.dtype ?? 'float32', shape: p.shape ?? [] });
  }
  return out;
}
