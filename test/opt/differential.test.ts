// Differential test of the optimizer: each function is traced, the graph is copied and optimized
// (verify() after every pass), and both graphs run through the interpreter (+ runFused) on the same
// inputs — including NaN, ±Inf and -0 — must give bit-identical outputs and the same printed lines.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { capturePrintedLines } from '../helpers/print-capture.js';
import type { Graph } from '../../src/ir/graph.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { optimize } from '../../src/opt/pipeline.js';
import { expectSameBits, inputFor, runGraph, traceGraph, type AnyFn } from './helpers.js';

const lines = capturePrintedLines();
beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Tn = tf.Tensor;
const i32 = (x: number) => tf.scalar(x, 'int32');
const s = ag.spec;

interface Case {
  readonly fn: AnyFn;
  readonly specs: ag.TensorSpec[];
  /** Inputs without NaN/Inf (for loops whose trip count depends on the data). */
  readonly finite?: boolean;
  /** Ops the optimized graph must no longer contain (anywhere, subgraphs included). */
  readonly gone?: readonly string[];
  /** How many lines the graph prints per run. */
  readonly prints?: number;
}

const W = tf.tensor([
  [0.5, -1],
  [2, 0.25],
  [-0.75, 1.5],
]); // a captured closure tensor

const cases: Record<string, Case> = {
  'straight-line arithmetic': {
    fn: (x: Tn) => tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1),
    specs: [s([2, 7])],
  },
  // Of a computed x: a parameter may hold an Int32Array relabelled by tfjs's Cast, which these store rounded.
  'identities (x*1, x/1, x-0, x+(-0), --x)': {
    fn: (p: Tn) => {
      const x = tf.sin(p);
      return tf.neg(tf.neg(tf.sub(tf.div(tf.add(tf.mul(x, 1), tf.scalar(-0)), 1), 0)));
    },
    specs: [s([14])],
    gone: ['Multiply', 'RealDiv', 'Sub', 'Add', 'Neg'],
  },
  'x + 0 keeps -0 → +0': { fn: (x: Tn) => tf.add(x, 0), specs: [s([14])] },
  'x * 0 keeps NaN and Inf': { fn: (x: Tn) => tf.mul(x, 0), specs: [s([14])] },
  'constant subexpressions': {
    fn: (x: Tn) => tf.mul(x, tf.add(tf.scalar(2), tf.exp(tf.scalar(1)))).add(tf.sqrt(tf.tensor([4, 9, 16, 25]))),
    specs: [s([3, 4])],
    gone: ['Exp', 'Sqrt'],
  },
  'common subexpressions': {
    fn: (x: Tn) => tf.add(tf.exp(tf.abs(x)), tf.exp(tf.abs(x))).mul(tf.abs(x)),
    specs: [s([5])],
  },
  'select (tf.where) with broadcast scalar': {
    fn: (x: Tn) => tf.where(tf.greater(x, 0), x, tf.mul(x, 0.1)),
    specs: [s([14])],
  },
  'select and logic with constant conditions': {
    fn: (x: Tn) => {
      const t = tf.where(tf.greater(tf.ones([3]), 0), x, tf.neg(x)); // condition folds to all-true
      const f = tf.where(tf.less(tf.ones([3]), 0), x, tf.exp(x)); // … to all-false
      const m = tf.logicalOr(tf.logicalAnd(tf.greater(x, 0), tf.scalar(true)), tf.scalar(false));
      const e = tf.notEqual(tf.equal(tf.scalar(true), tf.less(x, 1)), tf.scalar(false));
      return [t, f, m, e];
    },
    specs: [s([3])],
    gone: ['Select', 'LogicalAnd', 'LogicalOr', 'Neg', 'Equal', 'NotEqual'],
  },
  'broadcasting [2,3] + [1,3] * scalar - [2,1]': {
    fn: (a: Tn, b: Tn, c: Tn) => tf.sub(tf.add(a, tf.mul(b, 3)), c),
    specs: [s([2, 3]), s([1, 3]), s([2, 1])],
  },
  'casts (same dtype, int round trip)': {
    fn: (x: Tn) => tf.add(tf.cast(tf.cast(x, 'int32'), 'float32'), tf.cast(x, 'float32')),
    specs: [s([3, 3])],
    finite: true,
  },
  'int32 arithmetic': {
    fn: (a: Tn, b: Tn) => tf.mod(tf.floorDiv(tf.add(tf.mul(a, i32(3)), i32(1)), i32(2)), tf.add(tf.abs(b), i32(1))),
    specs: [s([6], 'int32'), s([6], 'int32')],
  },
  'bool logic → float sum': {
    fn: (x: Tn) =>
      tf.sum(tf.cast(tf.logicalAnd(tf.greater(x, -1), tf.logicalNot(tf.logicalNot(tf.less(x, 2)))), 'float32')),
    specs: [s([14])],
  },
  'matmul with a captured weight, bias, relu, softmax': {
    fn: (x: Tn) => tf.softmax(tf.relu(tf.add(tf.matMul(x, W), tf.tensor([0.1, -0.2])))),
    specs: [s([4, 3])],
  },
  'normalization: x - mean(x, keepDims) / sqrt(var + eps)': {
    fn: (x: Tn) => {
      const m = tf.mean(x, -1, true);
      const d = tf.sub(x, m);
      return tf.div(d, tf.sqrt(tf.add(tf.mean(tf.square(d), -1, true), 1e-5)));
    },
    specs: [s([3, 4])],
    finite: true,
  },
  'cond with a tensor predicate': {
    fn: (x: Tn, y: Tn) =>
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => tf.add(tf.mul(x, y), 1),
        () => tf.sub(tf.neg(y), tf.exp(x)),
      ),
    specs: [s([4]), s([4])],
    finite: true,
  },
  'cond with a constant predicate (true, nested false)': {
    fn: (x: Tn) =>
      ag.cond(
        tf.greater(tf.scalar(2), tf.scalar(1)),
        () =>
          ag.cond(
            tf.less(tf.scalar(2), tf.scalar(1)),
            () => tf.neg(x),
            () => tf.mul(x, 3),
          ),
        () => tf.abs(x),
      ),
    specs: [s([5])],
    gone: ['Cond', 'Greater', 'Less'],
  },
  'cond whose predicate folds from an operand constant': {
    fn: (x: Tn) => {
      const k = tf.scalar(3);
      return ag.cond(
        tf.greater(tf.sum(x), 0),
        () =>
          ag.cond(
            tf.greater(k, 1),
            () => tf.mul(x, k),
            () => x,
          ),
        () => tf.sub(x, k),
      );
    },
    specs: [s([4])],
    finite: true,
  },
  'cond passing an operand through both branches': {
    fn: (x: Tn, y: Tn) =>
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => [y, tf.exp(x)],
        () => [y, tf.neg(x)],
      ),
    specs: [s([3]), s([2])],
    finite: true,
  },
  'while: collatz (int32)': {
    fn: (a: Tn) =>
      ag.whileLoop(
        (n: Tn) => tf.greater(n, i32(1)),
        (n: Tn, c: Tn) => [
          ag.cond(
            tf.equal(tf.mod(n, i32(2)), i32(0)),
            () => tf.floorDiv(n, i32(2)),
            () => tf.add(tf.mul(n, i32(3)), i32(1)),
          ),
          tf.add(c, i32(1)),
        ],
        [a, i32(0)],
      )[1],
    specs: [s([], 'int32')],
  },
  'while: float recurrence with invariants and a dead loop variable': {
    fn: (x: Tn, w: Tn) => {
      const [, acc] = ag.whileLoop(
        (i: Tn) => tf.less(i, i32(5)),
        (i: Tn, acc: Tn, junk: Tn) => [
          tf.add(i, i32(1)),
          tf.add(tf.mul(acc, w), tf.mul(x, tf.scalar(1))),
          tf.exp(junk),
        ],
        [i32(0), tf.zerosLike(x), x],
      );
      return acc;
    },
    specs: [s([4]), s([4])],
    finite: true,
  },
  'while: constant-false condition never runs': {
    fn: (x: Tn) =>
      ag.whileLoop(
        () => false,
        (v: Tn) => [tf.exp(v)],
        [x],
      )[0],
    specs: [s([3])],
    gone: ['While'],
  },
  'while: maximumIterations with a constant invariant': {
    fn: (x: Tn) => {
      const k = tf.scalar(0.5);
      return ag.whileLoop(
        () => true,
        (v: Tn) => [tf.add(tf.mul(v, k), tf.mul(k, tf.scalar(2)))],
        [x],
        { maximumIterations: 4 },
      )[0];
    },
    specs: [s([3])],
  },
  'while with a print effect': {
    fn: (n0: Tn) =>
      ag.whileLoop(
        (n: Tn) => tf.less(n, i32(4)),
        (n: Tn) => {
          const m = tf.add(tf.mul(n, i32(1)), i32(1));
          ag.print('n =', m);
          return [m];
        },
        [n0],
      )[0],
    specs: [s([], 'int32')],
    prints: 9, // from -5: n = -4 … 4
  },
  'gradient of sum(tanh(x))': { fn: (x: Tn) => tf.grad((y: Tn) => tf.sum(tf.tanh(y)))(x), specs: [s([2, 3])] },
  'gradients of a tiny logistic model': {
    fn: (x: Tn, w: Tn) => tf.grads((a: Tn, b: Tn) => tf.mean(tf.sigmoid(tf.mul(tf.sum(tf.mul(a, b), -1), 2))))([x, w]),
    specs: [s([3, 4]), s([4])],
  },
};

