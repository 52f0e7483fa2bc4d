// The in-place SIMD kernels (heap-map.ts, column-sum-kernel.ts) on tfjs-wasm's heap: elementwise
// programs over arrays, scalars and tiled biases of any length equal tfjs-cpu's values bit for bit
// for every n (the last n mod 4 elements lane by lane, nothing past the output written); full sums
// equal tfjs-wasm's Sum/Mean (float32, in order) or tfjs-cpu's (doubles) exactly; column sums
// likewise.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FusedStep } from '../../../../src/ir/fused.js';
import { buildHeapMap, tiledScratchBytes } from '../../../../src/exec/targets/wasm-heap/heap-map.js';
import { buildColumnSum } from '../../../../src/exec/targets/wasm-heap/column-sum-kernel.js';
import { heapAlloc, heapFree, heapMemory, heapOffset } from '../../../../src/exec/targets/wasm-simd/heap-access.js';
import type { KernelName } from '../../../../src/ir/kernels/index.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

function data(n: number, seed: number, specials = true): Float32Array {
  const v = new Float32Array(n);
  let s = seed >>> 0;
  const sp = [NaN, Infinity, -Infinity, 0, -0, 1e-40, -3e38];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = specials && i % 13 === 7 ? sp[s % sp.length]! : (s / 4294967296) * 8 - 4;
  }
  return v;
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length &&
  Array.from(a).every((v, i) => Object.is(v, b[i]) || (Number.isNaN(v) && Number.isNaN(b[i]!)));

const step = (op: KernelName, args: number[], attrs: Record<string, unknown> = {}): FusedStep => ({
  op,
  args,
  attrs,
  argNames: [],
  dtype: 'float32',
  shape: [],
});

/** Runs fn on the cpu backend over copies of the arrays. */
async function onCpu(
  arrays: Float32Array[],
  shapes: number[][],
  fn: (...t: tf.Tensor[]) => tf.Tensor,
): Promise<Float32Array> {
  await tf.setBackend('cpu');
  const r = tf.tidy(() => fn(...arrays.map((a, i) => tf.tensor(a, shapes[i]))));
  const v = r.dataSync() as Float32Array;
  r.dispose();
  await tf.setBackend('wasm');
  return v;
}

describe('in-place elementwise kernels on the wasm heap', () => {
  it.each([1, 2, 3, 4, 5, 7, 17, 129, 1000])(
    'x * y - relu(x) / 2.5, then a bias of 10 over rows, step(x): n = %i rows',
    async (rows) => {
      const n = rows * 10;
      const xs = data(n, rows);
      const ys = data(n, rows + 1);
      const bs = data(10, rows + 2, false);
      const memory = heapMemory()!;
      // x*y (3), relu(x) (4), 4 / s (5), 3 - 5 (6), 6 + b (7), step(x) (8), 7 * 8 (9)
      const steps = [
        step('Multiply', [0, 1]),
        step('Relu', [0]),
        step('RealDiv', [5, 3]),
        step('Sub', [4, 6]),
        step('Add', [7, 2]),
        step('Step', [0], { alpha: 0.25 }),
        step('Multiply', [8, 9]),
      ];
      const k = buildHeapMap(steps, ['array', 'array', 'tiled', 'scalar'], { kind: 'map' }, memory)!;
      const x = tf.tensor(xs);
      const y = tf.tensor(ys);
      const b = tf.tensor(bs);
      const out = heapAlloc(n * 4 + 16);
      const scratch = heapAlloc(tiledScratchBytes([10]));
      const heap = () => new Float32Array(memory.buffer);
      heap().fill(12345, out / 4, out / 4 + n + 4);
      k.on(memory)(n, out, scratch, heapOffset(x), heapOffset(y), heapOffset(b), 10, 2.5);
      const got = heap().slice(out / 4, out / 4 + n);
      expect(Array.from(heap().subarray(out / 4 + n, out / 4 + n + 4))).toEqual([12345, 12345, 12345, 12345]);
      const want = await onCpu([xs, ys, bs], [[rows, 10], [rows, 10], [10]], (tx, ty, tb) =>
        tf.mul(tf.add(tf.sub(tf.mul(tx!, ty!), tf.div(tf.relu(tx!), 2.5)), tb!), tf.step(tx!, 0.25)),
      );
      expect(same(got, want)).toBe(true);
      heapFree(out);
      heapFree(scratch);
      tf.dispose([x, y, b]);
    },
  );

  it.each([1, 3, 4, 6, 127, 4099])(
    'sum and mean of n = %i: float32 in order as tfjs-wasm, doubles as tfjs-cpu',
    async (n) => {
      const xs = data(n, n, false);
      const memory = heapMemory()!;
      const x = tf.tensor(xs);
      const run = (order: 'f32' | 'f64', mean: boolean) =>
        buildHeapMap([], ['array'], { kind: 'sum', order, mean }, memory)!.on(memory)(n, 0, 0, heapOffset(x));
      expect(run('f32', false)).toBe(tf.sum(x).dataSync()[0]);
      expect(Math.fround(run('f32', true) / n)).toBe(tf.mean(x).dataSync()[0]);
      const cpuSum = await onCpu([xs], [[n]], (t) => tf.sum(t!));
      const cpuMean = await onCpu([xs], [[n]], (t) => tf.mean(t!));
      expect(Math.fround(run('f64', false))).toBe(cpuSum[0]);
      expect(Math.fround(run('f64', true))).toBe(cpuMean[0]);
      x.dispose();
    },
  );

  it.each([
    [64, 10],
    [1, 1],
    [3, 7],
    [129, 4],
    [5, 129],
  ])('column sums of [%i, %i]: float32 as tfjs-wasm, doubles as tfjs-cpu', async (r, cols) => {
    const xs = data(r * cols, r + cols, false);
    const memory = heapMemory()!;
    const x = tf.tensor(xs, [r, cols]);
    const out = heapAlloc(cols * 4 + 16);
    const heap = () => new Float32Array(memory.buffer);
    for (const order of ['f32', 'f64'] as const) {
      heap().fill(777, out / 4, out / 4 + cols + 4);
      buildColumnSum(order, memory)!.on(memory)(r, cols, heapOffset(x), out);
      const got = heap().slice(out / 4, out / 4 + cols);
      expect(heap()[out / 4 + cols]).toBe(777);
      const want = order === 'f32' ? tf.sum(x, 0).dataSync() : await onCpu([xs], [[r, cols]], (t) => tf.sum(t!, 0));
      expect(same(got, want)).toBe(true);
    }
    heapFree(out);
    x.dispose();
  });
});
