// A whole RNN training run in one jit call (`npx tsx examples/rnn-training.ts`). The task: read a
// sequence of numbers and output, at every step, the running sum so far. The RNN cell is unrolled
// by a staged `for…of` over the sequence, its predictions pushed to a list and stacked; the loss is
// their mean squared error; epochs × batches of `optimizer.minimize` run inside the same graph.
// The same program runs eagerly (converted by toGraph, control flow in JS) from the same initial
// weights: the two loss curves must agree to float32 tolerance. Prints both curves, the largest
// difference and the eager/jit speed ratio.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';

type T = tf.Tensor;

const STEPS = 6;
const BATCH = 16;
const HIDDEN = 16;
const BATCHES = 4;
const EPOCHS = Number(process.env.RNN_EPOCHS ?? 30);
const SEED = 42;

/** The training program, written with ordinary loops and operators. */
function trainRnn(xs: T, ys: T, epochs: T | number, batches: T | number): T {
  'use autograph';
  const losses: T[] = [];
  ag.setElementType(losses, 'float32', []);
  for (let e = 0; e < epochs; e++) {
    let total: T = tf.scalar(0);
    for (let k = 0; k < batches; k++) {
      const xb = tf.gather(xs, k);
      const yb = tf.gather(ys, k);
      const cost = opt.minimize(
        () => {
          let h = tf.zeros([BATCH, HIDDEN]);
          const preds: T[] = [];
          ag.setElementType(preds, 'float32', [BATCH, 1]);
          for (const x of xb) {
            h = tf.tanh(tf.add(tf.add(tf.matMul(x, w.wx), tf.matMul(h, w.wh)), w.b));
            preds.push(tf.add(tf.matMul(h, w.wo), w.bo));
          }
          return tf.mean(tf.square(tf.sub(ag.stack(preds), yb)));
        },
        true,
        w.list,
      ) as T;
      total = total + cost;
    }
    losses.push(total / batches);
  }
  return ag.stack(losses);
}
// Names the program reads from its scope (the conversion runs from the function's text).
declare const opt: tf.Optimizer;
declare const w: Model;

interface Model {
  wx: tf.Variable;
  wh: tf.Variable;
  b: tf.Variable;
  wo: tf.Variable;
  bo: tf.Variable;
  list: tf.Variable[];
}

/** Fresh variables holding the same initial weights every time (fixed seed). */
function makeModel(tag: string): Model {
  const init = (shape: number[], seed: number, scale: number) =>
    tf.tidy(() => tf.mul(tf.randomNormal(shape, 0, 1, 'float32', seed), scale));
  const wx = tf.variable(init([1, HIDDEN], SEED + 1, 0.5), true, `rnn_wx_${tag}`);
  const wh = tf.variable(init([HIDDEN, HIDDEN], SEED + 2, 0.2), true, `rnn_wh_${tag}`);
  const b = tf.variable(tf.zeros([HIDDEN]), true, `rnn_b_${tag}`);
  const wo = tf.variable(init([HIDDEN, 1], SEED + 3, 0.3), true, `rnn_wo_${tag}`);
  const bo = tf.variable(tf.zeros([1]), true, `rnn_bo_${tag}`);
  return { wx, wh, b, wo, bo, list: [wx, wh, b, wo, bo] };
}

function dispose(m: Model): void {
  for (const v of m.list) v.dispose();
}

/** The data: BATCHES batches of sequences in [0, 1) and their running sums, [BATCHES, STEPS, BATCH, 1]. */
function makeData(): { xs: T; ys: T } {
  const xs = tf.randomUniform([BATCHES, STEPS, BATCH, 1], 0, 1, 'float32', SEED);
  return { xs, ys: tf.cumsum(xs, 1) };
}

function run(mode: 'eager' | 'jit', data: { xs: T; ys: T }) {
  const w = makeModel(mode);
  const opt = tf.train.adam(0.02);
  const scope = { tf, ag, opt, w, BATCH, HIDDEN };
  const fn = mode === 'jit' ? ag.jit(trainRnn, { scope, name: 'trainRnn' }) : ag.toGraph(trainRnn, { scope });
  const epochs = tf.scalar(EPOCHS, 'int32');
  const batches = tf.scalar(BATCHES, 'int32');
  const t0 = performance.now();
  const out = fn(data.xs, data.ys, epochs, batches);
  const losses = Array.from(out.dataSync());
  const first = performance.now() - t0;
  out.dispose();
  // A second run from the first run's weights: for jit, without the trace.
  const t1 = performance.now();
  const again = fn(data.xs, data.ys, epochs, batches);
  again.dataSync();
  const second = performance.now() - t1;
  again.dispose();
  epochs.dispose();
  batches.dispose();
  opt.dispose();
  dispose(w);
  return { losses, first, second, fn };
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const data = makeData();
  const eager = run('eager', data);
  const jitted = run('jit', data);
  const show = (xs: number[]) => xs.map((x) => x.toFixed(5)).join(' ');
  console.log(
    `RNN (tanh cell, hidden ${HIDDEN}) learning running sums of ${STEPS}-step sequences: ${EPOCHS} epochs × ${BATCHES} batches of ${BATCH}, adam`,
  );
  console.log('loss per epoch');
  for (let e = 0; e < EPOCHS; e += Math.max(1, Math.floor(EPOCHS / 10))) {
    console.log(
      `  epoch ${String(e + 1).padStart(3)}  eager ${eager.losses[e]!.toFixed(6)}  jit ${jitted.losses[e]!.toFixed(6)}`,
    );
  }
  console.log(`  last       eager ${eager.losses.at(-1)!.toFixed(6)}  jit ${jitted.losses.at(-1)!.toFixed(6)}`);
  let maxRel = 0;
  eager.losses.forEach(
    (l, i) => (maxRel = Math.max(maxRel, Math.abs(l - jitted.losses[i]!) / Math.max(Math.abs(l), 1e-6))),
  );
  const agree = eager.losses.length === jitted.losses.length && maxRel < 1e-3;
  console.log(`eager curve: ${show(eager.losses)}`);
  console.log(`jit curve:   ${show(jitted.losses)}`);
  console.log(`largest relative difference: ${maxRel.toExponential(2)} → ${agree ? 'agree' : 'DISAGREE'}`);
  console.log(
    `time for the whole training: eager ${eager.second.toFixed(0)} ms, jit ${jitted.second.toFixed(0)} ms (first call with tracing ${jitted.first.toFixed(0)} ms)`,
  );
  console.log(`speed ratio eager/jit: ${(eager.second / jitted.second).toFixed(2)}×`);
  const traces = (jitted.fn as ag.JitFunction<typeof trainRnn>).traceCount;
  console.log(`traces: ${traces}`);
  data.xs.dispose();
  data.ys.dispose();
  if (!agree) process.exitCode = 1;
}

void main();
