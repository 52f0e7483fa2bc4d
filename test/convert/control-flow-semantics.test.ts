// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Control flow keeps JavaScript's meaning (issue 18, class 4): the same program run as plain JS,
// through jit on JS values and through jit on tensors gives the same answer, or a catalogued error.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { expectAgError, f32, i32, values } from './t-mode.js';

const scope = { tf, ag };
const J = (fn, extra = {}) => ag.jit(fn, { scope: { ...scope, ...extra } });

describe('a finally block that returns overrides the try', () => {
  function overrides(x) {
    try {
      return 2;
    } finally {
      if (x > 0) return 1;
      return 0;
    }
  }
  function maybe(x) {
    try {
      return 2;
    } finally {
      if (x > 0) return 1;
    }
  }
  it.each([1, -1])('x = %d', (x) => {
    expect(values(J(overrides)(x))).toBe(overrides(x));
    expect(values(J(overrides)(f32(x)))).toBe(overrides(x));
    expect(values(J(maybe)(f32(x)))).toBe(maybe(x));
  });
  it('a return in finally swallows the exception of the try, as in JS', () => {
    function swallows(x) {
      try {
        throw new Error('from try');
      } finally {
        if (x > 0) return 1;
      }
    }
    expect(values(J(swallows)(1))).toBe(1);
    expect(() => J(swallows)(-1)).toThrow('from try');
  });
  it('break and continue in finally replace the pending jump', () => {
    function jumps(n) {
      let s = 0;
      for (let i = 0; i < 3; i++) {
        try {
          if (i === 1) break;
          s += 1;
        } finally {
          s += 10;
          if (i === 0) continue;
        }
        s += 100;
      }
      return s + n;
    }
    expect(values(J(jumps)(0))).toBe(jumps(0));
    expect(values(J(jumps)(i32(0)))).toBe(jumps(0));
  });
});

describe('return evaluates its value before it returns', () => {
  it('a throwing returned expression caught by the try falls through', () => {
    const boom = () => {
      throw new Error('boom');
    };
    function f(x) {
      try {
        return boom() + x;
      } catch {}
      return 1;
    }
    expect(f(0)).toBe(1);
    expect(values(J(f, { boom })(0))).toBe(1);
    expect(values(J(f, { boom })(f32(0)))).toBe(1);
  });
});

describe('a for...of loop over ag.range(n) with a tensor n', () => {
  function lastDouble(n) {
    let a;
    for (const i of ag.range(n)) a = i * 2;
    return a;
  }
  it('gives the last value when it runs', () => {
    expect(values(J(lastDouble)(i32(3)))).toBe(4);
  });
  it('must iterate at least once to define a variable first assigned in it, like the C-style for', () => {
    const f = J(lastDouble);
    expectAgError(() => f(i32(0)), 'convert/loop-must-iterate', "'a'");
    // The same trace checks it on every call.
    expect(values(f(i32(2)))).toBe(2);
    expect(f.traceCount).toBe(1);
  });
});

describe('z.pop() on a JS array inside staged control flow', () => {
  function popsInLoop(n) {
    const l = [10, 20, 30];
    let s = 0;
    for (const i of ag.range(n)) s += l.pop();
    return [s, l.length];
  }
  it.each([0, 1, 2, 3])('pops once per iteration (n = %d)', (n) => {
    expect(values(J(popsInLoop)(i32(n)))).toEqual(popsInLoop(n));
  });
  it('pops in a staged if only on the branch taken', () => {
    function popsInIf(x) {
      const l = [10, 20, 30];
      let s = 0;
      if (x > 0) s = l.pop();
      return [s, l.length];
    }
    expect(values(J(popsInIf)(f32(1)))).toEqual(popsInIf(1));
    expect(values(J(popsInIf)(f32(-1)))).toEqual(popsInIf(-1));
  });
  it('a pop in an expression keeps JS order', () => {
    function twoPops(x) {
      const l = [1, 2, 3, 4];
      return l.pop() * 10 + l.pop() + x;
    }
    expect(values(J(twoPops)(0))).toBe(twoPops(0));
  });
});

