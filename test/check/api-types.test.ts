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
    expectTypeOf(f.getConcreteFunction).parameters.toEqualTypeOf<
      [x: tf.Tensor | ag.TensorSpec, k: number | tf.Tensor | ag.TensorSpec] | []
    >();
    expectTypeOf(f.getConcreteFunction).returns.toEqualTypeOf<ag.ConcreteFunction<typeof scale>>();
    expectTypeOf<ag.ConcreteFunction<typeof scale>['call']>().parameters.toEqualTypeOf<
      [x: tf.Tensor, k: number | tf.Tensor]
    >();
    expectTypeOf<ag.ConcreteFunction<typeof scale>['call']>().returns.toEqualTypeOf<tf.Tensor>();
    expectTypeOf(f.concreteFunctions()).toEqualTypeOf<ag.ConcreteFunction<typeof scale>[]>();
  });

  it('toGraph, cond and whileLoop', () => {
    expectTypeOf(ag.toGraph(count)).parameters.toEqualTypeOf<[a: tf.Tensor | number]>();
    expectTypeOf(ag.toGraph(count)).returns.toEqualTypeOf<number | tf.Tensor>();
    expectTypeOf(
      ag.cond(
        true,
        () => 1,
        () => tf.scalar(2),
      ),
    ).toEqualTypeOf<number | tf.Scalar | tf.Tensor>();
    expectTypeOf(
      ag.whileLoop(
        (i) => tf.less(i, 3),
        (i) => [tf.add(i, 1)],
        [0],
      ),
    ).toEqualTypeOf<[number | tf.Tensor]>();
  });

  it('JitFunction.jsFunction is the function given (pythonFunction its deprecated alias)', () => {
    const f = ag.jit(scale);
    expectTypeOf(f.jsFunction).toEqualTypeOf<typeof scale>();
    expect(f.jsFunction).toBe(scale);
    expect(f.pythonFunction).toBe(scale);
  });
});

describe('jit returns what its type says', () => {
  const counted = (x: tf.Tensor) => {
    let n = 0;
    for (let i = 0; i < 3; i++) n = n + 1; // a JS loop: runs at trace time, `n` stays a JS number
    let halvings = 0;
    let y = x;
    while (tf.greater(y, 1)) {
      // staged: the condition is a tensor, so `halvings` becomes one
      y = tf.div(y, 2);
      halvings = halvings + 1;
    }
    return { t: tf.mul(x, 2), k: 3, half: 0.5, ok: true, n, halvings, name: 'counted' as const };
  };
  type Result = {
    t: tf.Tensor;
    k: tf.Tensor;
    half: tf.Tensor;
    ok: tf.Tensor;
    n: tf.Tensor;
    halvings: tf.Tensor;
    name: 'counted';
  };
  const expectAgreed = (r: Result): void => {
    const value = (t: tf.Tensor): [string, number[], number] => [t.dtype, t.shape, t.dataSync()[0]!];
    expect(value(r.t)).toEqual(['float32', [], 16]);
    expect(value(r.k)).toEqual(['int32', [], 3]); // a constant: the dtype a staged JS number takes
    expect(value(r.half)).toEqual(['float32', [], 0.5]);
    expect(value(r.ok)).toEqual(['bool', [], 1]);
    expect(value(r.n)).toEqual(['int32', [], 3]); // a JS loop counter
    expect(value(r.halvings)).toEqual(['int32', [], 3]); // a counter of a staged loop
    expect(r.name).toBe('counted'); // strings stay what they are, in the type too
  };

  it('returned constants and JS loop counters are tensors, as the type says (traced, and the trace cached)', () => {
    const f = ag.jit(counted, { scope: { tf } });
    expectTypeOf(f).returns.toEqualTypeOf<Result>();
    expectAgreed(f(tf.scalar(8)));
    expectAgreed(f(tf.scalar(8)));
    expect(f.traceCount).toBe(1);
    expectAgreed(f.getConcreteFunction(ag.spec([], 'float32')).call(tf.scalar(8)));
  });

  it('the same under runFunctionsEagerly and inlined into another jit function', () => {
    const f = ag.jit(counted, { scope: { tf } });
    const before = ag.runFunctionsEagerly(true);
    try {
      expectAgreed(f(tf.scalar(8)));
      expect(f.traceCount).toBe(0);
    } finally {
      ag.runFunctionsEagerly(before);
    }
    const outer = ag.jit(
      (x: tf.Tensor) => {
        const r = f(x);
        return { ...r, k: tf.add(r.k, tf.scalar(1, 'int32')) }; // r.k is an int32 tensor inside the outer trace too
      },
      { scope: { tf, f } },
    );
    const r = outer(tf.scalar(8));
    expect([r.k.dtype, r.k.dataSync()[0]]).toEqual(['int32', 4]);
    expectAgreed({ ...r, k: tf.sub(r.k, tf.scalar(1, 'int32')) });
  });
});
