// Variable writes while tracing. tfjs's Variable.assign disposes the old data and takes the new
// tensor's data id, which would destroy a real variable's value when the new value is symbolic.
// During a trace, assign is replaced by a version that only swaps data ids; each traced (sub)graph
// is a frame that remembers what it changed and gives the variables their old ids back when it
// ends. The top frame records AssignVariable nodes; staged cond/while carry the variables their
// branches/body wrote as extra outputs (see cond.ts, while-loop.ts).
// Needs the context and capture. Produces `withVariableTracking`, `withVariableFrame`, `assignTracked`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type NodeSource } from '../ir/graph.js';
import { valueIn } from './capture.js';
import { userFrame } from './user-frame.js';
import { OP } from '../ir/ops.js';

interface Frame {
  /** The data id each written variable had when the frame began. */
  readonly entry: Map<tf.Variable, object>;
  /** The last value written to each variable in this frame. */
  readonly last: Map<tf.Variable, tf.Tensor>;
  /** Where the user's code last wrote each variable (the AssignVariable node's source). */
  readonly where: Map<tf.Variable, NodeSource | undefined>;
}

const frames: Frame[] = [];

/** Makes `value` the current value of `v` in the innermost frame (no checks, no disposal). */
export function assignTracked(v: tf.Variable, value: tf.Tensor): void {
  const f = frames[frames.length - 1];
  if (!f) throw new Error('internal: variable tracking outside a trace');
  if (!f.entry.has(v)) f.entry.set(v, v.dataId);
  f.last.set(v, value);
  f.where.set(v, userFrame());
  (v as { dataId: object }).dataId = value.dataId;
}

/** What `Variable.prototype.assign` is while a trace runs (converted code calls it as it is). */
export function tracingAssign(this: tf.Variable, newValue: tf.Tensor): void {
  if (newValue.dtype !== this.dtype) {
    throw new Error(`dtype of the new value (${newValue.dtype}) and previous value (${this.dtype}) must match`);
  }
  if (newValue.shape.length !== this.shape.length || newValue.shape.some((d, i) => d !== this.shape[i])) {
    throw new Error(`shape of the new value (${newValue.shape}) and previous value (${this.shape}) must match`);
  }
  assignTracked(this, newValue);
}

/**
 * Runs `fn` (the tracing of one subgraph) in a frame of its own; afterwards the variables it wrote
 * have their old values back, and `finals` maps each to the last value it was given.
 */
export function withVariableFrame<T>(fn: () => T): {
  result: T;
  finals: Map<tf.Variable, tf.Tensor>;
  where: Map<tf.Variable, NodeSource | undefined>;
} {
  const frame: Frame = { entry: new Map(), last: new Map(), where: new Map() };
  frames.push(frame);
  try {
    return { result: fn(), finals: frame.last, where: frame.where };
  } finally {
    frames.pop();
    for (const [v, id] of frame.entry) (v as { dataId: object }).dataId = id;
  }
}

/** Runs the top-level trace `fn` with variable writes recorded into `graph` as AssignVariable nodes. */
export function withVariableTracking<T>(graph: Graph, fn: () => T): T {
  const proto = tf.Variable.prototype as { assign: (v: tf.Tensor) => void };
  const saved = proto.assign;
  proto.assign = tracingAssign;
  try {
    const { result, finals, where } = withVariableFrame(fn);
    for (const [variable, last] of finals) {
      const value = valueIn(graph, last, 'assign');
      graph.addNode(
        new Node(
          graph,
          OP.AssignVariable,
          [value],
          ['value'],
          { variable: variable.name },
          { effect: true, variable, source: where.get(variable) ?? userFrame() },
        ),
      );
    }
    return result;
  } finally {
    proto.assign = saved;
  }
}
