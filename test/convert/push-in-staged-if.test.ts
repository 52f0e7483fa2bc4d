// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// A JS array pushed in a branch of a staged if becomes a staged list, also when the push follows a
// nested staged if or staged loop that lists the array in its state but appended nothing while it
// was traced (a JS loop that ran zero times, a JS if not taken): that statement keeps the array the
// same object, so the enclosing branch's push is an append. Plain JS on the same numbers is the oracle.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { i32, values } from './t-mode.js';

await tf.setBackend('cpu');

const J = (fn) => ag.jit(fn, { scope: { tf, ag } });

/** Runs `fn` through jit on int32 scalars (n stays a JS number) and compares with plain JS. */
function agreesWithJs(fn, ns = [0, 2, 6]) {
  for (const n of ns) {
    const f = J(fn);
    const before = tf.memory().numTensors;
    for (const a of [-3, 0, 3, 7]) {
      const args = [i32(a), i32(1), i32(2)];
      const out = f(...args, n);
      expect(values(out), `${fn.name}(${a}, 1, 2, ${n})`).toEqual(fn(a, 1, 2, n));
      tf.dispose([out, ...args]);
    }
    expect(f.traceCount, `${fn.name}: one trace for n = ${n}`).toBe(1);
    for (const cf of f.concreteFunctions()) cf.dispose();
    expect(tf.memory().numTensors).toBe(before);
  }
}

describe('a push after a nested staged statement that appended nothing while traced', () => {
  it('after a nested staged if whose JS loop ran zero times (the fuzzer program, shrunk)', () => {
    function afterNestedIf(a, b, c, n) {
      const st = [];
      if (0 > a) {
      } else {
        if (a > b) {
        } else {
          for (let k = 0; k < n; k++) st.push(a);
        }
        st.push(0);
      }
      return st.length;
    }
    agreesWithJs(afterNestedIf);
  });

  it('after a nested staged if whose push sits under a JS if not taken', () => {
    function afterJsIf(a, b, c, n) {
      const st = [];
      if (a < 0) {
      } else {
        if (a > b) {
          if (n > 5) st.push(a);
        }
        st.push(c);
      }
      return [st.length, st.length > 0 ? st[st.length - 1] : -1];
    }
    agreesWithJs(afterJsIf);
  });

  it('three staged ifs deep, and a push after the outermost', () => {
    function deep(a, b, c, n) {
      const st = [];
      if (0 > a) {
      } else {
        if (a > b) {
          if (a > c) {
            if (n > 5) st.push(a);
          } else {
            for (let k = 0; k < n; k++) st.push(b);
          }
        }
        st.push(0);
      }
      st.push(c);
      return st.length;
    }
    agreesWithJs(deep);
  });

  it('both branches push, different counts, each after a nested staged if', () => {
    function bothBranches(a, b, c, n) {
      const st = [];
      if (0 > a) {
        if (a > b) {
          if (n > 5) st.push(a);
        }
        st.push(1);
        st.push(2);
      } else {
        if (a > c) {
          if (n > 5) st.push(b);
        }
        st.push(0);
      }
      return st.length;
    }
    agreesWithJs(bothBranches);
  });

  it('after a nested staged while loop that appended nothing while traced', () => {
    function afterLoop(a, b, c, n) {
      const st = [];
      if (0 > a) {
      } else {
        let i = 0;
        while (i < a) {
          if (n > 5) st.push(i);
          i++;
        }
        st.push(0);
      }
      return st.length;
    }
    agreesWithJs(afterLoop);
  });

  it('a staged if inside a staged loop body', () => {
    function inLoop(a, b, c, n) {
      const st = [];
      let i = 0;
      while (i < a) {
        if (i > b) {
          if (i > c) {
            if (n > 5) st.push(i);
          }
          st.push(i);
        }
        i++;
      }
      return st.length;
    }
    agreesWithJs(inLoop);
  });

  it('an array no branch changes stays the same object after the staged if', () => {
    function untouched(a, b, c, n) {
      const st = [];
      const o = { st };
      if (a > b) {
        for (let k = 0; k < n; k++) st.push(a);
      }
      return [st.length, o.st === st ? 1 : 0];
    }
    agreesWithJs(untouched, [0]);
  });
});
