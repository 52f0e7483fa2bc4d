// Errors from functions converted in place by the Vite plugin name this .ts file's own lines and
// columns under vitest: a failed staged assert (its catalogued location) and an error thrown in the
// converted code (its stack). The expected positions are found in this file's text, not hard-coded.
// Needs the plugin config (the `in-place` project of vitest.config.ts).

import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { AutographError, assert, jit } from '../../src/index.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const FILE = fileURLToPath(import.meta.url);
const TEXT = readFileSync(FILE, 'utf8').split('\n');
const minimum = 0;

/** 1-based line and column of the first line containing `marker` (a comment), at `needle` on it. */
function positionOf(marker: string, needle: string): { line: number; column: number } {
  const i = TEXT.findIndex((l) => l.includes(marker) && !l.includes('positionOf'));
  expect(i).toBeGreaterThanOrEqual(0);
  const column = TEXT[i]!.indexOf(needle);
  expect(column).toBeGreaterThanOrEqual(0);
  return { line: i + 1, column: column + 1 };
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('error locations of in-place converted code (vitest + Vite plugin)', () => {
  it('a failed staged assert reports file:line:column of the assert in this .ts file', () => {
    const f = jit((x: any): any => {
      let y = x * 2;
      if ((tf.sum(y) as any) > 100) {
        y = y / 2;
      }
      assert((tf.min(y) as any) > minimum, 'y must stay positive'); // @assert-here
      return y;
    });
    expect(f(tf.tensor([1, 2])).arraySync()).toEqual([2, 4]);
    const at = positionOf('@assert-here', 'assert(');
    let caught: unknown;
    try {
      f(tf.tensor([1, -2]));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AutographError);
    const err = caught as AutographError;
    expect(err.id).toBe('runtime/assert-failed');
    expect(err.location?.file).toBe(FILE);
    expect(err.location?.line).toBe(at.line);
    expect(err.location?.column).toBe(at.column);
    expect(err.message).toContain(`${FILE}:${at.line}:${at.column}`);
    expect(err.message).toContain('y must stay positive');
  });

  it('an error thrown in converted code has a stack frame at its line in this .ts file', () => {
    const f = jit((x: any, limit: number): any => {
      if (limit < 0) {
        throw new RangeError(`limit ${limit} is negative`); // @throw-here
      }
      return x + limit;
    });
    expect(f(tf.scalar(1), 2).arraySync()).toBe(3);
    const at = positionOf('@throw-here', 'throw');
    let caught: unknown;
    try {
      f(tf.scalar(1), -1);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(RangeError);
    const stack = (caught as Error).stack ?? '';
    const frame = stack.split('\n').find((l) => l.includes(FILE));
    expect(frame, stack).toBeDefined();
    // The frame of the statement's body is named after the function and marked, as generated code's are.
    expect(frame).toMatch(/\) \[converted\]$/);
    const m = /:(\d+):(\d+)\)? \[converted\]$/.exec(frame!);
    expect(Number(m?.[1])).toBe(at.line);
    // V8 places a `throw new X()` frame at the `new`; both sit on the original line.
    expect(Number(m?.[2])).toBeGreaterThanOrEqual(at.column);
  });
});
