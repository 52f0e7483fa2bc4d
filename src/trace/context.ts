// The graph-context stack of tracing: which graph kernels record into, and the symbolic data ids
// that tie tfjs tensors to IR values. Needs the IR. Produces `SymbolicId`, the stack operations,
// `isTracing`, `isSymbolic`, `isTensor`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph, Value } from '../ir/graph.js';

/** The tfjs data id of a symbolic tensor: it carries the IR value the tensor stands for. */
export class SymbolicId {
  constructor(readonly value: Value) {}
}

const stack: Graph[] = [];

export function currentGraph(): Graph | undefined {
  return stack[stack.length - 1];
}

/** The outermost graph of the active trace (where external tensors are captured). */
export function rootGraph(): Graph | undefined {
  return stack[0];
}

export function pushGraph(g: Graph): void {
  stack.push(g);
}

export function popGraph(g: Graph): void {
  const top = stack.pop();
  if (top !== g) throw new Error('internal: graph context stack out of order');
}

/** True while some jit trace is active. */
export function isTracing(): boolean {
  return stack.length > 0;
}

export function isTensor(x: unknown): x is tf.Tensor {
  return x instanceof tf.Tensor;
}

/** A tfjs tensor that stands for a graph value (its data lives in the graph backend). */
export function isSymbolic(x: unknown): x is tf.Tensor {
  return x instanceof tf.Tensor && x.dataId instanceof SymbolicId;
}

/** The IR value behind a symbolic tensor, or undefined. */
export function symbolicValue(x: { dataId: object }): Value | undefined {
  return x.dataId instanceof SymbolicId ? x.dataId.value : undefined;
}
