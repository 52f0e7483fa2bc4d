// The reference scenarios (scenario-fns.ts) in P mode: each program run unconverted and through toGraph on JS values gives the
// same result; plus converted programs run eagerly on concrete tensors.
import { describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { toGraph } from '../../src/api/to-graph.js';
import * as S from './scenario-fns.js';

const scope = { tf, delta: S.delta };
type Fn = (...a: unknown[]) => unknown;
const conv = (f: Fn) => toGraph(f, { scope });

const CASES: [string, Fn, unknown[][]][] = [
  ['S1', S.s1, [[0], [1], [2]]],
  ['S2', S.s2, [[[]], [[1, 2]]]],
  ['S3', S.s3, [[[1, 2]]]],
  ['S4', S.s4, [[1], [0]]],
  ['S5', S.s5, [[[1, 2, 3, 4]]]],
  ['S6', S.s6, [[[1, 2, 3, 4]], [[2, 4, 5, 6]]]],
  ['S7', S.s7, [[4], [5]]],
  ['S11', S.s11, [[[1, 2]], [[]]]],
  ['S12', S.s12, [[3], [4], [0]]],
  ['S14', S.s14, [[0], [1]]],
  ['S15', S.s15, [[true], [false]]],
  ['S16', S.s16, [[true], [false]]],
  ['S17', S.s17, [[true], [false]]],
  ['S18', S.s18, [[true], [false]]],
  ['S19', S.s19, [[true, true], [true, false], [false, true]]],
  ['S21', S.s21, [[-1], [3], [6]]],
  ['S23', S.s23, [[1], [0]]],
  ['S23b', S.s23NoElse, [[1], [0]]],
  ['S28', S.s28, [[0], [3]]],
  ['S30', S.s30, [[[[1, 2], [3, 4]]]]],
  ['S32', S.s32, [[1]]],
  ['seed square_if_positive', S.squareIfPositive, [[9], [-2]]],
  ['seed collatz', S.collatz, [[27], [1]]],
  ['seed collatz (|0)', S.collatzTrunc, [[27]]],
];

describe('SCENARIOS, P mode: toGraph(fn) on JS values behaves like fn', () => {
  for (const [id, fn, inputs] of CASES) {
    it(id, () => {
      for (const args of inputs) expect(conv(fn)(...args)).toEqual(fn(...args));
    });
  }

  it('expected values', () => {
    expect([0, 1, 2].map((n) => conv(S.s1)(n))).toEqual([0, 1, 11]);
    expect(conv(S.s2)([1, 2])).toBe(12);
    expect(conv(S.s4)(1)).toEqual([2, 3]);
    expect(conv(S.s6)([2, 4, 5, 6])).toBe(6);
    expect([3, 4].map((x) => conv(S.s12)(x))).toEqual([-2, 3]);
    expect([-1, 3, 6].map((x) => conv(S.s21)(x))).toEqual([-1, 3, 36]);
    expect(conv(S.s23)(0)).toEqual({ a: 0, b: -1 });
    expect(conv(S.s28)(3)).toEqual([7, 12]);
    expect(conv(S.collatz)(27)).toBe(111);
  });

  it('S22 and the print seed print like console.log', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(conv(S.s22)(2)).toBe(2);
      expect(log).toHaveBeenCalledWith('x 2');
      log.mockClear();
      expect(conv(S.printLoop)(2)).toBe(5);
      expect(log.mock.calls).toEqual([['3'], ['4'], ['5']]);
    } finally {
      log.mockRestore();
    }
  });
});

describe('converted code run eagerly on concrete tensors reads their values', () => {
  const val = (x: unknown) => (x instanceof tf.Tensor ? x.arraySync() : x);
  it('square_if_positive, huber_loss, collatz', () => {
    expect(val(conv(S.squareIfPositive)(tf.scalar(9)))).toBe(81);
    expect(val(conv(S.squareIfPositive)(tf.scalar(-2)))).toBe(0);
    expect(val(conv(S.huberLoss)(tf.scalar(0.5)))).toBeCloseTo(0.125);
    expect(val(conv(S.huberLoss)(tf.scalar(3)))).toBeCloseTo(2.5);
    // The counter stays a JS number eagerly (only `a` is a tensor), as in TF eager mode.
    expect(val(conv(S.collatz)(tf.scalar(27, 'int32')))).toBe(111);
  });
  it('for…of over a tensor iterates its first dimension', () => {
    expect(val(conv(S.s2)(tf.tensor1d([1, 2], 'int32')))).toBe(12);
    expect(val(conv(S.s6)(tf.tensor1d([2, 4, 5, 6], 'int32')))).toBe(6);
    expect(val(conv(S.s5)(tf.tensor1d([1, 2, 3, 4], 'int32')))).toBe(6);
  });
  it('int32 stays int32 under weak typing', () => {
    const r = conv(S.s1)(tf.scalar(2, 'int32')) as unknown;
    // i starts as a JS number; i * 10 + 1 stays a number until compared with the tensor n.
    expect(r).toBe(11);
    const x = conv(S.squareIfPositive)(tf.scalar(3, 'int32')) as tf.Tensor;
    expect(x.dtype).toBe('int32');
  });
});
