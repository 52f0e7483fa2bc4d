// Variables created inside a jit function (TF's rule: only on the first trace). The initializer is
// computed from constants and captured values — never from the function's arguments — by running
// its part of the graph eagerly on the user's backend; the new tf.Variable is a real one, read by
// the graph as a capture. Later traces that create variables fail with TF's error.
// Needs the context, backend-switch, the interpreter. Produces `withVariableCreation`.

import * as tf from '@tensorflow/tfjs';
import { Graph, type Node, type Value } from '../ir/graph.js';
import { agError } from '../errors/catalogue.js';
import { symbolicValue } from './context.js';
import { withOuterBackend } from './backend-switch.js';
import { Interpreter } from '../exec/interpreter.js';
import { feedsFor } from '../exec/capture-feeds.js';
import { userLocation } from './user-frame.js';

type MakeVariable = (initialValue: tf.Tensor, trainable?: boolean, name?: string, dtype?: tf.DataType) => tf.Variable;


/** The concrete value of symbolic `t` of the top graph `root`, computed eagerly on the user's backend. */
function concreteValue(root: Graph, t: tf.Tensor, name: string): tf.Tensor {
  const v = symbolicValue(t)!;
  if (v.graph !== root) throw agError('trace/variable-init-staged', { name }, userLocation());
  const needed = new Set<Node>();
  const captures = new Set<Value>();
  const visit = (x: Value): void => {
    if (!x.node) {
      if (root.params.includes(x)) throw agError('trace/variable-init-input', { name, input: x.name ?? 'an argument' }, userLocation());
      captures.add(x);
      return;
    }
    if (needed.has(x.node)) return;
    needed.add(x.node);
    x.node.inputs.forEach(visit);
  };
  visit(v);
  const init = new Graph('variable_init');
  init.nodes.push(...root.nodes.filter((n) => needed.has(n)));
  init.captures.push(...root.captures.filter((c) => captures.has(c.param)));
  const feeds = feedsFor(init, []);
  init.outputs = [v];
  const interpreter = new Interpreter();
  try {
    return withOuterBackend(() => interpreter.run(init, [...feeds])[0]!);
  } finally {
    interpreter.dispose();
  }
}

/** Runs the top-level trace `fn`, letting it create variables only when `allowed` (the first trace). */
export function withVariableCreation<T>(root: Graph, allowed: boolean, fn: () => T): T {
  const engine = tf.engine() as unknown as { makeVariable: MakeVariable };
  const original = engine.makeVariable;
  const own = Object.prototype.hasOwnProperty.call(engine, 'makeVariable');
  engine.makeVariable = function (initialValue, trainable, name, dtype) {
    const label = name ?? '(unnamed)';
    if (!allowed) throw agError('trace/variable-created-again', { name: label }, userLocation());
    const concrete = symbolicValue(initialValue) ? concreteValue(root, initialValue, label) : undefined;
    try {
      return withOuterBackend(() => original.call(engine, concrete ?? initialValue, trainable, name, dtype));
    } finally {
      concrete?.dispose();
    }
  };
  try {
    return fn();
  } finally {
    if (own) engine.makeVariable = original;
    else delete (engine as Partial<typeof engine>).makeVariable;
  }
}
