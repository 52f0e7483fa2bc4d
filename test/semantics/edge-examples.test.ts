// The edge cases that once gave another answer than JavaScript, each as a function on tensors run
// eagerly, through the interpreter, the compiled executor and onnxruntime, against plain JS on the
// dtype-rounded values (results stored in the result's dtype: float32 rounds, int32 is `| 0`).
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOutcome, releaseJit, runPath, sameValue, storeJs, toDType, type DT, type Path } from './paths.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;
const PATHS: Path[] = ['eager', 'interpreter', 'compiled', 'onnxruntime'];

interface Example {
  readonly name: string;
  readonly fn: (...xs: N[]) => unknown;
  readonly args: readonly [number, DT][];
  /** The value JS gives, for the record (checked against the function on JS numbers too). */
  readonly js: number | boolean;
  /** The oracle where a documented rule makes it other than the function on JS numbers. */
  readonly oracle?: (...xs: N[]) => unknown;
  /** Paths where a documented difference stands (docs/limitations.md). */
  readonly skip?: readonly Path[];
}

// onnxruntime rounds an int32 → float32 cast (tfjs's cpu backend and JS keep the integer), and its
// Where gives +0 for a selected -0 (docs/limitations.md).
const ORT = ['onnxruntime'] as const;

const examples: Example[] = [
  { name: '5 >> 31 (shift counts are mod 32)', fn: (a) => a >> 31, args: [[5, 'int32']], js: 0 },
  { name: '-5 >> 31', fn: (a) => a >> 31, args: [[-5, 'int32']], js: -1 },
  { name: '1 << 32 (count 0)', fn: (a) => a << 32, args: [[1, 'int32']], js: 1 },
  { name: 'Math.round(0.49999997)', fn: (a) => Math.round(a), args: [[0.49999997, 'float32']], js: 0 },
  { name: 'Math.round(8388609)', fn: (a) => Math.round(a), args: [[8388609, 'float32']], js: 8388609 },
  { name: 'Math.round(-2.5)', fn: (a) => Math.round(a), args: [[-2.5, 'float32']], js: -2 },
  {
    name: '(-7 / 0) | 0 on float32',
    fn: (a, b) => (a / b) | 0,
    args: [
      [-7, 'float32'],
      [0, 'float32'],
    ],
    js: 0,
  },
  {
    name: '(-7 / 0) | 0 on int32',
    fn: (a, b) => (a / b) | 0,
    args: [
      [-7, 'int32'],
      [0, 'int32'],
    ],
    js: 0,
  },
  {
    name: 'Math.trunc(-7 / 0) on float32',
    fn: (a, b) => Math.trunc(a / b),
    args: [
      [-7, 'float32'],
      [0, 'float32'],
    ],
    js: -Infinity,
  },
  {
    name: '-5 % Infinity',
    fn: (a, b) => a % b,
    args: [
      [-5, 'float32'],
      [Infinity, 'float32'],
    ],
    js: -5,
  },
  {
    name: '-6 % 3 is -0',
    fn: (a, b) => a % b,
    args: [
      [-6, 'float32'],
      [3, 'float32'],
    ],
    js: -0,
    skip: ORT,
  },
  { name: 'Math.abs(2147483647) on int32', fn: (a) => Math.abs(a), args: [[2147483647, 'int32']], js: 2147483647 },
  { name: 'Math.sign(NaN)', fn: (a) => Math.sign(a), args: [[NaN, 'float32']], js: NaN },
  { name: 'Math.sign(-0)', fn: (a) => Math.sign(a), args: [[-0, 'float32']], js: -0 },
  {
    name: 'i / j with (16777217, 2147483647)',
    fn: (a, b) => a / b,
    args: [
      [16777217, 'int32'],
      [2147483647, 'int32'],
    ],
    js: 16777217 / 2147483647,
    skip: ORT,
  },
  { name: 'i * 1.5 with 16777217', fn: (a) => a * 1.5, args: [[16777217, 'int32']], js: 25165825.5, skip: ORT },
  {
    name: '(x > 0 ? Math.abs(j) : j) * 1.5 with j = -2^31 (Math.abs(-2^31) is -2^31 in int32)',
    fn: (x, j) => (x > 0 ? Math.abs(j) : j) * 1.5,
    oracle: (x, j) => (x > 0 ? Math.abs(j) | 0 : j) * 1.5,
    args: [
      [1, 'float32'],
      [-2147483648, 'int32'],
    ],
    js: -3221225472,
  },
  { name: 'Math.fround(16777217)', fn: (a) => Math.fround(a), args: [[16777217, 'int32']], js: 16777216 },
  {
    name: 'true === 1',
    fn: (a, b) => a === b,
    args: [
      [1, 'bool'],
      [1, 'int32'],
    ],
    js: false,
  },
  {
    name: '7.9 & 3 (ToInt32)',
    fn: (a, b) => a & b,
    args: [
      [7.9, 'float32'],
      [3, 'float32'],
    ],
    js: 3,
  },
  { name: '-1 >>> 28', fn: (a) => a >>> 28, args: [[-1, 'int32']], js: 15 },
  // onnxruntime's ReduceMax/ReduceMin skip a NaN that is not first: the export makes them NaN, as tfjs does.
  {
    name: 'tf.max([1, NaN]) is NaN',
    fn: (a, b) => tf.max(tf.stack([a, b])),
    oracle: (a, b) => Math.max(a, b),
    args: [
      [1, 'float32'],
      [NaN, 'float32'],
    ],
    js: NaN,
  },
  {
    name: 'tf.min([1, NaN]) is NaN',
    fn: (a, b) => tf.min(tf.stack([a, b])),
    oracle: (a, b) => Math.min(a, b),
    args: [
      [1, 'float32'],
      [NaN, 'float32'],
    ],
    js: NaN,
  },
];

describe('edge cases equal JS', () => {
  for (const e of examples) {
    afterAll(() => releaseJit(e.fn));
    it(e.name, async () => {
      const xs = e.args.map(([v, d]) => toDType(d, v));
      // The function on JS numbers is the oracle (the `js` field says what it is, for readers).
      const plain = (e.oracle ?? e.fn)(...xs.map((x, i) => (e.args[i]![1] === 'bool' ? Boolean(x) : x)));
      expect(plain).toBe(e.js);
      const problems: string[] = [];
      for (const path of PATHS.filter((p) => !e.skip?.includes(p))) {
        const got = await runPath(path, e.fn, () => e.args.map(([v, d]) => tf.scalar(v, d)));
        const ok = !('error' in got) && sameValue(got.values[0]!, storeJs(got.dtype, plain));
        if (!ok) problems.push(`${path}: ${describeOutcome(got)}, JS ${String(plain)}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
