// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Callees of converted code (issue 31): functions that converted code itself made are called as they
// are, silently (items 14, 16); a callee whose conversion failed is tried again with a scope that
// resolves it (item 7). Plain JS on the same values is the oracle.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});
afterEach(() => vi.restoreAllMocks());

const i32 = (v: number): tf.Tensor => tf.scalar(v, 'int32');
const valueOf = (x: unknown): number => (x instanceof tf.Tensor ? x.dataSync()[0] : x);
/** console.warn's messages while `run` runs. */
function warningsOf(run: () => void): string[] {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    run();
    return warn.mock.calls.map((c) => String(c[0]));
  } finally {
    warn.mockRestore();
  }
}

describe('functions made by converted code', () => {
  it('a nested closure with staged control flow around its call is not converted again (16)', () => {
    const f = (a, n) => {
      let c = 0;
      const inc = () => {
        c = c + 1;
      };
      for (let k = 0; k < n; k++) {
        if (a > k) inc();
      }
      return c;
    };
    const warnings = warningsOf(() => ag.jit(f)(i32(3), i32(5)));
    expect(warnings.filter((w) => /could not convert|is reserved/.test(w))).toEqual([]);
  });
  it('an object method with a staged if, defined inside the jit function, runs with no warning (14)', () => {
    const f = (a) => {
      const o = {
        m(x) {
          if (x > 0) return x * 2;
          return -x;
        },
      };
      return o.m(a) + 1;
    };
    for (const v of [-3, 4]) {
      let got;
      const warnings = warningsOf(() => (got = valueOf(ag.jit(f)(i32(v)))));
      expect(got).toBe(f(v));
      expect(warnings).toEqual([]);
    }
  });
  it('a closure with nothing to stage reads its free variables from its closure, no scope needed', () => {
    const f = (a) => {
      const c = 2;
      const get = () => c;
      return a * get();
    };
    let got;
    const warnings = warningsOf(() => (got = valueOf(ag.jit(f)(i32(5)))));
    expect(got).toBe(f(5));
    expect(warnings).toEqual([]);
  });
});

describe('a callee that could not be converted (7)', () => {
  // Its free variable `gate` is not in the first jit's scope; `h` is reached through the scope.
  const gate = { open: (x) => x > 3 };
  function h(x) {
    if (gate.open(x)) return x + 1;
    return x - 1;
  }
  const g = (x) => h(x);
  const oracle = (v) => (v > 3 ? v + 1 : v - 1);

  it('is tried again, and converted, by a later jit whose scope resolves it', () => {
    // Unconverted, its `x > 3` meets a tensor: a catalogued error, after the warning.
    const first = warningsOf(() =>
      expect(() => ag.jit(g, { scope: { h } })(i32(2))).toThrow(/trace\/tensor-in-js-operator/),
    );
    expect(first.filter((w) => w.includes("could not convert 'h'"))).toHaveLength(1);
    for (const v of [2, 5]) {
      let got;
      const later = warningsOf(() => (got = valueOf(ag.jit(g, { scope: { h, gate } })(i32(v)))));
      expect(got).toBe(oracle(v));
      expect(later).toEqual([]);
    }
  });
});

describe('the hint of an unresolved free variable', () => {
  it('offers the loader and the plugins only where no code converted in place runs', async () => {
    const outOfReach = new Function('x', 'return missingName + x');
    const hint = (): string => {
      try {
        ag.toGraph(outOfReach as (x: number) => number)(1);
      } catch (e) {
        return (e as ag.AutographError).hint ?? '';
      }
      throw new Error('expected convert/unresolved-free-variables');
    };
    expect(hint()).toContain('node --import autograph-ts/register');
    await import('../../src/plugin/runtime.js'); // what every module converted in place imports
    expect(hint()).not.toContain('autograph-ts/register');
    expect(hint()).toContain('scope: { missingName }');
    expect(hint()).toContain('an ES module that the loader or plugin converts');
  });
});
