// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Printing and assertions keep JavaScript's meaning (issue 18, class 6): console.log lines look
// like Node's, ag.print is staged like tf.print, node:assert failures are AssertionErrors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import assert from 'node:assert';
import { format } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { f32, i32 } from './t-mode.js';

const scope = { tf, ag, assert };
const printed: string[] = [];
let restore: ((l: string) => void) | undefined;
beforeEach(() => {
  printed.length = 0;
  restore = ag.setPrintSink((l) => printed.push(l));
  // Plain JS runs print through console.log: the same lines, collected in the same place.
  vi.spyOn(console, 'log').mockImplementation((...a) => printed.push(format(...a)));
});
afterEach(() => {
  ag.setPrintSink(restore!);
  vi.restoreAllMocks();
});

/** The lines `run` prints. */
function lines(run: () => unknown): string[] {
  printed.length = 0;
  run();
  return [...printed];
}

describe('console.log in converted code prints what Node prints', () => {
  function logs(x) {
    console.log('x', x, { foo: 'bar' }, [1, 2], -0, 'text', null, undefined);
    console.log('nested', { a: x, b: [x, 2] });
    console.log('%d items', x);
    return x;
  }
  it('for JS values and for tensors, staged or not', () => {
    const plain = lines(() => logs(2.5));
    expect(plain[0]).toBe("x 2.5 { foo: 'bar' } [ 1, 2 ] -0 text null undefined");
    expect(lines(() => ag.jit(logs, { scope })(2.5))).toEqual(plain);
    const j = ag.jit(logs, { scope });
    expect(lines(() => j(f32(2.5)))).toEqual(plain);
    expect(lines(() => j(f32(2.5)))).toEqual(plain); // cached call: staged prints again
    expect(lines(() => ag.toGraph(logs, { scope })(f32(2.5)))).toEqual(plain);
  });
  it('tensors print as the JS values they stand for', () => {
    function vec(x) {
      console.log('v', x, x > 0, x.sum());
      return x;
    }
    const plain = lines(() => console.log('v', [1.5, 0.1, -0], [true, true, false], 1.6));
    expect(lines(() => ag.jit(vec, { scope })(tf.tensor1d([1.5, 0.1, -0])))).toEqual(plain);
    expect(
      lines(() =>
        ag.jit(vec, { scope })(
          tf.tensor2d(
            [
              [1, 2],
              [3, 4],
            ],
            [2, 2],
            'int32',
          ),
        ),
      ),
    ).toEqual(
      lines(() =>
        console.log(
          'v',
          [
            [1, 2],
            [3, 4],
          ],
          [
            [true, true],
            [true, true],
          ],
          10,
        ),
      ),
    );
  });
});

describe('ag.print is staged like tf.print', () => {
  function f(x) {
    ag.print('before', 1);
    if (x > 0) ag.print('positive', x);
    ag.print('after', { k: 'v' });
    return x;
  }
  it('prints in program order on every call, cached calls too, also when only JS values', () => {
    const j = ag.jit(f, { scope });
    const expected = ['before 1', 'positive 2', "after { k: 'v' }"];
    expect(lines(() => j(f32(2)))).toEqual(expected);
    expect(lines(() => j(f32(2)))).toEqual(expected);
    expect(lines(() => j(f32(-2)))).toEqual(['before 1', "after { k: 'v' }"]);
    expect(j.traceCount).toBe(1);
  });
  it('prints on cached calls of a function traced on JS values', () => {
    const j = ag.jit(
      (n) => {
        ag.print('n is', n);
        return n * 2;
      },
      { scope },
    );
    expect(lines(() => j(3))).toEqual(['n is 3']);
    expect(lines(() => j(3))).toEqual(['n is 3']);
    expect(j.traceCount).toBe(1);
  });
  it('a staged print among console.log of tensors keeps program order', () => {
    function mixed(x) {
      console.log('one', x);
      ag.print('two');
      console.log('three', x);
      return x;
    }
    expect(lines(() => ag.jit(mixed, { scope })(i32(1)))).toEqual(['one 1', 'two', 'three 1']);
  });
});

describe('assert from node:assert', () => {
  function positive(x) {
    assert(x > 0);
    return x;
  }
  function withMessage(x) {
    assert.ok(x > 0, 'x must be positive');
    return x;
  }
  const assertionError = (run: () => unknown, message?: string) => {
    let err;
    try {
      run();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(assert.AssertionError);
    expect(err.code).toBe('ERR_ASSERTION');
    if (message) expect(err.message).toContain(message);
  };
  it('on a JS value throws AssertionError, as node:assert does', () => {
    assertionError(() => positive(0));
    assertionError(() => ag.jit(positive, { scope })(0));
    assertionError(() => ag.jit(withMessage, { scope })(0), 'x must be positive');
  });
  it('on a tensor: staged, and its failure at run time is an AssertionError too', () => {
    const f = ag.jit(withMessage, { scope });
    expect(f(f32(1)).dataSync()[0]).toBe(1);
    assertionError(() => f(f32(0)), 'x must be positive');
    assertionError(() => ag.jit(positive, { scope })(f32(0)));
    expect(f.traceCount).toBe(1);
  });
  it('on a concrete tensor outside a trace: judged by its value', () => {
    assertionError(() => ag.toGraph(withMessage, { scope })(f32(0)), 'x must be positive');
    expect(ag.toGraph(withMessage, { scope })(f32(1)).dataSync()[0]).toBe(1);
  });
});
