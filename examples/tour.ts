// The tour (`npm start`): the seed programs, written with ordinary if/while/for, operators and
// console.log, converted and traced into graphs. For each: the source, the generated code, the
// graph, the result eagerly and through jit, and the speed-up measured in this run.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';
import { checked_square, collatz, count_up, delta, huber_loss, square_if_positive, squares } from './seeds.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface Seed {
  readonly fn: (...args: any[]) => unknown;
  readonly args: () => tf.Tensor[];
  readonly scope?: Record<string, unknown>;
  /** The same program on plain JS numbers, where that makes sense. */
  readonly plain?: () => unknown;
}

const seeds: Seed[] = [
  { fn: square_if_positive, args: () => [tf.scalar(9)], plain: () => square_if_positive(9) },
  { fn: huber_loss, args: () => [tf.scalar(3)], scope: { tf, delta } },
  { fn: collatz, args: () => [tf.scalar(27, 'int32')], plain: () => collatz(27) },
  { fn: count_up, args: () => [tf.scalar(2, 'int32')], plain: () => count_up(2) },
  { fn: squares, args: () => [tf.scalar(10, 'int32')], scope: { ag } },
  { fn: checked_square, args: () => [tf.scalar(7)], scope: { ag }, plain: () => checked_square(7) },
];

function show(x: unknown): string {
  if (x instanceof tf.Tensor) return JSON.stringify(x.arraySync());
  return String(x);
}

/** Median µs per call of `fn`, disposing what it returns. */
function timeIt(fn: () => unknown, budgetMs = 200): number {
  const samples: number[] = [];
  const start = performance.now();
  while (performance.now() - start < budgetMs || samples.length < 3) {
    const t0 = performance.now();
    tf.dispose(fn() as tf.Tensor);
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const quiet = () => ag.setPrintSink(() => {});
  console.log('autograph-ts tour — ordinary TypeScript control flow on tfjs tensors, as graphs (cpu backend)\n');
  for (const seed of seeds) {
    const name = seed.fn.name;
    console.log(`━━ ${name} ${'━'.repeat(Math.max(0, 66 - name.length))}`);
    console.log(seed.fn.toString());
    console.log('\n── generated code (ag.toCode) ──');
    console.log(ag.toCode(seed.fn));
    const f = ag.jit(seed.fn, { scope: seed.scope });
    const args = seed.args();
    console.log('\n── graph ──');
    console.log(f.getConcreteFunction(...args).graph.toString());
    const eager = ag.toGraph(seed.fn, { scope: seed.scope })(...args);
    console.log('\n── run ──');
    const staged = f(...args);
    console.log(`eager (converted code on tensors) → ${show(eager)}   jit → ${show(staged)}${seed.plain ? `   plain JS → ${show(seed.plain())}` : ''}`);
    const restore = quiet();
    const tEager = timeIt(() => ag.toGraph(seed.fn, { scope: seed.scope })(...args));
    const tJit = timeIt(() => f(...args));
    ag.setPrintSink(restore);
    console.log(`time per call (median): eager ${tEager.toFixed(1)} µs, jit ${tJit.toFixed(1)} µs → ×${(tEager / tJit).toFixed(1)}\n`);
    tf.dispose([eager as tf.Tensor, staged as tf.Tensor, ...args]);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
