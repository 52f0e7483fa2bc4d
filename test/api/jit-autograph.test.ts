// jit converts by default: the seed programs (test/corpus), written with plain operators and control
// flow, run through jit on tensors with the same results as plain JS on numbers (free variables via
// `scope`).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { capturePrintedLines } from '../helpers/print-capture.js';
import { checkedSquare, collatz, delta, huberLoss, printLoop, squareIfPositive } from '../corpus/index.js';
import assertModule from 'node:assert';
import { readFileSync } from 'node:fs';

/* eslint-disable @typescript-eslint/no-explicit-any */
function list_seed(n: any) {
  const z: number[] = [];
  ag.setElementType(z, 'int32');
  for (const i of ag.range(n) as unknown as number[]) z.push(i);
  return ag.stack(z);
}

const lines = capturePrintedLines();
beforeAll(async () => {
  await tf.setBackend('cpu');
});

const num = (t: unknown) => (t as tf.Tensor).dataSync()[0];

describe.each(['compiled', 'interpreter'] as const)('seed programs through jit (%s)', (executor) => {
  it('square_if_positive: 9 → 81, -2 → 0', () => {
    const f = ag.jit(squareIfPositive, { executor });
    expect(num(f(tf.scalar(9)))).toBe(81);
    expect(num(f(tf.scalar(-2)))).toBe(0);
    expect(squareIfPositive(9)).toBe(81);
    expect(f.traceCount).toBe(1);
  });

  it('collatz(27) = 111 on int32, staying int32', () => {
    const f = ag.jit(collatz, { executor });
    const r = f(tf.scalar(27, 'int32')) as unknown as tf.Tensor;
    expect(r.dtype).toBe('int32');
    expect(num(r)).toBe(111);
    expect(collatz(27)).toBe(111);
  });

  it('huber_loss with delta = 1: 0.5 → 0.125, 3 → 2.5 (free variables from scope)', () => {
    const f = ag.jit(huberLoss, { executor, scope: { tf, delta } });
    expect(num(f(tf.scalar(0.5)))).toBeCloseTo(0.125, 6);
    expect(num(f(tf.scalar(3)))).toBeCloseTo(2.5, 6);
  });

  it('nested while with print: 2 → 5, printing 3, 4, 5 on every call', () => {
    const f = ag.jit(printLoop, { executor });
    expect(num(f(tf.scalar(2, 'int32')))).toBe(5);
    expect(lines).toEqual(['3', '4', '5']);
    lines.length = 0;
    expect(num(f(tf.scalar(2, 'int32')))).toBe(5);
    expect(lines).toEqual(['3', '4', '5']);
  });

  it('list push/stack: 5 → [0, 1, 2, 3, 4]', () => {
    const f = ag.jit(list_seed, { executor, scope: { ag } });
    expect(Array.from((f(tf.scalar(5, 'int32')) as tf.Tensor).dataSync())).toEqual([0, 1, 2, 3, 4]);
  });

  it('assert: 3 → 9; 0 → "Do not pass zero!"', () => {
    const f = ag.jit(checkedSquare, { executor, scope: { ag } });
    expect(num(f(tf.scalar(3)))).toBe(9);
    expect(() => f(tf.scalar(0))).toThrow(/Do not pass zero!/);
  });

  it('an unresolved free variable is a catalogued error listing it and both fixes', () => {
    const f = ag.jit(huberLoss, { executor });
    expect(() => f(tf.scalar(1))).toThrow(/delta|tf/);
  });

  it('autograph: false traces the function as it is', () => {
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, 2), { executor, autograph: false });
    expect(num(f(tf.scalar(4)))).toBe(8);
  });
});

describe('runFunctionsEagerly', () => {
  it('runs the converted code on concrete tensors without tracing, then tracing resumes', () => {
    const f = ag.jit(collatz);
    const before = ag.runFunctionsEagerly(true);
    try {
      // Eagerly the loop runs in JS: `counter` stays a JS number inside, as in plain code, and comes
      // back as a trace returns it (and as the type says): an int32 scalar.
      const r = f(tf.scalar(6, 'int32'));
      expect(r).toBeInstanceOf(tf.Tensor);
      expect([r.dtype, r.shape, num(r)]).toEqual(['int32', [], 8]);
      expect(f.traceCount).toBe(0);
    } finally {
      ag.runFunctionsEagerly(before);
    }
    expect(num(f(tf.scalar(6, 'int32')))).toBe(8);
    expect(f.traceCount).toBe(1);
  });
});

function list_reads(n: any) {
  const z: number[] = [];
  ag.setElementType(z, 'int32');
  for (let i = 0; i < n; i++) z.push(i * i);
  const last = z.pop();
  return [z.length, z[1], last, ag.stack(z)];
}

