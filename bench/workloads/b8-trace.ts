// B8: conversion + first trace of the seed functions. Convert rows: `convertSource` of each seed of
// examples/seeds.ts (parse, passes, generate). Trace rows: a fresh jit per call,
// getConcreteFunction(...specs) of the functional forms. The first call (trace + code generation +
// one run) is shown beside it, unjudged. Needs harness, the other workloads' functions.
// Produces `b8`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import type { Contender, Workload } from '../harness.js';
import { type AnyFn } from '../contenders.js';
import { convertSource } from '../../src/convert/convert-source.js';
import { seeds as seedModule } from '../../examples/seed-functions.js';

const SEEDS: Record<string, AnyFn> = Object.fromEntries(
  Object.entries(seedModule).filter(([, v]) => typeof v === 'function') as [string, AnyFn][],
);
import { collatz } from './b1-collatz.js';
import { rnn } from './b5-rnn.js';
import { train } from './b6-mlp-training.js';

const delta = 1;

interface Seed {
  readonly name: string;
  readonly fn: AnyFn;
  readonly specs: () => ag.TensorSpec[];
  readonly args: () => tf.Tensor[];
  /** Has a staged print: its first-call row silences the print sink around the call. */
  readonly prints?: boolean;
}

const seeds: Seed[] = [
  {
    name: 'square_if_positive',
    fn: (x: tf.Tensor) =>
      ag.cond(
        tf.greater(x, 0),
        () => tf.mul(x, x),
        () => tf.zerosLike(x),
      ),
    specs: () => [ag.spec([])],
    args: () => [tf.scalar(9)],
  },
  {
    name: 'huber_loss',
    fn: (a: tf.Tensor) =>
      ag.cond(
        tf.lessEqual(tf.abs(a), delta),
        () => tf.div(tf.mul(a, a), 2),
        () => tf.mul(delta, tf.sub(tf.abs(a), delta / 2)),
      ),
    specs: () => [ag.spec([])],
    args: () => [tf.scalar(3)],
  },
  { name: 'collatz', fn: collatz, specs: () => [ag.spec([], 'int32')], args: () => [tf.scalar(27, 'int32')] },
  {
    // f(n) { if (n >= 0) { while (n < 5) { n += 1; console.log(n) } } return n }
    name: 'print_loop',
    fn: (n: tf.Tensor) =>
      ag.cond(
        tf.greaterEqual(n, tf.scalar(0, 'int32')),
        () =>
          ag.whileLoop(
            (m) => tf.less(m as tf.Tensor, tf.scalar(5, 'int32')),
            (m) => {
              const next = tf.add(m as tf.Tensor, tf.scalar(1, 'int32'));
              ag.print(next);
              return [next];
            },
            [n],
          )[0] as tf.Tensor,
        () => n,
      ),
    specs: () => [ag.spec([], 'int32')],
    args: () => [tf.scalar(2, 'int32')],
    prints: true,
  },
  {
    // f(n) { z = []; setElementType(z, 'int32'); for (i of range(n)) z.push(i); return stack(z) }
    name: 'list_range',
    fn: (n: tf.Tensor) => {
      const z: unknown[] = [];
      ag.setElementType(z, 'int32');
      const [, list] = ag.whileLoop(
        (i) => tf.less(i as tf.Tensor, n),
        (i, l) => {
          (l as unknown[]).push(i);
          return [tf.add(i as tf.Tensor, tf.scalar(1, 'int32')), l];
        },
        [tf.scalar(0, 'int32'), z],
      );
      return ag.stack(list);
    },
    specs: () => [ag.spec([], 'int32')],
    args: () => [tf.scalar(5, 'int32')],
  },
  {
    // f(x) { ag.assert(x != 0, 'Do not pass zero!'); return x * x }
    name: 'assert_nonzero',
    fn: (x: tf.Tensor) => {
      ag.assert(tf.notEqual(x, 0), 'Do not pass zero!');
      return tf.mul(x, x);
    },
    specs: () => [ag.spec([])],
    args: () => [tf.scalar(3)],
  },
  {
    name: 'rnn_forward (B5)',
    fn: rnn,
    specs: () => [ag.spec([50, 32, 64]), ag.spec([32, 128]), ag.spec([64, 128]), ag.spec([128, 128]), ag.spec([128])],
    args: () => [
      tf.zeros([50, 32, 64]),
      tf.zeros([32, 128]),
      tf.zeros([64, 128]),
      tf.zeros([128, 128]),
      tf.zeros([128]),
    ],
  },
  {
    name: 'mlp_training (B6)',
    fn: train,
    specs: () => [
      ag.spec([64, 32]),
      ag.spec([64, 10]),
      ag.spec([32, 64]),
      ag.spec([64]),
      ag.spec([64, 10]),
      ag.spec([10]),
    ],
    args: () => [
      tf.zeros([64, 32]),
      tf.zeros([64, 10]),
      tf.zeros([32, 64]),
      tf.zeros([64]),
      tf.zeros([64, 10]),
      tf.zeros([10]),
    ],
  },
];

/** Conversion proper (parse, analyses, passes, code generation) of one seed's source text. */
function convertRow(name: string, fn: AnyFn): Contender {
  const source = Function.prototype.toString.call(fn);
  return {
    label: `convert: ${name}`,
    kind: 'convert',
    backend: 'cpu',
    callsPerBatch: 1,
    batch() {
      convertSource(source, name);
    },
  };
}

function traceRow(seed: Seed): Contender {
  let specs: ag.TensorSpec[] = [];
  return {
    label: `trace: ${seed.name}`,
    kind: 'trace',
    backend: 'cpu',
    callsPerBatch: 1,
    prepare() {
      specs = seed.specs();
    },
    batch() {
      const f = ag.jit(seed.fn, { autograph: false, name: seed.name });
      f.getConcreteFunction(...specs).dispose();
    },
  };
}

function firstCallRow(seed: Seed): Contender {
  let args: tf.Tensor[] = [];
  return {
    label: `first call: ${seed.name}`,
    kind: 'trace',
    backend: 'cpu',
    callsPerBatch: 1,
    judged: false,
    note: 'trace + codegen + one run, unjudged',
    prepare() {
      args = seed.args();
    },
    batch() {
      const f = ag.jit(seed.fn, { autograph: false, name: seed.name });
      const prev = seed.prints ? ag.setPrintSink(() => {}) : undefined;
      try {
        tf.dispose(f(...args) as tf.TensorContainer);
      } finally {
        if (prev) ag.setPrintSink(prev);
      }
      for (const cf of f.concreteFunctions()) cf.dispose();
    },
    dispose() {
      tf.dispose(args);
    },
  };
}

export const b8: Workload = {
  id: 'B8',
  title: 'conversion + first trace of the seed functions (functional forms)',
  barText: 'convert ≤ 1 ms per function (median), trace ≤ 5 ms',
  bars: [
    { kind: 'under', us: 1000, applies: (c) => c.kind === 'convert' },
    { kind: 'under', us: 5000, applies: (c) => c.kind === 'trace' && c.label.startsWith('trace') },
  ],
  contenders: () => [
    ...Object.entries(SEEDS).map(([name, fn]) => convertRow(name, fn)),
    ...seeds.map(traceRow),
    ...seeds.map(firstCallRow),
  ],
  notes: [
    'B8 converts the seed programs of examples/seeds.ts (ordinary if/while/for source) and traces the seed programs in their functional forms (square_if_positive, huber_loss, collatz, print_loop, list_range, assert_nonzero) plus the B5 and B6 functions.',
  ],
};
