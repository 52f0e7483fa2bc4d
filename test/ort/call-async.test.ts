// `callAsync` of the onnxruntime executor computes on the values its arguments and captured
// variables have at the call: a variable assigned, or an input disposed, right after the call does
// not change or break the result, also inside tf.tidy; nothing is left as an unhandled rejection.
// Needs onnxruntime-node, tfjs, src.
import * as tf from '@tensorflow/tfjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

const rejections: unknown[] = [];
const onRejection = (e: unknown) => void rejections.push(e);

beforeAll(async () => {
  await tf.setBackend('cpu');
  process.on('unhandledRejection', onRejection);
});
afterAll(() => {
  process.off('unhandledRejection', onRejection);
});
beforeEach(() => {
  rejections.length = 0;
});
afterEach(async () => {
  // Let any stray promise settle, then check none was left rejected.
  await new Promise((r) => setTimeout(r, 50));
  expect(rejections).toEqual([]);
});

const values = (t: unknown) => Array.from((t as tf.Tensor).dataSync());

describe('callAsync snapshots its inputs and captured variables at the call', () => {
  it('a variable assigned right after the call does not change the result', async () => {
    const v = tf.variable(tf.tensor1d([1, 2]), true, 'scale_after');
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, v), { autograph: false, executor: 'onnxruntime' });
    const x = tf.tensor1d([3, 4]);
    const cf = f.getConcreteFunction(x);
    const pending = cf.callAsync(x);
    v.assign(tf.tensor1d([100, 100]));
    expect(values(await pending)).toEqual([3, 8]);
    expect(values(await cf.callAsync(x))).toEqual([300, 400]);
    v.dispose();
  });

  it('an input disposed right after the call does not fail it', async () => {
    const f = ag.jit((x: tf.Tensor) => tf.add(x, 1), { autograph: false, executor: 'onnxruntime' });
    const cf = f.getConcreteFunction(tf.tensor1d([0, 0]));
    const x = tf.tensor1d([5, 6]);
    const pending = cf.callAsync(x);
    x.dispose();
    expect(values(await pending)).toEqual([6, 7]);
  });

  it('inside tf.tidy: the inputs tidy frees when it returns were already read', async () => {
    const v = tf.variable(tf.scalar(2), true, 'scale_tidy');
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, v), { autograph: false, executor: 'onnxruntime' });
    const cf = f.getConcreteFunction(tf.tensor1d([0, 0]));
    let pending: Promise<unknown> | undefined;
    tf.tidy(() => {
      pending = cf.callAsync(tf.tensor1d([1, 2]).mul(3)); // both tensors are freed when tidy returns
    });
    v.assign(tf.scalar(-1));
    expect(values(await pending!)).toEqual([6, 12]);
    v.dispose();
  });

  it('a variable written by the function is written when the call completes, from the values at the call', async () => {
    const total = tf.variable(tf.scalar(10), true, 'total_async');
    const f = ag.jit(
      (x: tf.Tensor) => {
        total.assign(tf.add(total, x));
        return tf.mul(total, 2);
      },
      { autograph: false, executor: 'onnxruntime' },
    );
    const cf = f.getConcreteFunction(tf.scalar(0));
    const result = await cf.callAsync(tf.scalar(5));
    expect(values(result)).toEqual([30]);
    expect(values(total)).toEqual([15]);
    total.dispose();
  });

  it('arguments of another signature are refused at the call, as call() refuses them', async () => {
    const cf = ag
      .jit((x: tf.Tensor) => tf.add(x, 1), { autograph: false, executor: 'onnxruntime' })
      .getConcreteFunction(tf.tensor1d([0, 0]));
    const e = await cf.callAsync(tf.tensor1d([1, 2, 3])).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(AutographError);
    expect((e as AutographError).id).toBe('api/signature-mismatch');
  });

  it('a disposed captured variable is a catalogued rejection of the returned promise, not an unhandled one', async () => {
    const v = tf.variable(tf.scalar(2), true, 'gone');
    const cf = ag
      .jit((x: tf.Tensor) => tf.mul(x, v), { autograph: false, executor: 'onnxruntime' })
      .getConcreteFunction(tf.scalar(1));
    v.dispose();
    const e = await cf.callAsync(tf.scalar(1)).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect((e as AutographError).id).toBe('exec/capture-disposed');
  });
});
