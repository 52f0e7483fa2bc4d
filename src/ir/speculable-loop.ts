// Loops whose condition can be read a batch of iterations at a time: a While whose condition and
// body do nothing but compute values — no effect (print, assert, variable write), no random draw
// (a draw past the end would move the generator), no nested control flow or list op (each reads
// on the host or holds host state). Running such a body past the loop's end changes nothing that
// can be observed: its values are dropped. The interpreter on a device backend then runs several
// iterations, reading their conditions with one read (exec/interpreter-control-flow.ts), where a
// read costs a round trip to the GPU. Needs the IR. Produces `speculableLoop`.

import type { Graph, Node } from './graph.js';
import { isEffect } from './effects.js';
import { isRandomNode } from './random.js';
import { isStructuralOp, OP } from './ops.js';

/** A node that only computes values from its inputs, with nothing on the host. */
function pure(node: Node): boolean {
  if (isEffect(node) || isRandomNode(node)) return false;
  return !isStructuralOp(node.op) || node.op === OP.Const || node.op === OP.Fused;
}

const onlyPure = (g: Graph): boolean => g.nodes.every(pure);

const analyses = new WeakMap<Node, boolean>();

/** Whether the While node's iterations may run ahead of the reads of its condition. */
export function speculableLoop(node: Node): boolean {
  let ok = analyses.get(node);
  if (ok === undefined) {
    const { cond, body } = node.subgraphs ?? {};
    ok =
      node.op === OP.While &&
      !!cond &&
      !!body &&
      onlyPure(cond) &&
      onlyPure(body) &&
      node.attrs.maximumIterations === undefined;
    analyses.set(node, ok);
  }
  return ok;
}
