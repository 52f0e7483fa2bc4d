// Runtime operator dispatch: plain JS on JS values; tfjs ops on tensors with JS weak typing and
// JS semantics for %, / and the integer-division idioms; Math.* on tensors.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tf from '@tensorflow/tfjs';
import * as op from '../../src/runtime/operators.js';
import { MathDispatch } from '../../src/runtime/math.js';

const v = (x: unknown) => (x as tf.Tensor).arraySync();
const i32 = (x: number) => tf.scalar(x, 'int32');

describe('operators on JS values are the JS operators', () => {
  it('numbers, strings, booleans, objects', () => {
    expect(op.add(1, 2)).toBe(3);
    expect(op.add('a', 1)).toBe('a1');
    expect(op.mod(-7, 2)).toBe(-1);
    expect(op.div(7, 2)).toBe(3.5);
    expect(op.eq(null, undefined)).toBe(true);
    expect(op.strictEq(null, undefined)).toBe(false);
    expect(op.not(0)).toBe(true);
    expect(op.inc('4')).toBe(5);
    expect(op.bitOr(7.9, 0)).toBe(7);
    expect(op.intDiv(-7, 2)).toBe(-3);
    expect(op.floorDiv(-7, 2)).toBe(-4);
  });
});

describe('weak typing of JS numbers with tensors', () => {
  it('an int32 tensor times an integer stays int32', () => {
    const r = op.mul(i32(3), 10) as tf.Tensor;
    expect(r.dtype).toBe('int32');
    expect(v(r)).toBe(30);
  });
  it('a fractional number promotes to float32', () => {
    const r = op.mul(i32(3), 2.5) as tf.Tensor;
    expect(r.dtype).toBe('float32');
    expect(v(r)).toBe(7.5);
  });
  it('bool tensors count as 0/1 in arithmetic', () => {
    expect(v(op.add(tf.scalar(true, 'bool'), 1))).toBe(2);
  });
  it('comparisons give bool tensors', () => {
    const r = op.gt(i32(3), 2) as tf.Tensor;
    expect(r.dtype).toBe('bool');
    expect(v(r)).toBe(1);
    expect(v(op.strictEq(i32(3), 3))).toBe(1);
  });
  it('comparing a tensor with null or a string is plain JS', () => {
    expect(op.strictEq(i32(3), null)).toBe(false);
  });
});

describe('division and remainder on int32 tensors are exact and follow JS', () => {
  const pair = fc.tuple(
    fc.integer({ min: -1000, max: 1000 }),
    fc.integer({ min: -50, max: 50 }).filter((b) => b !== 0),
  );
  it('/ is true division (float32)', () => {
    const r = op.div(i32(7), i32(2)) as tf.Tensor;
    expect(r.dtype).toBe('float32');
    expect(v(r)).toBe(3.5);
  });
  it('% has the sign of the dividend, like JS', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(v(op.mod(i32(a), i32(b)))).toBe(a % b === 0 ? 0 : a % b);
      }),
      { numRuns: 200 },
    );
  });
  it('Math.floor(a / b), Math.trunc(a / b), (a / b) | 0 stay int32 and exact', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const fl = op.floorDiv(i32(a), i32(b)) as tf.Tensor;
        expect(fl.dtype).toBe('int32');
        const z = (x: number) => (x === 0 ? 0 : x); // int32 has no -0
        expect(v(fl)).toBe(z(Math.floor(a / b)));
        expect(v(op.truncDiv(i32(a), i32(b)))).toBe(z(Math.trunc(a / b)));
        expect(v(op.intDiv(i32(a), i32(b)))).toBe((a / b) | 0);
      }),
      { numRuns: 200 },
    );
  });
  it('unary operators', () => {
    expect(v(op.neg(i32(3)))).toBe(-3);
    expect(v(op.bitNot(i32(3)))).toBe(~3);
    expect(v(op.not(i32(0)))).toBe(1);
    expect(v(op.shl(i32(3), 2))).toBe(12);
    expect(v(op.shr(i32(-9), 1))).toBe(-9 >> 1);
  });
});

describe('Math on tensors', () => {
  it('maps to tfjs ops, keeps int32 where JS gives integers', () => {
    expect(v(MathDispatch.abs!(i32(-3)))).toBe(3);
    expect((MathDispatch.floor!(i32(3)) as tf.Tensor).dtype).toBe('int32');
    expect(v(MathDispatch.max!(i32(2), 5, i32(4)))).toBe(5);
    expect(v(MathDispatch.sqrt!(tf.scalar(9)))).toBe(3);
    expect(v(MathDispatch.round!(tf.scalar(2.5)))).toBe(3); // JS rounds halves up
    expect(MathDispatch.abs!(-2)).toBe(2);
  });
});
