// A Vitest test converted in place by the Vite plugin: jit functions close over a module constant
// and the imported `tf`, with no `scope`. Run through examples/plugin/vitest.config.ts.
// Needs the plugin config. Produces assertions on staged results.

import { expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { jit } from '../../src/index.js';

const offset = 5;

// Operators on tensors are what conversion supports; `autograph check` types them (plain tsc cannot).
function clampShift(x: tf.Tensor): tf.Tensor {
  const m = tf.max(x);
  if (m > offset) {
    x = tf.minimum(x, offset);
  } else {
    x = x + offset;
  }
  return x;
}

it('a jit function closes over a module constant and tf (converted by the Vite plugin)', () => {
  const f = jit(clampShift);
  expect(f(tf.tensor([1, 9])).arraySync()).toEqual([1, 5]);
  expect(f(tf.tensor([1, 2])).arraySync()).toEqual([6, 7]);
  expect(f.traceCount).toBe(1);
});
