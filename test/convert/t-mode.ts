// Helpers of the T-mode tests: run a function converted by toGraph through jit on tensors, and
// skip (rather than fail) while the graph backend still lacks a kernel the program needs.
import * as tf from '@tensorflow/tfjs';
import { expect } from 'vitest';
import { toGraph } from '../../src/api/to-graph.js';
import { jit } from '../../src/api/jit.js';
import { AutographError } from '../../src/errors/ag-error.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...a: any[]) => any;

export function staged(fn: Fn, scope: Record<string, unknown> = {}): Fn {
  return jit(toGraph(fn, { scope: { tf, ...scope } }), { autograph: false });
}

/** JS values of a (nested) jit result. */
export function values(x: unknown): unknown {
  if (x instanceof tf.Tensor) return x.arraySync();
  if (Array.isArray(x)) return x.map(values);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, values(v)]));
  return x;
}

export const i32 = (x: number | number[]) => (Array.isArray(x) ? tf.tensor1d(x, 'int32') : tf.scalar(x, 'int32'));
export const f32 = (x: number | number[]) => (Array.isArray(x) ? tf.tensor1d(x, 'float32') : tf.scalar(x, 'float32'));

/**
 * Runs `body`. (It used to skip when the trace rule table lacked a kernel; every kernel the
 * scenarios use has a rule now, so a missing one is a failure like any other.)
 */
export function orSkip(_ctx: { skip: (note?: string) => void }, body: () => void): void {
  body();
}

/** Expects `body` to throw the catalogued error `id` (whose message contains `text`). */
export function expectAgError(body: () => unknown, id: string, text?: string): void {
  let err: unknown;
  try {
    body();
  } catch (e) {
    err = e;
  }
  if (err instanceof AutographError && err.id === 'trace/kernel-unsupported') throw err;
  expect(err, `expected error ${id}`).toBeInstanceOf(AutographError);
  expect((err as AutographError).id).toBe(id);
  if (text) expect((err as AutographError).message).toContain(text);
}
