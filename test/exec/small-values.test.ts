// Small values on the cpu backend stay typed arrays between kernels (src/exec/targets/js/small-kernels.ts):
// slices, concatenations, unpacks, reshapes, small matMuls, softmax, argMax and oneHot run as array
// kernels, and an elementwise loop reads a broadcast row in place. These cases check them against
// eager tfjs bit for bit — recurrent cells and a greedy decoder step, values tfjs holds outside
// their dtype (a float32 relabelled Int32Array), NaN and infinities, out-of-range indices, strided
// slices, loops — and that the generated code takes that path, reuses no buffer a returned tensor
// still holds, and leaks nothing. On the wasm backend small float32 values take the same path: the
// compiled executor then gives the cpu backend's values, bit for bit (within float32 rounding of
// eager tfjs-wasm's), and int32 or bool values stay in tfjs-wasm's kernels.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { jit, print, setPrintSink, whileLoop } from '../../src/index.js';
import { differentialSuite, useBackend, type DiffCase } from '../helpers/differential.js';
import { rand } from '../helpers/data.js';
import { makeHelpers } from '../../src/exec/compiled/helpers.js';

type T = tf.Tensor;

const I = 16777217; // 2^24 + 1: no float32 value
const f32 = (x: T): T => tf.cast(x, 'float32');
/** float32 tensor holding an Int32Array (tfjs's Cast relabels): values around 2^24. */
const relabelled = (shape: number[]): T => {
  const n = shape.reduce((a, b) => a * b, 1);
  return f32(
    tf.tensor(
      Array.from({ length: n }, (_, k) => [I, -I, I + 2, 3, -5, 2147483647][k % 6]!),
      shape,
      'int32',
    ),
  );
};

/** tf.basicLSTMCell over the steps of x [1, steps, vocab], then a softmax head. */
function lstm(x: T, kernel: T, bias: T, dense: T): T {
  let c: T = tf.zeros([1, 6]);
  let h: T = tf.zeros([1, 6]);
  for (const step of tf.unstack(x, 1)) {
    [c, h] = tf.basicLSTMCell(
      tf.scalar(1),
      kernel as tf.Tensor2D,
      bias as tf.Tensor1D,
      step as tf.Tensor2D,
      c as tf.Tensor2D,
      h as tf.Tensor2D,
    );
  }
  return tf.softmax(tf.matMul(h, dense));
}

/** One greedy decoder step: a token in, the next token and state out. */
function decodeStep(token: T, state: T, w: T, out: T): T[] {
  const input = tf.reshape(tf.oneHot(token, 5).toFloat(), [1, 5]);
  const h = tf.tanh(tf.matMul(tf.concat([input, state], 1), w));
  const probs = tf.reshape(tf.softmax(tf.matMul(h, out)), [1, 1, 5]);
  return [tf.argMax(tf.reshape(probs, [5])).toInt(), h, probs];
}

