// Symbolic replay of a traced subgraph through the IR walk (ir/walk.ts): its nodes are recorded
// again into the current graph, as tfjs ops would record them (kernels through the engine, so the
// gradient tape sees each one with tfjs's own gradient), Cond/While as copies of themselves with
// tape entries of their own, list ops with theirs. The gradients of a Cond branch or a loop body
// are the gradients of its replay. Print and Assert are left out (the backward pass does not
// repeat effects). A random node is drawn again unless `env` already maps it to the forward pass's
// values. Needs the IR and its walk, the context, list-grad; Cond and While through
// `replayControlFlow`, which cond-grad and while-grad fill. Produces `replay`, `replayControlFlow`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type Value } from '../ir/graph.js';
import { currentGraph } from '../trace/context.js';
import { symbolicTensor } from '../trace/subgraph.js';
import { listNode, recordListTape, type ListAttrs } from './list-grad.js';
import { isDrawOp, isRandomNode } from '../ir/random.js';
import { OP, refusedOp, type ListOp, type StructuralOp } from '../ir/ops.js';
import { walkGraph, type NodeHandler, type WalkTable } from '../ir/walk.js';

/** How a Cond or While is replayed: filled by cond-grad.ts and while-grad.ts (which replay their subgraphs). */
export const replayControlFlow: {
  Cond?: (node: Node, args: tf.Tensor[]) => tf.Tensor[];
  While?: (node: Node, args: tf.Tensor[]) => tf.Tensor[];
} = {};

/** Records `g`'s nodes into the current graph with `inputs` for its params; returns its outputs (`env`: what each value became). */
export function replay(g: Graph, inputs: readonly tf.Tensor[], env = new Map<Value, tf.Tensor>()): tf.Tensor[] {
  if (g.captures.length) throw new Error(`internal: replay of graph '${g.name}' with captures`);
  // A draw the caller maps to the forward pass's values (cond-grad) is not drawn again.
  return walkGraph(g, inputs, REPLAY_WALK, undefined, env, {
    skip: (node) => isRandomNode(node) && node.outputs.every((o) => env.has(o)),
  });
}

type Replay = NodeHandler<tf.Tensor, undefined>;

/** Effects are not repeated by the backward pass: they record nothing. */
const skip: Replay = () => [];

/** A list op recorded again, with the tape entry tensor-list.ts gives it (none for ListEmpty and ListLength). */
function list(op: ListOp, taped: (args: tf.Tensor[]) => { list?: tf.Tensor; x?: tf.Tensor } | undefined): Replay {
  return (node, args) => {
    const outs = listNode(op, args, node.attrs, node.outputs);
    const inputs = taped(args);
    if (inputs) recordListTape(op, inputs, outs, node.attrs as unknown as ListAttrs);
    return outs;
  };
}

/** How each structural op (ir/ops.ts) is recorded again. Fused nodes are made after tracing, never replayed. */
const REPLAY: Record<StructuralOp, Replay> = {
  Const: (node) => {
    const g = currentGraph()!;
    const copy = g.addNode(
      new Node(g, OP.Const, [], [], {}, { values: node.options.values, source: node.options.source }),
    );
    const o = node.outputs[0]!;
    return [symbolicTensor(copy.addOutput(o.dtype, o.shape))];
  },
  Cond: (node, args) => replayControlFlow.Cond!(node, args),
  While: (node, args) => replayControlFlow.While!(node, args),
  Print: skip,
  Assert: skip,
  AssignVariable: skip,
  Fused: refusedOp('gradient replay', OP.Fused),
  ListEmpty: list(OP.ListEmpty, () => undefined),
  ListPush: list(OP.ListPush, (args) => ({ list: args[0], x: args[1] })),
  ListPop: list(OP.ListPop, (args) => ({ list: args[0] })),
  ListLength: list(OP.ListLength, () => undefined),
  ListGet: list(OP.ListGet, (args) => ({ list: args[0] })),
  ListSetItem: list(OP.ListSetItem, (args) => ({ list: args[0], x: args[2] })),
  ListStack: list(OP.ListStack, (args) => ({ list: args[0] })),
};

/** The replay's handlers for the walk (ir/walk.ts): a draw is drawn again, a kernel runs through the engine. */
const REPLAY_WALK: WalkTable<tf.Tensor, undefined> = {
  consumer: 'replay',
  structural: REPLAY,
  leaf: (node, args) => (isDrawOp(node.op) ? [redraw(node)] : runKernel(node, args)),
};

/** A new draw like `node` (while-grad's replayed draws die once the step reads the forward records). */
function redraw(node: Node): tf.Tensor {
  const g = currentGraph()!;
  const copy = g.addNode(new Node(g, node.op, [], [], { ...node.attrs }, { source: node.options.source }));
  const o = node.outputs[0]!;
  return symbolicTensor(copy.addOutput(o.dtype, o.shape));
}

function runKernel(node: Node, args: tf.Tensor[]): tf.Tensor[] {
  const inputs = node.kernelInputs(args) as tf.NamedTensorMap;
  const out = tf.engine().runKernel(node.op, inputs, { ...node.attrs } as tf.NamedAttrMap) as tf.Tensor | tf.Tensor[];
  return Array.isArray(out) ? out : [out];
}
