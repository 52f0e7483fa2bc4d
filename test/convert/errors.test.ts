// Conversion errors (S40 and friends): catalogued ids, a location in the function source, a code
// frame and a hint; run-time path errors for free variables; try/catch around staged control flow.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { toGraph } from '../../src/api/to-graph.js';
import { toCode } from '../../src/api/to-code.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { expectAgError, i32, staged } from './t-mode.js';

function caught(body: () => unknown): AutographError {
  try {
    body();
  } catch (e) {
    if (e instanceof AutographError) return e;
    throw e;
  }
  throw new Error('expected an AutographError');
}

const fromSource = (src: string) => new Function(`return (${src});`)() as (...a: unknown[]) => unknown;

describe('unsupported constructs (S40)', () => {
  const cases: [string, string, string][] = [
    ['generator', 'function* gen(x) {\n  yield x;\n}', 'a generator function'],
    ['async', 'async function f(x) {\n  return await x;\n}', 'an async function'],
    ['with', 'function f(o) {\n  with (o) {\n    return a;\n  }\n}', 'the with statement'],
    ['eval', 'function f(x) {\n  return eval("x");\n}', 'eval'],
    [
      'nested generator',
      'function f(x) {\n  const g = function* () {\n    yield 1;\n  };\n  return x;\n}',
      'a generator function',
    ],
    [
      'switch cases sharing a declaration',
      'function f(x) {\n  switch (x) {\n    case 1:\n      let y = 1;\n    case 2:\n      y = 2;\n  }\n  return x;\n}',
      "a switch whose cases share the declaration of 'y'",
    ],
  ];
  for (const [name, src, construct] of cases) {
    it(name, () => {
      const e = caught(() => toCode(fromSource(src) as never));
      expect(e.id).toBe('convert/unsupported-syntax');
      expect(e.kind).toBe('conversion');
      expect(e.summary).toContain(construct);
      expect(e.location?.line).toBeGreaterThanOrEqual(1);
      expect(e.location?.frame).toContain('>');
      expect(e.hint).toBeTruthy();
    });
  }
  it('points at the offending line and column', () => {
    const e = caught(() =>
      toCode(fromSource('function f(o) {\n  let a = 1;\n  with (o) {\n    a += 1;\n  }\n  return a;\n}') as never),
    );
    expect(e.location).toMatchObject({ line: 3, column: 3, functionName: 'f' });
    expect(e.message).toContain('> 3 |   with (o) {');
  });
  it('ag__ is reserved', () => {
    expect(caught(() => toCode(fromSource('function f(ag__) { return ag__ }') as never)).id).toBe(
      'convert/reserved-name',
    );
  });
  it('a misplaced setLoopOptions', () => {
    const e = caught(() =>
      toCode(fromSource('function f(n) {\n  ag.setLoopOptions({ maximumIterations: 2 });\n  return n;\n}') as never),
    );
    expect(e.id).toBe('convert/misplaced-directive');
    expect(e.location?.line).toBe(2);
  });
  it('native and bound functions', () => {
    expect(caught(() => toCode(Math.max as never)).id).toBe('convert/native-function');
    expect(caught(() => toCode(function f() {}.bind(null) as never)).id).toBe('convert/native-function');
  });
  it('not a function', () => {
    expect(caught(() => toGraph(3 as never)).id).toBe('convert/not-a-function');
  });
});

describe('free variables on the run-time path', () => {
  it('an unresolved name lists the names and both fixes', () => {
    const f = fromSource('function f(x) {\n  return x * scale + offset;\n}');
    const e = caught(() => toGraph(f as never));
    expect(e.id).toBe('convert/unresolved-free-variables');
    expect(e.summary).toContain("'scale', 'offset'");
    expect(e.hint).toContain('scope: { scale, offset }');
    expect(e.hint).toContain('plugin');
  });
  it('names resolve from the scope, then globalThis', () => {
    const f = fromSource('function f(x) {\n  return Math.max(x * scale, Number.EPSILON);\n}') as (x: number) => number;
    expect(toGraph(f, { scope: { scale: 3 } })(2)).toBe(6);
  });
  it('module imports renamed by vitest resolve against the scope (tf here is __vite_ssr_import_…)', () => {
    function usesTf(x: tf.Tensor) {
      return tf.add(x, 1);
    }
    expect(toCode(usesTf)).toMatch(/__vite_ssr_import_\d+__\.add|tf\.add/);
    expect((toGraph(usesTf, { scope: { tf } })(tf.scalar(2)) as tf.Tensor).arraySync()).toBe(3);
  });
  it('a recursive arrow function finds itself', () => {
    const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
    expect(toGraph(fact)(5)).toBe(120);
  });
  it('toGraph caches per function and scope contents', () => {
    const f = fromSource('function f(x) { return x + k }');
    expect(toGraph(f as never, { scope: { k: 1 } })).toBe(toGraph(f as never, { scope: { k: 1 } }));
    expect(toGraph(f as never, { scope: { k: 1 } })).not.toBe(toGraph(f as never, { scope: { k: 2 } }));
    const g = toGraph(f as never, { scope: { k: 1 } });
    expect(toGraph(g)).toBe(g);
  });
});

describe('staging errors', () => {
  it('a tensor condition inside try/catch is staged', () => {
    function f(x: tf.Tensor) {
      let r = 0;
      try {
        // @ts-expect-error tensor comparison through the converter
        if (x > 0) r = 1;
      } catch {
        r = -1;
      }
      return r;
    }
    expect(toGraph(f)(i32(1) as never)).toBe(1); // eagerly: the value is read
    expect(staged(f)(i32(1)).dataSync()[0]).toBe(1);
    expect(staged(f)(i32(-1)).dataSync()[0]).toBe(0);
  });
  it('switch on a tensor stages as chained conds', () => {
    function f(x: tf.Tensor) {
      let y = 0;
      switch (x as unknown as number) {
        case 1:
          y = 10;
          break;
        default:
          y = 20;
      }
      return y;
    }
    expect((staged(f)(i32(1)) as tf.Tensor).arraySync()).toBe(10);
    expect((staged(f)(i32(2)) as tf.Tensor).arraySync()).toBe(20);
  });
  it('for…in over a tensor', () => {
    function f(x: tf.Tensor) {
      let n = 0;
      for (const k in x) n += k.length;
      return n;
    }
    expectAgError(() => toGraph(f)(i32(1) as never), 'convert/tensor-for-in');
  });
});

describe('staging errors point at the statement in the function source', () => {
  it('S15: the if statement', () => {
    const f = fromSource('function s15(c) {\n  let i;\n  if (c) i = 1;\n  return i;\n}');
    let err: unknown;
    try {
      staged(f)(tf.scalar(true, 'bool'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AutographError);
    const e = err as AutographError;
    expect(e.id).toBe('convert/if-undefined-in-branch');
    expect(e.location).toMatchObject({ line: 3, functionName: 's15' });
    expect(e.message).toContain('> 3 |   if (c) i = 1;');
  });
  it('S32: the while loop', () => {
    const f = fromSource('function s32(n) {\n  while (n < 10) n = n * 1.5;\n  return n;\n}');
    let err: unknown;
    try {
      staged(f)(i32(1));
    } catch (e) {
      err = e;
    }
    expect((err as AutographError).id).toBe('convert/loop-var-dtype-changed');
    expect((err as AutographError).location).toMatchObject({ line: 2, functionName: 's32' });
  });
});