describe('list reads in converted code', () => {
  it('length, z[i] with a JS index and pop() after a staged loop', () => {
    const f = ag.jit(list_reads, { scope: { ag } });
    const [len, second, last, rest] = f(tf.scalar(4, 'int32')) as unknown as tf.Tensor[];
    expect(num(len)).toBe(3);
    expect(num(second)).toBe(1);
    expect(num(last)).toBe(9);
    expect(Array.from(rest!.dataSync())).toEqual([0, 1, 4]);
    expect(list_reads(4).slice(0, 3)).toEqual([3, 1, 9]);
  });
});

const nodeAssert: typeof assertModule = assertModule; // a module-level name, so the function's source refers to it directly

function node_asserts(x: any) {
  nodeAssert(x > 0, 'x must be positive');
  nodeAssert.ok(x < 100, 'x must be below 100');
  return x * 2;
}

describe('node:assert in converted code', () => {
  it('assert(cond, msg) and assert.ok become staged asserts checked on every call', () => {
    const f = ag.jit(node_asserts, { scope: { nodeAssert } });
    expect(num(f(tf.scalar(5)))).toBe(10);
    expect(() => f(tf.scalar(-1))).toThrow(/x must be positive/);
    expect(() => f(tf.scalar(500))).toThrow(/x must be below 100/);
    expect(f.traceCount).toBe(1);
    expect(node_asserts(5)).toBe(10);
  });
});

function nested_assert(x: any) {
  let s = 0;
  if (x > 0) {
    let i = 0;
    while (i < x) {
      ag.assert(i < 3, 'i stays below 3');
      s = s + i;
      i = i + 1;
    }
  }
  return s;
}

describe('positions of staged asserts in converted code', () => {
  it('a failing assert inside a staged loop inside a staged branch reports its own line of the function source', () => {
    const f = ag.jit(nested_assert, { scope: { ag } });
    expect(num(f(tf.scalar(3, 'int32')))).toBe(3);
    let err: ag.AutographError | undefined;
    try {
      f(tf.scalar(5, 'int32'));
    } catch (e) {
      err = e as ag.AutographError;
    }
    expect(err?.id).toBe('runtime/assert-failed');
    // The position is in this very file (mapped through vitest's source map), with a code frame.
    const file = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
    const line = file.findIndex((l) => l.includes("ag.assert(i < 3, 'i stays below 3')")) + 1;
    expect(err!.location?.file).toContain('jit-autograph.test.ts');
    expect(err!.location?.line).toBe(line);
    expect(file[line - 1]!.slice(err!.location!.column - 1)).toMatch(/^assert\(i < 3/);
    expect(err!.location?.frame).toContain('> ' + String(line) + ' |');
    expect(err!.location?.functionName).toBe('nested_assert');
  });
});

function capped(n: any) {
  let i = 0;
  while (i < n) {
    ag.setLoopOptions({ maximumIterations: 3 });
    i = i + 1;
  }
  return i;
}

describe('setLoopOptions', () => {
  it('caps a staged loop at maximumIterations; unconverted it is a no-op that checks its argument', () => {
    const f = ag.jit(capped, { scope: { ag } });
    expect(num(f(tf.scalar(10, 'int32')))).toBe(3);
    expect(num(f(tf.scalar(2, 'int32')))).toBe(2);
    expect(capped(10)).toBe(10);
    expect(() => ag.setLoopOptions({ maximumIterations: -1 })).toThrow(/while\/max-iterations/);
  });
});

function one_branch_only(x: any) {
  let i;
  if (x > 0) i = 1;
  return i;
}

describe('positions of staging errors in converted code', () => {
  it("S15's error names the variable and points at the if statement's line of this file", () => {
    const f = ag.jit(one_branch_only);
    let err: ag.AutographError | undefined;
    try {
      f(tf.scalar(1));
    } catch (e) {
      err = e as ag.AutographError;
    }
    expect(err?.message).toContain("'i' must also be initialized in the else branch");
    const file = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
    const line = file.findIndex((l) => l.includes('if (x > 0) i = 1;')) + 1;
    expect(err!.location?.file).toContain('jit-autograph.test.ts');
    expect(err!.location?.line).toBe(line);
  });
});

function* not_convertible(x: any) {
  yield x;
}

describe('positions of conversion errors', () => {
  it('an unsupported construct points at its line of this file, with a code frame', () => {
    let err: ag.AutographError | undefined;
    try {
      ag.toGraph(not_convertible as never);
    } catch (e) {
      err = e as ag.AutographError;
    }
    expect(err).toBeInstanceOf(ag.AutographError);
    const file = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
    const line = file.findIndex((l) => l.includes('function* not_convertible(')) + 1;
    expect(err!.location?.file).toContain('jit-autograph.test.ts');
    expect(err!.location?.line).toBe(line);
    expect(err!.message).toContain(`> ${line} |`);
  });
});
