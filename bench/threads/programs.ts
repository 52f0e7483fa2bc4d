// The functions the rows with threads run, by name: the parent process and the child
// (thread-child.ts) import the same code, so a row in the child runs what the workload's other rows
// run. Needs tfjs. Produces `THREAD_PROGRAMS`, `matMul`.

import * as tf from '@tensorflow/tfjs';

/** B10's function: one matMul. */
export function matMul(a: tf.Tensor, b: tf.Tensor): tf.Tensor {
  return tf.matMul(a, b);
}

export const THREAD_PROGRAMS = { matMul } as const;
export type ThreadProgram = keyof typeof THREAD_PROGRAMS;
