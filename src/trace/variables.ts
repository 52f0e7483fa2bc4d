// Variable writes while tracing. tfjs's Variable.assign disposes the old data and takes the new
// tensor's data id, which would destroy a real variable's value when the new value is symbolic.
// During a trace, assign is replaced by a version that only swaps data ids and remembers the
// original; the trace end restores every variable and records AssignVariable nodes.
// Needs the context and capture. Produces `withVariableTracking`.

import * as tf from '@tensorflow/tfjs';
import { Node, type Graph } from '../ir/graph.js';
import { valueIn } from './capture.js';
import { currentGraph, rootGraph } from './context.js';
import { userFrame } from './user-frame.js';
import { agError } from '../errors/catalogue.js';

interface Pending {
  readonly original: object;
  /** The graph that was current when the variable was first written. */
  readonly graph: Graph;
  /** The last value assigned. */
  last: tf.Tensor;
}

let pending: Map<tf.Variable, Pending> | undefined;

function tracingAssign(this: tf.Variable, newValue: tf.Tensor): void {
  if (newValue.dtype !== this.dtype) {
    throw new Error(`dtype of the new value (${newValue.dtype}) and previous value (${this.dtype}) must match`);
  }
  if (newValue.shape.length !== this.shape.length || newValue.shape.some((d, i) => d !== this.shape[i])) {
    throw new Error(`shape of the new value (${newValue.shape}) and previous value (${this.shape}) must match`);
  }
  const graph = currentGraph()!;
  if (graph !== rootGraph()) {
    throw agError('trace/variable-assign-in-branch', { variable: this.name });
  }
  const known = pending!.get(this);
  if (known) known.last = newValue;
  else pending!.set(this, { original: this.dataId, graph, last: newValue });
  (this as { dataId: object }).dataId = newValue.dataId;
}

/** Runs the top-level trace `fn` with variable writes recorded into `graph` as AssignVariable nodes. */
export function withVariableTracking<T>(graph: Graph, fn: () => T): T {
  const proto = tf.Variable.prototype as { assign: (v: tf.Tensor) => void };
  const saved = proto.assign;
  const outer = pending;
  pending = new Map();
  proto.assign = tracingAssign;
  let ok = false;
  try {
    const result = fn();
    ok = true;
    return result;
  } finally {
    const writes = pending;
    pending = outer;
    proto.assign = saved;
    for (const [variable, p] of writes) {
      (variable as { dataId: object }).dataId = p.original;
      if (!ok) continue;
      const value = valueIn(graph, p.last, 'assign');
      graph.addNode(
        new Node(graph, 'AssignVariable', [value], ['value'], { variable: variable.name }, {
          effect: true,
          variable,
          source: userFrame(),
        }),
      );
    }
  }
}
