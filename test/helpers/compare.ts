// Leaf-by-leaf comparison of an eager result with a jit result, and small helpers over nested
// structures of tensors. Needs tfjs. Produces `compareResults`, `CompareOptions`, `disposeAll`,
// `leavesOf`, `mapLeaves`, `sameShape`.

import * as tf from '@tensorflow/tfjs';

const DEFAULT_RTOL = 1e-5;
const DEFAULT_ATOL = 1e-6;

/** Disposes every tensor in a nested structure (JS values, and variables, which their owner frees, are left alone). */
export function disposeAll(x: unknown): void {
  if (x instanceof tf.Variable) return;
  if (x instanceof tf.Tensor) {
    if (!x.isDisposed) x.dispose();
  } else if (Array.isArray(x)) {
    x.forEach(disposeAll);
  } else if (isPlainObject(x)) {
    Object.values(x).forEach(disposeAll);
  }
}

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (x === null || typeof x !== 'object') return false;
  const p = Object.getPrototypeOf(x);
  return p === Object.prototype || p === null;
}

export interface CompareOptions {
  readonly exact?: boolean;
  readonly rtol?: number;
  readonly atol?: number;
}

/** A float32 value pair is close: NaN equals NaN, infinities must match, else |a-b| <= atol + rtol*|a|. */
function close(a: number, b: number, rtol: number, atol: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= atol + rtol * Math.abs(a);
}

/**
 * Compares `actual` (from jit) with `expected` (eager): same nesting, same dtype and shape for each
 * tensor, values equal (exactly for int32/bool, or when `exact`). Returns the list of differences.
 */
export function compareResults(
  expected: unknown,
  actual: unknown,
  opts: CompareOptions = {},
  path = 'result',
): string[] {
  const rtol = opts.rtol ?? DEFAULT_RTOL;
  const atol = opts.atol ?? DEFAULT_ATOL;
  if (expected instanceof tf.Tensor) {
    if (!(actual instanceof tf.Tensor)) return [`${path}: expected a tensor, got ${show(actual)}`];
    if (actual.isDisposed) return [`${path}: the jit result is a disposed tensor`];
    const diffs: string[] = [];
    if (expected.dtype !== actual.dtype) diffs.push(`${path}: dtype ${actual.dtype}, expected ${expected.dtype}`);
    if (!sameShape(expected.shape, actual.shape))
      diffs.push(`${path}: shape [${actual.shape}], expected [${expected.shape}]`);
    if (diffs.length > 0) return diffs;
    const e = expected.dataSync() as ArrayLike<number>;
    const a = actual.dataSync() as ArrayLike<number>;
    const exact = opts.exact || expected.dtype !== 'float32';
    const bad: string[] = [];
    for (let i = 0; i < e.length; i++) {
      const ok = exact
        ? Object.is(Number(e[i]), Number(a[i])) || e[i] === a[i]
        : close(Number(e[i]), Number(a[i]), rtol, atol);
      if (!ok) bad.push(`[${i}] ${a[i]} vs ${e[i]}`);
    }
    if (bad.length > 0) {
      const shown = bad.slice(0, 6).join(', ') + (bad.length > 6 ? `, … (${bad.length} in all)` : '');
      return [
        `${path}: ${expected.dtype} values differ (jit vs eager${exact ? ', exact' : `, rtol ${rtol}, atol ${atol}`}): ${shown}`,
      ];
    }
    return [];
  }
  if (actual instanceof tf.Tensor)
    return [`${path}: expected ${show(expected)}, got a tensor ${actual.dtype}[${actual.shape}]`];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${path}: array length ${actual.length}, expected ${expected.length}`];
    return expected.flatMap((x, i) => compareResults(x, actual[i], opts, `${path}[${i}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${path}: expected an object, got ${show(actual)}`];
    const ek = Object.keys(expected);
    const ak = Object.keys(actual);
    if (ek.join(',') !== ak.join(',')) return [`${path}: keys {${ak}}, expected {${ek}}`];
    return ek.flatMap((k) => compareResults(expected[k], actual[k], opts, `${path}.${k}`));
  }
  if (!Object.is(expected, actual)) return [`${path}: ${show(actual)}, expected ${show(expected)}`];
  return [];
}

export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

function show(x: unknown): string {
  if (x instanceof tf.Tensor) return `tensor ${x.dtype}[${x.shape}]`;
  if (Array.isArray(x)) return 'an array';
  if (isPlainObject(x)) return 'an object';
  return typeof x === 'string' ? JSON.stringify(x) : String(x);
}

export function leavesOf(x: unknown): tf.Tensor[] {
  if (x instanceof tf.Tensor) return [x];
  if (Array.isArray(x)) return x.flatMap(leavesOf);
  if (isPlainObject(x)) return Object.values(x).flatMap(leavesOf);
  return [];
}

export function mapLeaves(x: unknown, f: (t: tf.Tensor) => tf.Tensor): unknown {
  if (x instanceof tf.Tensor) return f(x);
  if (Array.isArray(x)) return x.map((y) => mapLeaves(y, f));
  if (isPlainObject(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, mapLeaves(y, f)]));
  return x;
}
