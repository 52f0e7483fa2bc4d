// Property test (fast-check): random elementwise expressions over broadcasting inputs, constants
// (constant-only subtrees fold), repeated subtrees (CSE), identities (simplify) and a staged cond,
// traced, optimized and run: bit-identical to the traced graph on data with NaN, ±Inf and -0.
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import * as ag from '../../src/index.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { optimize } from '../../src/opt/pipeline.js';
import { expectSameBits, inputFor, runGraph, traceGraph } from './helpers.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Expr =
  | { readonly k: 'in'; readonly i: number }
  | { readonly k: 'const'; readonly v: number }
  | { readonly k: 'un'; readonly op: string; readonly x: Expr }
  | { readonly k: 'bin'; readonly op: string; readonly a: Expr; readonly b: Expr }
  | { readonly k: 'where'; readonly a: Expr; readonly b: Expr }
  | { readonly k: 'cond'; readonly a: Expr; readonly b: Expr };

const UNARY: Record<string, (x: tf.Tensor) => tf.Tensor> = {
  neg: tf.neg,
  abs: tf.abs,
  exp: tf.exp,
  tanh: tf.tanh,
  sigmoid: tf.sigmoid,
  relu: tf.relu,
  square: tf.square,
  sqrtAbs: (x) => tf.sqrt(tf.abs(x)),
  times1: (x) => tf.mul(x, 1),
  plusMinus0: (x) => tf.add(x, tf.scalar(-0)),
  plus0: (x) => tf.add(x, 0),
  minus0: (x) => tf.sub(x, 0),
  times0: (x) => tf.mul(x, 0),
  div1: (x) => tf.div(x, 1),
  castRound: (x) => tf.cast(tf.cast(x, 'int32'), 'float32'),
  sameCast: (x) => tf.cast(x, 'float32'),
  negNeg: (x) => tf.neg(tf.neg(x)),
};
const BINARY: Record<string, (a: tf.Tensor, b: tf.Tensor) => tf.Tensor> = {
  add: tf.add,
  sub: tf.sub,
  mul: tf.mul,
  div: tf.div,
  maximum: tf.maximum,
  minimum: tf.minimum,
};

const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ k: fc.constant('in' as const), i: fc.integer({ min: 0, max: 2 }) }),
    fc.record({ k: fc.constant('const' as const), v: fc.constantFrom(0, -0, 1, 2, -0.5, 3.25) }),
    fc.record({ k: fc.constant('un' as const), op: fc.constantFrom(...Object.keys(UNARY)), x: tie('e') }),
    fc.record({
      k: fc.constant('bin' as const),
      op: fc.constantFrom(...Object.keys(BINARY)),
      a: tie('e'),
      b: tie('e'),
    }),
    fc.record({ k: fc.constant('where' as const), a: tie('e'), b: tie('e') }),
    fc.record({ k: fc.constant('cond' as const), a: tie('e'), b: tie('e') }),
  ),
})).e;

function broadcastShape(a: readonly number[], b: readonly number[]): number[] {
  const n = Math.max(a.length, b.length);
  return Array.from({ length: n }, (_, i) => Math.max(a[a.length - n + i] ?? 1, b[b.length - n + i] ?? 1));
}

/** Builds the expression with tf ops. */
function build(e: Expr, ins: tf.Tensor[]): tf.Tensor {
  switch (e.k) {
    case 'in':
      return ins[e.i]!;
    case 'const':
      return tf.scalar(e.v);
    case 'un':
      return UNARY[e.op]!(build(e.x, ins));
    case 'bin':
      return BINARY[e.op]!(build(e.a, ins), build(e.b, ins));
    case 'where': {
      const a = build(e.a, ins);
      const b = build(e.b, ins);
      const shape = broadcastShape(a.shape, b.shape);
      return tf.where(tf.greater(a, b), tf.broadcastTo(a, shape), tf.broadcastTo(b, shape));
    }
    case 'cond': {
      const a = build(e.a, ins);
      const b = build(e.b, ins);
      const shape = broadcastShape(a.shape, b.shape);
      return ag.cond(
        tf.greater(tf.sum(a), tf.sum(b)),
        () => tf.add(tf.broadcastTo(a, shape), 1),
        () => tf.mul(tf.broadcastTo(b, shape), b),
      );
    }
  }
}

describe('random elementwise programs', () => {
  it('optimize preserves every bit', () => {
    const specs = [ag.spec([2, 3]), ag.spec([1, 3]), ag.spec([])];
    const inputs = specs.map((s, i) => inputFor(s, i));
    fc.assert(
      fc.property(expr, fc.boolean(), (e, dup) => {
        const fn = (...ins: tf.Tensor[]) => (dup ? tf.add(build(e, ins), build(e, ins)) : build(e, ins));
        const original = traceGraph(fn, specs);
        const optimized = optimize(cloneGraph(original), { verify: true });
        expectSameBits(runGraph(optimized, inputs), runGraph(original, inputs));
      }),
      { numRuns: 150, seed: 20240611 },
    );
    tf.dispose(inputs);
  });
});
