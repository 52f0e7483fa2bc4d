// The SIMD Tanh the compiled executor runs on the wasm backend gives the correctly rounded float32
// tanh — the cpu backend's values (Math.tanh, then a float32 store) — on random bit patterns over
// the whole float32 range, specials (NaN, ±Infinity, ±0, denormals) and the kernel's range
// boundaries; through jit on wasm it matches eager cpu exactly and eager wasm within its rounding.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../../src/index.js';
import { buildTanhKernel } from '../../../../src/exec/targets/wasm-simd/tanh.js';
import { heapAlloc, heapFree, heapMemory, heapOffset } from '../../../../src/exec/targets/wasm-simd/heap-access.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

const EDGES = [
  NaN,
  Infinity,
  -Infinity,
  0,
  -0,
  1e-45,
  -1e-45,
  1e-40,
  1.1754944e-38,
  2.5e-4,
  -2.5e-4,
  0.3465736,
  0.55,
  1,
  -1,
  8.66,
  9.0,
  9.1,
  9.2,
  -9.1,
  20,
  3.4e38,
];

function values(n: number, seed: number): Float32Array {
  const x = new Float32Array(n);
  const bits = new Uint32Array(x.buffer);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    if (i % 3 === 0)
      bits[i] = s; // any float32, NaNs included
    else x[i] = (s / 4294967296 - 0.5) * (i % 3 === 1 ? 24 : 1e-3);
  }
  x.set(EDGES);
  return x;
}

describe('SIMD tanh', () => {
  it('equals Math.fround(Math.tanh(x)) for every value', () => {
    const k = buildTanhKernel()!;
    const x = values(1_000_003, 99);
    const out = new Float32Array(x.length);
    k.apply(x, out);
    const bad: string[] = [];
    for (let i = 0; i < x.length && bad.length < 5; i++) {
      const want = Math.fround(Math.tanh(x[i]!));
      if (!Object.is(out[i], want) && !(Number.isNaN(want) && Number.isNaN(out[i])))
        bad.push(`tanh(${x[i]}) = ${out[i]}, want ${want}`);
    }
    expect(bad).toEqual([]);
  });

  it.each([1, 2, 3, 7, 12, 15, 4099, 4103, 100_001])(
    'in place on the wasm heap (n = %i): the same values, nothing past the output written',
    async (n) => {
      await tf.setBackend('wasm');
      const memory = heapMemory()!;
      const f = buildTanhKernel()!.inPlace(memory)!;
      const all = values(Math.max(n, 64), n);
      const x = tf.tensor(n < EDGES.length ? all.subarray(EDGES.length - n, EDGES.length) : all); // the last edges when short
      const out = heapAlloc(4 * n + 8);
      const heap = () => new Float32Array(memory.buffer);
      heap().fill(5, out / 4, out / 4 + n + 2);
      f(n, heapOffset(x), out);
      const got = heap().slice(out / 4, out / 4 + n + 2);
      const xs = x.dataSync();
      const bad: string[] = [];
      for (let i = 0; i < n && bad.length < 5; i++) {
        const want = Math.fround(Math.tanh(xs[i]!));
        if (!Object.is(got[i], want) && !(Number.isNaN(want) && Number.isNaN(got[i])))
          bad.push(`tanh(${xs[i]}) = ${got[i]}, want ${want}`);
      }
      expect(bad).toEqual([]);
      expect([got[n], got[n + 1]]).toEqual([5, 5]);
      heapFree(out);
      x.dispose();
      await tf.setBackend('cpu');
    },
  );

  it('is what jit runs on wasm: equal to eager cpu, close to eager wasm, no tensor left', async () => {
    const data = values(32 * 128, 7).map((v) => (Number.isFinite(v) ? Math.max(-30, Math.min(30, v)) : v));
    const cpuX = tf.tensor2d(data, [32, 128]);
    const onCpu = tf.tanh(cpuX).dataSync();
    await tf.setBackend('wasm');
    const x = tf.tensor2d(data, [32, 128]);
    const f = ag.jit((a: tf.Tensor) => tf.tanh(a), { autograph: false });
    const got = f(x) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(/W\[\d+\]\.run\(/); // the in-place kernel (wasm-heap/epilogue.ts)
    const g = got.dataSync();
    expect(Array.from(g).every((v, i) => Object.is(v, onCpu[i]) || (Number.isNaN(v) && Number.isNaN(onCpu[i]!)))).toBe(
      true,
    );
    const eagerT = tf.tidy(() => tf.tanh(tf.mul(x, 1)));
    const eagerWasm = eagerT.dataSync();
    for (let i = 0; i < g.length; i++)
      if (!Number.isNaN(g[i]!))
        expect(Math.abs(g[i]! - eagerWasm[i]!)).toBeLessThanOrEqual(2.4e-7 * Math.max(1e-30, Math.abs(g[i]!)) + 1e-37);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) tf.dispose(f(x) as tf.Tensor);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([x, got, eagerT]);
    await tf.setBackend('cpu');
    cpuX.dispose();
  });
});