/** The tensors a graph is fed with: inputs for its params, then its captures' current values. */
function feeds(graph: Graph, c: Case): tf.Tensor[] {
  const params = c.specs.map((sp, i) => inputFor(sp, i, { finite: c.finite }));
  const caps = graph.captures.map((cap) => {
    if (cap.source.kind === 'tensor') return cap.source.tensor;
    if (cap.source.kind === 'variable') return cap.source.variable;
    throw new Error('outer capture at the top');
  });
  return [...params, ...caps];
}

function opsIn(g: Graph, into = new Set<string>()): Set<string> {
  for (const n of g.nodes) {
    into.add(n.op);
    for (const sub of Object.values(n.subgraphs ?? {})) opsIn(sub, into);
  }
  return into;
}

describe('optimized graphs compute the same bits as traced graphs', () => {
  it('has at least 15 cases', () => expect(Object.keys(cases).length).toBeGreaterThanOrEqual(15));

  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      const original = traceGraph(c.fn, c.specs, 'f');
      const optimized = optimize(cloneGraph(original), { verify: true });
      const inputs = feeds(original, c);
      const before = tf.memory().numTensors;
      lines.length = 0;
      const expected = runGraph(original, inputs);
      const printedBefore = [...lines];
      lines.length = 0;
      const actual = runGraph(optimized, inputs);
      expect(printedBefore.length).toBe(c.prints ?? 0);
      expect(lines).toEqual(printedBefore);
      expect(tf.memory().numTensors).toBe(before);
      expectSameBits(actual, expected);
      for (const op of c.gone ?? []) expect(opsIn(optimized).has(op), `${op} left in\n${optimized}`).toBe(false);
      tf.dispose(inputs.slice(0, c.specs.length));
    });
  }
});