const cases: DiffCase[] = [
  {
    name: 'an LSTM over 4 steps: unpack, concat, matMul, a broadcast bias, four slices, softmax',
    fn: lstm,
    args: () => [rand([1, 4, 5], 1), rand([11, 24], 2), rand([24], 3), rand([6, 5], 4)],
    exact: ['cpu'], // on wasm: the cpu backend's values (see below)
  },
  {
    name: 'a greedy decoder step: oneHot of a scalar token, concat, matMul, tanh, softmax, argMax',
    fn: decodeStep,
    args: () => [tf.scalar(3, 'int32'), rand([1, 8], 5), rand([13, 8], 6), rand([8, 5], 7)],
    exact: ['cpu'], // on wasm: the cpu backend's values (see below)
  },
  {
    name: 'relabelled float32 values through reshape, slices, unpack, concat and matMul',
    fn: (v: T, w: T) => {
      const m = tf.reshape(v, [2, 3, 2]);
      const [a, b] = tf.unstack(m, 1);
      return [
        m,
        tf.slice(m, [1, 0, 0], [1, 3, 2]),
        tf.slice(m, [0, 1, 1], [2, 2, 1]),
        a!,
        tf.concat([a!, b!], 1),
        tf.matMul(tf.reshape(v, [3, 4]), w),
      ];
    },
    args: () => [relabelled([12]), rand([4, 2], 8)],
    exact: ['cpu'], // on wasm: the cpu backend's values (see below)
  },
  {
    name: 'softmax and argMax with NaN, infinities and ties',
    fn: (x: T) => [tf.softmax(x), tf.argMax(x, 1), tf.argMax(tf.neg(x), -1)],
    args: () => [
      tf.tensor2d([
        [NaN, 1, 2],
        [1, NaN, 0],
        [Infinity, 1, 2],
        [-Infinity, 0, 0],
        [3, 3, 1],
        [-Infinity, -Infinity, -Infinity],
      ]),
    ],
    exact: true,
  },
  {
    name: 'oneHot: out-of-range and negative indices, float32 and int32, other on/off values',
    fn: (i: T) => [
      tf.oneHot(i, 4),
      tf.oneHot(i, 3, 2, -1),
      tf.oneHot(i, 4).toFloat(),
      tf.cast(tf.oneHot(tf.reshape(i, [2, 3]), 2), 'float32'),
    ],
    args: () => [tf.tensor1d([0, 3, 4, -1, 2, 1], 'int32')],
    exact: true,
  },
  {
    name: 'rows broadcast along leading axes in an elementwise loop',
    fn: (x: T, b: T, c: T) => [
      tf.add(x, b),
      tf.mul(tf.reshape(x, [2, 3, 4]), tf.reshape(b, [1, 4])),
      tf.sub(tf.relu(tf.add(x, b)), c),
    ],
    args: () => [rand([6, 4], 9), rand([4], 10), rand([6, 4], 11)],
    exact: true,
  },
  {
    name: 'a small value both read as an array and given to a tfjs kernel (cumsum), and returned',
    fn: (x: T) => {
      const s = tf.slice(x, [0, 1], [3, 2]);
      return [tf.cumsum(s, 1), tf.add(s, 1), s];
    },
    args: () => [rand([3, 4], 12)],
    exact: true,
  },
  {
    name: 'a tanh RNN in a staged while loop: concat and matMul on the loop-carried state',
    fn: (xs: T, w: T) =>
      whileLoop(
        (i: T) => tf.less(i, tf.scalar(4, 'int32')),
        (i: T, h: T) => [
          tf.add(i, tf.scalar(1, 'int32')),
          tf.tanh(tf.matMul(tf.concat([tf.reshape(tf.gather(xs, i), [1, 3]), h], 1), w)),
        ],
        [tf.scalar(0, 'int32'), tf.zeros([1, 5])],
      )[1],
    args: () => [rand([4, 3], 13), rand([8, 5], 14)],
    exact: ['cpu'], // on wasm: the cpu backend's values (see below)
  },
];

differentialSuite('small values as arrays (cpu)', cases);

/**
 * Six decoder steps whose results are all read after the last: each still what it was when returned,
 * and what eager gave (`exact`, else within 1e-5: on wasm the compiled code gives the cpu backend's
 * values); then 50 more calls: nothing leaks.
 */
function heldResultsStayIntact(exact = true): void {
  const w = rand([13, 8], 6);
  const out = rand([8, 5], 7);
  const f = jit((token: T, state: T) => decodeStep(token, state, w, out), { autograph: false });
  const held: T[][] = [];
  const returned: number[][][] = [];
  const first = rand([1, 8], 5);
  let state = first;
  const before = tf.memory().numTensors;
  for (let k = 0; k < 6; k++) {
    const token = tf.scalar(k % 5, 'int32');
    const got = f(token, state) as T[];
    const want = tf.tidy(() => decodeStep(token, state, w, out));
    held.push([...got, ...want]);
    returned.push(got.map((t) => Array.from(t.dataSync())));
    state = got[1]!;
    token.dispose();
  }
  // Every call's results, read after all the calls: still what they were, and what eager gave.
  held.forEach((ts, k) => {
    const [t, h, p, tw, hw, pw] = ts;
    expect([t!, h!, p!].map((x) => Array.from(x.dataSync()))).toEqual(returned[k]);
    expect(t!.dataSync()).toEqual(tw!.dataSync());
    for (const [g, e] of [
      [h!, hw!],
      [p!, pw!],
    ] as const) {
      if (exact) expect(g.dataSync()).toEqual(e.dataSync());
      else Array.from(e.dataSync()).forEach((v, i) => expect(g.dataSync()[i]).toBeCloseTo(v, 5));
    }
  });
  tf.dispose(held.flat());
  expect(tf.memory().numTensors).toBe(before);
  const token = tf.scalar(1, 'int32');
  const s = rand([1, 8], 20);
  const after = tf.memory().numTensors;
  for (let k = 0; k < 50; k++) tf.dispose(f(token, s) as T[]);
  expect(tf.memory().numTensors).toBe(after);
  tf.dispose([w, out, token, s, first]);
}

