// jit's call path on a cache hit: calls whose arguments are tensors and JS primitives are looked up
// by a short key that must tell apart every signature signatureOf tells apart (0 and -0, 1 and '1'
// and true, null and undefined, strings with any characters, the receiver); the eager fallback closes
// its scope when the function throws; a returned flat array is rebuilt fresh on every call; the
// gradient tape still records a call that hits.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { engineState } from '../../src/engine/tfjs-engine.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const quiet = (): void => {};

describe('the call key of tensors and JS primitives', () => {
  it('gives each primitive its own trace, as the signature does, and hits it again', () => {
    let traces = 0;
    const f = ag.jit(
      (x: tf.Tensor, k: unknown) => {
        traces++;
        const factor =
          typeof k === 'string'
            ? 10 + k.length
            : k === null
              ? 20
              : k === undefined
                ? 30
                : Object.is(k, -0)
                  ? -1
                  : typeof k === 'boolean'
                    ? 40
                    : Number(k);
        return tf.mul(x, factor);
      },
      { autograph: false, onWarning: quiet },
    );
    const x = tf.scalar(2);
    const cases: [unknown, number][] = [
      [0, 0],
      [-0, -2],
      [1, 2],
      ['1', 22],
      [true, 80],
      [null, 40],
      [undefined, 60],
      ['a|n:1', 2 * 15],
      ['a', 22],
      [NaN, NaN],
      [3n, 6],
    ];
    const before = tf.memory().numTensors;
    for (let round = 0; round < 3; round++) {
      for (const [k, expected] of cases) {
        const y = f(x, k);
        expect(y.dataSync()[0]).toBe(expected);
        y.dispose();
      }
      expect(traces).toBe(cases.length);
    }
    expect(f.traceCount).toBe(cases.length);
    expect(f.concreteFunctions()).toHaveLength(cases.length);
    expect(tf.memory().numTensors).toBe(before);
    x.dispose();
  });

  it('tells a repeated call from one that only looks like it: a disposed tensor, a variable, another shape or dtype', () => {
    const f = ag.jit((x: tf.Tensor, k: number) => tf.mul(x, k), { autograph: false, onWarning: quiet });
    const x = tf.tensor2d([[1, 2]]);
    const read = (t: tf.Tensor): number[] => {
      const v = Array.from(t.dataSync());
      t.dispose();
      return v;
    };
    expect(read(f(x, 2))).toEqual([2, 4]);
    expect(read(f(x, 2))).toEqual([2, 4]);
    const gone = tf.tensor2d([[5, 6]]);
    gone.dispose();
    expect(() => f(gone, 2)).toThrow(/api\/disposed-input/);
    const v = tf.variable(tf.tensor2d([[3, 4]]));
    expect(read(f(v, 2))).toEqual([6, 8]);
    v.assign(tf.tensor2d([[5, 5]]));
    expect(read(f(v, 2))).toEqual([10, 10]);
    expect(read(f(x, 2))).toEqual([2, 4]);
    expect(read(f(tf.tensor2d([[1], [2]]), 2))).toEqual([2, 4]);
    expect(read(f(tf.tensor2d([[1, 2]], [1, 2], 'int32'), 2))).toEqual([2, 4]);
    expect(read(f(x, 2))).toEqual([2, 4]);
    expect(f.traceCount).toBe(4); // float32[1,2], the variable, float32[2,1], int32[1,2]
    v.dispose();
    x.dispose();
  });

  it('keys a method call by its receiver as well', () => {
    const scaled = ag.jit(
      function (this: { k: number }, x: tf.Tensor, add: number) {
        return tf.add(tf.mul(x, this.k), add);
      },
      { autograph: false, onWarning: quiet },
    );
    const a = { k: 2, scaled };
    const b = { k: 3, scaled };
    const x = tf.scalar(5);
    for (let i = 0; i < 3; i++) {
      expect(a.scaled(x, 1).dataSync()[0]).toBe(11);
      expect(b.scaled(x, 1).dataSync()[0]).toBe(16);
    }
    expect(scaled.traceCount).toBe(2);
  });

  it('still records a call that hits on the gradient tape', () => {
    const f = ag.jit((x: tf.Tensor, k: number) => tf.sum(tf.mul(tf.square(x), k)), { autograph: false });
    const x = tf.tensor1d([1, 2, 3]);
    for (let i = 0; i < 3; i++) {
      const g = tf.grad((v: tf.Tensor) => f(v, 0.5) as tf.Scalar)(x);
      expect(Array.from(g.dataSync())).toEqual([1, 2, 3]);
      g.dispose();
    }
    expect(f.traceCount).toBe(1);
  });
});

describe('the eager fallback on a hit', () => {
  it('closes its scope and frees what it made when the function throws', () => {
    const f = ag.jit(
      (x: tf.Tensor, fail: boolean) => {
        const y = tf.add(x, 1);
        const v = y.dataSync()[0]!;
        if (fail) throw new Error('failed on purpose');
        return tf.mul(y, v);
      },
      { autograph: false, onSymbolicRead: 'eager', onWarning: quiet },
    );
    const x = tf.scalar(2);
    const tensors = tf.memory().numTensors;
    const scopes = engineState().scopeStack.length;
    for (let i = 0; i < 3; i++) {
      expect(() => f(x, true)).toThrow('failed on purpose');
      expect(engineState().scopeStack.length).toBe(scopes);
      const y = f(x, false) as tf.Tensor;
      expect(y.dataSync()[0]).toBe(9);
      y.dispose();
    }
    expect(tf.memory().numTensors).toBe(tensors);
    expect(f.traceCount).toBe(0);
    x.dispose();
  });
});

describe('a returned flat array', () => {
  it('is a new array on every call, its items in the order returned, a repeated tensor repeated', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        const y = tf.neg(x);
        return [tf.add(x, 1), y, y];
      },
      { autograph: false },
    );
    const x = tf.tensor1d([1, 2]);
    const before = tf.memory().numTensors;
    const first = f(x);
    const second = f(x);
    expect(first).not.toBe(second);
    for (const out of [first, second]) {
      expect(out).toHaveLength(3);
      expect(Array.from(out[0]!.dataSync())).toEqual([2, 3]);
      expect(Array.from(out[1]!.dataSync())).toEqual([-1, -2]);
      expect(Array.from(out[2]!.dataSync())).toEqual([-1, -2]);
    }
    tf.dispose([...first, ...second]);
    expect(tf.memory().numTensors).toBe(before);
    const none = ag.jit((_x: tf.Tensor) => [] as tf.Tensor[], { autograph: false });
    expect(none(x)).toEqual([]);
    expect(none(x)).toEqual([]);
    x.dispose();
  });
});
