// The compiled executor's own float32 matMul on cpu is bit-identical to tfjs's cpu kernel: same
// 48-wide k blocks summed in doubles, same float32 accumulation, for every transpose and batch case.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { matMulCpu } from '../../../../src/exec/targets/js/matmul.js';
import * as ag from '../../../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function rand(shape: number[], seed: number): tf.Tensor {
  let s = seed;
  const n = shape.reduce((a, b) => a * b, 1);
  const v = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    v[i] = (s / 2147483648) * 4 - 2;
  }
  return tf.tensor(v, shape);
}

const cases: [number[], number[], boolean, boolean][] = [
  [[3, 5], [5, 4], false, false],
  [[5, 3], [5, 4], true, false],
  [[3, 5], [4, 5], false, true],
  [[5, 3], [4, 5], true, true],
  [[33, 130], [130, 97], false, false], // several k blocks, uneven tails
  [[2, 7, 50], [2, 50, 9], false, false], // batched
  [[3, 7, 50], [50, 9], false, false], // broadcast batch of b
  [[1, 1], [1, 1], false, false],
  [[2, 0], [0, 3], false, false], // empty inner dimension: zeros
];

describe('matMulCpu', () => {
  it.each(cases)('%j x %j (transposeA %s, transposeB %s) equals tf.matMul bit for bit', (sa, sb, ta, tb) => {
    const a = rand(sa, 7);
    const b = rand(sb, 11);
    const expected = tf.matMul(a, b, ta, tb);
    const got = matMulCpu(a, b, ta, tb, expected.shape);
    expect(got.shape).toEqual(expected.shape);
    expect(Array.from(got.dataSync())).toEqual(Array.from(expected.dataSync()));
    tf.dispose([a, b, expected, got]);
  });

  it('is what jit runs on cpu, with the same results as eager', () => {
    const w = rand([64, 128], 3);
    const f = ag.jit((x: tf.Tensor) => tf.tanh(tf.matMul(x, w)), { autograph: false });
    const x = rand([32, 64], 5);
    const got = f(x) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toContain('H.matMul(');
    expect(Array.from(got.dataSync())).toEqual(Array.from(tf.tanh(tf.matMul(x, w)).dataSync()));
  });
});
