// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Converted code with staged print/assert and lists (the trace layer's effects and tensor lists):
// S22, S30, S37, S38, S39 and the seed programs.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { setPrintSink } from '../../src/trace/effects.js';
import * as effects from '../../src/trace/effects.js';
import { setElementType, stack } from '../../src/trace/tensor-list.js';
import { expectAgError, i32, orSkip, staged, values } from './t-mode.js';
import * as S from '../corpus/index.js';
import { range } from '../../src/runtime/ranges.js';

const ag = { setElementType, stack, assert: effects.assert, print: effects.print };

function capture<T>(body: () => T): { result: T; lines: string[] } {
  const lines: string[] = [];
  const prev = setPrintSink((l) => lines.push(l));
  try {
    return { result: body(), lines };
  } finally {
    setPrintSink(prev);
  }
}

describe('staged print and assert in converted code', () => {
  it('S22: console.log in a staged branch prints on every call', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.s22);
      const a = capture(() => values(f(i32(3))));
      const b = capture(() => values(f(i32(4))));
      expect([a.result, b.result]).toEqual([3, 4]);
      expect(a.lines.concat(b.lines).filter((l) => l.startsWith('x'))).toEqual(['x 3', 'x 4']);
    }));
  it('seed: prints 3, 4, 5 inside a staged loop on every call', (ctx) =>
    orSkip(ctx, () => {
      const f = staged(S.printLoop);
      for (let k = 0; k < 2; k++) {
        const { result, lines } = capture(() => values(f(i32(2))));
        expect(result).toBe(5);
        expect(lines).toEqual(['3', '4', '5']);
      }
    }));
  it('S37: trace-time prints happen once; staged ones per call', (ctx) =>
    orSkip(ctx, () => {
      function s37(c: tf.Tensor) {
        console.log('before');
        if (c) console.log('t');
        else console.log('f');
        console.log('after');
        return c;
      }
      const f = staged(s37);
      const first = capture(() => f(tf.scalar(true, 'bool')));
      expect(first.lines).toEqual(['before', 't', 'f', 'after']);
    }));
  it('S38: ag.assert fails at run time with its message', (ctx) =>
    orSkip(ctx, () => {
      function s38(x: tf.Tensor) {
        ag.assert(x > 0, 'x must be positive');
        return x;
      }
      const f = staged(s38, { ag });
      expect(values(f(i32(1)))).toBe(1);
      expectAgError(() => f(i32(0)), 'runtime/assert-failed', 'x must be positive');
    }));
});

describe('lists in converted code', () => {
  it('S39: push in a staged loop, setElementType, stack', (ctx) =>
    orSkip(ctx, () => {
      function s39(n: tf.Tensor) {
        const l: number[] = [];
        ag.setElementType(l, 'int32');
        for (let i = 0; i < n; i++) l.push(i);
        return ag.stack(l);
      }
      const f = staged(s39, { ag });
      expect(values(f(i32(5)))).toEqual([0, 1, 2, 3, 4]);
    }));
  it('seed: for (i of range(n)) z.push(i), with a tensor n (a staged counter)', (ctx) =>
    orSkip(ctx, () => {
      function seed(n: tf.Tensor) {
        const z: tf.Tensor[] = [];
        ag.setElementType(z, 'int32');
        for (const i of range(n)) z.push(i);
        return ag.stack(z);
      }
      const f = staged(seed, { ag, range });
      expect(values(f(i32(4)))).toEqual([0, 1, 2, 3]);
      expect(values(f(i32(2)))).toEqual([0, 1]);
      // Eagerly, range reads the value: plain JS.
      expect(range(3)).toEqual([0, 1, 2]);
    }));
  it('for…of over tf.range (a tensor) iterates its elements', (ctx) =>
    orSkip(ctx, () => {
      function sumRange(x: tf.Tensor) {
        let s = x;
        for (const i of tf.range(0, 4, 1, 'int32')) s = s + i;
        return s;
      }
      expect(values(staged(sumRange)(i32(10)))).toBe(16);
    }));
  it('S30: list accumulator in nested loops over a tensor', (ctx) =>
    orSkip(ctx, () => {
      expect(
        values(
          staged(S.s30)(
            tf.tensor2d(
              [
                [1, 2],
                [3, 4],
              ],
              undefined,
              'int32',
            ),
          ),
        ),
      ).toEqual([12, 34]);
    }));
});
