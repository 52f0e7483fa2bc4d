// Golden tests of the optimizer passes: each case traces a function, applies one pass (or the whole
// pipeline), verifies the IR and compares "before" and "after" printed graphs with a reviewed file in
// ./golden/. Regenerate with `npx vitest run test/opt/golden-passes.test.ts -u`.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { verify } from '../../src/ir/verify.js';
import { constantFold } from '../../src/opt/constant-fold.js';
import { cse } from '../../src/opt/cse.js';
import { dce } from '../../src/opt/dce.js';
import { fuseElementwise } from '../../src/opt/fuse-elementwise.js';
import { optimize, type Pass } from '../../src/opt/pipeline.js';
import { pruneControlFlow } from '../../src/opt/prune-control-flow.js';
import { simplify } from '../../src/opt/simplify.js';
import { traceGraph, type AnyFn } from './helpers.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Tn = tf.Tensor;
const s = ag.spec;
const i32 = (x: number) => tf.scalar(x, 'int32');
const pipeline: Pass = (g) => optimize(g, { verify: true });

interface GoldenCase {
  readonly fn: AnyFn;
  readonly specs: ag.TensorSpec[];
}

const cases: Record<string, Record<string, GoldenCase>> = {
  simplify: {
    identities: {
      fn: (p: Tn) => {
        const x = tf.sin(p); // a parameter may hold an Int32Array relabelled by tfjs's Cast: kept below
        const a = tf.mul(tf.scalar(1), tf.mul(x, 1)); // 1*x, x*1
        const b = tf.sub(tf.div(a, 1), 0); // x/1, x-0
        const c = tf.neg(tf.neg(tf.add(b, tf.scalar(-0)))); // --(x + -0)
        return tf.reshape(tf.cast(tf.clone(c), 'float32'), [2, 3]); // Identity, same-dtype Cast, same-shape Reshape
      },
      specs: [s([2, 3])],
    },
    'kept: x+0 (float), x*0, broadcasting x*1': {
      fn: (x: Tn) => [tf.add(x, 0), tf.mul(x, 0), tf.mul(x, tf.ones([2, 3]))],
      specs: [s([3])],
    },
    'int32 x+0 and nested reshapes': {
      fn: (n: Tn) => tf.reshape(tf.reshape(tf.add(tf.neg(n), i32(0)), [3, 2]), [2, 3]),
      specs: [s([6], 'int32')],
    },
    "kept: x*1, x+(-0), --x of a parameter (it may hold int32 data relabelled by tfjs's Cast)": {
      fn: (x: Tn) => [tf.mul(x, 1), tf.add(x, tf.scalar(-0)), tf.neg(tf.neg(x))],
      specs: [s([3])],
    },
    'pass-through of Cond and While': {
      fn: (x: Tn, y: Tn) => {
        const [a, b] = ag.cond(
          tf.greater(tf.sum(x), 0),
          () => [y, tf.exp(x)],
          () => [y, tf.neg(x)],
        );
        const [i, z] = ag.whileLoop(
          (i: Tn) => tf.less(i, i32(3)),
          (i: Tn, z: Tn) => [tf.add(i, i32(1)), z],
          [i32(0), a],
        );
        return [b, i, z];
      },
      specs: [s([3]), s([2])],
    },
  },
  'constant-fold': {
    'constant expressions': {
      fn: (x: Tn) => tf.add(tf.mul(x, tf.add(tf.scalar(2), tf.exp(tf.scalar(1)))), tf.sqrt(tf.tensor([4, 9, 16]))),
      specs: [s([3])],
    },
    'cond with a constant predicate': {
      fn: (x: Tn) =>
        ag.cond(
          tf.greater(tf.scalar(2), tf.scalar(1)),
          () => tf.mul(tf.add(x, 1), tf.scalar(2)),
          () => tf.neg(x),
        ),
      specs: [s([3])],
    },
    'constants pushed into a while body': {
      fn: (x: Tn) => {
        const k = tf.scalar(0.5);
        return ag.whileLoop(
          () => true,
          (v: Tn) => [tf.add(tf.mul(v, k), tf.mul(k, tf.scalar(4)))],
          [x],
          { maximumIterations: 3 },
        )[0];
      },
      specs: [s([3])],
    },
    'while that never runs': {
      fn: (x: Tn) =>
        ag.whileLoop(
          () => false,
          (v: Tn) => [tf.exp(v)],
          [x],
        )[0],
      specs: [s([3])],
    },
    'too large to fold': {
      fn: (x: Tn) => tf.add(tf.sum(tf.mul(tf.fill([400, 300], 2), tf.scalar(3))), x),
      specs: [s([])],
    },
  },
  cse: {
    'duplicate expressions and constants': {
      fn: (x: Tn) => tf.add(tf.add(tf.exp(tf.mul(x, 2)), tf.exp(tf.mul(x, 2))), tf.add(tf.scalar(2), x)),
      specs: [s([4])],
    },
    'commutative operands, differing attrs, 0 vs -0': {
      fn: (x: Tn, y: Tn) => [
        tf.add(x, y),
        tf.add(y, x),
        tf.sum(x, 0),
        tf.sum(x, 1),
        tf.add(x, tf.scalar(0)),
        tf.add(x, tf.scalar(-0)),
      ],
      specs: [s([2, 2]), s([2, 2])],
    },
    'inside branches': {
      fn: (x: Tn) =>
        ag.cond(
          tf.greater(tf.sum(x), 0),
          () => tf.mul(tf.abs(x), tf.abs(x)),
          () => tf.neg(x),
        ),
      specs: [s([3])],
    },
  },
  dce: {
    'unused values and an unused cond': {
      fn: (x: Tn) => {
        tf.exp(x);
        ag.cond(
          tf.greater(tf.sum(x), 0),
          () => tf.abs(x),
          () => tf.neg(x),
        );
        return tf.mul(x, 2);
      },
      specs: [s([3])],
    },
    'effects survive': {
      fn: (x: Tn) => {
        ag.print('x is', x);
        ag.cond(
          tf.greater(tf.sum(x), 0),
          () => {
            ag.print('positive');
            return tf.abs(x);
          },
          () => tf.neg(x),
        );
        return tf.mul(x, 2);
      },
      specs: [s([3])],
    },
  },
  'prune-control-flow': {
    'unused cond output and operand': {
      fn: (x: Tn, y: Tn) =>
        ag.cond(
          tf.greater(tf.sum(x), 0),
          () => [tf.exp(x), tf.mul(y, 2)],
          () => [tf.neg(x), tf.abs(y)],
        )[0],
      specs: [s([3]), s([3])],
    },
    'dead loop variable and invariant': {
      fn: (x: Tn, w: Tn) =>
        ag.whileLoop(
          (i: Tn) => tf.less(i, i32(4)),
          (i: Tn, acc: Tn, junk: Tn) => [tf.add(i, i32(1)), tf.add(acc, x), tf.mul(junk, w)],
          [i32(0), tf.zerosLike(x), x],
        )[1],
      specs: [s([3]), s([3])],
    },
  },
  'fuse-elementwise': {
    'chain and tree': {
      fn: (x: Tn, y: Tn) => tf.sub(tf.mul(tf.sigmoid(x), tf.tanh(y)), tf.div(tf.abs(x), 2)),
      specs: [s([2, 3]), s([2, 3])],
    },
    'select with broadcast scalars and casts': {
      fn: (x: Tn) => tf.cast(tf.where(tf.greater(x, 0), x, tf.mul(x, 0.1)), 'int32'),
      specs: [s([4])],
    },
    'shared intermediate, heavy kernels and rank changes stop fusion': {
      fn: (x: Tn, b: Tn) => {
        const e = tf.exp(tf.neg(x)); // used twice, below: stays a group root
        const m = tf.matMul(tf.relu(tf.add(e, 1)), tf.transpose(e));
        return [tf.add(tf.mul(m, 2), 1), tf.add(tf.sqrt(tf.abs(b)), tf.sum(m, 0))];
      },
      specs: [s([2, 2]), s([2])],
    },
    'same-rank broadcasting, and rank mismatch': {
      fn: (a: Tn, b: Tn, c: Tn) => [tf.mul(tf.add(a, b), 2), tf.exp(tf.add(tf.abs(a), c))],
      specs: [s([2, 1]), s([1, 3]), s([1])],
    },
    'inside a loop body, not across it': {
      fn: (x: Tn) =>
        tf.exp(
          ag.whileLoop(
            (i: Tn) => tf.less(i, i32(3)),
            (i: Tn, v: Tn) => [tf.add(i, i32(1)), tf.tanh(tf.mul(v, 2))],
            [i32(0), tf.abs(x)],
          )[1],
        ),
      specs: [s([3])],
    },
  },
  pipeline: {
    gradient: {
      fn: (x: Tn, w: Tn) =>
        tf.grads((a: Tn, b: Tn) => tf.mean(tf.sigmoid(tf.mul(tf.sum(tf.mul(a, b), -1), 2))))([x, w]),
      specs: [s([3, 4]), s([4])],
    },
    collatz: {
      fn: (a: Tn) =>
        ag.whileLoop(
          (n: Tn) => tf.notEqual(n, i32(1)),
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
  },
};

const PASS_FNS: Record<string, Pass> = {
  simplify,
  'constant-fold': constantFold,
  cse,
  dce,
  'prune-control-flow': pruneControlFlow,
  'fuse-elementwise': fuseElementwise,
  pipeline,
};

const fileName = (pass: string, name: string) =>
  `golden/${pass}.${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}.txt`;

for (const [pass, group] of Object.entries(cases)) {
  describe(pass, () => {
    for (const [name, c] of Object.entries(group)) {
      it(name, async () => {
        const g = traceGraph(c.fn, c.specs, name.replace(/[^A-Za-z0-9]+/g, '_'));
        verify(g);
        const before = g.toString();
        const after = PASS_FNS[pass]!(g);
        verify(after);
        const text = `// ${pass}: ${name}\n// before\n${before}\n// after\n${after.toString()}\n`;
        await expect(text).toMatchFileSnapshot(fileName(pass, name));
      });
    }
  });
}
