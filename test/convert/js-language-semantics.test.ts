// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Everyday JavaScript keeps its meaning (issue 31): closures that write outer variables, bindings
// per iteration, effects in conditions and lazy operands, logical assignment, switch layouts,
// try/finally jumps, for…of's iterator protocol. Each program runs as plain JS on numbers (the
// oracle), through jit on those numbers, and through jit on int32 tensors of them.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { expectAgError, i32, values } from './t-mode.js';

const J = (fn) => ag.jit(fn, { scope: { tf, ag } });

/** The program on numbers, then jit on the numbers, then jit on int32 tensors: all equal. */
function agrees(fn, ...args) {
  const want = fn(...args);
  expect(values(J(fn)(...args)), 'jit on JS values').toEqual(want);
  expect(values(J(fn)(...args.map((a) => (typeof a === 'number' ? i32(a) : a)))), 'jit on int32 tensors').toEqual(want);
}

const PROGRAMS = {
  closureWritesUnderStagedIf(a, n) {
    let c = 0;
    const inc = () => {
      c = c + 1;
    };
    for (let k = 0; k < n; k++) {
      if (a > k) inc();
    }
    return c;
  },
  closureCalledByAnother(a, n) {
    let c = 0;
    function add(v) {
      c = c + v;
    }
    function twice(v) {
      add(v);
      add(v);
    }
    let k = 0;
    while (k < n) {
      if (k > 1) twice(a);
      k = k + 1;
    }
    return c;
  },
  storedClosureWrites(a, n) {
    let c = 0;
    const cbs = [];
    cbs.push(() => {
      c = c + a;
    });
    let k = 0;
    while (k < n) {
      if (k > 1) cbs[0]();
      k = k + 1;
    }
    return c;
  },
  perIterationBindings(a, n) {
    const fs = [];
    for (let k = 0; k < 3; k++) {
      fs.push(() => k * a);
      if (k === 1) continue;
    }
    let s = n - n;
    for (const g of fs) s = s + g();
    return s;
  },
  breakSkipsTheUpdate(a, n) {
    let i;
    let s = 0;
    for (i = 0; i < n; i++) {
      if (i * i > a) break;
      s = s + i;
    }
    return [s, i];
  },
  returnInsideAStagedLoop(a, n) {
    let s = 0;
    let i = 0;
    while (i < n) {
      s = s + i;
      if (i > a) return s;
      i = i + 1;
    }
    return 100 - s;
  },
  postIncrementInCondition(a, n) {
    let k = 0;
    let x = a;
    while (k++ < n) x = x + k;
    return [x, k];
  },
  assignmentInCondition(a, n) {
    let y = 0;
    let s = 0;
    while ((y = y + 1) < n) {
      s = s + y;
      if (s > a) break;
    }
    return [s, y];
  },
  doWhileWithEffects(a, n) {
    let k = n;
    let s = 0;
    do {
      s = s + k;
      if (k === a) continue;
      s = s + 1;
    } while (--k > 0);
    return [s, k];
  },
  effectsInLazyOperands(a, n) {
    let m = 0;
    const r = a > n ? ((m = m + 2), a) : ((m = m - 1), n);
    if (a > 1 || (m = m + 10) > 5) m = m + 100;
    return [r, m];
  },
  logicalAssignment(a, n) {
    let x = a;
    x ||= n;
    let y = a;
    y &&= n;
    const o = { p: a };
    o.p ||= 7;
    return [x, y, o.p];
  },
  switchFallThroughAndDefaultInTheMiddle(a, n) {
    let r = n - n;
    switch (a) {
      case 1:
        r = r + 1;
      case 2:
        r = r + 2;
        if (r > 2) break;
        r = r + 100;
      default:
        r = r + 5;
      case 3:
        r = r + 3;
    }
    return r;
  },
  continueInTryReturnInFinally(a, n) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      try {
        if (i > 1) continue;
        s = s + i;
      } finally {
        if (i > a) return s;
      }
    }
    return 100 - s;
  },
  closurePassedToAFunction(a, n) {
    let acc = 0;
    const addTo = (x) => {
      acc = acc + x;
    };
    const apply = (f, x) => f(x);
    for (let k = 0; k < n; k++) {
      if (a > k) apply(addTo, 2);
    }
    return acc;
  },
  effectStatements(a, n) {
    let s = a - a;
    let cnt = 0;
    a > 0 && (s = s + n);
    a > 1 || (cnt = cnt + 1);
    a > 2 ? (s = s + 10) : (cnt = cnt + 5);
    return [s, cnt];
  },
  logicalAssignComputedMember(a, n) {
    const o = { p: a };
    const k = 'p';
    o[k] ||= n;
    return o.p;
  },
  methodWritesThisUnderStagedIf(a, n) {
    class Acc {
      constructor(v) {
        this.v = v;
      }
      add(x) {
        this.v = this.v + x;
      }
    }
    const o = new Acc(n);
    if (a > 1) o.add(a);
    return o.v;
  },
  methodWritesThisInStagedLoop(a, n) {
    class Counter {
      constructor() {
        this.n = 0;
        this.s = 0;
      }
      bump(k) {
        this.n = this.n + 1;
        this.s = this.s + k;
      }
    }
    const c = new Counter();
    for (let k = 0; k < n; k++) {
      if (a > k) c.bump(k);
    }
    return [c.n, c.s];
  },
  helperWritesItsArgument(a, n) {
    const state = { total: 0 };
    const add = (st, v) => {
      st.total = st.total + v;
    };
    let k = 0;
    while (k < n) {
      if (k < a) add(state, k);
      k = k + 1;
    }
    return state.total;
  },
  classesOfTheSource(a, n) {
    class Base {
      f(x) {
        return x + 1;
      }
    }
    class Derived extends Base {
      k = 2;
      scale = (x) => (x > this.k ? x * this.k : x);
      get twice() {
        return this.k * 2;
      }
      f(x) {
        return super.f(x) * 2;
      }
      delete(x) {
        return x > 1 ? x : 1 - x;
      }
    }
    const d = new Derived();
    return [d.f(a), d.scale(n), d.twice, d.delete(a)];
  },
  superCallOfAWritingMethodAndAFieldArrow(a, n) {
    class Acc {
      constructor(v) {
        this.v = v;
        this.count = 0;
      }
      step = (d) => {
        this.count = this.count + d;
      };
      add(x) {
        this.v = this.v + x;
        return this;
      }
    }
    class Twice extends Acc {
      add(x) {
        super.add(x);
        return super.add(x);
      }
    }
    const o = new Twice(a);
    if (a > 1) {
      o.add(n);
      o.step(n);
    } else {
      if (n > 5) return [o.v, o.count];
    }
    return [o.v, o.count];
  },
  fieldWriteThenNewObject(a, n) {
    let s = { q: a };
    if (a > n) {
      s.q = a + 5;
      s = { q: a + 1 };
    }
    return s.q;
  },
};

