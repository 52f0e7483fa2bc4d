// @ts-nocheck -- converted code compares tensors with JS operators (`tf.sum(x) > 0`), which TS rejects
// Bad inputs to jit functions: each gives a catalogued error or the eager result, on both
// executors — never a crash inside the library. Wrong argument counts, non-tensors where tensors
// are expected, NaN/Infinity, disposed tensors, tensors of another backend, inputSignature
// mismatches, int32 overflow, empty tensors, zero-trip and capped loops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { CATALOGUE } from '../../src/errors/catalogue.js';

type T = tf.Tensor;
const scope = { tf, ag };
const EXECUTORS = ['interpreter', 'compiled'] as const;

/** The id of the catalogued error `f` throws (fails if it throws anything else, or nothing). */
function idOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(AutographError);
    const id = (e as AutographError).id;
    expect(CATALOGUE).toHaveProperty([id]);
    return id;
  }
  throw new Error('expected an error');
}

const read = (x: unknown): unknown => (x instanceof tf.Tensor ? x.arraySync() : x);

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe.each(EXECUTORS)('bad inputs, %s executor', (backend) => {
  const J = <F extends (...a: never[]) => unknown>(f: F, opts: ag.JitOptions = {}) =>
    ag.jit(f, { scope, executor: backend, ...opts });
  const addIfPositive = (x: T, y: T): T => {
    let s = x;
    if (tf.sum(x) > 0) s = x.add(y);
    return s;
  };

  it('too few arguments: api/missing-argument; extra arguments are ignored as in JS', () => {
    const f = J(addIfPositive);
    expect(idOf(() => (f as (...a: unknown[]) => unknown)())).toBe('api/missing-argument');
    expect(idOf(() => (f as (...a: unknown[]) => unknown)(tf.scalar(1)))).toBe('api/missing-argument');
    expect(read((f as (...a: unknown[]) => unknown)(tf.scalar(1), tf.scalar(2), tf.scalar(3)))).toBe(3);
  });

  it('undefined, null, strings, objects, functions and bigints where a tensor is expected fail as they fail eagerly', () => {
    const f = J(addIfPositive) as (...a: unknown[]) => unknown;
    for (const bad of [undefined, null, 'abc', {}, () => 1, 10n]) {
      let eager: unknown;
      try {
        addIfPositive(bad as T, tf.scalar(1));
      } catch (e) {
        eager = e;
      }
      expect(eager, String(bad)).toBeInstanceOf(Error);
      // tfjs's own argument check, raised from the user's call of tf.sum, as eagerly.
      expect(() => f(bad, tf.scalar(1))).toThrow(/passed to 'sum' must be|must be numeric tensor/);
    }
  });

  it('a symbol argument is api/unsupported-argument', () => {
    expect(idOf(() => (J(addIfPositive) as (...a: unknown[]) => unknown)(Symbol('s'), tf.scalar(1)))).toBe(
      'api/unsupported-argument',
    );
  });

  it('NaN and Infinity as JS numbers are cache-key values and compute as eagerly', () => {
    const f = J((x: number, y: T) => y.add(x).mul(2));
    for (const v of [NaN, Infinity, -Infinity, NaN]) {
      expect(read(f(v, tf.scalar(1)))).toEqual(read(tf.scalar(1).add(v).mul(2)));
    }
    expect(f.traceCount).toBe(3); // NaN is one key
  });

  it('NaN and Infinity inside tensors flow through staged control flow as eagerly', () => {
    const f = J((x: T) => {
      let y = x;
      if (tf.max(x) > 0) y = x.mul(2);
      else y = x.sub(1);
      return y;
    });
    for (const data of [
      [NaN, 1],
      [Infinity, -1],
      [-Infinity, NaN],
      [NaN, NaN],
    ]) {
      const x = tf.tensor1d(data);
      const eager = tf.max(x).arraySync() > 0 ? x.mul(2) : x.sub(1);
      expect(read(f(x))).toEqual(eager.arraySync());
    }
  });

  it('a disposed tensor is api/disposed-input (both the traced and the cached call)', () => {
    const f = J((x: T) => x.add(1));
    f(tf.scalar(1)).dispose();
    const d = tf.scalar(2);
    d.dispose();
    expect(idOf(() => f(d))).toBe('api/disposed-input');
    expect(idOf(() => J((x: T) => x.add(1))(d))).toBe('api/disposed-input');
  });

  it('a tensor of another backend (wasm) is read on cpu and gives the eager result there', async () => {
    await tf.setBackend('wasm');
    const w = tf.tensor1d([1, 2, 3]);
    await tf.setBackend('cpu');
    const f = J((x: T, y: T) => x.mul(y).add(1));
    const out = f(w, tf.tensor1d([2, 2, 2])) as T;
    expect(out.arraySync()).toEqual([3, 5, 7]);
    expect(tf.getBackend()).toBe('cpu');
    // The result lives on the active backend (cpu), not on wasm.
    expect(
      (tf.engine() as unknown as { state: { tensorInfo: WeakMap<object, { backend: unknown }> } }).state.tensorInfo.get(
        out.dataId,
      )?.backend,
    ).toBe(tf.backend());
    w.dispose();
  });

  it('inputSignature mismatches: shape, dtype, arity, non-tensor — each its id', () => {
    const g = J((x: T) => x.mul(2), { inputSignature: [ag.spec([2], 'float32')] }) as (...a: unknown[]) => unknown;
    expect(read(g(tf.tensor1d([1, 2])))).toEqual([2, 4]);
    expect(idOf(() => g(tf.tensor1d([1, 2, 3])))).toBe('api/signature-mismatch');
    expect(idOf(() => g(tf.tensor1d([1, 2], 'int32')))).toBe('api/signature-mismatch');
    expect(idOf(() => g())).toBe('api/signature-arity');
    expect(idOf(() => g(tf.ones([2]), tf.ones([2])))).toBe('api/signature-arity');
    expect(idOf(() => g(undefined))).toBe('api/signature-mismatch');
    expect(idOf(() => g([1, 2]))).toBe('api/signature-mismatch');
    const d = tf.ones([2]);
    d.dispose();
    expect(idOf(() => g(d))).toBe('api/disposed-input');
  });

  it('int32 overflow wraps exactly like eager tfjs (add, mul, loop accumulation)', () => {
    const f = J((x: T, y: T) => [x.add(y), x.mul(y), tf.neg(x)]);
    const cases: [number, number][] = [
      [2147483647, 1],
      [-2147483648, -1],
      [65536, 65536],
      [2147483647, 2147483647],
      [-2147483648, 0],
    ];
    for (const [a, b] of cases) {
      const x = tf.scalar(a, 'int32');
      const y = tf.scalar(b, 'int32');
      expect(
        (f(x, y) as T[]).map((t) => t.arraySync()),
        `${a}, ${b}`,
      ).toEqual([x.add(y), x.mul(y), tf.neg(x)].map((t) => t.arraySync()));
    }
    const acc = J((x: T, n: T) => {
      let s = x;
      for (let i = 0; i < n; i++) s = s.mul(tf.scalar(3, 'int32'));
      return s;
    });
    let eager = tf.scalar(7, 'int32');
    for (let i = 0; i < 40; i++) eager = eager.mul(tf.scalar(3, 'int32'));
    expect(read(acc(tf.scalar(7, 'int32'), tf.scalar(40, 'int32')))).toBe(eager.arraySync());
  });

  it('empty tensors compute as eagerly', () => {
    const f = J((x: T) => [x.add(1), tf.sum(x), tf.max(x.reshape([0, 3]), 1), x.concat(tf.ones([2]))]);
    const x = tf.tensor1d([]);
    const eager = [x.add(1), tf.sum(x), tf.max(x.reshape([0, 3]), 1), x.concat(tf.ones([2]))];
    expect((f(x) as T[]).map((t) => t.arraySync())).toEqual(eager.map((t) => t.arraySync()));
    expect((f(x) as T[]).map((t) => t.shape)).toEqual(eager.map((t) => t.shape));
  });

  it('zero-trip loops (while, for over a tensor bound, for…of an empty tensor) keep the initial values', () => {
    const f = J((x: T, n: T, xs: T) => {
      let a = x;
      let b = x;
      let k = tf.scalar(0, 'int32');
      while (k < n) {
        a = a.add(1);
        k = k.add(tf.scalar(1, 'int32'));
      }
      for (let i = 0; i < n; i++) b = b.mul(2);
      let c = x;
      for (const e of xs) c = c.add(e);
      return [a, b, c];
    });
    const out = f(tf.scalar(5), tf.scalar(0, 'int32'), tf.zeros([0])) as T[];
    expect(out.map((t) => t.arraySync())).toEqual([5, 5, 5]);
    const neg = f(tf.scalar(5), tf.scalar(-3, 'int32'), tf.zeros([0])) as T[];
    expect(neg.map((t) => t.arraySync())).toEqual([5, 5, 5]);
  });

  it('a loop that would never end stops at maximumIterations (setLoopOptions and whileLoop)', () => {
    const f = J((x: T) => {
      let i = tf.scalar(0);
      while (tf.greater(x, -1)) {
        ag.setLoopOptions({ maximumIterations: 7 });
        i = i.add(1);
      }
      return i;
    });
    expect(read(f(tf.scalar(1)))).toBe(7);
    const g = J((x: T) =>
      ag.whileLoop(
        (v: T) => tf.greater(v, -1),
        (v: T) => [v.add(1)],
        [x],
        { maximumIterations: 1000 },
      ),
    );
    expect(read((g(tf.scalar(0)) as T[])[0])).toBe(1000);
  });

  it('an invalid maximumIterations or maxTraces is a catalogued error', () => {
    expect(idOf(() => ag.setLoopOptions({ maximumIterations: -1 }))).toBe('while/max-iterations');
    expect(idOf(() => J((x: T) => x, { maxTraces: 0 }))).toBe('api/bad-max-traces');
    expect(idOf(() => J((x: T) => x, { maxTraces: 1.5 }))).toBe('api/bad-max-traces');
  });

  it('a branch that calls a tensor method on a JS number fails with the user TypeError, located in converted code', () => {
    // Both branches of a staged if are traced (TF's rule): `x.add` runs although x is NaN here.
    const f = J(addIfPositive) as (...a: unknown[]) => unknown;
    expect(() => f(NaN, tf.scalar(1))).toThrow(TypeError);
  });
});

afterAll(() => {
  tf.disposeVariables();
});
