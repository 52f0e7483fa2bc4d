// An optimizer's updates in a training step's graph, found from its shape: the variables written at
// the top level split into parameters (which the computation of the outputs reads) and slots (which
// only the update reads: Adam's m and v, its β powers); each slot belongs to the parameter whose new
// value depends on the slot's new value. The slot counts tell the optimizer (a typed table), which
// names the slots (`m(Wx)`, `v(Wx)`); its update ops — the writes and what computes them from the
// slots — form one foldable box, "adam update: Wx, Wh, bias, Wo". Needs the IR.
// Produces `findOptimizerGroup`, `OptimizerGroup`, `OPTIMIZERS`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { OP } from '../../ir/ops.js';

/** Optimizers by their slots: per parameter (in the order tfjs writes them), and shared (scalars). */
export const OPTIMIZERS: readonly {
  readonly name: string;
  readonly perParam: readonly string[];
  readonly shared: readonly string[];
}[] = [
  { name: 'adam', perParam: ['m', 'v'], shared: ['beta1^t', 'beta2^t'] },
  { name: 'adamax', perParam: ['m', 'u'], shared: ['beta1^t'] },
  { name: 'sgd', perParam: [], shared: [] },
];

export interface OptimizerGroup {
  /** `adam update: Wx, Wh, bias, Wo`. */
  readonly label: string;
  /** Top-level nodes of the update (the writes and the ops computing them from the slots). */
  readonly nodes: ReadonlySet<Node>;
  /** Capture params of the slots (drawn inside the box). */
  readonly captures: ReadonlySet<Value>;
  /** Display names of the variables, by variable name: `m(Wx)` for a slot. */
  readonly names: ReadonlyMap<string, string>;
}

/** Per top-level value, the top-level nodes that read it. */
function usersOf(g: Graph): Map<Value, Node[]> {
  const users = new Map<Value, Node[]>();
  for (const n of g.nodes) for (const v of n.inputs) users.set(v, [...(users.get(v) ?? []), n]);
  return users;
}

/** Top-level nodes that `roots` depend on (themselves included). */
function ancestors(roots: readonly Value[]): Set<Node> {
  const seen = new Set<Node>();
  const stack = roots.flatMap((v) => (v.node ? [v.node] : []));
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const v of n.inputs) if (v.node) stack.push(v.node);
  }
  return seen;
}

export function findOptimizerGroup(g: Graph): OptimizerGroup | undefined {
  const writes = g.nodes.filter((n) => n.op === OP.AssignVariable);
  if (!writes.length) return undefined;
  const captureOf = new Map<string, Value>();
  for (const c of g.captures) if (c.source.kind === 'variable') captureOf.set(c.source.variable.name, c.param);
  const varOf = (w: Node): string => String(w.attrs.variable);
  const forward = ancestors(g.outputs);
  const users = usersOf(g);
  const readByForward = (name: string): boolean => (users.get(captureOf.get(name)!) ?? []).some((n) => forward.has(n));
  const params = writes.filter((w) => captureOf.has(varOf(w)) && readByForward(varOf(w)));
  const slots = writes.filter((w) => !params.includes(w));
  // Each slot belongs to the parameter whose new value depends on the slot's new value.
  const deps = new Map(params.map((p) => [p, ancestors([p.inputs[0]!])]));
  const owner = new Map<Node, Node | undefined>(
    slots.map((s) => [s, params.find((p) => s.inputs[0]!.node && deps.get(p)!.has(s.inputs[0]!.node))]),
  );
  const perParam = params.map((p) => slots.filter((s) => owner.get(s) === p));
  const shared = slots.filter((s) => owner.get(s) === undefined);
  const counts = new Set(perParam.map((s) => s.length));
  const kind =
    counts.size <= 1
      ? OPTIMIZERS.find((o) => o.perParam.length === (perParam[0]?.length ?? 0) && o.shared.length === shared.length)
      : undefined;

  const names = new Map<string, string>();
  params.forEach((p, i) =>
    perParam[i]!.forEach((s, k) => names.set(varOf(s), `${kind?.perParam[k] ?? `slot${k + 1}`}(${varOf(p)})`)),
  );
  shared.forEach((s, k) => names.set(varOf(s), kind?.shared[k] ?? `${kind?.name ?? 'optimizer'} state ${k + 1}`));

  // The update: the writes, the ops downstream of the slots (off the outputs' path), and the
  // one-input ops (scalings of a gradient, constants) that only feed those.
  const nodes = new Set<Node>(writes);
  const captures = new Set<Value>(slots.flatMap((s) => (captureOf.has(varOf(s)) ? [captureOf.get(varOf(s))!] : [])));
  const fromSlots: Value[] = [...captures];
  while (fromSlots.length) {
    for (const n of users.get(fromSlots.pop()!) ?? []) {
      if (nodes.has(n) || forward.has(n) || n.subgraphs) continue;
      nodes.add(n);
      fromSlots.push(...n.outputs);
    }
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const n of [...g.nodes].reverse()) {
      if (nodes.has(n) || forward.has(n) || n.subgraphs || n.options.effect) continue;
      const outs = n.outputs.flatMap((v) => users.get(v) ?? []);
      const inner = n.inputs.filter((v) => v.node?.op !== OP.Const);
      if (outs.length && outs.every((u) => nodes.has(u)) && inner.length <= 1 && !g.outputs.some((v) => v.node === n)) {
        nodes.add(n);
        grew = true;
      }
    }
  }
  const label = `${kind?.name ?? 'optimizer'} update: ${params.map(varOf).join(', ')}`;
  return { label, nodes, captures, names };
}
