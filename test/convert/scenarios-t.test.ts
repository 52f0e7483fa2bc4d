// The reference scenarios (test/corpus/scenarios.ts) in T mode: converted programs traced by jit on tensors give the P-mode results,
// and the illegal ones fail with the catalogued error naming the variable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import * as S from '../corpus/index.js';
import { hasStagedAssert } from '../../src/runtime/staged-assert.js';
import { expectAgError, f32, i32, orSkip, staged, values } from './t-mode.js';

describe.each(['cpu', 'wasm'])('SCENARIOS, T mode (jit of toGraph on tensors) on %s', (backend) => {
  beforeAll(async () => {
    await tf.setBackend(backend);
  });
  afterAll(async () => {
    await tf.setBackend('cpu');
  });
  it('S1 while', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s1);
      expect([0, 1, 2].map((n) => values(f(i32(n))))).toEqual([0, 1, 11]);
    }));
  it('S2 for over an int32 tensor', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s2);
      expect(values(f(i32([1, 2])))).toBe(12);
      expect(values(f(tf.tensor1d([], 'int32')))).toBe(0);
    }));
  it('S3 loop must iterate at least once', (ctx) =>
    orSkip(ctx, () => {
      expect(values(staged(S.s3)(i32([1, 2])))).toBe(2);
      expectAgError(() => staged(S.s3)(tf.tensor1d([], 'int32')), 'convert/loop-must-iterate', "'i'");
    }));
  it('S4 variable defined only in the loop', (ctx) =>
    orSkip(ctx, () => {
      expect(hasStagedAssert()).toBe(true);
      const f = staged(S.s4);
      expect(values(f(i32(1)))).toEqual([2, 3]);
      // A staged Assert checks it on every call: the same trace fails at run time for n = 0, with the
      // converter's own catalogued error.
      expectAgError(() => f(i32(0)), 'convert/loop-must-iterate', "loop must iterate at least once to initialize 'j'");
    }));
  it('S5 continue, S6 break, S7 break in while', (ctx) =>
    orSkip(ctx, () => {
      expect(values(staged(S.s5)(i32([1, 2, 3, 4])))).toBe(6);
      const s6 = staged(S.s6);
      expect(values(s6(i32([1, 2, 3, 4])))).toBe(0);
      expect(values(s6(i32([2, 4, 5, 6])))).toBe(6);
      const s7 = staged(S.s7);
      expect([4, 5].map((x) => values(s7(i32(x))))).toEqual([0, 4]);
    }));
  it('S11 return inside a for loop, S12 return inside a while loop', (ctx) =>
    orSkip(ctx, () => {
      expect(values(staged(S.s11)(i32([1, 2])))).toBe(1);
      const s12 = staged(S.s12);
      expect([3, 4].map((x) => values(s12(i32(x))))).toEqual([-2, 3]);
    }));
  it('S14 if/else on a tensor', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s14);
      expect([0, 1].map((n) => values(f(i32(n))))).toEqual([2, 1]);
    }));
  it('S15/S16 variable initialized in one branch only', (ctx) =>
    orSkip(ctx, () => {
      expectAgError(
        () => staged(S.s15)(tf.scalar(true, 'bool')),
        'convert/if-undefined-in-branch',
        "'i' must also be initialized in the else branch",
      );
      expectAgError(
        () => staged(S.s16)(tf.scalar(true, 'bool')),
        'convert/if-undefined-in-branch',
        "'i' must also be initialized in the main branch",
      );
    }));
  it('S17 null in a branch', (ctx) =>
    orSkip(ctx, () => {
      expectAgError(
        () => staged(S.s17)(tf.scalar(true, 'bool')),
        'convert/if-null-in-branch',
        "'i' is None/null at the end of the main branch",
      );
    }));
  it('S18 branch-local variable is legal', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s18);
      expect(values(f(tf.scalar(true, 'bool')))).toBe(2);
      expect(values(f(tf.scalar(false, 'bool')))).toBe(0);
    }));
  it('S19 return in one branch only: legal when the function always ends in a return', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s19);
      const b = (x: boolean) => tf.scalar(x, 'bool');
      expect(
        [
          [true, true],
          [true, false],
          [false, true],
        ].map(([x, y]) => values(f(b(x!), b(y!)))),
      ).toEqual([1, 2, 2]);
    }));
  it('S19 without a final return: the else branch must also return', (ctx) =>
    orSkip(ctx, () => {
      expectAgError(
        () => staged(S.s19NoFinal)(tf.scalar(true, 'bool')),
        'convert/if-missing-return',
        'else branch must also have a return statement',
      );
    }));
  it('S21 nested ifs where every path returns', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s21);
      expect([-1, 3, 6].map((x) => values(f(i32(x))))).toEqual([-1, 3, 36]);
    }));
  it('S23 object state', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s23);
      expect(values(f(i32(1)))).toEqual({ a: 1, b: 1 });
      expect(values(f(i32(0)))).toEqual({ a: 0, b: -1 });
      expectAgError(() => staged(S.s23NoElse)(i32(1)), 'convert/if-undefined-in-branch', "'x.b'");
    }));
  it('S28 let scoping in a C-style for with a tensor bound', (ctx) =>
    orSkip(ctx, () => {
      expect(values(staged(S.s28)(i32(3)))).toEqual([7, 12]);
    }));
  it('S30 nested loops over JS arrays unroll', (ctx) =>
    orSkip(ctx, () => {
      expect(
        values(
          staged(S.s30)([
            [i32(1), i32(2)],
            [i32(3), i32(4)],
          ]),
        ),
      ).toEqual([12, 34]);
    }));
  it('S32 loop variable changes dtype', (ctx) =>
    orSkip(ctx, () => {
      expectAgError(
        () => staged(S.s32)(i32(1)),
        'convert/loop-var-dtype-changed',
        "'n' has dtype int32 before the loop, but dtype float32 after one iteration",
      );
    }));
  it('S33 loop variable changes shape', (ctx) =>
    orSkip(ctx, () => {
      expectAgError(
        () => staged(S.s33)(f32([1, 2]), i32(2)),
        'convert/loop-var-shape-changed',
        "'x' has shape [2] before the loop, but shape [4] after one iteration",
      );
    }));
  it('S34 tensor break in a JS loop; while condition turning into a tensor', (ctx) =>
    orSkip(ctx, () => {
      expectAgError(() => staged(S.s34a)(i32(0)), 'convert/js-loop-tensor-break');
      expectAgError(() => staged(S.s34b)(i32(1)), 'convert/while-cond-became-tensor');
    }));
  it('seeds: square_if_positive, huber_loss, collatz', (ctx) =>
    orSkip(ctx, () => {
      const sq = staged(S.squareIfPositive);
      expect(values(sq(f32(9)))).toBe(81);
      expect(values(sq(f32(-2)))).toBe(0);
      const h = staged(S.huberLoss, { delta: 1 });
      expect(values(h(f32(0.5)))).toBeCloseTo(0.125);
      expect(values(h(f32(3)))).toBeCloseTo(2.5);
      const c = staged(S.collatz)(i32(27)) as tf.Tensor;
      expect(c.dtype).toBe('int32');
      expect(values(c)).toBe(111);
      expect(values(staged(S.collatzTrunc)(i32(27)))).toBe(111);
    }));
});
