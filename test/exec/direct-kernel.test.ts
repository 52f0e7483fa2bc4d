// Kernels the compiled executor calls directly (without the engine's per-op bookkeeping) give what
// engine.runKernel gives — single and multi output, outputs that share their input's data — with the
// same tensor accounting, and go through the engine where a tape or the profiler must see them.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKernelDirect } from '../../src/exec/compiled/direct-kernel.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
});

describe('runKernelDirect', () => {
  it.each(['cpu', 'wasm'] as const)(
    'gives what engine.runKernel gives, single and multi output, on %s',
    async (backend) => {
      await tf.setBackend(backend);
      const x = tf.tensor2d([3, 1, 2, 9, 7, 8], [2, 3]);
      const before = tf.memory().numTensors;
      const a = runKernelDirect('Tanh', { x }, {}) as tf.Tensor;
      const b = tf.engine().runKernel('Tanh', { x }, {}) as tf.Tensor;
      expect(Array.from(a.dataSync())).toEqual(Array.from(b.dataSync()));
      const parts = runKernelDirect('Unpack', { value: x }, { axis: 0 }) as tf.Tensor[];
      expect(parts.map((p) => Array.from(p.dataSync()))).toEqual([
        [3, 1, 2],
        [9, 7, 8],
      ]);
      // Reshape returns its input's data: both tensors are tracked and freed independently.
      const r = runKernelDirect('Reshape', { x }, { shape: [3, 2] }) as tf.Tensor;
      expect(tf.memory().numTensors).toBe(before + 5);
      tf.dispose([a, b, r, ...parts]);
      expect(tf.memory().numTensors).toBe(before);
      expect(Array.from(x.dataSync())).toEqual([3, 1, 2, 9, 7, 8]);
      x.dispose();
      await tf.setBackend('cpu');
    },
  );

  it('goes through the engine while a gradient tape records', () => {
    const x = tf.tensor1d([0.5, -1]);
    const g = tf.grad((v: tf.Tensor) => tf.sum(runKernelDirect('Tanh', { x: v }, {}) as tf.Tensor))(x);
    const want = tf.grad((v: tf.Tensor) => tf.sum(tf.tanh(v)))(x);
    expect(Array.from(g.dataSync())).toEqual(Array.from(want.dataSync()));
    tf.dispose([x, g, want]);
  });
});

describe('runKernelDirect under tf.profile', () => {
  it('lets the profiler see the kernel', async () => {
    const x = tf.tensor1d([0.5, -1]);
    const info = await tf.profile(() => runKernelDirect('Tanh', { x }, {}) as tf.Tensor);
    expect(info.kernelNames).toContain('Tanh');
    tf.dispose([x, info.result as tf.Tensor]);
  });
});
