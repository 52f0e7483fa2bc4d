// The API's types say what it does (checked by the project's tsc: `expectTypeOf` fails to compile
// when a type is wrong), and the renamed member is there at run time.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as ag from '../../src/index.js';

const scale = (x: tf.Tensor, k: number): tf.Tensor => tf.mul(x, k);
const count = (a: tf.Tensor | number): number => (typeof a === 'number' ? a : 0);
const pair = (x: tf.Tensor1D, flag: boolean) => ({ y: x, n: 1, ok: flag, name: 'pair' as const });

describe('the types of the API', () => {
  it('jit: tensors accepted for numbers and booleans, numbers and booleans returned as tensors', () => {
    const f = ag.jit(scale);
    expectTypeOf(f).parameters.toEqualTypeOf<[x: tf.Tensor, k: number | tf.Tensor]>();
    expectTypeOf(f).returns.toEqualTypeOf<tf.Tensor>();
    expectTypeOf(ag.jit(count)).returns.toEqualTypeOf<tf.Tensor>();
    // With onSymbolicRead: 'eager' a signature may run eagerly and return what the function returns.
    expectTypeOf(ag.jit(count, { onSymbolicRead: 'eager' })).returns.toEqualTypeOf<tf.Tensor | number>();
    const p = ag.jit(pair);
    expectTypeOf(p).parameters.toEqualTypeOf<[x: tf.Tensor1D, flag: boolean | tf.Tensor]>();
    expectTypeOf(p).returns.toEqualTypeOf<{ y: tf.Tensor1D; n: tf.Tensor; ok: tf.Tensor; name: 'pair' }>();
    // An untyped function stays untyped.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expectTypeOf(ag.jit((x: any) => x)).returns.toBeAny();
  });

  it('getConcreteFunction takes specs; ConcreteFunction.call is typed like the jit function', () => {
    const f = ag.jit(scale);
    expectTypeOf(f.getConcreteFunction).parameters.toEqualTypeOf<[x: tf.Tensor | ag.TensorSpec, k: number | tf.Tensor | ag.TensorSpec] | []>();
    expectTypeOf(f.getConcreteFunction).returns.toEqualTypeOf<ag.ConcreteFunction<typeof scale>>();
    expectTypeOf<ag.ConcreteFunction<typeof scale>['call']>().parameters.toEqualTypeOf<[x: tf.Tensor, k: number | tf.Tensor]>();
    expectTypeOf<ag.ConcreteFunction<typeof scale>['call']>().returns.toEqualTypeOf<tf.Tensor>();
    expectTypeOf(f.concreteFunctions()).toEqualTypeOf<ag.ConcreteFunction<typeof scale>[]>();
  });

  it('toGraph, cond and whileLoop', () => {
    expectTypeOf(ag.toGraph(count)).parameters.toEqualTypeOf<[a: tf.Tensor | number]>();
    expectTypeOf(ag.toGraph(count)).returns.toEqualTypeOf<number | tf.Tensor>();
    expectTypeOf(ag.cond(true, () => 1, () => tf.scalar(2))).toEqualTypeOf<number | tf.Scalar | tf.Tensor>();
    expectTypeOf(ag.whileLoop((i) => tf.less(i, 3), (i) => [tf.add(i, 1)], [0])).toEqualTypeOf<[number | tf.Tensor]>();
  });

  it('JitFunction.jsFunction is the function given (pythonFunction its deprecated alias)', () => {
    const f = ag.jit(scale);
    expectTypeOf(f.jsFunction).toEqualTypeOf<typeof scale>();
    expect(f.jsFunction).toBe(scale);
    expect(f.pythonFunction).toBe(scale);
  });
});
