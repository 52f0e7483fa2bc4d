// The conformance harness (after TensorFlow's AutoGraph reference_test_base): each case runs the
// same program three ways — P, plain JavaScript on JS values (the oracle); J, through jit on the
// same JS values; T, through jit on tensors made of those values — and J and T must give P's
// result (tensors read back as JS values), print P's lines, and throw where P throws (the same
// error class). Cases that are illegal when staged name the catalogued error T must raise instead.
// Produces `conformance` (registers one vitest test per case) and `caseCount`.

import * as tf from '@tensorflow/tfjs';
import { format } from 'node:util';
import { afterAll, expect, it, vi } from 'vitest';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...a: any[]) => any;

export type Mode = 'P' | 'J' | 'T';

export interface Case {
  /** The function and how it is called: `fn(...args)`; args are JS values (fresh ones per call when a function). */
  readonly fn: AnyFn;
  readonly args: readonly unknown[] | (() => unknown[]);
  /** Which arguments become tensors in T mode (default: numbers, booleans and arrays of them). */
  readonly tensors?: readonly boolean[];
  /** int32 (default for integers), float32 (default otherwise) or bool (booleans). */
  readonly dtypes?: readonly (tf.DataType | undefined)[];
  /** T mode is illegal: the catalogued error id it must raise (its message must contain `text`). */
  readonly tError?: { readonly id: string; readonly text?: string };
  /** J mode is illegal too (when P itself fails differently, or the JS-value trace refuses it). */
  readonly jError?: { readonly id: string; readonly text?: string };
  /** Modes left out, with the reason. */
  readonly skip?: Partial<Record<Mode, string>>;
  /** Compare floats within this relative tolerance (float32 arithmetic in T mode); default exact. */
  readonly tol?: number;
  /**
   * The oracle: 'plain' JS (default), or 'eager' — the converted function run eagerly on the same
   * values, for programs that need tensors even in P (tf.Variable arguments, tfjs calls).
   */
  readonly oracle?: 'plain' | 'eager';
}

let count = 0;
/** How many cases the suite registered (each runs P, J and T). */
export const caseCount = (): number => count;

/** Per file: cases, and how many run each mode, and how many expect a catalogued error. */
const stats = { cases: 0, P: 0, J: 0, T: 0, eagerOracle: 0, tErrors: 0, jErrors: 0 };
let reporting = false;
function tally(c: Case): void {
  stats.cases++;
  if (!c.skip?.P) stats.P++;
  if (!c.skip?.J) stats.J++;
  if (!c.skip?.T) stats.T++;
  if (c.oracle === 'eager') stats.eagerOracle++;
  if (c.tError && !c.skip?.T) stats.tErrors++;
  if (c.jError && !c.skip?.J) stats.jErrors++;
  if (!reporting && process.env.CONFORMANCE_STATS === '1') {
    reporting = true;
    afterAll(() => console.info(`conformance stats ${JSON.stringify(stats)}`));
  }
}

const isNumeric = (x: unknown): boolean =>
  typeof x === 'number' || typeof x === 'boolean' || (Array.isArray(x) && x.every(isNumeric));

function flatValues(x: unknown): unknown[] {
  return Array.isArray(x) ? x.flatMap(flatValues) : [x];
}

/** The tensor a JS value stands for in T mode. */
export function asTensor(x: unknown, dtype?: tf.DataType): unknown {
  if (!isNumeric(x)) {
    if (x && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, asTensor(v)]));
    }
    return x;
  }
  const flat = flatValues(x);
  const d =
    dtype ??
    (flat.length > 0 && flat.every((v) => typeof v === 'boolean')
      ? 'bool'
      : flat.every((v) => Number.isInteger(v) || typeof v === 'boolean')
        ? 'int32'
        : 'float32');
  return tf.tensor(x as number[], undefined, d);
}

/** A result as plain JS values (tensors read back; bool tensors as booleans; lists stacked). */
export function plainValue(x: unknown): unknown {
  if (x instanceof tf.Tensor) {
    const v = x.arraySync() as unknown;
    const bool = x.dtype === 'bool';
    const conv = (y: unknown): unknown => (Array.isArray(y) ? y.map(conv) : bool ? y !== 0 : y);
    return conv(v);
  }
  if (Array.isArray(x)) return x.map(plainValue);
  if (x && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plainValue(v)]));
  }
  return x;
}

