// Symbolic replay of a traced subgraph: its nodes are recorded again into the current graph, as
// tfjs ops would record them (kernels through the engine, so the gradient tape sees each one with
// tfjs's own gradient), Cond/While as copies of themselves with tape entries of their own, list ops
// with theirs. The gradients of a Cond branch or a loop body are the gradients of its replay.
// Print and Assert are left out (the backward pass does not repeat effects). A random node is drawn
// again unless `env` already maps it to the forward pass's values.
// Needs the IR, the context, list-grad; Cond and While through `replayControlFlow`, which cond-grad
// and while-grad fill. Produces `replay`, `replayControlFlow`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type Value } from '../ir/graph.js';
import { currentGraph } from '../trace/context.js';
import { symbolicTensor } from '../trace/subgraph.js';
import { listNode, recordListTape, type ListAttrs } from './list-grad.js';
import { isDrawOp, isRandomNode } from '../ir/random.js';

/** How a Cond or While is replayed: filled by cond-grad.ts and while-grad.ts (which replay their subgraphs). */
export const replayControlFlow: { Cond?: (node: Node, args: tf.Tensor[]) => tf.Tensor[]; While?: (node: Node, args: tf.Tensor[]) => tf.Tensor[] } = {};

/** Records `g`'s nodes into the current graph with `inputs` for its params; returns its outputs (`env`: what each value became). */
export function replay(g: Graph, inputs: readonly tf.Tensor[], env = new Map<Value, tf.Tensor>()): tf.Tensor[] {
  if (g.captures.length) throw new Error(`internal: replay of graph '${g.name}' with captures`);
  g.params.forEach((p, i) => env.set(p, inputs[i]!));
  const get = (v: Value): tf.Tensor => {
    const t = env.get(v);
    if (!t) throw new Error(`internal: replay met value ${v.id} before its definition`);
    return t;
  };
  for (const node of g.nodes) {
    // A draw the caller maps to the forward pass's values (cond-grad) is not drawn again.
    if (isRandomNode(node) && node.outputs.every((o) => env.has(o))) continue;
    const outs = replayNode(node, node.inputs.map(get));
    node.outputs.forEach((o, i) => {
      if (outs[i]) env.set(o, outs[i]!);
    });
  }
  return g.outputs.map(get);
}

function replayNode(node: Node, args: tf.Tensor[]): tf.Tensor[] {
  switch (node.op) {
    case 'Const': {
      const g = currentGraph()!;
      const copy = g.addNode(new Node(g, 'Const', [], [], {}, { values: node.options.values, source: node.options.source }));
      const o = node.outputs[0]!;
      return [symbolicTensor(copy.addOutput(o.dtype, o.shape))];
    }
    case 'Cond':
    case 'While':
      return replayControlFlow[node.op]!(node, args);
    case 'Print':
    case 'Assert':
    case 'AssignVariable':
      return [];
    case 'ListEmpty':
    case 'ListPush':
    case 'ListPop':
    case 'ListLength':
    case 'ListGet':
    case 'ListSetItem':
    case 'ListStack': {
      const outs = listNode(node.op, args, node.attrs, node.outputs);
      const attrs = node.attrs as unknown as ListAttrs;
      if (node.op === 'ListPush') recordListTape(node.op, { list: args[0], x: args[1] }, outs, attrs);
      else if (node.op === 'ListSetItem') recordListTape(node.op, { list: args[0], x: args[2] }, outs, attrs);
      else if (node.op !== 'ListEmpty' && node.op !== 'ListLength') recordListTape(node.op, { list: args[0] }, outs, attrs);
      return outs;
    }
    default:
      if (isDrawOp(node.op)) return [redraw(node)];
      return runKernel(node, args);
  }
}

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
