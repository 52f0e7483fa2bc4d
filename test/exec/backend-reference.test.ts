// The cpu backend is the reference: where another backend's kernel returns another dtype (tfjs-wasm's
// FloorDiv of float32 gives float32, cpu's int32), jit on that backend still gives cpu's result.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

afterAll(async () => {
  await tf.setBackend('cpu');
});

async function on<T>(backend: string, fn: () => T): Promise<T> {
  await tf.setBackend(backend);
  return fn();
}

describe.each(['compiled', 'interpreter'] as const)('jit on wasm follows the cpu backend (%s)', (executor) => {
  it('float floorDiv then int32 arithmetic', async () => {
    const fn = (a: tf.Tensor, b: tf.Tensor) => [tf.floorDiv(a, b), tf.add(tf.floorDiv(a, b), tf.scalar(1, 'int32'))];
    const a = [7, -7, 9, -2.5];
    const b = [2, 2, 4, 0.5];
    const reference = await on('cpu', () =>
      (fn(tf.tensor1d(a), tf.tensor1d(b)) as tf.Tensor[]).map((t) => ({
        dtype: t.dtype,
        values: Array.from(t.dataSync()),
      })),
    );
    expect(reference[0]!.dtype).toBe('int32');
    const f = ag.jit(fn, { autograph: false, executor });
    const got = await on('wasm', () =>
      (f(tf.tensor1d(a), tf.tensor1d(b)) as tf.Tensor[]).map((t) => ({
        dtype: t.dtype,
        values: Array.from(t.dataSync()),
      })),
    );
    expect(got).toEqual(reference);
  });
});
