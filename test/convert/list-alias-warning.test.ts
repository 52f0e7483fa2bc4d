// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// A JS array that a staged if or loop appends to (or pops from) becomes a staged list, but a
// reference the code stored before (`{ st }`, `[st]`, `const t = st`, `o.p = st`) keeps the JS array
// with its old items, unlike plain JS. The converter marks such references (`ag__.aliasOf`) and the
// trace warns once at the statement, naming the array (`trace/differs-from-js`); code that only
// pushes to its array and reads it through the variable is quiet.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { i32, values } from './t-mode.js';

await tf.setBackend('cpu');

/** jit(fn) called on `args`: its values, and the warnings of its trace. */
function run(fn, ...args) {
  const warnings = [];
  const f = ag.jit(fn, { scope: { tf, ag }, onWarning: (m) => warnings.push(m) });
  const out = f(...args);
  const v = values(out);
  tf.dispose([out]);
  for (const cf of f.concreteFunctions()) cf.dispose();
  return { v, warnings };
}

describe('another reference to an array a staged statement turns into a list', () => {
  it('stored in an object before a staged if: warned at the if, naming the array', () => {
    function viaObject(a, b) {
      const st = [];
      const o = { st };
      if (a > 0) st.push(b);
      return [st.length, o.st.length];
    }
    const { v, warnings } = run(viaObject, i32(1), i32(2));
    expect(v[0]).toBe(1); // the variable: as JS
    expect(v[1]).toBe(0); // the stored reference keeps the old array (JS: 1) — hence the warning
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/the array 'st': a staged if or loop appends to or pops from this JS array/);
    expect(warnings[0]).toMatch(/\[trace\/differs-from-js\]/);
    expect(warnings[0]).toMatch(/list-alias-warning\.test\.ts:30:\d+/);
  });

  it('in an array literal, another variable or a property: each warned', () => {
    function inArray(a, b) {
      const st = [];
      const keep = [st];
      if (a > 0) st.push(b);
      return keep[0].length;
    }
    function inVariable(a, b) {
      const st = [];
      const t = st;
      if (a > 0) st.push(b);
      return t.length;
    }
    function inProperty(a, b) {
      const st = [];
      const o = {};
      o.p = st;
      if (a > 0) st.push(b);
      return o.p.length;
    }
    for (const fn of [inArray, inVariable, inProperty]) {
      const { v, warnings } = run(fn, i32(1), i32(2));
      expect(v, fn.name).toBe(0); // JS: 1
      expect(warnings, fn.name).toHaveLength(1);
      // `st` is not read after the if: the branch's push is undone, and only the reference sees it.
      expect(warnings[0], fn.name).toMatch(/the array 'st': a staged if or loop appends/);
    }
  });

  it('a staged while loop appending to an array held elsewhere: warned', () => {
    function loop(a) {
      const st = [];
      const t = st;
      let i = 0;
      while (i < a) {
        st.push(i);
        i = i + 1;
      }
      return [st.length, t.length];
    }
    const { v, warnings } = run(loop, i32(3));
    expect(v).toEqual([3, 0]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/the array 'st': a staged if or loop appends/);
  });

  it('pushes read through the variable only, and an alias of an array no staged statement grows: quiet', () => {
    function quiet(a, b) {
      const z = [];
      let i = 0;
      while (i < a) {
        z.push(i * i);
        i = i + 1;
      }
      const w = [];
      const o = { w };
      w.push(b); // plain JS: the alias sees it
      return [ag.stack(z).sum(), z.length, o.w.length];
    }
    const { v, warnings } = run(quiet, i32(3), i32(2));
    expect(v).toEqual([5, 3, 1]);
    expect(warnings).toEqual([]);
  });

  it('appends in a staged branch to an array not read after it (after an early return): warned, naming it', () => {
    // The rest of the function after `if (…) return` is a staged branch; `st` is not read after it.
    function afterReturn(a, b) {
      const st = [];
      const box = { st };
      if (a > b) return [a, st.length, box.st.length];
      st.push(b);
      if (a > b) return [a, st.length, box.st.length];
      return [a, st.length, box.st.length];
    }
    for (const [a, b] of [
      [0, 0],
      [2, 1],
    ]) {
      const { v, warnings } = run(afterReturn, i32(a), i32(b));
      expect(v).toEqual(afterReturn(a, b)); // here read inside the branch, the reference sees the push
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/the array 'st': a staged if or loop appends/);
    }
  });

  it('the converted code marks the stored references', () => {
    function marked(a) {
      const st = [];
      const o = { st, n: 1 };
      const t = st;
      const keep = [st, a];
      st.push(a);
      return [o, t, keep];
    }
    const code = ag.toCode(marked, { scope: { tf, ag } });
    expect(code).toMatch(/st: ag__\.aliasOf\(st\)/);
    expect(code).toMatch(/t = ag__\.aliasOf\(st\)/);
    expect(code).toMatch(/\[ag__\.aliasOf\(st\), a\]/);
  });
});
