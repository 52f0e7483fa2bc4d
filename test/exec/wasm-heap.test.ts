// On the wasm backend, float32 chains of + − × ÷, negation, abs, square, comparisons, logic and
// select run as SIMD kernels reading and writing tfjs-wasm's heap: the same IEEE float32 operations
// as tfjs-wasm's kernels, so the values equal eager wasm's bit for bit (NaN bits included) and eager
// cpu's (any NaN), with operands of the output's shape, scalars and a
// bias over the trailing dimensions (any length); other broadcasts fall back to tfjs-wasm's kernels.
// A full Sum/Mean over such a chain (or a tensor) sums in float32 in order, as tfjs-wasm does; a Sum
// over leading axes sums each column in row order, as tfjs-wasm does.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

function data(n: number, seed: number): Float32Array {
  const v = new Float32Array(n);
  let s = seed >>> 0;
  const sp = [NaN, Infinity, -Infinity, 0, -0, 1e-40, -3e38];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = i % 13 === 7 ? sp[s % sp.length]! : (s / 4294967296) * 8 - 4;
  }
  return v;
}

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from(a).every((v, i) => Object.is(v, b[i]) || (Number.isNaN(v) && Number.isNaN(b[i]!)));
const bits = (a: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(a).buffer));

describe('heap SIMD maps on the wasm backend', () => {
  const cases: [string, (x: tf.Tensor, y: tf.Tensor, b: tf.Tensor) => tf.Tensor, boolean][] = [
    ['x + y', (x, y) => tf.add(x, y), true],
    ['x * y - x / y', (x, y) => tf.sub(tf.mul(x, y), tf.div(x, y)), true],
    ['(x + b) with a bias over the last dimension', (x, _y, b) => tf.add(x, b), true],
    ['-(x * 2.5)', (x) => tf.neg(tf.mul(x, 2.5)), true],
    ['abs(x) * x - square(y)', (x, y) => tf.sub(tf.mul(tf.abs(x), x), tf.square(y)), true],
    [
      'where(abs(x) <= 1, x * x / 2, abs(x) - 0.5) (Huber)',
      (x) => tf.where(tf.lessEqual(tf.abs(x), 1), tf.div(tf.mul(x, x), 2), tf.sub(tf.abs(x), 0.5)),
      true,
    ],
    [
      'where(x < y || !(x >= 2) && x != y, x, y - b)',
      (x, y, b) =>
        tf.where(
          tf.logicalOr(tf.less(x, y), tf.logicalAnd(tf.logicalNot(tf.greaterEqual(x, 2)), tf.notEqual(x, y))),
          x,
          tf.sub(y, b),
        ),
      true,
    ],
    [
      'where(x > y, x, y == 1 ? …) with = and >',
      (x, y) => tf.where(tf.greater(x, y), x, tf.where(tf.equal(y, 1), y, tf.neg(x))),
      true,
    ],
    [
      'x + a bias of 3 (a period of 12 lanes)',
      (x, _y, b) => tf.add(tf.reshape(x, [-1, 3]), tf.slice(b, [0], [3])),
      true,
    ],
    [
      'x + a column (broadcast over the last dimension): tfjs-wasm',
      (x, _y, b) => tf.add(x, tf.reshape(tf.slice(b, [0], [96]), [96, 1])),
      false,
    ],
  ];
  it.each(cases)('%s equals eager wasm and eager cpu bit for bit', async (_name, fn, heap) => {
    const shape = [96, 128];
    const xs = [data(96 * 128, 1), data(96 * 128, 2), data(128, 3)];
    const [x, y, b] = [tf.tensor(xs[0]!, shape), tf.tensor(xs[1]!, shape), tf.tensor1d(xs[2]!)];
    const f = ag.jit(fn, { autograph: false });
    const got = f(x!, y!, b!) as tf.Tensor;
    const source = f.concreteFunctions()[0]!.compiledSource()!;
    expect(/W\[\d+\]\.run\(/.test(source)).toBe(heap);
    const want = tf.tidy(() => fn(x!, y!, b!));
    expect(got.shape).toEqual(want.shape);
    const g = got.dataSync();
    expect(bits(g)).toEqual(bits(want.dataSync()));
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) tf.dispose(f(x!, y!, b!) as tf.Tensor);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([x!, y!, b!, got, want]);
    await tf.setBackend('cpu');
    const onCpu = tf.tidy(() => fn(tf.tensor(xs[0]!, shape), tf.tensor(xs[1]!, shape), tf.tensor1d(xs[2]!)));
    expect(same(g, onCpu.dataSync())).toBe(true);
    onCpu.dispose();
    await tf.setBackend('wasm');
  });

  const sums: [string, (x: tf.Tensor, y: tf.Tensor) => tf.Tensor][] = [
    [
      'mean(Huber(x))',
      (x) => tf.mean(tf.where(tf.lessEqual(tf.abs(x), 1), tf.div(tf.mul(x, x), 2), tf.sub(tf.abs(x), 0.5))),
    ],
    ['sum(x * y - 1)', (x, y) => tf.sum(tf.sub(tf.mul(x, y), 1))],
    ['sum(x) and mean(x) of a tensor', (x) => tf.add(tf.sum(x), tf.mean(x))],
  ];
  it.each(sums)('%s over 1e6 and 1001 elements equals eager wasm bit for bit', (_name, fn) => {
    for (const n of [1_000_000, 1001]) {
      // Finite values (a NaN would hide the order of the sum).
      const xs = Float32Array.from(data(n, 5), (v) => (Number.isFinite(v) ? v : 0.5));
      const ys = Float32Array.from(data(n, 6), (v) => (Number.isFinite(v) ? v : -0.25));
      const [x, y] = [tf.tensor1d(xs), tf.tensor1d(ys)];
      const f = ag.jit(fn, { autograph: false });
      const got = f(x, y) as tf.Tensor;
      expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(/W\[\d+\]\.sum\(/);
      const want = tf.tidy(() => fn(x, y));
      expect(bits(got.dataSync())).toEqual(bits(want.dataSync()));
      const before = tf.memory().numTensors;
      tf.dispose(f(x, y) as tf.Tensor);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([x, y, got, want]);
    }
  });

  const columns: [number[], number | number[], boolean, boolean][] = [
    [[64, 10], 0, false, true],
    [[3, 5, 7], [0, 1], false, true],
    [[5, 129], -2, true, true],
    [[4, 6, 3], [1, 0], false, true],
    [[6, 4], 1, false, false], // the last axis: tfjs-wasm's kernel
  ];
  it.each(columns)(
    'sum over leading axes of %j (axis %j, keepDims %s) equals eager wasm bit for bit',
    (shape, axis, keepDims, own) => {
      const n = shape.reduce((a, b) => a * b, 1);
      const x = tf.tensor(data(n, n), shape);
      const fn = (t: tf.Tensor) => tf.sum(t, axis, keepDims);
      const f = ag.jit(fn, { autograph: false });
      const got = f(x) as tf.Tensor;
      expect(/W\[\d+\]\.run\(/.test(f.concreteFunctions()[0]!.compiledSource()!)).toBe(own);
      const want = fn(x);
      expect(got.shape).toEqual(want.shape);
      expect(bits(got.dataSync())).toEqual(bits(want.dataSync()));
      const before = tf.memory().numTensors;
      tf.dispose(f(x) as tf.Tensor);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([x, got, want]);
    },
  );

  // The kernels take two groups of four at a time (Tanh's four chains interleaved), then one group,
  // then lane by lane: sizes that reach each branch, with biases whose period (lcm(len, 4)) is not a
  // multiple of the eight elements a turn takes.
  it.each([
    [87, 3],
    [90, 3],
    [53, 5],
    [54, 5],
    [64, 4],
  ])('tanh(x * x + b) over [%i, %i] equals eager cpu bit for bit in one heap kernel', async (rows, len) => {
    const xs = data(rows * len, 11);
    const bs = data(len, 12);
    const fn = (x: tf.Tensor, b: tf.Tensor) => tf.tanh(tf.add(tf.mul(x, x), b));
    const [x, b] = [tf.tensor2d(xs, [rows, len]), tf.tensor1d(bs)];
    const f = ag.jit(fn, { autograph: false });
    const got = f(x, b) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(/W\[\d+\]\.run\(/);
    const g = got.dataSync().slice();
    tf.dispose([x, b, got]);
    await tf.setBackend('cpu');
    const want = tf.tidy(() =>
      fn(tf.tensor2d(xs, [rows, len]), tf.tensor1d(bs))
        .dataSync()
        .slice(),
    );
    await tf.setBackend('wasm');
    expect(same(g, want)).toBe(true);
  });
});
