// JS truthiness in every staged construct: `if (x)`, `while (x)`, `do … while (x)`, `for (; x;)`,
// `!x`, `x && y`, `x || y`, `c ? a : b` and `assert(x)` on float32 and int32 tensors take NaN, 0
// and -0 as false, as JS does, and `&&`/`||` give an operand (`2 && 3` is 3). Each function runs as
// plain JS on the dtype-rounded values (the oracle), converted on eager tensors, through jit with
// the interpreter, the compiled executor and onnxruntime, and exported as a TF.js GraphModel.
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { describeOutcome, releaseJit, runPath, sameValue, storeJs, toDType, type DT, type Path } from './paths.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;
const PATHS: Path[] = ['eager', 'interpreter', 'compiled', 'onnxruntime', 'graph-model'];
const FLOATS = [0, -0, NaN, 1, -1, 0.5, Infinity, -Infinity, 1e-45, 3];
const INTS = [0, 1, -1, 3, -2147483648];

interface Case {
  readonly name: string;
  readonly fn: (x: N, y: N) => unknown;
  readonly dtypes: readonly DT[];
  /** Paths left out, with the reason. */
  readonly skip?: readonly Path[];
}

const cases: Case[] = [
  {
    name: 'if (x)',
    fn: (x, y) => {
      if (x) return y + 1;
      return y - 1;
    },
    dtypes: ['float32', 'int32'],
  },
  {
    name: 'if (!x)',
    fn: (x, y) => {
      if (!x) return y + 1;
      return y - 1;
    },
    dtypes: ['float32', 'int32'],
  },
  { name: '!x', fn: (x) => !x, dtypes: ['float32', 'int32'] },
  { name: '!!x', fn: (x) => !!x, dtypes: ['float32', 'int32'] },
  { name: 'x ? y : -y', fn: (x, y) => (x ? y : -y), dtypes: ['float32', 'int32'] },
  { name: 'x && y (an operand)', fn: (x, y) => x && y, dtypes: ['float32', 'int32'] },
  { name: 'x || y (an operand)', fn: (x, y) => x || y, dtypes: ['float32', 'int32'] },
  { name: 'x && y || x + y', fn: (x, y) => (x && y) || x + y, dtypes: ['float32', 'int32'] },
  {
    name: 'if (x && y > 0) (operands of two dtypes, only tested)',
    fn: (x, y) => {
      if (x && y > 0) return y;
      return -y;
    },
    dtypes: ['float32', 'int32'],
  },
  {
    name: 'if (x || y < 0)',
    fn: (x, y) => {
      if (x || y < 0) return y;
      return -y;
    },
    dtypes: ['float32', 'int32'],
  },
  {
    name: 'while (x): NaN runs zero times',
    fn: (x, y) => {
      let n = y - y;
      while (x) {
        n = n + 1;
        x = x - 1;
        if (n > 4) break;
      }
      return n;
    },
    dtypes: ['float32', 'int32'],
  },
  {
    name: 'do … while (x)',
    fn: (x, y) => {
      let n = y - y;
      do {
        n = n + 1;
        x = x - 1;
      } while (x && n < 4);
      return n;
    },
    dtypes: ['float32', 'int32'],
  },
  {
    name: 'for (; x;)',
    fn: (x, y) => {
      let n = y - y;
      for (; x; x = x - 1) {
        n = n + 2;
        if (n > 6) break;
      }
      return n;
    },
    dtypes: ['float32', 'int32'],
  },
];

const Y = 5;

function plainValue(dtype: DT, v: number): number {
  return toDType(dtype, v) as number;
}

for (const c of cases) {
  describe(c.name, () => {
    afterAll(() => releaseJit(c.fn));
    for (const dtype of c.dtypes) {
      const xs = dtype === 'float32' ? FLOATS : INTS;
      for (const path of PATHS.filter((p) => !c.skip?.includes(p))) {
        it(`${dtype}, ${path}`, async () => {
          const problems: string[] = [];
          for (const x of xs) {
            const expected = c.fn(plainValue(dtype, x), plainValue(dtype, Y));
            const got = await runPath(path, c.fn, () => [tf.scalar(x, dtype), tf.scalar(Y, dtype)]);
            const ok =
              !('error' in got) && got.values.length === 1 && sameValue(got.values[0]!, storeJs(got.dtype, expected));
            if (!ok)
              problems.push(
                `x = ${Object.is(x, -0) ? '-0' : x}: JS gives ${String(expected)}, ${path} ${describeOutcome(got)}`,
              );
          }
          expect(problems).toEqual([]);
        });
      }
    }
  });
}

describe('where JS and a tensor cannot agree, a catalogued error', () => {
  it('x && (y > 0) used as a value: the operands differ in dtype (float32, bool)', () => {
    const f = ag.jit((x: N, y: N) => x && y > 0, { scope: { tf } });
    expect(() => f(tf.scalar(1), tf.scalar(2))).toThrow(
      expect.objectContaining({ id: 'convert/logical-operand-types' }),
    );
  });
  it('eagerly the same code gives the operand, as JS does', () => {
    const g = ag.toGraph((x: N, y: N) => x && y > 0, { scope: { tf } });
    const r = tf.tidy(() => g(tf.scalar(0), tf.scalar(2)) as tf.Tensor);
    expect([r.dtype, r.dataSync()[0]]).toEqual(['float32', 0]);
    r.dispose();
  });
});

describe('assert(x) fails on NaN, 0 and -0', () => {
  const fn = (x: N) => {
    ag.assert(x, 'x is falsy');
    return x + 1;
  };
  for (const path of ['eager', 'interpreter', 'compiled'] as const) {
    it(path, async () => {
      const results: string[] = [];
      for (const x of [NaN, 0, -0, 1, -2]) {
        const got = await runPath(path, fn, () => [tf.scalar(x)], { tf, ag });
        results.push('error' in got ? got.error : 'ok');
      }
      expect(results).toEqual(['runtime/assert-failed', 'runtime/assert-failed', 'runtime/assert-failed', 'ok', 'ok']);
    });
  }
});
