// `autograph bench <file>[#export] --args ... [--time-ms N]`: median time per call of the converted
// code run eagerly and of the jit function on the same inputs, and the speed-up. Staged prints are
// silenced while timing. Needs load-module, parse-inputs, tfjs. Produces `benchCommand`.

import * as tf from '@tensorflow/tfjs-core';
import { toGraph } from '../../api/to-graph.js';
import type { ExecutorName } from '../../api/concrete-function.js';
import { setPrintSink } from '../../trace/effects.js';
import { loadTarget } from '../load-module.js';
import { parseArgs } from '../parse-inputs.js';
import { makeJit, requireInputs } from './trace-target.js';

export interface BenchOptions {
  readonly args?: string;
  readonly executor?: ExecutorName;
  readonly timeMs?: string;
}

export async function benchCommand(targetText: string, opts: BenchOptions): Promise<void> {
  const target = await loadTarget(targetText);
  if (opts.args === undefined) requireInputs('bench', target, '--args');
  const args = parseArgs(opts.args ?? '');
  const budget = Math.max(1, Number(opts.timeMs ?? 300));
  const eager = toGraph(target.fn, { scope: target.scope });
  const jitFn = makeJit(target, opts.executor);
  tf.dispose(jitFn(...args) as tf.Tensor); // trace (and compile) before timing
  const restore = setPrintSink(() => {});
  let tEager: number, tJit: number;
  try {
    tEager = medianMicros(() => eager(...args), budget);
    tJit = medianMicros(() => jitFn(...args), budget);
  } finally {
    setPrintSink(restore);
  }
  process.stdout.write(
    `${target.name} (median per call, tfjs ${tf.getBackend()} backend, ${opts.executor ?? 'compiled'} executor)\n` +
      `  eager: ${tEager.toFixed(1)} µs\n  jit:   ${tJit.toFixed(1)} µs\n  speed-up: ×${(tEager / tJit).toFixed(2)}\n`,
  );
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
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
