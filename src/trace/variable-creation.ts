// Variables created inside a jit function (TF's rule: only on the first trace). The initializer is
// computed from constants and captured values — never from the function's arguments — by running
// its part of the graph eagerly on the user's backend; the new tf.Variable is a real one, read by
// the graph as a capture. Later traces that create variables fail with TF's error.
// Needs the context, backend-switch, an evaluator of graphs (the hook `graphEvaluation`, which
// exec/ fills). Produces `withVariableCreation`, `graphEvaluation`.

import * as tf from '@tensorflow/tfjs-core';
import { Graph, type Value } from '../ir/graph.js';
import { cloneNodesInto } from '../ir/clone.js';
import { agError } from '../errors/catalogue.js';
import { symbolicValue } from './context.js';
import { withOuterBackend } from '../engine/backend-switch.js';
import { engineInternals } from '../engine/tfjs-engine.js';
import { userLocation } from './user-frame.js';

/**
 * Filled by exec/evaluate-init.ts: runs a graph without params (its captures fed from their
 * sources) on the active backend and returns its one output.
 */
export const graphEvaluation: { run?: (g: Graph) => tf.Tensor } = {};

/**
 * The concrete value of symbolic `t` of the trace rooted at `root`, computed eagerly on the user's
 * backend. `t` may be made inside a staged branch or loop body (an optimizer's slot variable made
 * by a minimize call in a training loop) as long as it depends only on constants and captured
 * tensors, not on the arguments nor on loop variables.
 */
function concreteValue(root: Graph, t: tf.Tensor, name: string): tf.Tensor {
  const v = symbolicValue(t)!;
  const init = new Graph('variable_init');
  const map = new Map<Value, Value>();
  const resolve = (x: Value): Value => {
    const known = map.get(x);
    if (known) return known;
    let out: Value;
    if (x.node) {
      x.node.inputs.forEach(resolve);
      cloneNodesInto([x.node], init, map);
      out = map.get(x)!;
    } else {
      const capture = x.graph.captures.find((c) => c.param === x);
      if (!capture) {
        if (x.graph === root)
          throw agError('trace/variable-init-input', { name, input: x.name ?? 'an argument' }, userLocation());
        throw agError('trace/variable-init-staged', { name }, userLocation());
      }
      out =
        capture.source.kind === 'outer' ? resolve(capture.source.value) : init.addCapture(x, capture.source, x.name);
    }
    map.set(x, out);
    return out;
  };
  init.outputs = [resolve(v)];
  const run = graphEvaluation.run;
  if (!run) throw new Error('internal: no graph evaluator registered (exec/evaluate-init.ts is loaded with the api)');
  return withOuterBackend(() => run(init));
}

/** Runs the top-level trace `fn`, letting it create variables only when `allowed` (the first trace). */
export function withVariableCreation<T>(root: Graph, allowed: boolean, fn: () => T): T {
  const engine = engineInternals();
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
