// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Calls and functions keep JavaScript's meaning (issue 18, class 5): `this` of a jit method, bound
// functions, recursion, sloppy-mode functions, variables passed as arguments.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { expectAgError, f32, i32, values } from './t-mode.js';

const scope = { tf, ag };
const require = createRequire(import.meta.url);
const S = require('./sloppy/sloppy-functions.cjs');

afterEach(() => vi.restoreAllMocks());

describe('this', () => {
  class Model {
    constructor(k) {
      this.k = k;
    }
    f(x) {
      if (x > 0) return x * this.k;
      return x;
    }
  }
  it('a jit function stored on an object and called as its method gets it as this (as toGraph does)', () => {
    const m = new Model(3);
    m.j = ag.jit(m.f, { scope });
    m.g = ag.toGraph(m.f, { scope });
    expect(values(m.j(f32(2)))).toBe(6);
    expect(values(m.g(f32(2)))).toBe(6);
    expect(values(m.j(2))).toBe(6);
  });
  it('traces once per receiver: another object reads its own fields', () => {
    const shared = ag.jit(Model.prototype.f, { scope });
    const a = new Model(2);
    const b = new Model(5);
    a.j = shared;
    b.j = shared;
    expect(values(a.j(f32(1)))).toBe(2);
    expect(values(b.j(f32(1)))).toBe(5);
    expect(values(a.j(f32(3)))).toBe(6);
    expect(shared.traceCount).toBe(2);
  });
  it('a plain call has no receiver', () => {
    function noThis(x) {
      return this === undefined ? x + 1 : x;
    }
    expect(values(ag.jit(noThis, { scope })(f32(1)))).toBe(2);
  });
});

describe('bound functions', () => {
  function addScaled(a, x) {
    if (x > 0) return x * this.k + a;
    return a;
  }
  it('the target is converted and called with the bound this and arguments', () => {
    const bound = addScaled.bind({ k: 10 }, 1);
    expect(bound(2)).toBe(21);
    expect(values(ag.jit(bound, { scope })(f32(2)))).toBe(21);
    expect(values(ag.jit(bound, { scope })(f32(-2)))).toBe(1);
    expect(values(ag.toGraph(bound, { scope })(f32(2)))).toBe(21);
  });
  it('a method bound to its object and passed to a helper (decodeSequence.bind(this))', () => {
    class Decoder {
      constructor() {
        this.limit = 3;
        this.run = ag.jit(this.decodeSequence.bind(this), { scope });
      }
      decodeSequence(x) {
        let n = 0;
        while (x < this.limit) {
          x = x + 1;
          n = n + 1;
        }
        return n;
      }
    }
    expect(values(new Decoder().run(i32(0)))).toBe(3);
  });
  it('a bound function called from converted code is converted too', () => {
    const helper = addScaled.bind({ k: 2 }, 0);
    function user(x) {
      return helper(x);
    }
    expect(values(ag.jit(user, { scope: { ...scope, helper } })(f32(3)))).toBe(6);
    expect(values(ag.jit(user, { scope: { ...scope, helper } })(f32(-3)))).toBe(0);
  });
});

describe('recursion', () => {
  function fact(n) {
    if (n <= 1) return 1;
    return n * fact(n - 1);
  }
  it('a recursive helper on JS numbers converts once, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function useFact(x) {
      return x * fact(4);
    }
    const f = ag.jit(useFact, { scope: { ...scope, fact } });
    expect(values(f(f32(2)))).toBe(48);
    expect(values(f(f32(3)))).toBe(72);
    expect(warn).not.toHaveBeenCalled();
  });
  it('a recursion on a tensor is a catalogued error naming the function', () => {
    expectAgError(
      () => ag.jit(fact, { scope: { ...scope, fact } })(f32(3)),
      'convert/unbounded-recursion',
      "'fact' calls itself without end",
    );
  });
});

describe('sloppy-mode functions keep their mode', () => {
  it.each([
    ['aliasArguments', 'arguments aliases the parameters'],
    ['writeFrozen', 'writes to a frozen object are ignored'],
    ['octal', 'octal literals'],
    ['arrowFrozen', 'an arrow writing to a frozen object'],
    ['method', 'a method using arguments'],
  ])('%s: %s', (name) => {
    const fn = S[name];
    const plain = fn(2);
    expect(values(ag.jit(fn, { scope: { frozen: S.frozen } })(2))).toBe(plain);
    expect(values(ag.jit(fn, { scope: { frozen: S.frozen } })(f32(2)))).toBe(plain);
  });
  it('this of a plain call is the global object', () => {
    const fn = S.thisIsGlobal;
    const plain = fn(2); // a plain call of a sloppy function
    expect(plain).toBe(102);
    expect(values(ag.jit(fn)(2))).toBe(102);
  });
  it('a function made by new Function', () => {
    const fn = new Function('x', 'arguments[0] = 10; return x + 1');
    expect(values(ag.jit(fn)(2))).toBe(fn(2));
  });
  it('strict functions stay strict', () => {
    const frozen = Object.freeze({ k: 1 });
    function writes(x) {
      frozen.k = 5;
      return x;
    }
    expect(() => writes(1)).toThrow(TypeError);
    expect(() => ag.jit(writes, { scope: { frozen } })(1)).toThrow(TypeError);
  });
});

describe('a tf.Variable passed as an argument', () => {
  it('is the variable inside: assign works and is seen after the call', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const v = tf.variable(tf.scalar(1));
    function incr(v, x) {
      v.assign(v.add(x));
      return v.add(0);
    }
    const f = ag.jit(incr, { scope });
    expect(values(f(v, f32(2)))).toBe(3);
    expect(v.dataSync()[0]).toBe(3);
    expect(values(f(v, f32(2)))).toBe(5);
    expect(f.traceCount).toBe(1);
    // assign is called as it is (not taken for user code to convert).
    expect(warn).not.toHaveBeenCalled();
    v.dispose();
  });
  it('another variable of the same type gets its own trace', () => {
    const a = tf.variable(tf.scalar(1));
    const b = tf.variable(tf.scalar(10));
    const f = ag.jit(
      (v, x) => {
        v.assign(v.add(x));
        return v.add(0);
      },
      { scope },
    );
    expect(values(f(a, f32(1)))).toBe(2);
    expect(values(f(b, f32(1)))).toBe(11);
    expect(a.dataSync()[0]).toBe(2);
    expect(b.dataSync()[0]).toBe(11);
    a.dispose();
    b.dispose();
  });
});
