// Gradients through random draws use the forward pass's values, never a new draw. A Cond's
// branches are replayed for its gradient: the draws at the top level of a branch become extra
// outputs of the forward Cond (zeros from the other branch), and the replay takes those. A While's
// replayed draws die once its reverse step reads the forward records (checked here). Draws deeper
// in staged control flow would be drawn again: refused. Needs the IR, the tape, subgraph, capture.
// Produces `condDrawEnv`, `refuseNestedDraws`, `checkReplayedDraws`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node, Value } from '../ir/graph.js';
import { hasRandomNodes, isRandomNode, randomNodesIn } from '../ir/random.js';
import { agError } from '../errors/catalogue.js';
import { valueIn } from '../trace/capture.js';
import { inGraph, symbolicTensor } from '../trace/subgraph.js';
import { userLocation } from '../trace/user-frame.js';
import { withoutTape } from './tape.js';

/** The tfjs op a random node stands for, as users call it. */
export function randomOpName(node: Node): string {
  const op = node.op === 'Multinomial' ? 'multinomial' : node.op[0]!.toLowerCase() + node.op.slice(1);
  return `tf.${op}`;
}

/** The first random node nested in `g` (in a subgraph of `g`'s nodes, any depth), if any. */
function firstNestedDraw(g: Graph): Node | undefined {
  for (const n of g.nodes) {
    for (const sub of Object.values(n.subgraphs ?? {})) {
      const found = sub.nodes.find(isRandomNode) ?? firstNestedDraw(sub);
      if (found) return found;
    }
  }
  return undefined;
}

function refuse(draw: Node, where: string): never {
  throw agError('grad/random-redrawn', { op: randomOpName(draw), where }, userLocation(draw.options.source));
}

/** Refuses a copy of control flow (made by a replay) whose subgraphs draw: the copy would draw again. */
export function refuseNestedDraws(subgraphs: readonly Graph[], construct: string): void {
  for (const g of subgraphs) {
    if (!hasRandomNodes(g)) continue;
    refuse(
      g.nodes.find(isRandomNode) ?? firstNestedDraw(g)!,
      `inside a staged ${construct} nested in the staged control flow being differentiated`,
    );
  }
}

const exposed = new WeakMap<Node, Map<Value, tf.Tensor>>();

/**
 * For the gradient of Cond `node`: the forward values of the draws at the top level of its
 * branches (made extra outputs of the Cond once), by the branch value they stand for.
 */
export function condDrawEnv(node: Node): Map<Value, tf.Tensor> {
  const known = exposed.get(node);
  if (known) return known;
  const env = new Map<Value, tf.Tensor>();
  const subs = node.subgraphs!;
  const branches = [subs.then!, subs.else!];
  for (const b of branches) {
    const nested = firstNestedDraw(b);
    if (nested) refuse(nested, 'inside staged control flow nested in a staged if');
  }
  withoutTape(() => {
    for (const b of branches) {
      for (const draw of randomNodesIn(b)) {
        const v = draw.outputs[0]!;
        for (const other of branches) {
          const out =
            other === b
              ? v
              : inGraph(other, () => valueIn(other, tf.fill([...v.shape], 0, v.dtype as 'float32' | 'int32')));
          other.outputs.push(out);
          other.outputNames.push(`draw_${node.outputs.length}`);
        }
        env.set(v, symbolicTensor(node.addOutput(v.dtype, v.shape)));
      }
    }
  });
  exposed.set(node, env);
  return env;
}

/**
 * After a reverse-loop step read its forward records: refuses when a backward node of the step
 * (graph `g`, nodes from `from` on) still uses a draw the replay (nodes `start`..`from`) made again.
 */
export function checkReplayedDraws(g: Graph, start: number, from: number): void {
  const used = new Set(g.nodes.slice(from).flatMap((n) => n.inputs));
  for (const n of g.nodes.slice(start, from)) {
    if (isRandomNode(n) && n.outputs.some((v) => used.has(v)))
      refuse(n, 'in a staged loop body: its values are not recorded for the gradient');
  }
}
