// Training inside one jit call: tf.train.sgd / momentum / adam minimizing inside a staged loop (slot
// variables created on the first trace), a loss that itself holds a staged loop, tfjs-layers models
// (dense, embedding, simpleRNN, LSTM, GRU) applied and trained in the graph, tf.valueAndGrad and
// tf.variableGrads through staged control flow; each compared with the same program run eagerly
// (toGraph: control flow in JS) on both executors; and no tensor leaks over 100 training calls.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { jit, toGraph, whileLoop } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type A = any;

const RTOL = 1e-5;

function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const d = Math.abs(actual[i]! - expected[i]!);
    if (!(d <= 1e-6 + RTOL * Math.abs(expected[i]!)))
      throw new Error(`${what}: element ${i}: ${actual[i]} vs ${expected[i]}`);
  }
}

const X = tf.randomNormal([16, 3], 0, 1, 'float32', 11);
const Y = tf.sum(tf.mul(X, tf.tensor1d([1, -2, 0.5])), 1, true);

/** A training program: `n` minimize steps of a linear model, the loss from a staged loop of 2 smoothing steps. */
function trainLinear(n: A): T {
  let loss: A = tf.scalar(0);
  for (let i = 0; i < n; i++) {
    loss = opt.minimize(
      () => {
        const [, p] = whileLoop(
          (k: A) => tf.less(k, 2),
          (k: A, p: A) => [tf.add(k, tf.scalar(1, 'int32')), tf.add(tf.mul(p, 0.5), tf.matMul(X, w))],
          [tf.scalar(0, 'int32'), tf.zerosLike(Y)],
        );
        return tf.mean(tf.square(tf.sub(p as T, Y)));
      },
      true,
      [w],
    );
  }
  return loss;
}
declare const opt: tf.Optimizer;
declare const w: tf.Variable;

const OPTIMIZERS: Record<string, () => tf.Optimizer> = {
  sgd: () => tf.train.sgd(0.1),
  momentum: () => tf.train.momentum(0.05, 0.9),
  adam: () => tf.train.adam(0.05),
};

/** Losses of three calls of 5 steps each, and the final weights. */
function runLinear(kind: string, mode: 'eager' | (typeof EXECUTORS)[number]): { losses: number[]; w: Float32Array } {
  const wv = tf.variable(tf.zeros([3, 1]), true);
  const o = OPTIMIZERS[kind]!();
  const scope = { tf, whileLoop, X, Y, w: wv, opt: o };
  const f =
    mode === 'eager'
      ? (toGraph(trainLinear, { scope }) as typeof trainLinear)
      : jit(trainLinear, { scope, executor: mode });
  const losses: number[] = [];
  for (let k = 0; k < 3; k++) {
    const n = mode === 'eager' ? 5 : tf.scalar(5, 'int32');
    const out = f(n);
    losses.push(out.dataSync()[0]!);
    out.dispose();
    if (n instanceof tf.Tensor) n.dispose();
  }
  const wFinal = wv.dataSync() as Float32Array;
  if (mode !== 'eager') for (const cf of (f as ReturnType<typeof jit>).concreteFunctions()) cf.dispose();
  o.dispose();
  wv.dispose();
  return { losses, w: wFinal };
}

describe('optimizers inside a staged training loop (one call trains the model)', () => {
  for (const kind of Object.keys(OPTIMIZERS)) {
    it(`${kind}: losses and weights equal the eager run, both executors`, () => {
      const eager = runLinear(kind, 'eager');
      expect(eager.losses[2]).toBeLessThan(eager.losses[0]!);
      for (const ex of EXECUTORS) {
        const got = runLinear(kind, ex);
        expectClose(got.losses, eager.losses, `${kind} ${ex} losses`);
        expectClose(got.w, eager.w, `${kind} ${ex} weights`);
      }
    });
  }
});

function buildModel(kind: string): tf.Sequential {
  const g = (seed: number) => tf.initializers.glorotUniform({ seed });
  const m = tf.sequential();
  if (kind === 'dense') {
    m.add(tf.layers.dense({ units: 4, activation: 'relu', inputShape: [3], kernelInitializer: g(1) }));
    m.add(tf.layers.dense({ units: 1, kernelInitializer: g(2) }));
  } else if (kind === 'embedding') {
    m.add(
      tf.layers.embedding({
        inputDim: 10,
        outputDim: 3,
        inputLength: 4,
        embeddingsInitializer: tf.initializers.randomUniform({ minval: -0.1, maxval: 0.1, seed: 3 }),
      }),
    );
    m.add(tf.layers.flatten());
    m.add(tf.layers.dense({ units: 1, kernelInitializer: g(4) }));
  } else {
    const make = { simpleRNN: tf.layers.simpleRNN, lstm: tf.layers.lstm, gru: tf.layers.gru }[kind]!;
    m.add(make({ units: 4, inputShape: [5, 3], kernelInitializer: g(5), recurrentInitializer: g(6) }));
    m.add(tf.layers.dense({ units: 1, kernelInitializer: g(7) }));
  }
  return m;
}