describe('small values as arrays: the generated code', () => {
  useBackend('cpu');

  it('runs the LSTM without a tfjs kernel call and makes a tensor only of what it returns', () => {
    const args = [rand([1, 4, 5], 1), rand([11, 24], 2), rand([24], 3), rand([6, 5], 4)];
    const f = jit(lstm, { autograph: false });
    tf.dispose(f(...(args as [T, T, T, T])));
    const code = f.concreteFunctions()[0]!.compiledSource()!;
    expect(code).not.toMatch(/H\.kernel/);
    expect(code).toMatch(/H\.matMulValues/);
    expect(code).toMatch(/H\.softmaxInto/);
    expect(code.match(/H\.tensorFrom/g)).toHaveLength(1);
    tf.dispose(args);
  });

  it('never writes into a buffer a returned tensor still holds, and leaks nothing', () => heldResultsStayIntact());

  it('a run inside a run of the same program (from a print sink) keeps the arrays of the outer run', () => {
    const w = rand([6, 4], 21);
    const b = rand([4], 22);
    let inner: T | undefined;
    let depth = 0;
    // concat → matMul → softmax on small values (arrays), a print between, the arrays read after it.
    const body = (x: T) => {
      const h = tf.concat([x, x], 1);
      const y = tf.matMul(h, w);
      print('step', tf.sum(y));
      return tf.softmax(tf.add(y, b));
    };
    const f = jit(body, { autograph: false });
    const x1 = rand([1, 3], 23);
    const x2 = rand([1, 3], 24);
    tf.dispose(f(x1) as T); // traced and compiled
    const restore = setPrintSink(() => {
      if (depth++ === 0) inner = tf.keep(f(x2) as T); // the same program again, while the outer run is at its print (kept: the outer run's scope would free it)
    });
    let got: T;
    try {
      got = f(x1) as T;
    } finally {
      setPrintSink(restore);
    }
    const want = tf.tidy(() => body(x1));
    const wantInner = tf.tidy(() => body(x2));
    expect(got.dataSync()).toEqual(want.dataSync());
    expect(inner!.dataSync()).toEqual(wantInner.dataSync());
    tf.dispose([got, want, inner!, wantInner, w, b, x1, x2]);
  });
});

