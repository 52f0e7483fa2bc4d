// The seed programs (square_if_positive, huber_loss, collatz, …: the reference programs the
// project is judged on), written as ordinary typed TypeScript on values that may be numbers or
// tensors. Shared by the tour (`npm start`) and the tests that run them through jit.
// Each is marked 'use autograph': `autograph check` types its operators on tensors as the tfjs ops
// they become (see examples/tsconfig.json), and an in-place plugin converts it where it stands.
// Needs tfjs and autograph-ts. Produces the seed functions and `seedScope` (their free variables).
import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';
import type { SeedModule } from './seed-functions.js';

export function square_if_positive(x: tf.Tensor | number) {
  'use autograph';
  if (x > 0) x = x * x;
  else x = 0.0;
  return x;
}

export const delta = 1;
export function huber_loss(a: tf.Tensor) {
  'use autograph';
  let loss;
  if (tf.abs(a) <= delta) loss = (a * a) / 2;
  else loss = delta * (tf.abs(a) - delta / 2);
  return loss;
}

export function collatz(a: tf.Tensor | number) {
  'use autograph';
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}

export function count_up(n: tf.Tensor | number) {
  'use autograph';
  if (n >= 0) {
    while (n < 5) {
      n += 1;
      console.log(n);
    }
  }
  return n;
}

export function squares(n: tf.Tensor | number) {
  'use autograph';
  const z: number[] = [];
  ag.setElementType(z, 'int32');
  for (let i = 0; i < n; i++) z.push(i * i);
  return ag.stack(z);
}

export function checked_square(x: tf.Tensor | number) {
  'use autograph';
  ag.assert(x != 0, 'Do not pass zero!');
  return x * x;
}

/** The free variables of the seeds, for run-time conversion (`jit(fn, { scope: seedScope })`). */
export const seedScope = { tf, ag, delta };

// seed-functions.ts states these types for code that plain tsc checks; this keeps them true.
({ square_if_positive, delta, huber_loss, collatz, count_up, squares, checked_square, seedScope }) satisfies SeedModule;
