// Per-call cost of jit's call path on tiny calls, against the plain function: the eager fallback
// (lstm-text-generation's sample(), which reads with dataSync), a compiled decoder step (translation's
// decodeStep, 1×13 tensors) and `jit(x => x)`. Rows are interleaved per round; prints the median µs
// per call of wall and of CPU time, and the least wall time of a batch (on a busy machine the one
// least disturbed by other processes), and the tensor count before and after. `npx tsx bench/checks/call-path.ts [rounds] [backend]`.

import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import * as ag from '../../src/index.js';
import * as lstm from '../../examples/tfjs-programs/lstm-text-generation.js';
import * as translation from '../../examples/tfjs-programs/translation.js';
import { loadavg } from 'node:os';

const ROUNDS = Number(process.argv[2] ?? 60);
await tf.setBackend(process.argv[3] ?? 'cpu');

interface Row {
  readonly label: string;
  readonly f: () => void;
  n: number;
  wall: number[];
  cpu: number[];
}
const rows: Row[] = [];
const add = (label: string, f: () => void): void => void rows.push({ label, f, n: 1, wall: [], cpu: [] });

// 1. sample(): eager fallback against the plain function.
const probs = tf.softmax(tf.tensor1d([0.1, 0.5, 0.2, 0.9, 0.3, 0.05, 0.4, 0.7, 0.6]));
const sample = ag.jit(lstm.sample, { autograph: false, onSymbolicRead: 'eager', onWarning: () => {} });
const sampleConverted = ag.jit(lstm.sample, { onSymbolicRead: 'eager', scope: { tf }, onWarning: () => {} });
if (sample(probs, 0.6) !== lstm.sample(probs, 0.6) || sampleConverted(probs, 0.6) !== lstm.sample(probs, 0.6))
  throw new Error('sample: jit and plain differ');
add('lstm.sample(probs, 0.6) plain', () => lstm.sample(probs, 0.6));
add('jit(sample, { autograph: false, eager })', () => sample(probs, 0.6));
add('jit(sample, { eager }) converted', () => sampleConverted(probs, 0.6));

// A cheap function that reads a value (so it runs eagerly): what the fallback adds shows plainly.
const firstTimes = (p: tf.Tensor, k: number): number => (p.dataSync()[0] as number) * k;
const firstTimesJit = ag.jit(firstTimes, { autograph: false, onSymbolicRead: 'eager', onWarning: () => {} });
if (firstTimesJit(probs, 0.6) !== firstTimes(probs, 0.6)) throw new Error('firstTimes: jit and plain differ');
add('(p, k) => p.dataSync()[0] * k plain', () => firstTimes(probs, 0.6));
add('jit((p, k) => p.dataSync()[0] * k, { eager })', () => firstTimesJit(probs, 0.6));

// 2. translation's decoder step: compiled, 1×13 tensors.
const t = new translation.Translator();
const step = ag.jit((token: tf.Tensor, state: tf.Tensor) => t.decodeStep(token, state), {
  autograph: false,
  name: 'decodeStep',
  onWarning: () => {},
});
const encode = ag.jit((x: tf.Tensor) => t.encode(x), { autograph: false, name: 'encode', onWarning: () => {} });
const x = translation.inputSequence(t, [1, 4, 2, 0]);
const state = encode(x);
const token = tf.scalar(t.targetTokenIndex['\t']!, 'int32');
add('decodeStep plain (eager, in tf.tidy)', () => tf.dispose(tf.tidy(() => t.decodeStep(token, state))));
add('jit decodeStep (compiled)', () => tf.dispose(step(token, state)));
tf.dispose(step(token, state));
const stepCf = step.concreteFunctions()[0]!;
add('its ConcreteFunction.callFlat (no jit layer)', () => tf.dispose(stepCf.callFlat([token, state]) as tf.Tensor[]));

// 3. jit(x => x).
const id = ag.jit((v: tf.Tensor) => v, { autograph: false });
const s = tf.scalar(1.5);
add('jit(x => x)', () => id(s).dispose());
add('tf.clone(x)', () => tf.clone(s).dispose());

// Batches of ≥ 5 ms each.
for (const r of rows) {
  for (let i = 0; i < 200; i++) r.f();
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < r.n; i++) r.f();
    if (performance.now() - t0 >= 5) break;
    r.n *= 2;
  }
}
const before = tf.memory().numTensors;
for (let k = 0; k < ROUNDS; k++) {
  for (const r of rows) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < r.n; i++) r.f();
    const t1 = performance.now();
    const c = process.cpuUsage(c0);
    r.wall.push(((t1 - t0) * 1000) / r.n);
    r.cpu.push((c.user + c.system) / r.n);
  }
}
const after = tf.memory().numTensors;
const med = (a: number[]): number => [...a].sort((p, q) => p - q)[a.length >> 1]!;
console.log(
  `backend ${tf.getBackend()}, ${ROUNDS} rounds, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}, tensors ${before} → ${after}`,
);
console.log(`${'µs per call'.padEnd(44)}  wall(med)  cpu(med)  wall(min)`);
for (const r of rows)
  console.log(
    `${r.label.padEnd(44)} ${med(r.wall).toFixed(2).padStart(9)} ${med(r.cpu).toFixed(2).padStart(9)} ${Math.min(
      ...r.wall,
    )
      .toFixed(2)
      .padStart(10)}`,
  );
