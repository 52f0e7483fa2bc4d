// The compiled executor's WebAssembly SIMD matMul equals the backend's own BatchMatMul bit for bit:
// on cpu tfjs-cpu's (48-wide k blocks summed in doubles, float32 accumulation), on wasm tfjs-wasm's
// (XNNPACK's float32 sequence, or 48-wide float32 blocks), for every transpose, batch and odd
// width, on data with NaN/±Infinity/±0/denormals; B's packed copy follows B's tensor.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMatMulSite } from '../../../../src/exec/targets/wasm-simd/matmul.js';
import * as ag from '../../../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
});

function rand(shape: number[], seed: number, specials = false): tf.Tensor {
  let s = seed >>> 0;
  const n = shape.reduce((a, b) => a * b, 1);
  const v = new Float32Array(n);
  const sp = [NaN, Infinity, -Infinity, -0, 1e-40, -1e-42, 3e38];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = specials && i % 97 === 13 ? sp[s % sp.length]! : (s / 4294967296) * 4 - 2;
  }
  return tf.tensor(v, shape);
}

function same(got: tf.Tensor, want: tf.Tensor): void {
  expect(got.shape).toEqual(want.shape);
  const g = got.dataSync();
  const w = want.dataSync();
  const bad: string[] = [];
  for (let i = 0; i < w.length && bad.length < 3; i++) if (!Object.is(g[i], w[i])) bad.push(`${i}: ${g[i]} vs ${w[i]}`);
  expect(bad).toEqual([]);
}

const cases: [number[], number[], boolean, boolean][] = [
  [[3, 5], [5, 4], false, false],
  [[5, 3], [5, 4], true, false],
  [[3, 5], [4, 5], false, true],
  [[5, 3], [4, 5], true, true],
  [[33, 130], [130, 97], false, false], // several k blocks, odd width, a 2-wide tail after 16-wide groups
  [[32, 128], [128, 128], false, false],
  [[2, 7, 50], [2, 50, 9], false, false], // batched
  [[3, 7, 50], [50, 9], false, false], // broadcast batch of b
  [[7, 50], [3, 50, 17], false, false], // broadcast batch of a
  [[1, 1], [1, 1], false, false],
  [[2, 0], [0, 3], false, false], // empty inner dimension: zeros
];

