// Shared tools of the optimizer tests: tracing a function to a fresh graph, an interpreter that also
// runs Fused nodes (through runFused), bit-exact comparison of results, test inputs with special values.
// Needs the public API, the interpreter, runFused. Produces `traceGraph`, `runGraph`, `expectSameBits`, `inputFor`.

import * as tf from '@tensorflow/tfjs';
import { expect } from 'vitest';
import * as ag from '../../src/index.js';
import type { Graph, Node } from '../../src/ir/graph.js';
import { Interpreter } from '../../src/exec/interpreter.js';
import { runFused } from '../../src/exec/run-fused.js';
import { FUSED_OP } from '../../src/ir/fused.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFn = (...a: any[]) => unknown;

/** A fresh graph for `fn` traced on `specs` (each call traces anew, so graphs can be mutated). */
export function traceGraph(fn: AnyFn, specs: readonly ag.TensorSpec[], name = 'f'): Graph {
  const f = ag.jit(fn, { autograph: false, name });
  return f.getConcreteFunction(...specs).graph;
}

/**
 * The interpreter, plus a `Fused` case through runFused where the interpreter lacks one.
 * (runNode is private in TS only; this test-only patch adds the case the lead will add.)
 */
class FusedInterpreter extends Interpreter {}
type RunNode = (this: Interpreter, node: Node, args: tf.Tensor[]) => tf.Tensor[];
const proto = FusedInterpreter.prototype as unknown as { runNode: RunNode };
const baseRunNode = (Interpreter.prototype as unknown as { runNode: RunNode }).runNode;
proto.runNode = function (node, args) {
  return node.op === FUSED_OP ? [runFused(node, args)] : baseRunNode.call(this, node, args);
};

/** Runs `graph` on `inputs` (params then captures) and returns the outputs' dtypes, shapes, data. */
export function runGraph(
  graph: Graph,
  inputs: readonly tf.Tensor[],
): { dtype: string; shape: number[]; data: ArrayLike<number> }[] {
  const interp = new FusedInterpreter();
  try {
    const outs = interp.run(graph, inputs);
    const res = outs.map((t) => ({ dtype: t.dtype, shape: t.shape, data: t.dataSync() as ArrayLike<number> }));
    for (const t of outs) t.dispose();
    return res;
  } finally {
    interp.dispose();
  }
}

/** Same dtypes, shapes and every element equal under Object.is (NaN = NaN, 0 ≠ -0). */
export function expectSameBits(actual: ReturnType<typeof runGraph>, expected: ReturnType<typeof runGraph>): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => {
    const e = expected[i]!;
    expect(a.dtype, `output ${i} dtype`).toBe(e.dtype);
    expect(a.shape, `output ${i} shape`).toEqual(e.shape);
    const bad: string[] = [];
    for (let k = 0; k < e.data.length; k++)
      if (!Object.is(a.data[k], e.data[k])) bad.push(`[${k}] ${a.data[k]} ≠ ${e.data[k]}`);
    expect(bad, `output ${i} elements`).toEqual([]);
  });
}

const SPECIAL = [0, -0, 1, -1, 0.5, -2.5, 3, 1e30, -1e-30, NaN, Infinity, -Infinity, 7.25, -0.125];

/** Deterministic test data for a spec: float32 with special values (NaN, ±Inf, -0), small int32, bools. */
export function inputFor(s: ag.TensorSpec, salt = 0, opts: { finite?: boolean } = {}): tf.Tensor {
  const shape = s.shape.map((d) => (d === null || d < 0 ? 3 : d));
  const n = shape.reduce((a, b) => a * b, 1);
  const values = Array.from({ length: n }, (_, i) => {
    const k = i + salt * 5;
    if (s.dtype === 'int32') return ((k * 7) % 11) - 5;
    if (s.dtype === 'bool') return (k * 3) % 2;
    if (opts.finite) return Math.round((((k * 37) % 17) - 8) * 0.37 * 1000) / 1000;
    return SPECIAL[k % SPECIAL.length]!;
  });
  return tf.tensor(values, shape, s.dtype);
}