function trainModel(x: A, y: A, n: A): T {
  let l: A = tf.scalar(0);
  for (let i = 0; i < n; i++)
    l = opt.minimize(() => tf.losses.meanSquaredError(y, model.apply(x) as T) as tf.Scalar, true);
  return l;
}
declare const model: tf.Sequential;

describe('tfjs-layers models applied and trained inside jit', () => {
  for (const kind of ['dense', 'embedding', 'simpleRNN', 'lstm', 'gru']) {
    it(`${kind}: three calls of a 3-step staged training loop equal eager training`, () => {
      const x =
        kind === 'embedding'
          ? tf.tensor2d(
              [
                [1, 2, 3, 4],
                [5, 6, 7, 8],
              ],
              [2, 4],
              'int32',
            )
          : kind === 'dense'
            ? tf.randomNormal([8, 3], 0, 1, 'float32', 9)
            : tf.randomNormal([2, 5, 3], 0, 1, 'float32', 9);
      const y = tf.ones([x.shape[0]!, 1]);
      const results: Record<string, number[]> = {};
      for (const mode of ['eager', ...EXECUTORS] as const) {
        const m = buildModel(kind);
        const o = tf.train.sgd(0.1);
        const scope = { tf, opt: o, model: m };
        const f =
          mode === 'eager'
            ? (toGraph(trainModel, { scope }) as typeof trainModel)
            : jit(trainModel, { scope, executor: mode });
        const losses: number[] = [];
        for (let k = 0; k < 3; k++) {
          const n = mode === 'eager' ? 3 : tf.scalar(3, 'int32');
          const out = f(x, y, n);
          losses.push(out.dataSync()[0]!);
          out.dispose();
          if (n instanceof tf.Tensor) n.dispose();
        }
        const pred = jit((t: T) => m.predict(t) as T, {
          autograph: false,
          executor: mode === 'eager' ? 'compiled' : mode,
        })(x);
        results[mode] = [...losses, ...pred.dataSync()];
        pred.dispose();
        m.dispose();
        o.dispose();
      }
      expect(results.eager![2]).toBeLessThan(results.eager![0]!);
      for (const ex of EXECUTORS) expectClose(results[ex]!, results.eager!, `${kind} ${ex}`);
      x.dispose();
      y.dispose();
    });
  }
});

describe('valueAndGrad and variableGrads through staged control flow inside jit', () => {
  const v = tf.variable(tf.tensor1d([0.3, -0.6, 0.2]), true, 'grad_training_v');
  const loss = (x: T) => {
    const [, a] = whileLoop(
      (i: A) => tf.less(i, 3),
      (i: A, a: A) => [tf.add(i, tf.scalar(1, 'int32')), tf.sin(tf.add(tf.mul(a, v), x))],
      [tf.scalar(0, 'int32'), x],
    );
    return tf.sum(a as T) as tf.Scalar;
  };
  const program = (x: T) => {
    const { value, grad } = tf.valueAndGrad(loss)(x);
    const { grads } = tf.variableGrads(() => loss(x), [v]);
    return [value, grad, grads[v.name]!];
  };
  for (const ex of EXECUTORS) {
    it(`value, input gradient and variable gradient equal eager tfjs (${ex})`, () => {
      const x = tf.tensor1d([0.1, 0.5, -0.4]);
      const eager = tf.tidy(() => program(x).map((t) => t.dataSync()));
      const f = jit(program, { autograph: false, executor: ex });
      const got = f(x);
      got.forEach((t, k) => expectClose(t.dataSync(), eager[k]!, `${ex} output ${k}`));
      tf.dispose(got);
      for (const cf of f.concreteFunctions()) cf.dispose();
      x.dispose();
    });
  }
});

describe('no tensor leaks', () => {
  for (const ex of EXECUTORS) {
    it(`100 calls of a jit training loop with adam keep numTensors flat (${ex})`, () => {
      const wv = tf.variable(tf.zeros([3, 1]), true);
      const o = tf.train.adam(0.01);
      const f = jit(trainLinear, { scope: { tf, whileLoop, X, Y, w: wv, opt: o }, executor: ex });
      const n = tf.scalar(2, 'int32');
      f(n).dispose();
      const before = tf.memory().numTensors;
      let last = 0;
      for (let k = 0; k < 100; k++) {
        const out = f(n);
        last = out.dataSync()[0]!;
        out.dispose();
      }
      expect(tf.memory().numTensors).toBe(before);
      expect(Number.isFinite(last)).toBe(true);
      expect(f.traceCount).toBe(1);
      n.dispose();
      for (const cf of f.concreteFunctions()) cf.dispose();
      o.dispose();
      wv.dispose();
    });
  }
});
