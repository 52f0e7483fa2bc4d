// GEMM epilogues on the wasm backend (epilogue.ts, heap-chain.ts): bias, activation and add chains
// after a matMul run as one in-place kernel over the matMul's output. Values equal eager tfjs-wasm
// bit for bit (Tanh: the cpu backend's correctly rounded tanh of eager wasm's pre-activation; Relu
// keeps a NaN whose sign bit is set, as JS does; a NaN's sign bit after the GEMM may differ), on
// operands with NaN, ±Infinity, ±0 and denormals; the result takes over the matMul's output only
// when nothing else holds that data; no tensor is left behind; a GEMM site's packed copy of a
// tensor rewritten in place is not reused.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../../src/index.js';
import { buildMatMulSite } from '../../../../src/exec/targets/wasm-simd/matmul.js';
import { buildHeapChain } from '../../../../src/exec/targets/wasm-heap/heap-chain.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

const SPECIALS = [NaN, Infinity, -Infinity, 0, -0, 1e-40, -1e-42, 3e38, -3e38];

/** Values in [-2, 2), every 11th a special one (when `specials`). */
function values(n: number, seed: number, specials: boolean): Float32Array {
  const v = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = specials && i % 11 === 5 ? SPECIALS[s % SPECIALS.length]! : (s / 4294967296) * 4 - 2;
  }
  return v;
}

/** The elements whose bits differ (NaN payloads and signs included, unless `anyNaN`). */
function sameBits(got: ArrayLike<number>, want: ArrayLike<number>, anyNaN = false): string[] {
  const bad: string[] = [];
  if (got.length !== want.length) return [`length ${got.length} vs ${want.length}`];
  const g = new Uint32Array(Float32Array.from(got).buffer);
  const w = new Uint32Array(Float32Array.from(want).buffer);
  for (let i = 0; i < w.length && bad.length < 3; i++) {
    if (g[i] !== w[i] && !(anyNaN && Number.isNaN(got[i]) && Number.isNaN(want[i])))
      bad.push(`${i}: ${got[i]} (${g[i]!.toString(16)}) vs ${want[i]} (${w[i]!.toString(16)})`);
  }
  return bad;
}

const tanh32 = (v: ArrayLike<number>) => Float32Array.from(v, (x) => Math.fround(Math.tanh(x)));

