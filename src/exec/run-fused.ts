// Runs a `Fused` node (src/ir/fused.ts) on the active real tfjs backend: each step is the kernel
// the fusion pass merged, dispatched through the engine with the same inputs and attrs, so results
// are bit-identical to the unfused graph; intermediates are freed after their last use (also on
// error). Needs tfjs and the IR. Produces `runFused(node, inputs)`; the caller owns the result.

import * as tf from '@tensorflow/tfjs-core';
import type { Node } from '../ir/graph.js';
import type { FusedProgram } from '../ir/fused.js';

export function runFused(node: Node, inputs: readonly tf.Tensor[]): tf.Tensor {
  const { steps } = node.attrs as unknown as FusedProgram;
  if (!steps || steps.length === 0) throw new Error(`internal: Fused#${node.id} has no steps`);
  const n = inputs.length;
  const last = steps.length - 1;
  // dies[k]: the step results whose last reader is step k (an unread one dies where it is made).
  const lastUse = steps.map((_, k) => k);
  steps.forEach((s, k) => {
    for (const a of s.args) if (a >= n) lastUse[a - n] = k;
  });
  const dies: number[][] = steps.map(() => []);
  lastUse.forEach((k, j) => {
    if (j !== last) dies[k]!.push(j);
  });
  const results: (tf.Tensor | undefined)[] = [];
  try {
    steps.forEach((step, k) => {
      const named: tf.NamedTensorMap = {};
      step.argNames.forEach((name, j) => {
        const a = step.args[j]!;
        const t = a < n ? inputs[a] : results[a - n];
        if (!t) throw new Error(`internal: Fused#${node.id} step ${k} reads operand ${a} before it exists`);
        named[name] = t;
      });
      const out = tf.engine().runKernel(step.op, named, step.attrs as tf.NamedAttrMap) as tf.Tensor | tf.Tensor[];
      results[k] = Array.isArray(out) ? out[0] : out;
      for (const j of dies[k]!) {
        results[j]!.dispose();
        results[j] = undefined;
      }
    });
    const out = results[last]!;
    results[last] = undefined;
    return out;
  } finally {
    for (const t of results) if (t && !t.isDisposed) t.dispose();
  }
}