interface Outcome {
  readonly value?: unknown;
  readonly printed: string[];
  readonly error?: unknown;
}

function run(body: () => unknown): Outcome {
  const printed: string[] = [];
  const restore = ag.setPrintSink((l) => printed.push(l));
  const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void printed.push(format(...a)));
  try {
    return { value: plainValue(body()), printed };
  } catch (error) {
    return { printed, error };
  } finally {
    spy.mockRestore();
    ag.setPrintSink(restore);
  }
}

function close(a: unknown, b: unknown, tol: number): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
    return a === b || Math.abs(a - b) <= tol * Math.max(1, Math.abs(a));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => close(x, b[i], tol));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => close((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], tol))
    );
  }
  return Object.is(a, b) || a === b;
}

function expectCatalogued(o: Outcome, want: { id: string; text?: string }, mode: Mode): void {
  expect(
    o.error,
    `${mode}: expected ${want.id}, got ${o.error ? String(o.error) : JSON.stringify(o.value)}`,
  ).toBeInstanceOf(AutographError);
  expect((o.error as AutographError).id, String(o.error)).toBe(want.id);
  if (want.text) expect((o.error as AutographError).message).toContain(want.text);
}

function compare(p: Outcome, o: Outcome, mode: Mode, tol: number): void {
  if (p.error) {
    expect(o.error, `${mode} must throw like plain JS (${String(p.error)})`).toBeDefined();
    expect((o.error as object).constructor.name, String(o.error)).toBe((p.error as object).constructor.name);
    return;
  }
  if (o.error) throw o.error;
  expect(
    close(p.value, o.value, tol),
    `${mode} result ${JSON.stringify(o.value)} differs from plain JS ${JSON.stringify(p.value)}`,
  ).toBe(true);
  expect(o.printed, `${mode} printed output`).toEqual(p.printed);
}

/**
 * Registers one test: `name` runs P, J and T as the case says. `scope` holds the free variables of
 * the program (run-time conversion).
 */
export function conformance(name: string, c: Case, scope: Record<string, unknown>): void {
  count++;
  tally(c);
  it(name, () => {
    const args = (): unknown[] => (typeof c.args === 'function' ? c.args() : [...c.args]);
    const tol = c.tol ?? 0;
    // Without P (a program that only exists staged, e.g. an endless JS loop), J and T must fail as said.
    const p: Outcome = c.skip?.P
      ? { printed: [], error: new Error('no oracle') }
      : run(() => (c.oracle === 'eager' ? ag.toGraph(c.fn, { scope }) : c.fn)(...args()));
    if (c.skip?.P) expect(c.tError ?? c.jError, 'a case without P must expect errors').toBeDefined();
    if (!c.skip?.J) {
      const j = run(() => ag.jit(c.fn, { scope })(...args()));
      if (c.jError) expectCatalogued(j, c.jError, 'J');
      else compare(p, j, 'J', tol);
    }
    if (!c.skip?.T) {
      const targs = args().map((a, i) => ((c.tensors ? c.tensors[i] : isNumeric(a)) ? asTensor(a, c.dtypes?.[i]) : a));
      const t = run(() => ag.jit(c.fn, { scope })(...targs));
      if (c.tError) expectCatalogued(t, c.tError, 'T');
      else compare(p, t, 'T', tol);
    }
  });
}

/**
 * A program's name as its module exports it: the port's name (TF's test name) also where the program
 * is a re-exported corpus program, whose function is named after its scenario (`s4`).
 */
export function programName(programs: object, f: AnyFn): string {
  return Object.entries(programs).find(([, v]) => v === f)?.[0] ?? f.name;
}

/** Every combination of the given lists (TF's itertools.product). */
export function product<T extends unknown[][]>(...lists: T): { [K in keyof T]: T[K][number] }[] {
  return lists.reduce<unknown[][]>((acc, l) => acc.flatMap((a) => l.map((x) => [...a, x])), [[]]) as never;
}