describe('small float32 values on wasm: JS arrays, the cpu backend values', () => {
  /** The compiled executor's results on wasm and eager tfjs-cpu's, as arrays. */
  async function onBoth(
    fn: (...a: T[]) => T | T[],
    args: () => T[],
  ): Promise<{ wasm: number[][]; cpu: number[][]; code: string }> {
    const read = (r: T | T[]): number[][] => (Array.isArray(r) ? r : [r]).map((t) => Array.from(t.dataSync()));
    await useBackendNow('wasm');
    const a = args();
    const f = jit(fn, { autograph: false });
    const out = f(...a);
    const wasm = read(out);
    const code = f.concreteFunctions()[0]!.compiledSource()!;
    const before = tf.memory().numTensors;
    for (let k = 0; k < 20; k++) tf.dispose(f(...a));
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([out, a].flat());
    for (const cf of f.concreteFunctions()) cf.dispose();
    await useBackendNow('cpu');
    const b = args();
    const cpu = tf.tidy(() => read(fn(...b)));
    tf.dispose(b);
    return { wasm, cpu, code };
  }
  const useBackendNow = async (name: string) => {
    await tf.setBackend(name);
  };

  it('an LSTM runs without a tfjs-wasm kernel call and equals eager cpu bit for bit', async () => {
    const { wasm, cpu, code } = await onBoth(lstm, () => [
      rand([1, 4, 5], 1),
      rand([11, 24], 2),
      rand([24], 3),
      rand([6, 5], 4),
    ]);
    expect(code).not.toMatch(/H\.kernel/);
    expect(code).toMatch(/H\.matMulValues/);
    expect(wasm).toEqual(cpu);
  });

  it('a greedy decoder step (int32 token and argMax in tfjs-wasm kernels) equals eager cpu bit for bit', async () => {
    const { wasm, cpu, code } = await onBoth(decodeStep, () => [
      tf.scalar(3, 'int32'),
      rand([1, 8], 5),
      rand([13, 8], 6),
      rand([8, 5], 7),
    ]);
    expect(code).toMatch(/H\.softmaxInto/);
    expect(wasm).toEqual(cpu);
  });

  it('never writes into a buffer a returned tensor still holds, and leaks nothing', async () => {
    await useBackendNow('wasm');
    try {
      heldResultsStayIntact(false);
    } finally {
      await useBackendNow('cpu');
    }
  });

  it('NaN and infinities through tanh, sigmoid, exp and relu: the cpu backend values', async () => {
    const fn = (x: T, w: T) => {
      const y = tf.matMul(x, w);
      return [
        tf.tanh(y),
        tf.sigmoid(y),
        tf.exp(tf.neg(tf.abs(y))),
        tf.relu(tf.mul(y, -1)),
        tf.maximum(y, tf.scalar(0.5)),
      ];
    };
    const { wasm, cpu, code } = await onBoth(fn, () => [
      tf.tensor2d([
        [NaN, 1, -2],
        [Infinity, 0, 3],
        [-Infinity, -0, 1e-40],
      ]),
      rand([3, 4], 30),
    ]);
    expect(code).not.toMatch(/H\.kernel/);
    expect(wasm.map((r) => r.map(String))).toEqual(cpu.map((r) => r.map(String)));
  });

  it('a tensor made on wasm from an array of another type than its dtype holds its values', async () => {
    await useBackendNow('wasm');
    try {
      const H = makeHelpers('wasm');
      const t = H.tensorFrom(0, new Int32Array([1, -2, 16777217]), [3], 'float32');
      expect(Array.from(t.dataSync())).toEqual([1, -2, 16777216]);
      t.dispose();
    } finally {
      await useBackendNow('cpu');
    }
  });

  it('int32 arithmetic stays in tfjs-wasm kernels; a Cast to float32 in JS rounds as tfjs-wasm does', async () => {
    await useBackendNow('wasm');
    const f = jit(
      (i: T, x: T) => [
        tf.add(tf.mul(i, i), tf.scalar(3, 'int32')),
        tf.cast(i, 'float32'),
        tf.add(x, tf.cast(i, 'float32')),
      ],
      { autograph: false },
    );
    const i = tf.tensor1d([16777217, -5, 7], 'int32');
    const x = tf.tensor1d([0.5, 1.5, 2.5]);
    const [a, b, c] = f(i, x) as T[];
    const eager = tf.tidy(() =>
      [tf.add(tf.mul(i, i), tf.scalar(3, 'int32')), tf.cast(i, 'float32'), tf.add(x, tf.cast(i, 'float32'))].map((t) =>
        Array.from(t.dataSync()),
      ),
    );
    expect([a!, b!, c!].map((t) => Array.from(t.dataSync()))).toEqual(eager);
    const code = f.concreteFunctions()[0]!.compiledSource()!;
    expect(code).toMatch(/H\.kernel\("Multiply"/);
    // The Cast returned alone is a JS loop storing into a Float32Array (the one fused with the add
    // stays a tfjs-wasm kernel): 2^24 + 1 rounds to 2^24, where the cpu backend keeps 16777217.
    expect(code).toMatch(/H\.buffer\(\d+, 'float32', 3\)/);
    expect(b!.dataSync()[0]).toBe(16777216);
    tf.dispose([a!, b!, c!, i, x]);
    for (const cf of f.concreteFunctions()) cf.dispose();
    await useBackendNow('cpu');
  });
});
