// Sample input of the CLI for error paths: functions that cannot be converted or traced, and a
// non-function export. Used by test/cli to check messages and exit codes. They type-check: what is
// wrong with them shows only when they are converted (a generator) or traced (a one-armed if).
import type { Tensor } from '@tensorflow/tfjs';

export function* generator(x: number) {
  yield x;
}

export function oneBranch(x: Tensor) {
  'use autograph';
  let y;
  if (x > 0) y = x * 2;
  return y;
}

export const notAFunction = 42;
