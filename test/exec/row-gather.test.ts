// x[t] by a staged int32 scalar index (GatherV2 on axis 0) runs in the compiled executor as a row
// copy on cpu and on wasm: same values and dtype as eager, no tensor left behind, and an index out
// of range fails as tfjs's kernel does.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

/** Sum over t of x[t] * (t + 1), as a staged loop. */
function rowsLoop(x: tf.Tensor, n: number): tf.Tensor {
  return ag.whileLoop(
    (t) => tf.less(t as tf.Tensor, tf.scalar(n, 'int32')),
    (t, acc) => [
      tf.add(t as tf.Tensor, tf.scalar(1, 'int32')),
      tf.add(acc as tf.Tensor, tf.mul(tf.gather(x, t as tf.Tensor), tf.cast(tf.add(t as tf.Tensor, 1), x.dtype))),
    ],
    [tf.scalar(0, 'int32'), tf.zeros(x.shape.slice(1), x.dtype)],
  )[1] as tf.Tensor;
}

describe.each(['cpu', 'wasm'] as const)('row gather on %s', (backend) => {
  beforeAll(async () => {
    await tf.setBackend(backend);
  });

  it.each(['float32', 'int32'] as const)('%s rows in a staged loop equal eager', (dtype) => {
    const x = tf.tidy(() => tf.cast(tf.sub(tf.mul(tf.range(0, 5 * 3 * 4), 0.37), 7), dtype).reshape([5, 3, 4]));
    const f = ag.jit((a: tf.Tensor) => rowsLoop(a, 5), { autograph: false });
    const got = f(x) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toContain('H.gatherRow(');
    const want = tf.tidy(() => rowsLoop(x, 5));
    expect(got.dtype).toBe(dtype);
    expect(got.shape).toEqual([3, 4]);
    expect(Array.from(got.dataSync())).toEqual(Array.from(want.dataSync()));
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) tf.dispose(f(x) as tf.Tensor);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([x, got, want]);
  });

  it('bool rows', () => {
    const x = tf.tensor2d(
      [
        [true, false],
        [false, false],
        [true, true],
      ],
      [3, 2],
      'bool',
    );
    const f = ag.jit((a: tf.Tensor, i: tf.Tensor) => tf.logicalNot(tf.gather(a, i)), { autograph: false });
    const got = f(x, tf.scalar(2, 'int32')) as tf.Tensor;
    expect(got.dtype).toBe('bool');
    expect(Array.from(got.dataSync())).toEqual([0, 0]);
    tf.dispose([x, got]);
  });
});

describe('row gather, index out of range (cpu)', () => {
  it('fails with the error of tfjs’s kernel', () => {
    const x = tf.tensor2d([1, 2, 3, 4], [2, 2]);
    const f = ag.jit((a: tf.Tensor, i: tf.Tensor) => tf.gather(a, i), { autograph: false });
    let eager = '';
    try {
      tf.gather(x, tf.scalar(5, 'int32'));
    } catch (e) {
      eager = (e as Error).message;
    }
    expect(eager).toMatch(/GatherV2/);
    expect(() => f(x, tf.scalar(5, 'int32'))).toThrow(eager);
    x.dispose();
  });
});
