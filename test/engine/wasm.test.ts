// tfjs-backend-wasm in Node under vitest: the backend initializes from node_modules without
// setWasmPaths, jit results live on the active backend, one trace serves both backends, and the
// active backend is restored after tracing.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { jit } from '../../src/index.js';
import { useBackend } from '../helpers/differential.js';

type T = tf.Tensor;

const backendOf = (t: T) =>
  (tf.engine() as unknown as { state: { tensorInfo: WeakMap<object, { backend: unknown }> } }).state.tensorInfo.get(
    t.dataId,
  )?.backend;

describe('tfjs-backend-wasm in Node', () => {
  afterAll(async () => {
    await useBackend('cpu');
  });

  it('initializes without setWasmPaths and computes', async () => {
    await useBackend('wasm');
    expect(tf.getBackend()).toBe('wasm');
    const x = tf.tensor1d([1, 2, 3]);
    const y = tf.sum(tf.square(x));
    expect(y.dataSync()[0]).toBe(14);
    tf.dispose([x, y]);
  });

  for (const executor of ['interpreter', 'compiled'] as const) {
    it(`${executor}: one trace runs on cpu and on wasm, results on the active backend`, async () => {
      const f = jit((x: T, w: T) => tf.relu(tf.matMul(x, w)), { autograph: false, executor });
      const w = tf.tensor2d([
        [1, -1],
        [2, 0.5],
      ]);
      const results: number[][] = [];
      for (const b of ['cpu', 'wasm', 'cpu', 'wasm'] as const) {
        await useBackend(b);
        const x = tf.tensor2d([
          [1, 2],
          [-3, 4],
        ]);
        const y = f(x, w) as T;
        expect(tf.getBackend()).toBe(b); // tracing switched to the graph backend and back
        expect(backendOf(y)).toBe(tf.backend());
        results.push(Array.from(y.dataSync()));
        tf.dispose([x, y]);
      }
      expect(f.traceCount).toBe(1);
      for (const r of results) expect(r).toEqual([5, 0, 5, 5]);
      w.dispose();
      for (const cf of f.concreteFunctions()) cf.dispose();
    });
  }

  it('int32 floorDiv agrees with cpu for small values (it is inexact on wasm above 2^24)', async () => {
    const f = jit((a: T, b: T) => tf.floorDiv(a, b), { autograph: false });
    const out: number[][] = [];
    for (const b of ['cpu', 'wasm'] as const) {
      await useBackend(b);
      const a = tf.tensor1d([-7, 7, 1000003, -65537, 0], 'int32');
      const d = tf.tensor1d([2, -2, 7, 3, 5], 'int32');
      const y = f(a, d) as T;
      expect(y.dtype).toBe('int32');
      out.push(Array.from(y.dataSync()));
      tf.dispose([a, d, y]);
    }
    expect(out[1]).toEqual(out[0]);
    expect(out[0]).toEqual([-4, -4, 142857, -21846, 0]);
  });
});
