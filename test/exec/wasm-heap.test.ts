// On the wasm backend, float32 chains of + − × ÷ and negation run as SIMD kernels reading and
// writing tfjs-wasm's heap: the same IEEE float32 operations as tfjs-wasm's kernels, so the values
// equal eager wasm's (and eager cpu's) exactly, with operands of the output's shape, scalars and a
// bias over the trailing dimensions (any length); other broadcasts fall back to tfjs-wasm's kernels.
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

const same = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).every((v, i) => Object.is(v, b[i]) || (Number.isNaN(v) && Number.isNaN(b[i]!)));

describe('heap SIMD maps on the wasm backend', () => {
  const cases: [string, (x: tf.Tensor, y: tf.Tensor, b: tf.Tensor) => tf.Tensor, boolean][] = [
    ['x + y', (x, y) => tf.add(x, y), true],
    ['x * y - x / y', (x, y) => tf.sub(tf.mul(x, y), tf.div(x, y)), true],
    ['(x + b) with a bias over the last dimension', (x, _y, b) => tf.add(x, b), true],
    ['-(x * 2.5)', (x) => tf.neg(tf.mul(x, 2.5)), true],
    ['x + a bias of 3 (a period of 12 lanes)', (x, _y, b) => tf.add(tf.reshape(x, [-1, 3]), tf.slice(b, [0], [3])), true],
    ['x + a column (broadcast over the last dimension): tfjs-wasm', (x, _y, b) => tf.add(x, tf.reshape(tf.slice(b, [0], [96]), [96, 1])), false],
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
    expect(same(g, want.dataSync())).toBe(true);
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
});
