// Runtime control flow outside a trace: ifStmt/whileStmt/forStmt run plain JS (concrete tensors
// are read), and/or keep JS semantics; convertedCall converts user functions and leaves tfjs,
// native and doNotConvert functions alone.
import { describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { ifStmt, ifExp } from '../../src/runtime/if-stmt.js';
import { forStmt } from '../../src/runtime/for-stmt.js';
import { whileStmt } from '../../src/runtime/while-stmt.js';
import { range } from '../../src/runtime/ranges.js';
import { and, or } from '../../src/runtime/logical.js';
import { convertedCall } from '../../src/runtime/converted-call.js';
import { doNotConvert } from '../../src/runtime/do-not-convert.js';
import { AutographError } from '../../src/errors/ag-error.js';
import '../../src/api/to-graph.js';

describe('eager control flow', () => {
  it('ifStmt reads a concrete tensor condition', () => {
    let x = 0;
    ifStmt(
      tf.scalar(0),
      () => (x = 1),
      () => (x = 2),
      () => [x],
      ([a]) => (x = a as number),
      ['x'],
      1,
    );
    expect(x).toBe(2);
    ifStmt(
      1,
      () => (x = 1),
      null,
      () => [x],
      ([a]) => (x = a as number),
      ['x'],
      1,
    );
    expect(x).toBe(1);
  });
  it('a non-scalar condition is an error', () => {
    expect(() =>
      ifStmt(
        tf.tensor1d([1, 0]),
        () => {},
        null,
        () => [],
        () => {},
        [],
        0,
      ),
    ).toThrow(AutographError);
  });
  it('whileStmt and maximumIterations', () => {
    let i = 0;
    whileStmt(
      () => i < 10,
      () => void i++,
      () => [i],
      ([a]) => (i = a as number),
      ['i'],
      { maximumIterations: 4 },
    );
    expect(i).toBe(4);
  });
  it('forStmt: JS arrays, concrete tensors by first dimension, extra test', () => {
    const seen: unknown[] = [];
    let stop = false;
    forStmt(
      [1, 2, 3],
      () => !stop,
      (x) => {
        seen.push(x);
        if (x === 2) stop = true;
      },
      () => [],
      () => {},
      [],
    );
    expect(seen).toEqual([1, 2]);
    const rows: number[][] = [];
    forStmt(
      tf.tensor2d([
        [1, 2],
        [3, 4],
      ]),
      null,
      (r) => rows.push((r as tf.Tensor).arraySync() as number[]),
      () => [],
      () => {},
      [],
    );
    expect(rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(range(1, 7, 2)).toEqual([1, 3, 5]);
    expect(range(tf.scalar(3, 'int32'))).toEqual([0, 1, 2]);
  });
  it('and/or keep JS semantics and laziness', () => {
    const b = vi.fn(() => 'b');
    expect(and(() => 0, b)).toBe(0);
    expect(b).not.toHaveBeenCalled();
    expect(
      or(
        () => '',
        () => 'x',
      ),
    ).toBe('x');
    expect(
      ifExp(
        tf.scalar(1),
        () => 'yes',
        () => 'no',
      ),
    ).toBe('yes');
  });
});

describe('convertedCall', () => {
  it('converts user functions (their tensor conditions are read eagerly)', () => {
    const scope = { tf };
    function pick(x: tf.Tensor) {
      // @ts-expect-error a tensor condition, converted
      if (x > 0) return 1;
      return -1;
    }
    expect(convertedCall(pick, undefined, [tf.scalar(-2)], scope)).toBe(-1);
  });
  it('leaves tfjs, native and doNotConvert functions alone', () => {
    expect((convertedCall(tf.add, undefined, [1, 2]) as tf.Tensor).arraySync()).toBe(3);
    expect(convertedCall(Math.max, undefined, [1, 5])).toBe(5);
    const t = tf.scalar(2);
    expect((convertedCall(t.mul, t, [3]) as tf.Tensor).arraySync()).toBe(6);
    const raw = doNotConvert((x: unknown) => (x ? 'truthy' : 'falsy'));
    expect(convertedCall(raw, undefined, [tf.scalar(0)])).toBe('truthy'); // plain JS: a tensor object is truthy
  });
  it('methods keep their this', () => {
    const obj = {
      k: 3,
      times(x: number) {
        return x * this.k;
      },
    };
    expect(convertedCall(obj.times, obj, [2])).toBe(6);
  });
  it('a function that cannot be converted runs as is, with one warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = new Function('x', 'return x + unknownThing') as (x: number) => number;
    expect(() => convertedCall(f, undefined, [1])).toThrow(ReferenceError);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