describe('an array of tensors reassigned in a staged loop', () => {
  function concat(n) {
    let s = [tf.scalar(1)];
    const t = tf.scalar(2);
    for (const i of ag.range(n)) s = s.concat([t]);
    return s.length;
  }
  function spread(n) {
    let s = [tf.scalar(1)];
    const t = tf.scalar(2);
    let i = 0;
    while (i < n) {
      s = [...s, t];
      i++;
    }
    return s.length;
  }
  it('is a structure change naming the variable', () => {
    expectAgError(
      () => J(concat)(i32(2)),
      'while/structure-changed',
      "'s' has structure [*] before the loop, but [*,*] after one iteration",
    );
    expectAgError(() => J(spread)(i32(2)), 'while/structure-changed', "'s' has structure [*] before the loop");
  });
  it('in a staged if, a structure mismatch naming the variable', () => {
    function inIf(x) {
      let s = [tf.scalar(1)];
      if (x > 0) s = [...s, x];
      return s.length;
    }
    expectAgError(
      () => J(inIf)(f32(1)),
      'cond/structure-mismatch',
      "'s' must have the same nested structure in the main and else branches: [*,*] in the main branch, but [*]",
    );
  });
  it('a list appended to in place still becomes a tensor list', () => {
    function pushes(n) {
      const s = [];
      for (const i of ag.range(n)) s.push(i * 2);
      return ag.stack(s);
    }
    expect(values(J(pushes)(i32(3)))).toEqual([0, 2, 4]);
  });
});

describe('Math.* passed as values', () => {
  const apply = (f, x) => f(x);
  const apply2 = (f, x, y) => f(x, y);
  it.each([
    ['abs', -3],
    ['floor', 2.5],
    ['sqrt', 16],
    ['sign', -2],
  ])('Math.%s given to a helper is staged', (name, x) => {
    const fn = new Function('apply', `return function f(x) { return apply(Math.${name}, x); }`)(apply);
    expect(values(J(fn, { apply })(f32(x)))).toBeCloseTo(Math[name](x), 5);
  });
  it('Math.max with two arguments', () => {
    function f(x, y) {
      return apply2(Math.max, x, y);
    }
    expect(values(J(f, { apply2 })(f32(2), f32(5)))).toBe(5);
  });
});

describe('staged control flow inside try blocks', () => {
  it('if, return, break and continue inside try/finally are staged', () => {
    const log = [];
    const record = (s) => log.push(s);
    function f(x) {
      let s = 0;
      try {
        if (x > 10) return -1;
        let i = 0;
        while (i < x) {
          try {
            i = i + 1;
            if (i % 2 == 0) continue;
            if (i > 6) break;
            s = s + i;
          } finally {
            s = s + 100;
          }
        }
      } finally {
        record('cleanup');
      }
      return s;
    }
    const j = J(f, { record });
    for (const x of [0, 3, 5, 9, 11]) {
      const plain = f(x);
      log.length = 0;
      expect(values(j(i32(x))), `x = ${x}`).toBe(plain);
    }
    expect(j.traceCount).toBe(1);
    // The finally body ran once, at trace time (plain JS effects happen while tracing).
    expect(log).toEqual([]);
  });
  it('a staged if inside try/catch, with nothing thrown', () => {
    function f(x) {
      let r = 0;
      try {
        if (x > 0) r = 1;
        else r = 2;
      } catch {
        r = -1;
      }
      return r;
    }
    expect(values(J(f)(f32(1)))).toBe(1);
    expect(values(J(f)(f32(-1)))).toBe(2);
  });
  it('an error thrown while a staged branch is traced is not taken by the catch', () => {
    function f(x) {
      let r = 0;
      try {
        if (x > 0) r = 1;
        else throw new Error('negative');
      } catch {
        r = -1;
      }
      return r;
    }
    expect(f(-1)).toBe(-1);
    expect(values(J(f)(-1))).toBe(-1); // on JS values the if is plain JS
    expectAgError(() => J(f)(f32(1)), 'convert/staged-error-in-try', 'negative');
  });
  it('a staged assert inside try/catch is refused', () => {
    function f(x) {
      try {
        ag.assert(x > 0, 'positive');
      } catch {
        return -x;
      }
      return x;
    }
    expectAgError(() => J(f)(f32(1)), 'convert/staged-assert-in-try');
    // Outside the try block it is staged as before.
    function g(x) {
      try {
        x = x + 1;
      } catch {}
      ag.assert(x > 0, 'positive');
      return x;
    }
    expect(values(J(g)(f32(1)))).toBe(2);
  });
});
