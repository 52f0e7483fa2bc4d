// Memory: tf.memory().numTensors is unchanged after many calls of jit functions, on error paths too.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

const backends = ['cpu', 'wasm'] as const;

describe.each(backends)('no leaks on %s', (backend) => {
  beforeAll(async () => {
    await tf.setBackend(backend);
  });
  afterAll(async () => {
    await tf.setBackend('cpu');
  });

  let w: tf.Tensor;
  beforeAll(() => {
    w = tf.tensor2d([
      [1, 2],
      [3, 4],
    ]);
  });
  const cases: Record<string, { fn: (x: tf.Tensor) => unknown; arg: () => tf.Tensor }> = {
    straight: {
      fn: (x) => tf.sum(tf.matMul(tf.relu(x), w)),
      arg: () =>
        tf.tensor2d([
          [1, -1],
          [2, 0],
        ]),
    },
    cond: {
      fn: (x) =>
        ag.cond(
          tf.greater(tf.sum(x), 0),
          () => tf.mul(x, 2),
          () => x,
        ),
      arg: () => tf.tensor1d([1, 2]),
    },
    'while with a pass-through variable': {
      fn: (x) =>
        ag.whileLoop(
          (i: unknown) => tf.less(i as tf.Tensor, 5),
          (i: unknown, y: unknown) => [tf.add(i as tf.Tensor, 1), y],
          [0, x],
        ),
      arg: () => tf.tensor1d([1, 2]),
    },
    grad: { fn: (x) => tf.grad((y: tf.Tensor) => tf.sum(tf.sigmoid(y)))(x), arg: () => tf.tensor1d([0.5, -1]) },
    identity: { fn: (x) => [x, x], arg: () => tf.scalar(3) },
  };

  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: numTensors is stable over 1000 calls`, () => {
      const f = ag.jit(c.fn, { autograph: false });
      const x = c.arg();
      tf.dispose(f(x) as tf.Tensor); // first call traces and materializes constants
      const before = tf.memory().numTensors;
      for (let i = 0; i < 1000; i++) tf.dispose(f(x) as tf.Tensor);
      expect(tf.memory().numTensors).toBe(before);
      x.dispose();
    });
  }

  it('a kernel failing at run time leaks nothing', () => {
    const f = ag.jit((x: tf.Tensor, idx: tf.Tensor) => tf.gather(tf.relu(x), idx), { autograph: false });
    const x = tf.tensor1d([1, 2, 3]);
    const good = tf.tensor1d([0, 1], 'int32');
    const bad = tf.tensor1d([0, 7], 'int32');
    tf.dispose(f(x, good) as tf.Tensor);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 50; i++) {
      try {
        tf.dispose(f(x, bad) as tf.Tensor);
      } catch {
        // gather out of range throws on cpu; wasm may clamp — either way nothing may leak
      }
    }
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([x, good, bad]);
  });

  it('a trace that throws leaks nothing', () => {
    const x = tf.scalar(1);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 20; i++) {
      const f = ag.jit(
        (y: tf.Tensor) =>
          ag.cond(
            tf.greater(y, 0),
            () => y,
            () => tf.cast(y, 'int32'),
          ),
        { autograph: false },
      );
      expect(() => f(x)).toThrow(/cond\/dtype-mismatch/);
    }
    expect(tf.memory().numTensors).toBe(before);
    x.dispose();
  });
});
