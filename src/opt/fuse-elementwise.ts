// Elementwise fusion: trees and chains of elementwise kernels (ELEMENTWISE_KERNELS) whose
// intermediate results nothing else uses become one `Fused` node (src/ir/fused.ts) at the place of
// the group's last node; only groups of two or more kernels, never across Cond/While boundaries.
// Every operand must be scalar-sized or of the result's rank. Needs elementwise-kernels, rewrite.
// Produces `fuseElementwise(graph)` (mutates and returns `graph`).

import { Node, type Graph, type Value } from '../ir/graph.js';
import { FUSED_OP, type FusedProgram, type FusedStep } from '../ir/fused.js';
import { sizeOf } from '../ir/types.js';
import { elementwiseKernel } from './elementwise-kernels.js';
import type { KernelName } from '../ir/kernels/index.js';
import { isEffect, setNodes, Substitution } from './rewrite.js';

const FUSABLE_DTYPES = new Set(['float32', 'int32', 'bool']);

export function fuseElementwise(graph: Graph): Graph {
  fuseGraph(graph);
  return graph;
}

/**
 * Whether `node` may be a step of a Fused node. `broadcast: 'any'` (device targets' epilogues) also
 * takes operands of lower rank broadcast from the right (a bias [n] on [m, n]).
 */
export function isFusable(node: Node, broadcast: 'simple' | 'any' = 'simple'): boolean {
  const k = elementwiseKernel(node.op);
  if (!k || node.options.arrayInputs || node.options.multiOutput || isEffect(node) || node.outputs.length !== 1)
    return false;
  if (node.inputs.length !== k.inputs.length || !k.inputs.every((name) => node.inputNames.includes(name))) return false;
  const out = node.outputs[0]!;
  if (!FUSABLE_DTYPES.has(out.dtype) || sizeOf(out.shape) < 0) return false;
  return node.inputs.every(
    (v) =>
      FUSABLE_DTYPES.has(v.dtype) && (broadcast === 'any' ? broadcastsFromRight(v, out) : broadcastsSimply(v, out)),
  );
}

/** `v` broadcasts to `out` as numpy does: no higher rank, each trailing dimension equal or 1. */
function broadcastsFromRight(v: Value, out: Value): boolean {
  const r = out.shape.length - v.shape.length;
  return r >= 0 && sizeOf(v.shape) >= 0 && v.shape.every((d, i) => d === out.shape[i + r] || d === 1);
}

/** `v` is scalar-sized, or has the rank of `out` with each dimension equal or 1. */
function broadcastsSimply(v: Value, out: Value): boolean {
  const n = sizeOf(v.shape);
  if (n === 1) return true;
  if (n < 0 || v.shape.length !== out.shape.length) return false;
  return v.shape.every((d, i) => d === out.shape[i] || d === 1);
}

function fuseGraph(g: Graph): void {
  for (const node of g.nodes) for (const sub of Object.values(node.subgraphs ?? {})) fuseGraph(sub);
  const groups = findGroups(g);
  if (groups.size === 0) return;
  const subst = new Substitution();
  const kept: Node[] = [];
  const position = new Map(g.nodes.map((n, i) => [n, i]));
  for (const node of g.nodes) {
    const group = groups.get(node);
    if (group && group.root === node) {
      const members = [...group.members].sort((a, b) => position.get(a)! - position.get(b)!);
      const fused = makeFused(g, members, subst);
      kept.push(fused);
      subst.set(node.outputs[0]!, fused.outputs[0]!);
      continue;
    }
    if (group) continue; // a member: its step lives in the root's Fused node
    subst.applyTo(node);
    kept.push(node);
  }
  setNodes(g, kept);
  subst.applyToOutputs(g);
}

interface Group {
  readonly root: Node;
  readonly members: Set<Node>;
}

/**
 * Groups of ≥ 2 fusable nodes, by member. Walking backwards, a fusable node joins the group of its
 * users when all of them are in one group (and it is not a graph output); else it roots a new group.
 * So only a group's root is used outside it, and the group is convex.
 */
function findGroups(g: Graph): Map<Node, Group> {
  const users = new Map<Value, Node[]>();
  for (const node of g.nodes)
    for (const v of node.inputs) {
      const list = users.get(v);
      if (list) list.push(node);
      else users.set(v, [node]);
    }
  const outputs = new Set(g.outputs);
  const groupOf = new Map<Node, Group>();
  for (let i = g.nodes.length - 1; i >= 0; i--) {
    const node = g.nodes[i]!;
    if (!isFusable(node)) continue;
    const v = node.outputs[0]!;
    const us = users.get(v) ?? [];
    let group: Group | undefined;
    if (!outputs.has(v) && us.length > 0) {
      const first = groupOf.get(us[0]!);
      if (first && us.every((u) => groupOf.get(u) === first)) group = first;
    }
    if (!group) group = { root: node, members: new Set() };
    group.members.add(node);
    groupOf.set(node, group);
  }
  for (const [node, group] of groupOf) if (group.members.size < 2) groupOf.delete(node);
  return groupOf;
}

/** The Fused node computing `members` (in program order; the last one is the root). */
function makeFused(g: Graph, members: readonly Node[], subst: Substitution): Node {
  const stepOf = new Map<Value, number>(members.map((m, k) => [m.outputs[0]!, k]));
  const inputs: Value[] = [];
  for (const m of members) {
    for (const v of m.inputs.map(subst.resolve)) if (!stepOf.has(v) && !inputs.includes(v)) inputs.push(v);
  }
  const steps: FusedStep[] = members.map((m) => {
    const out = m.outputs[0]!;
    const args = m.inputs.map((raw) => {
      const v = subst.resolve(raw);
      const k = stepOf.get(v);
      return k !== undefined ? inputs.length + k : inputs.indexOf(v);
    });
    return {
      op: m.op as KernelName,
      args,
      attrs: { ...m.attrs },
      argNames: [...m.inputNames],
      dtype: out.dtype,
      shape: [...out.shape],
    };
  });
  const root = members[members.length - 1]!;
  const program: FusedProgram = { steps };
  const fused = new Node(
    g,
    FUSED_OP,
    inputs,
    inputs.map((_, i) => `x${i}`),
    { ...program },
    { source: root.options.source },
  );
  const out = fused.addOutput(root.outputs[0]!.dtype, root.outputs[0]!.shape);
  out.name = root.outputs[0]!.name;
  return fused;
}
