// Small tools every optimizer pass shares: a substitution of values (old → new, applied to node
// inputs and graph outputs), tests for effects and pure kernels, constant payload access.
// Needs the IR. Produces `Substitution`, `isPureKernel`, `constOf`, `constEvery`, `setNodes`, and
// re-exports ir/effects.ts's `isEffect`, `graphHasEffects`.

import type { Graph, Node, Value } from '../ir/graph.js';
import { isRandomNode } from '../ir/random.js';
import { graphHasEffects, isEffect } from '../ir/effects.js';
import { kernelOf } from '../ir/kernels/index.js';
import { numericConstValues } from '../ir/const-values.js';
import { isStructuralOp, OP, STRUCTURAL_OPS } from '../ir/ops.js';

/** Values replaced by other values of the same graph; `resolve` follows chains. */
export class Substitution {
  private readonly map = new Map<Value, Value>();

  set(from: Value, to: Value): void {
    if (from !== to) this.map.set(from, to);
  }

  resolve = (v: Value): Value => {
    let cur = v;
    for (let next = this.map.get(cur); next; next = this.map.get(cur)) cur = next;
    return cur;
  };

  /** Rewrites the inputs of `node` (a new array when one changed); true when one changed. */
  applyTo(node: Node): boolean {
    if (this.map.size === 0) return false;
    const inputs = node.inputs;
    let out: Value[] | undefined;
    for (let i = 0; i < inputs.length; i++) {
      const v = inputs[i]!;
      const r = this.resolve(v);
      if (r !== v) (out ??= inputs.slice())[i] = r;
    }
    if (out) node.inputs = out;
    return out !== undefined;
  }

  /** Rewrites the outputs of `graph` (not its nodes). */
  applyToOutputs(graph: Graph): void {
    graph.outputs = graph.outputs.map(this.resolve);
  }
}

/** Draw nodes (two unseeded draws are different values) and kernels that may draw: never folded or merged. */
function isNondeterministic(node: Node): boolean {
  return isRandomNode(node) || kernelOf(node.op)?.nondeterministic === true;
}

export { isEffect, graphHasEffects };

function isControlFlow(node: Node): boolean {
  return node.subgraphs !== undefined || node.op === OP.Cond || node.op === OP.While;
}

/** A plain, pure kernel node (a structural op only where its row says `pure`): a candidate for folding, merging, simplifying. */
export function isPureKernel(node: Node): boolean {
  return (
    !isControlFlow(node) &&
    !isEffect(node) &&
    !isNondeterministic(node) &&
    (!isStructuralOp(node.op) || STRUCTURAL_OPS[node.op].pure)
  );
}

/** The Const node producing `v`, when it is one with a payload. */
export function constOf(v: Value): Node | undefined {
  const n = v.node;
  return n && n.op === OP.Const && n.options.values !== undefined ? n : undefined;
}

/** `v` is a non-empty numeric constant whose every element passes `test`. */
export function constEvery(v: Value, test: (x: number) => boolean): boolean {
  const vals = numericConstValues(v);
  if (!vals || vals.length === 0) return false;
  for (let i = 0; i < vals.length; i++) if (!test(vals[i]!)) return false;
  return true;
}

/** Replaces the node list of `graph`. */
export function setNodes(graph: Graph, nodes: readonly Node[]): void {
  const list = graph.nodes;
  if (list === nodes) return;
  const copy = [...nodes];
  list.length = 0;
  for (const n of copy) list.push(n);
}