describe('programs keep their meaning as plain JS, jit on numbers and jit on tensors', () => {
  const inputs = [
    [0, 0],
    [1, 3],
    [2, 5],
    [3, 1],
    [7, 9],
  ];
  for (const [name, fn] of Object.entries(PROGRAMS)) {
    it.each(inputs)(`${name}(%d, %d)`, (a, n) => agrees(fn, a, n));
  }
});

describe('what JS itself says', () => {
  it('a const head of for…of stays const, and its names are in their dead zone in the iterable', () => {
    const assigns = new Function(
      'x',
      'let r = 0; for (const y of [x]) { try { y++; } catch (e) { r = e.constructor.name; } } return r;',
    );
    expect(J(assigns)(1)).toBe('TypeError');
    const tdz = new Function(
      'x',
      "let r = 'none'; try { let z = x; for (let z of [z]) {} } catch (e) { r = e.constructor.name; } return r;",
    );
    expect(J(tdz)(1)).toBe('ReferenceError');
  });
  it('for…of closes the iterator after a break without another next()', () => {
    function closes(stop) {
      const log = [];
      const it = {
        i: 0,
        [Symbol.iterator]() {
          return this;
        },
        next() {
          log.push('n');
          return { value: this.i++, done: this.i > 5 };
        },
        return() {
          log.push('r');
          return {};
        },
      };
      for (const v of it) {
        if (v === stop) break;
      }
      return log.join('');
    }
    expect(J(closes)(2)).toBe(closes(2));
  });
  it('for…in skips a key deleted before its turn', () => {
    function keys(x) {
      const o = { a: 1, b: 2, c: 3 };
      const seen = [];
      for (const k in o) {
        seen.push(k);
        if (k === 'a') delete o.b;
      }
      return seen.join('') + x;
    }
    expect(J(keys)(1)).toBe(keys(1));
  });
  it('var beside a function declaration of the same name is the function', () => {
    const f = new Function('x', 'var h; function h() { return x; } return typeof h;');
    expect(J(f)(1)).toBe('function');
  });
  it('for (… of tf.range(0, n)) with a tensor n stages a counted loop', () => {
    function sum(n) {
      let s = tf.scalar(0);
      for (const i of tf.range(0, n)) s = s + i;
      return s;
    }
    const f = J(sum);
    expect(values(f(i32(5)))).toBe(10);
    expect(f.getConcreteFunction(ag.spec([], 'int32')).graph.toString()).toContain('While');
  });
  it('cases that share a declaration are refused at conversion', () => {
    const f = new Function('x', 'switch (x) { case 1: let y = 1; case 2: y = 2; } return x;');
    expectAgError(() => J(f)(1), 'convert/unsupported-syntax', "a switch whose cases share the declaration of 'y'");
  });
  it('a logical operand of another type than the tensor it meets is refused, not wrong', () => {
    function mixed(x) {
      let y = 0;
      y = x > 0 && (y = 3);
      return y;
    }
    expectAgError(() => J(mixed)(i32(1)), 'convert/logical-operand-types');
  });
});
