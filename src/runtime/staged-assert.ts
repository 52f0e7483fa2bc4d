// Run-time checks staged while tracing (an Assert node of the trace layer), for conditions only
// known at run time, e.g. "loop must iterate at least once". Needs src/trace/effects.
// Produces `stagedAssert`, `hasStagedAssert`.

import type * as tf from '@tensorflow/tfjs-core';
import { assert, type AssertError } from '../trace/effects.js';

export function hasStagedAssert(): boolean {
  return true;
}

/** When `pred` (a bool scalar tensor) is false at run time, the call fails with `message` (or `error`). */
export function stagedAssert(pred: tf.Tensor, message: string, error?: AssertError): void {
  assert(pred, message, error);
}