describe('wasm matMul site', () => {
  it.each(cases)('%j x %j (transposeA %s, transposeB %s) equals tf.matMul bit for bit', (sa, sb, ta, tb) => {
    const site = buildMatMulSite()!;
    for (const specials of [false, true]) {
      const a = rand(sa, 7, specials);
      const b = rand(sb, 11, specials);
      const want = tf.matMul(a, b, ta, tb);
      const got = site.run(a, b, ta, tb, want.shape);
      same(got, want);
      tf.dispose([a, b, want, got]);
    }
  });

  it('reuses its copy of B only while the same B tensor lives', () => {
    const site = buildMatMulSite()!;
    const a = rand([4, 20], 1);
    const b1 = rand([20, 6], 2);
    const b2 = rand([20, 6], 3);
    for (const b of [b1, b1, b2, b1]) {
      const got = site.run(a, b, false, false, [4, 6]);
      same(got, tf.matMul(a, b));
      got.dispose();
    }
    // Same shape, transposed layout of the same tensor: a new copy.
    const bt = rand([6, 20], 4);
    same(site.run(a, bt, false, true, [4, 6]), tf.matMul(a, bt, false, true));
    // A freed B, then a new tensor of the same shape: the new values are used.
    b1.dispose();
    const b3 = rand([20, 6], 8);
    same(site.run(a, b3, false, false, [4, 6]), tf.matMul(a, b3));
    tf.dispose([a, b2, bt, b3]);
  });

  it('is what jit runs in a loop whose weights change every step', () => {
    // Large enough not to stay a small array value (small-kernels.ts).
    const x = rand([64, 32], 5);
    const w0 = rand([32, 32], 6);
    const step = (w: tf.Tensor) => tf.sub(w, tf.mul(0.01, tf.matMul(tf.transpose(x), tf.tanh(tf.matMul(x, w)))));
    const f = ag.jit(
      (w: tf.Tensor) =>
        ag.whileLoop(
          (i) => tf.less(i as tf.Tensor, tf.scalar(5, 'int32')),
          (i, w) => [tf.add(i as tf.Tensor, tf.scalar(1, 'int32')), step(w as tf.Tensor)],
          [tf.scalar(0, 'int32'), w],
        )[1] as tf.Tensor,
      { autograph: false },
    );
    const got = f(w0) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(/H\.matMul\([^)]*W\[\d+\]\)/);
    let want = tf.clone(w0);
    for (let i = 0; i < 5; i++) {
      const next = tf.tidy(() => step(want));
      want.dispose();
      want = next;
    }
    same(got, want);
    tf.dispose([x, w0, got, want]);
  });

  const wasmCases: [number[], number[], boolean, boolean][] = [
    [[64, 32], [32, 64], false, false],
    [[64, 10], [64, 64], true, false],
    [[64, 10], [64, 10], false, true],
    [[2, 5, 33], [33, 7], false, false],
    [[5, 3], [4, 5], true, true],
    [[1, 1], [1, 1], false, false],
    [[1, 129], [129, 3], false, false],
    [[17, 3], [3, 129], false, false],
    [[129, 17], [17, 1], false, false],
    [[33, 130], [130, 97], false, false], // several k blocks in XNNPACK's order (one sequence)
    [[130, 33], [97, 130], true, true], // and in 48-wide blocks
    [[32, 128], [128, 128], false, false],
    [[2, 7, 50], [2, 50, 9], false, false], // batched
    [[7, 50], [3, 50, 17], false, false], // broadcast batch of a
  ];

  it.each(wasmCases)(
    'on the wasm backend, %j x %j (transposeA %s, transposeB %s) equals eager tfjs-wasm bit for bit, into a wasm tensor',
    async (sa, sb, ta, tb) => {
      await tf.setBackend('wasm');
      for (const specials of [false, true]) {
        const a = rand(sa, 21, specials);
        const b = rand(sb, 22, specials);
        const want = tf.matMul(a, b, ta, tb);
        const site = buildMatMulSite('wasm')!;
        const before = tf.memory().numTensors;
        const got = site.run(a, b, ta, tb, want.shape);
        expect(tf.memory().numTensors).toBe(before + 1);
        expect(
          (
            tf.engine() as unknown as { state: { tensorInfo: WeakMap<object, { backend: unknown }> } }
          ).state.tensorInfo.get(got.dataId as object)!.backend,
        ).toBe(tf.backend());
        sameOrBothNaN(got, want);
        // Again with B packed already, and after the heap grows (the kernel imports the memory object).
        const big = tf.zeros([1 << 22]);
        sameOrBothNaN(site.run(a, b, ta, tb, want.shape), want);
        site.dispose();
        tf.dispose([a, b, want, got, big]);
      }
      await tf.setBackend('cpu');
    },
  );

  it('on the wasm backend, an empty inner dimension gives zeros (as tfjs-cpu; tfjs-wasm leaves its output unwritten)', async () => {
    await tf.setBackend('wasm');
    const site = buildMatMulSite('wasm')!;
    const a = tf.zeros([2, 0]);
    const b = tf.zeros([0, 3]);
    const garbage = tf.fill([1000], 7); // freed memory the output may reuse
    garbage.dispose();
    const got = site.run(a, b, false, false, [2, 3]);
    expect(Array.from(got.dataSync())).toEqual([0, 0, 0, 0, 0, 0]);
    site.dispose();
    tf.dispose([a, b, got]);
    await tf.setBackend('cpu');
  });

  it('on the wasm backend, reuses its packed B only while the same B tensor lives', async () => {
    await tf.setBackend('wasm');
    const site = buildMatMulSite('wasm')!;
    const a = rand([4, 20], 1);
    const b1 = rand([20, 6], 2);
    const b2 = rand([20, 6], 3);
    for (const b of [b1, b1, b2, b1]) sameOrBothNaN(site.run(a, b, false, false, [4, 6]), tf.matMul(a, b));
    b1.dispose();
    const b3 = rand([20, 6], 8);
    sameOrBothNaN(site.run(a, b3, false, false, [4, 6]), tf.matMul(a, b3));
    site.dispose();
    tf.dispose([a, b2, b3]);
    await tf.setBackend('cpu');
  });
});

function sameOrBothNaN(got: tf.Tensor, want: tf.Tensor): void {
  expect(got.shape).toEqual(want.shape);
  const g = got.dataSync();
  const w = want.dataSync();
  const bad: string[] = [];
  for (let i = 0; i < w.length && bad.length < 3; i++)
    if (!Object.is(g[i], w[i]) && !(Number.isNaN(g[i]) && Number.isNaN(w[i]))) bad.push(`${i}: ${g[i]} vs ${w[i]}`);
  expect(bad).toEqual([]);
}
