// The differential harness itself: compareResults must see every kind of difference it promises to
// (structure, dtype, shape, values, tolerance, NaN), or the corpus would pass vacuously.
import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareResults, runDifferential, useBackend } from '../../helpers/differential.js';
import { rand, withSalt } from '../../helpers/data.js';

describe('compareResults', () => {
  let start = 0;
  beforeEach(async () => {
    await useBackend('cpu');
    start = tf.memory().numTensors;
  });
  afterEach(() => {
    expect(tf.memory().numTensors).toBe(start);
  });

  const diff = (a: () => unknown, b: () => unknown, opts = {}) => {
    const x = a();
    const y = b();
    try {
      return compareResults(x, y, opts);
    } finally {
      tf.dispose([x, y] as tf.TensorContainer);
    }
  };

  it('accepts equal nested structures with JS values', () => {
    expect(
      diff(
        () => ({ a: [tf.scalar(1), 2, 'x'], b: null }),
        () => ({ a: [tf.scalar(1), 2, 'x'], b: null }),
      ),
    ).toEqual([]);
  });

  it('sees dtype, shape, structure and JS value differences', () => {
    expect(
      diff(
        () => tf.scalar(1),
        () => tf.scalar(1, 'int32'),
      )[0],
    ).toMatch(/dtype int32, expected float32/);
    expect(
      diff(
        () => tf.zeros([2, 3]),
        () => tf.zeros([3, 2]),
      )[0],
    ).toMatch(/shape \[3,2\], expected \[2,3\]/);
    expect(
      diff(
        () => [tf.scalar(1)],
        () => [tf.scalar(1), tf.scalar(2)],
      )[0],
    ).toMatch(/array length 2, expected 1/);
    expect(
      diff(
        () => ({ a: tf.scalar(1) }),
        () => ({ b: tf.scalar(1) }),
      )[0],
    ).toMatch(/keys/);
    expect(
      diff(
        () => 3,
        () => tf.scalar(3),
      )[0],
    ).toMatch(/got a tensor/);
    expect(
      diff(
        () => [tf.scalar(3)],
        () => [3],
      )[0],
    ).toMatch(/expected a tensor/);
    expect(
      diff(
        () => 'a',
        () => 'b',
      )[0],
    ).toMatch(/"b", expected "a"/);
  });

  it('compares int32 and bool exactly and float32 within the tolerance', () => {
    expect(
      diff(
        () => tf.tensor1d([1, 2], 'int32'),
        () => tf.tensor1d([1, 3], 'int32'),
      )[0],
    ).toMatch(/\[1\] 3 vs 2/);
    expect(
      diff(
        () => tf.tensor1d([true, false], 'bool'),
        () => tf.tensor1d([true, true], 'bool'),
      ),
    ).toHaveLength(1);
    expect(
      diff(
        () => tf.scalar(1),
        () => tf.scalar(1 + 5e-6),
      ),
    ).toEqual([]);
    expect(
      diff(
        () => tf.scalar(1),
        () => tf.scalar(1 + 5e-5),
      ),
    ).toHaveLength(1);
    expect(
      diff(
        () => tf.scalar(0),
        () => tf.scalar(5e-7),
      ),
    ).toEqual([]);
    expect(
      diff(
        () => tf.scalar(1),
        () => tf.scalar(1 + 5e-6),
        { exact: true },
      ),
    ).toHaveLength(1);
    expect(
      diff(
        () => tf.scalar(1),
        () => tf.scalar(1.01),
        { rtol: 0.1 },
      ),
    ).toEqual([]);
  });

  it('NaN equals NaN; infinities must match', () => {
    expect(
      diff(
        () => tf.tensor1d([NaN, Infinity]),
        () => tf.tensor1d([NaN, Infinity]),
      ),
    ).toEqual([]);
    expect(
      diff(
        () => tf.scalar(NaN),
        () => tf.scalar(0),
      ),
    ).toHaveLength(1);
    expect(
      diff(
        () => tf.scalar(Infinity),
        () => tf.scalar(-Infinity),
      ),
    ).toHaveLength(1);
  });
});

describe('runDifferential', () => {
  it('fails when jit and eager disagree', async () => {
    await useBackend('cpu');
    let calls = 0;
    // A JS side effect at trace time: eager adds 0, the trace (the second run) bakes in 100.
    const fn = (x: tf.Tensor) => tf.add(x, ++calls === 1 ? 0 : 100);
    expect(() =>
      runDifferential({ name: 'differs', fn, args: () => [tf.scalar(1)] }, { executors: ['interpreter'] }),
    ).toThrow(/values differ/);
  });

  it('gives the second call other argument values of the same shapes', () => {
    const [a, b] = [withSalt(0, () => rand([4], 1)), withSalt(1, () => rand([4], 1))];
    expect(b.shape).toEqual(a.shape);
    expect(Array.from(b.dataSync())).not.toEqual(Array.from(a.dataSync()));
    tf.dispose([a, b]);
  });
});
