// B7: call overhead of `jit(x => x)` on a cache hit (signature lookup, executor, a new output
// tensor, its disposal). The eager row is tf.clone(x): the same contract (a new tensor out).
// Needs harness, contenders. Produces `b7`.

import * as tf from '@tensorflow/tfjs';
import type { Workload } from '../harness.js';
import { eager, functional, jitContenders, perBackend, type Variant } from '../contenders.js';

const CALLS = 1000;

export const identity = (x: tf.Tensor): tf.Tensor => x;
export const variants: Variant[] = [functional(identity)];

export const b7: Workload = {
  id: 'B7',
  title: 'call overhead: `jit(x => x)` on a cache hit (float32 scalar)',
  barText: '≤ 3 µs per call',
  bars: [{ kind: 'under', us: 3 }],
  contenders() {
    const calls = perBackend(() => {
      const x = tf.scalar(1.5);
      return Array.from({ length: CALLS }, () => [x]);
    });
    return [
      eager('cpu', (x: tf.Tensor) => tf.clone(x), calls, 'tfjs eager tf.clone(x)'),
      ...jitContenders(variants, calls),
    ];
  },
};