/** tf.relu computed eagerly with JS's value for a NaN whose sign bit is set (NaN, as the compiled chain keeps it; tfjs-wasm's Relu gives +0). */
function jsRelu(t: tf.Tensor): tf.Tensor {
  const v = t.dataSync();
  return tf.tensor(
    Float32Array.from(v, (x) => (Number.isNaN(x) ? NaN : Math.max(0, x))),
    t.shape,
  );
}
const RUN = /W\[\d+\]\.run\(/;

describe('in-place GEMM epilogues on wasm', () => {
  type Fn = (x: tf.Tensor, w: tf.Tensor, b: tf.Tensor, y: tf.Tensor) => tf.Tensor;
  // [name, function, the eager reference where it is not the function itself]
  const cases: [string, Fn, Fn?][] = [
    [
      'relu(x·W + b)',
      (x, w, b) => tf.relu(tf.add(tf.matMul(x, w), b)),
      (x, w, b) => jsRelu(tf.add(tf.matMul(x, w), b)),
    ],
    ['x·W + b, b of odd length', (x, w, b) => tf.add(tf.matMul(x, w), b)],
    ['(x·W) · 2.5 − (−b) ÷ y', (x, w, b, y) => tf.sub(tf.mul(tf.matMul(x, w), 2.5), tf.div(tf.neg(b), y))],
    ['step(x·W + y, 0.25) · y', (x, w, _b, y) => tf.mul(tf.step(tf.add(tf.matMul(x, w), y), 0.25), y)],
    ['b + x·W (the matMul second)', (x, w, b) => tf.add(b, tf.matMul(x, w))],
  ];
  for (const specials of [false, true]) {
    it.each(cases)(`%s equals eager wasm bit for bit (specials: ${specials})`, (_name, fn, ref) => {
      const [m, k, n] = [24, 41, 40]; // over the small JS path's 32,768 multiply-adds
      const x = tf.tensor(values(m * k, 1, specials), [m, k]);
      const w = tf.tensor(values(k * n, 2, false), [k, n]);
      const b = tf.tensor(values(n, 3, specials), [n]);
      const y = tf.tensor(values(m * n, 4, specials), [m, n]);
      const f = ag.jit(fn, { autograph: false });
      const got = f(x, w, b, y) as tf.Tensor;
      expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(RUN);
      const want = tf.tidy(() => (ref ?? fn)(x, w, b, y));
      expect(got.shape).toEqual(want.shape);
      // (a NaN the GEMM makes of ∞ − ∞ may have the other sign bit than XNNPACK's: any NaN then)
      expect(sameBits(got.dataSync(), want.dataSync(), specials)).toEqual([]);
      const before = tf.memory().numTensors;
      for (let i = 0; i < 4; i++) tf.dispose(f(x, w, b, y) as tf.Tensor);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([x, w, b, y, got, want]);
    });
  }

  it.each([false, true])(
    'an RNN cell tanh(x·Wx + h·Wh + b) over 6 steps: eager wasm sums, the cpu backend’s tanh (specials: %s)',
    (specials) => {
      const [T, B, I, H] = [6, 16, 48, 48]; // 768 elements: the SIMD Tanh (from WASM_MIN_ELEMENTS); matMuls over the small JS path's 32,768 multiply-adds
      const xs = tf.tensor(values(T * B * I, 5, specials), [T, B, I]);
      const wx = tf.tensor(values(I * H, 6, false), [I, H]);
      const wh = tf.tensor(
        values(H * H, 7, false).map((v) => v / 4),
        [H, H],
      );
      const b = tf.tensor(values(H, 8, specials), [H]);
      const h0 = tf.tensor(values(B * H, 9, specials), [B, H]);
      const rnn = (x: tf.Tensor, h: tf.Tensor, a: tf.Tensor, c: tf.Tensor, d: tf.Tensor) =>
        ag.whileLoop(
          (t) => tf.less(t as tf.Tensor, tf.scalar(T, 'int32')),
          (t, hh) => [
            tf.add(t as tf.Tensor, tf.scalar(1, 'int32')),
            tf.tanh(tf.add(tf.add(tf.matMul(tf.gather(x, t as tf.Tensor), a), tf.matMul(hh as tf.Tensor, c)), d)),
          ],
          [tf.scalar(0, 'int32'), h],
        )[1] as tf.Tensor;
      const f = ag.jit(rnn, { autograph: false });
      const got = f(xs, h0, wx, wh, b) as tf.Tensor;
      expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(RUN);
      // The reference: eager wasm's matMuls and adds, then Math.tanh rounded to float32.
      let h = h0.clone();
      for (let t = 0; t < T; t++) {
        const pre = tf.tidy(() =>
          tf.add(tf.add(tf.matMul(tf.gather(xs, tf.scalar(t, 'int32')), wx), tf.matMul(h, wh)), b),
        );
        const next = tf.tensor(tanh32(pre.dataSync()), [B, H]);
        tf.dispose([pre, h]);
        h = next;
      }
      // (A NaN's bits after Math.tanh and a float32 store are the JS engine's: any NaN then.)
      expect(sameBits(got.dataSync(), h.dataSync(), true)).toEqual([]);
      const before = tf.memory().numTensors;
      for (let i = 0; i < 3; i++) tf.dispose(f(xs, h0, wx, wh, b) as tf.Tensor);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([xs, wx, wh, b, h0, got, h]);
    },
  );

  it('writes over the matMul output only when nothing else holds its data', () => {
    const x = tf.tensor(values(24 * 41, 11, true), [24, 41]);
    const w = tf.tensor(values(41 * 40, 12, false), [41, 40]);
    const b = tf.tensor(values(40, 13, true), [40]);
    // The product is also returned: it stays alive, so the epilogue makes a new tensor.
    const both = ag.jit(
      (p: tf.Tensor, q: tf.Tensor, r: tf.Tensor) => {
        const m = tf.matMul(p, q);
        return [m, tf.relu(tf.add(m, r))];
      },
      { autograph: false },
    );
    // A reshaped view shares the product's data (reference count 2): no overwrite either.
    const view = ag.jit(
      (p: tf.Tensor, q: tf.Tensor, r: tf.Tensor) => {
        const m = tf.matMul(p, q);
        return [tf.reshape(m, [960]), tf.relu(tf.add(m, r))];
      },
      { autograph: false },
    );
    const m = tf.matMul(x, w);
    const e = tf.tidy(() => jsRelu(tf.add(m, b)));
    for (const f of [both, view]) {
      const [g0, g1] = f(x, w, b) as tf.Tensor[];
      expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(RUN);
      expect(sameBits(g0!.dataSync(), m.dataSync(), true)).toEqual([]);
      expect(sameBits(g1!.dataSync(), e.dataSync(), true)).toEqual([]);
      const before = tf.memory().numTensors;
      tf.dispose(f(x, w, b) as tf.Tensor[]);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([g0!, g1!]);
    }
    tf.dispose([x, w, b, m, e]);
  });

  it('a GEMM site repacks a B whose data was rewritten in place', () => {
    const site = buildMatMulSite('wasm')!;
    const chain = buildHeapChain(
      [{ op: 'Add', args: [0, 1], attrs: {}, argNames: ['a', 'b'], dtype: 'float32', shape: [5, 4] }],
      ['array', 'scalar'],
      [],
    )!;
    const a = tf.tensor(values(3 * 5, 21, false), [3, 5]);
    const bv = values(5 * 4, 22, false);
    const b = tf.tensor(bv, [5, 4]);
    const first = site.run(a, b, false, false, [3, 4]);
    const same = chain.run(b, [b], [1.5], [5, 4]);
    expect(same).toBe(b); // written over b's own data
    const second = site.run(a, b, false, false, [3, 4]);
    const want = tf.tidy(() =>
      tf.matMul(
        a,
        tf.tensor(
          bv.map((v) => Math.fround(v + 1.5)),
          [5, 4],
        ),
      ),
    );
    expect(sameBits(second.dataSync(), want.dataSync())).toEqual([]);
    expect(sameBits(first.dataSync(), second.dataSync())).not.toEqual([]);
    tf.dispose([a, b, first, second, want]);
    site.dispose();
    chain.dispose();
  });
});

describe('Relu in an in-place chain on wasm', () => {
  it('keeps a NaN whose sign bit is set (as JS and the cpu backend; tfjs-wasm makes it +0)', () => {
    const n = 300; // over WASM_MIN_ELEMENTS: the heap chain
    const bits = new Uint32Array(n).fill(0x3f800000); // 1
    bits[7] = 0xffc00000; // a NaN with its sign bit set
    bits[8] = 0x7fc00000;
    bits[9] = 0x80000000; // -0
    bits[10] = 0xbf800000; // -1
    const x = tf.tensor(new Float32Array(bits.buffer), [n]);
    const one = tf.ones([n]);
    const f = ag.jit((a: tf.Tensor, b: tf.Tensor) => tf.relu(tf.mul(a, b)), { autograph: false });
    const got = f(x, one) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(RUN);
    const v = got.dataSync();
    expect([Number.isNaN(v[7]!), Number.isNaN(v[8]!), Object.is(v[9], 0), v[10], v[0]]).toEqual([
      true,
      true,
      true,
      0,
      1,
    ]);
    tf.dispose([x, one, got]);
  });
});
