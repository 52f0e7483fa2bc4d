// The layers of a tfjs-layers model in its graph, from the names tfjs-layers gives the layers'
// variables (`hidden1/kernel`, `dense_Dense1/bias`: the layer's name, a slash, the weight's): a node
// belongs to layer L when it reads L's weights (directly, or through an op that only reshapes
// them), or when it is the only reader of a one-input op's input in L (the activation after the
// matmul). Pictures draw a foldable box per layer. Needs the IR. Produces `findLayerGroups`, `LayerGroup`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { OP } from '../../ir/ops.js';

export interface LayerGroup {
  /** The layer's name (`hidden1`). */
  readonly name: string;
  readonly nodes: ReadonlySet<Node>;
  /** Capture params of the layer's weights. */
  readonly captures: ReadonlySet<Value>;
}

/** The layer a variable name belongs to (`dense_Dense1/kernel` → `dense_Dense1`), if it names one. */
export function layerOfVariable(name: string): string | undefined {
  const k = name.lastIndexOf('/');
  return k > 0 ? name.slice(0, k) : undefined;
}

/** Layer groups of the top level of `g`, leaving out `taken` nodes (already in another box). */
export function findLayerGroups(g: Graph, taken: ReadonlySet<Node | Value> = new Set()): LayerGroup[] {
  const layerOf = new Map<Node | Value, string>();
  /** Nodes that only prepare a layer's weights (a Reshape of the kernel). */
  const weights = new Set<Node | Value>();
  for (const c of g.captures) {
    const layer = c.source.kind === 'variable' ? layerOfVariable(c.source.variable.name) : undefined;
    if (layer && !taken.has(c.param)) {
      layerOf.set(c.param, layer);
      weights.add(c.param);
    }
  }
  if (!layerOf.size) return [];
  const users = new Map<Value, number>();
  for (const n of g.nodes) for (const v of n.inputs) users.set(v, (users.get(v) ?? 0) + 1);
  for (const n of g.nodes) {
    if (taken.has(n) || n.subgraphs || n.op === OP.Const) continue;
    const inner = n.inputs.filter((v) => v.node?.op !== OP.Const);
    const direct = new Set(inner.flatMap((v) => (weights.has(v.node ?? v) ? [layerOf.get(v.node ?? v)!] : [])));
    if (direct.size === 1) {
      layerOf.set(n, [...direct][0]!);
      if (inner.every((v) => weights.has(v.node ?? v))) weights.add(n);
      continue;
    }
    const [only] = inner;
    const from = inner.length === 1 && only!.node ? layerOf.get(only!.node) : undefined;
    if (from && users.get(only!) === 1 && !g.outputs.includes(only!)) layerOf.set(n, from);
  }
  const groups = new Map<string, { nodes: Set<Node>; captures: Set<Value> }>();
  for (const [x, layer] of layerOf) {
    const grp = groups.get(layer) ?? { nodes: new Set<Node>(), captures: new Set<Value>() };
    groups.set(layer, grp);
    if ('op' in x) grp.nodes.add(x);
    else grp.captures.add(x);
  }
  return [...groups].filter(([, grp]) => grp.nodes.size > 0).map(([name, grp]) => ({ name, ...grp }));
}
