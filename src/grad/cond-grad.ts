// The gradient of a staged Cond: a Cond on the same predicate whose branches are the
// vector-Jacobian products of the forward branches (each branch's subgraph replayed under the tape,
// seeded with the gradients of the Cond's outputs). Also the tape entry of a Cond, and the copy of a
// Cond node a replay makes; fills trace's `controlFlowTape.cond`. Needs the tape, replay, list-grad,
// cond, clone. Produces `recordCondTape`, `emitCond`, `shareOut`, `zeroAdjoint`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph } from '../ir/graph.js';
import { cloneGraph } from '../ir/clone.js';
import { currentGraph, symbolicValue } from '../trace/context.js';
import { valueIn } from '../trace/capture.js';
import { symbolicTensor } from '../trace/subgraph.js';
import { cond } from '../trace/cond.js';
import { controlFlowTape } from '../trace/tape-hooks.js';
import { differentiable, disguiseList, isListTensor, pushTapeNode, tapeActive, vjp } from './tape.js';
import { listTypeOfValue, zeroListLike } from './list-grad.js';
import { replay, replayControlFlow } from './replay.js';
import { condDrawEnv, refuseNestedDraws } from './random-grad.js';
import { OP } from '../ir/ops.js';

/** Zero gradient for `t`: zeros like it, or for a list a list of zeros as long. */
export function zeroAdjoint(t: tf.Tensor): tf.Tensor {
  const v = symbolicValue(t);
  if (isListTensor(t)) return zeroListLike(t, listTypeOfValue(v!));
  return tf.zerosLike(t);
}

/**
 * Tape gradients for inputs named `${k}_${j}` (tensor j standing for operand k): the first one the
 * tape asks for gets operand k's gradient, the others (the same value under another tensor) zeros.
 */
export function shareOut(
  inputs: Record<string, tf.Tensor>,
  grad: (k: string) => tf.Tensor | undefined,
): Record<string, () => tf.Tensor> {
  const given = new Set<string>();
  const out: Record<string, () => tf.Tensor> = {};
  for (const name of Object.keys(inputs)) {
    const k = name.slice(0, name.lastIndexOf('_'));
    out[name] = () => {
      const g = grad(k);
      if (!g || given.has(k)) return zeroAdjoint(inputs[name]!);
      given.add(k);
      return g;
    };
  }
  return out;
}

/** Pushes the tape entry of Cond `node` (operand k is seen as the tensors `operands[k]`). */
export function recordCondTape(node: Node, operands: readonly tf.Tensor[][], outs: tf.Tensor[]): void {
  if (!tapeActive()) return;
  const inputs: Record<string, tf.Tensor> = {};
  node.inputs.slice(1).forEach((v, k) => {
    if (differentiable(v)) operands[k]?.forEach((t, j) => (inputs[`${k}_${j}`] = t));
  });
  pushTapeNode(OP.Cond, inputs, outs, (dys) => {
    const grads = condGradient(node, operands, dys);
    return shareOut(inputs, (k) => grads.get(Number(k)));
  });
}

controlFlowTape.cond = recordCondTape;

/** Gradients of Cond `node`'s operands, by operand index, given its outputs' gradients. */
function condGradient(
  node: Node,
  seen: readonly tf.Tensor[][],
  dys: readonly (tf.Tensor | null)[],
): Map<number, tf.Tensor> {
  const operandValues = node.inputs.slice(1);
  const diff = operandValues.flatMap((v, k) => (differentiable(v) ? [k] : []));
  const result = new Map<number, tf.Tensor>();
  if (!diff.length) return result;
  const pred = symbolicTensor(node.inputs[0]!);
  // The operands as the tape knows them (so that a gradient of this gradient sees through it).
  const operands = operandValues.map((v, k) => seen[k]?.[0] ?? symbolicTensor(v));
  const seeds = dys.map((d, i) => (d && differentiable(node.outputs[i]!) ? d : null));
  // The forward pass's draws, so that the replayed branches use its values (random-grad.ts).
  const draws = condDrawEnv(node);
  const branch = (g: Graph) => () => {
    const xs = diff.map((k) => operands[k]!);
    const grads = vjp(() => replay(g, operands, new Map(draws)), xs, seeds);
    return diff.map((k, j) => grads[j] ?? zeroAdjoint(operands[k]!));
  };
  const res = cond(pred, branch(node.subgraphs!.then!), branch(node.subgraphs!.else!)) as tf.Tensor[];
  diff.forEach((k, j) => {
    const r = res[j]!;
    result.set(k, isListTensor(r) ? disguiseList(symbolicValue(r)!) : r);
  });
  return result;
}

/** Re-creates Cond `node` in the current graph on `args` (for a replay), with its tape entry. */
export function emitCond(node: Node, args: readonly tf.Tensor[]): tf.Tensor[] {
  refuseNestedDraws(Object.values(node.subgraphs!), 'if');
  const g = currentGraph()!;
  const subgraphs = Object.fromEntries(Object.entries(node.subgraphs!).map(([k, sg]) => [k, cloneGraph(sg, g)]));
  const inputs = args.map((t) => valueIn(g, t));
  const copy = g.addNode(
    new Node(g, OP.Cond, inputs, [...node.inputNames], { ...node.attrs }, { ...node.options, subgraphs }),
  );
  const outs = node.outputs.map((o) => {
    const v = copy.addOutput(o.dtype, o.shape);
    v.name = o.name;
    return symbolicTensor(v);
  });
  recordCondTape(
    copy,
    args.slice(1).map((t) => [t]),
    outs,
  );
  return outs;
}

replayControlFlow.Cond = emitCond;
