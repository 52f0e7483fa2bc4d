// `autograph bench <file>[#export] --args ... [--time-ms N]`: median time per call of the converted
// code run eagerly and of the jit function on the same inputs, and the speed-up, each with its
// spread (min–max over interleaved repetitions), to three significant digits. Staged prints are
// silenced while timing. Needs load-module, parse-inputs, tfjs. Produces `benchCommand`, `measured`.

import * as tf from '@tensorflow/tfjs-core';
import { toGraph } from '../../api/to-graph.js';
import type { ExecutorName } from '../../api/concrete-function.js';
import { setPrintSink } from '../../trace/effects.js';
import { loadTarget } from '../load-module.js';
import { parseArgs } from '../parse-inputs.js';
import { checkArity, makeJit, requireInputs } from './trace-target.js';

export interface BenchOptions {
  readonly args?: string;
  readonly executor?: ExecutorName;
  readonly timeMs?: string;
}

export async function benchCommand(targetText: string, opts: BenchOptions): Promise<void> {
  const target = await loadTarget(targetText);
  if (opts.args === undefined) requireInputs('bench', target, '--args');
  const args = parseArgs(opts.args ?? '');
  checkArity(target, '--args', args.length);
  const budget = Math.max(1, Number(opts.timeMs ?? 300));
  const eager = toGraph(target.fn, { scope: target.scope });
  const jitFn = makeJit(target, opts.executor);
  tf.dispose(jitFn(...args) as tf.Tensor); // trace (and compile) before timing
  const restore = setPrintSink(() => {});
  // Repetitions with the two variants interleaved, so a change of machine load reaches both.
  const eagerReps: number[] = [];
  const jitReps: number[] = [];
  try {
    for (let r = 0; r < REPETITIONS; r++) {
      eagerReps.push(medianMicros(() => eager(...args), budget / REPETITIONS));
      jitReps.push(medianMicros(() => jitFn(...args), budget / REPETITIONS));
    }
  } finally {
    setPrintSink(restore);
  }
  const ratios = eagerReps.map((e, i) => e / jitReps[i]!);
  const [e, j, x] = [median(eagerReps), median(jitReps), median(ratios)];
  const range = (xs: number[]): string => `${measured(Math.min(...xs))}–${measured(Math.max(...xs))}`;
  process.stdout.write(
    `${target.name} (median per call over ${REPETITIONS} repetitions, min–max of their medians; tfjs ${tf.getBackend()} backend, ${opts.executor ?? 'compiled'} executor)\n` +
      `  eager: ${measured(e)} µs (${range(eagerReps)})\n  jit:   ${measured(j)} µs (${range(jitReps)})\n` +
      `  speed-up: ×${measured(x)} (×${range(ratios)})\n`,
  );
}

/**
 * A measured time or ratio to three significant digits (1.23, 45.6, 752, 10,600): timings on a
 * shared machine spread wider than the last of them.
 */
export function measured(x: number): string {
  return Number.isFinite(x)
    ? Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 20 })
    : String(x);
}

/** Timed repetitions of each variant (each gives a median). */
const REPETITIONS = 5;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median µs per call of `fn` over about `budgetMs` (at least 5 calls), disposing what it returns. */
function medianMicros(fn: () => unknown, budgetMs: number): number {
  const samples: number[] = [];
  const start = performance.now();
  while (performance.now() - start < budgetMs || samples.length < 5) {
    const t0 = performance.now();
    tf.dispose(fn() as tf.Tensor);
    samples.push((performance.now() - t0) * 1000);
  }
  return median(samples);
}
