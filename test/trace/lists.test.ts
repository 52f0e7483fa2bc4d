// Tensor lists: arrays appended to in staged loops, stacked into tensors with a run-time length.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const values = (t: unknown) => Array.from((t as tf.Tensor).dataSync());

const COMBOS = (['cpu', 'wasm'] as const).flatMap((tfBackend) =>
  (['compiled', 'interpreter'] as const).map((executor) => ({ tfBackend, executor })),
);

describe.each(COMBOS)('lists on $tfBackend with the $executor executor', ({ tfBackend, executor }) => {
  beforeAll(async () => {
    await tf.setBackend(tfBackend);
  });
  afterAll(async () => {
    await tf.setBackend('cpu');
  });
  it('a declared list pushed in a staged loop stacks to [0..n-1] (seed: n = 5)', () => {
    const f = ag.jit(
      (n: tf.Tensor) => {
        const z: unknown[] = [];
        ag.setElementType(z, 'int32');
        const one = tf.scalar(1, 'int32');
        const [, list] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, l) => [tf.add(i, one), (l as unknown as ag.TensorList).push(i)],
          [0, z],
        );
        return ag.stack(list);
      },
      { autograph: false, executor },
    );
    const r = f(tf.scalar(5, 'int32')) as tf.Tensor;
    expect(r.shape).toEqual([5]);
    expect(r.dtype).toBe('int32');
    expect(values(r)).toEqual([0, 1, 2, 3, 4]);
    expect((f(tf.scalar(0, 'int32')) as tf.Tensor).shape).toEqual([0]);
    expect(f.traceCount).toBe(1);
    expect(f.concreteFunctions()[0]!.graph.toString()).toContain('int32[?] = ListStack');
  });

  it('an undeclared array appended to in a staged loop is inferred from its first element', () => {
    const f = ag.jit(
      (x: tf.Tensor, n: tf.Tensor) => {
        const [, rows] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, r) => {
            (r as unknown[]).push(tf.mul(x, tf.cast(i, 'float32')));
            return [tf.add(i, 1), r];
          },
          [0, [] as unknown[]],
        );
        return ag.stack(rows);
      },
      { autograph: false, executor },
    );
    const r = f(tf.tensor1d([1, 2]), tf.scalar(3, 'int32')) as tf.Tensor;
    expect(r.shape).toEqual([3, 2]);
    expect(values(r)).toEqual([0, 0, 1, 2, 2, 4]);
  });

  it('a stacked list feeds a reduction, a matMul, a reshape with -1 and concat', () => {
    const w = tf.tensor2d([
      [1, 0],
      [0, 2],
    ]);
    const f = ag.jit(
      (x: tf.Tensor, n: tf.Tensor) => {
        const z: unknown[] = [];
        ag.setElementType(z, 'float32', [2]);
        const [, list] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, l) => [tf.add(i, 1), (l as unknown as ag.TensorList).push(tf.add(x, tf.cast(i, 'float32')))],
          [0, z],
        );
        const s = ag.stack(list); // [?, 2]
        return {
          total: tf.sum(s),
          product: tf.matMul(s, w),
          flat: tf.reshape(s, [-1]),
          more: tf.concat([s, tf.ones([1, 2])], 0),
          firstTwo: tf.slice(s, [0, 0], [2, -1]),
          picked: tf.gather(s, tf.tensor1d([2, 0], 'int32')),
          scaled: tf.mul(s, tf.scalar(2)),
        };
      },
      { autograph: false, executor },
    );
    const r = f(tf.tensor1d([1, 1]), tf.scalar(3, 'int32')) as unknown as Record<string, tf.Tensor>;
    expect(values(r.total)).toEqual([12]);
    expect(values(r.product)).toEqual([1, 2, 2, 4, 3, 6]);
    expect(r.product!.shape).toEqual([3, 2]);
    expect(values(r.flat)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(r.more!.shape).toEqual([4, 2]);
    expect(values(r.firstTwo)).toEqual([1, 1, 2, 2]);
    expect(values(r.picked)).toEqual([3, 3, 1, 1]);
    expect(values(r.scaled)).toEqual([2, 2, 4, 4, 6, 6]);
  });

  it('length, get and pop on a staged list', () => {
    const f = ag.jit(
      (n: tf.Tensor) => {
        const z: unknown[] = [];
        ag.setElementType(z, 'int32');
        const one = tf.scalar(1, 'int32');
        const [, l] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, l) => [tf.add(i, one), (l as unknown as ag.TensorList).push(tf.mul(i, i))],
          [0, z],
        );
        const list = l as unknown as ag.TensorList;
        const len = list.length;
        const second = (list as unknown as tf.Tensor[])[1]!; // list[i] with a JS number, as on an array
        expect(list.get(1).shape).toEqual(second.shape);
        const last = list.pop();
        return [len, second, last, ag.stack(list)];
      },
      { autograph: false, executor },
    );
    const [len, second, last, rest] = f(tf.scalar(4, 'int32')) as tf.Tensor[];
    expect(values(len)).toEqual([4]);
    expect(values(second)).toEqual([1]);
    expect(values(last)).toEqual([9]);
    expect(values(rest)).toEqual([0, 1, 4]);
  });

  it('a list pushed in one branch of a staged cond', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        const z: unknown[] = [tf.scalar(1)];
        ag.setElementType(z, 'float32', []);
        const out = ag.cond(
          tf.greater(x, 0),
          () => {
            const y = [...z, x];
            ag.setElementType(y, 'float32', []);
            return y;
          },
          () => z,
        );
        return ag.stack(out as unknown[]);
      },
      { autograph: false, executor },
    );
    expect(values(f(tf.scalar(5)))).toEqual([1, 5]);
    expect(values(f(tf.scalar(-5)))).toEqual([1]);
  });

  it('memory stays flat over many calls with lists', () => {
    const f = ag.jit(
      (n: tf.Tensor) => {
        const [, l] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, l) => {
            (l as unknown[]).push(tf.ones([2]));
            return [tf.add(i, 1), l];
          },
          [0, [] as unknown[]],
        );
        return ag.stack(l);
      },
      { autograph: false, executor },
    );
    const n = tf.scalar(3, 'int32');
    tf.dispose(f(n) as tf.Tensor);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 200; i++) tf.dispose(f(n) as tf.Tensor);
    expect(tf.memory().numTensors).toBe(before);
  });
});

describe('list errors and eager use', () => {
  it('stacking an empty list of unknown element type is a catalogued error', () => {
    try {
      ag.stack([]);
      throw new Error('expected an error');
    } catch (e) {
      expect((e as AutographError).id).toBe('list/unknown-element-type');
      expect((e as Error).message).toContain(
        'cannot stack a list without knowing its element type; use ag.setElementType',
      );
    }
    const z: unknown[] = [];
    ag.setElementType(z, 'int32', [2]);
    expect(ag.stack(z).shape).toEqual([0, 2]);
    expect(values(ag.stack([1, 2, 3]))).toEqual([1, 2, 3]);
  });

  it('a list element of the wrong type is rejected', () => {
    const f = ag.jit(
      (n: tf.Tensor) => {
        const z: unknown[] = [];
        ag.setElementType(z, 'int32');
        const [, l] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, l) => [tf.add(i, 1), (l as unknown as ag.TensorList).push(tf.cast(i, 'float32'))],
          [0, z],
        );
        return ag.stack(l);
      },
      { autograph: false },
    );
    expect(() => f(tf.scalar(2, 'int32'))).toThrow(/list\/element-mismatch/);
  });
});
