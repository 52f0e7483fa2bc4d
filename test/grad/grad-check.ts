// The gradient-check harness of test/grad: for a scalar function `f` of tensors (containing staged
// control flow when traced), compares the gradient computed inside a jit function — the backward
// pass recorded into the graph and run by each executor — with (a) central differences of `f` run
// eagerly in float32 and (b) tfjs's eager gradient of `f` (plain JS control flow). Autograph cases
// are converted by toGraph first, so eagerly their control flow is JS too. The same comparisons
// are made for tf.grad of the jit function itself, called from outside.
import * as tf from '@tensorflow/tfjs';
import { expect } from 'vitest';
import { jit, toGraph } from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';

type T = tf.Tensor;

export interface GradCase {
  readonly name: string;
  /** A scalar function of the arguments. */
  readonly f: (...xs: T[]) => T;
  /** Fresh arguments (float32 tensors, differentiated; kept small: one numerical probe per element). */
  readonly args: () => T[];
  /** Convert `f` with AutoGraph (its `if`/`while`/`for` on tensors are staged when traced). */
  readonly autograph?: boolean;
  readonly scope?: Record<string, unknown>;
  /** Step of the central differences (default 1e-2) and tolerance against them (default 5e-3). */
  readonly eps?: number;
  readonly numTol?: number;
}

/** jit vs eager gradients: float32 rounding differs only in how contributions are summed. */
export const RTOL = 1e-5;
export const ATOL = 1e-6;

function numeric(f: (...xs: T[]) => T, args: T[], eps: number): Float32Array[] {
  return args.map((x, k) => {
    const base = x.dataSync();
    const out = new Float32Array(base.length);
    for (let i = 0; i < base.length; i++) {
      const at = (d: number) =>
        tf.tidy(() => {
          const v = Float32Array.from(base);
          v[i]! += d;
          const xs = args.map((a, j) => (j === k ? tf.tensor(v, a.shape, 'float32') : a));
          return f(...xs).dataSync()[0]!;
        });
      out[i] = (at(eps) - at(-eps)) / (2 * eps);
    }
    return out;
  });
}

function close(a: ArrayLike<number>, b: ArrayLike<number>, rtol: number, atol: number): string | undefined {
  if (a.length !== b.length) return `length ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (!(d <= atol + rtol * Math.abs(b[i]!))) return `element ${i}: ${a[i]} vs ${b[i]} (difference ${d})`;
  }
  return undefined;
}

/** Runs the three-way comparison of one case on the current backend, for every executor. */
export function checkGradient(c: GradCase): void {
  const f = c.autograph ? (toGraph(c.f, { scope: c.scope }) as (...xs: T[]) => T) : c.f;
  const args = c.args();
  try {
    const eager = tf.tidy(() => tf.grads(f)(args)).map((g) => g.dataSync());
    const num = numeric(f, args, c.eps ?? 1e-2);
    const problems: string[] = [];
    eager.forEach((g, k) => {
      const bad = close(g, num[k]!, c.numTol ?? 5e-3, c.numTol ?? 5e-3);
      if (bad) problems.push(`eager vs numerical, argument ${k}: ${bad}`);
    });
    for (const backend of EXECUTORS) {
      const before = tf.memory().numTensors;
      const g = jit((...xs: T[]) => tf.grads(f)(xs), {
        autograph: false,
        executor: backend,
        name: c.name.replace(/\W+/g, '_'),
      });
      for (let call = 0; call < 2; call++) {
        const got = g(...args) as T[];
        got.forEach((t, k) => {
          const v = t.dataSync();
          const vsEager = close(v, eager[k]!, RTOL, ATOL);
          if (vsEager) problems.push(`${backend} call ${call + 1} vs eager, argument ${k}: ${vsEager}`);
          const vsNum = close(v, num[k]!, c.numTol ?? 5e-3, c.numTol ?? 5e-3);
          if (vsNum) problems.push(`${backend} call ${call + 1} vs numerical, argument ${k}: ${vsNum}`);
          t.dispose();
        });
      }
      if (g.traceCount !== 1) problems.push(`${backend}: traced ${g.traceCount} times`);
      const cf = g.concreteFunctions()[0]!;
      if (!/While|Cond/.test(cf.graph.toString())) problems.push(`${backend}: the graph has no staged control flow`);
      for (const x of g.concreteFunctions()) x.dispose();
      const leaked = tf.memory().numTensors - before;
      if (leaked !== 0) problems.push(`${backend}: ${leaked} tensor(s) left over`);
    }
    // tf.grad of the jit function itself, called from outside: the call is one tape entry whose
    // gradient is a second traced function.
    for (const backend of EXECUTORS) {
      const before = tf.memory().numTensors;
      const jf = jit(f, { autograph: false, executor: backend, name: c.name.replace(/\W+/g, '_') });
      for (let call = 0; call < 2; call++) {
        const got = tf.tidy(() => tf.grads((...xs: T[]) => jf(...xs) as T)(args));
        got.forEach((t, k) => {
          const v = t.dataSync();
          const vsEager = close(v, eager[k]!, RTOL, ATOL);
          if (vsEager) problems.push(`tf.grad(jit) ${backend} call ${call + 1} vs eager, argument ${k}: ${vsEager}`);
          const vsNum = close(v, num[k]!, c.numTol ?? 5e-3, c.numTol ?? 5e-3);
          if (vsNum) problems.push(`tf.grad(jit) ${backend} call ${call + 1} vs numerical, argument ${k}: ${vsNum}`);
          t.dispose();
        });
      }
      if (jf.traceCount !== 1) problems.push(`tf.grad(jit) ${backend}: traced ${jf.traceCount} times`);
      if (!/While|Cond/.test(jf.concreteFunctions()[0]!.graph.toString()))
        problems.push(`tf.grad(jit) ${backend}: the graph has no staged control flow`);
      for (const x of jf.concreteFunctions()) x.dispose();
      const leaked = tf.memory().numTensors - before;
      if (leaked !== 0) problems.push(`tf.grad(jit) ${backend}: ${leaked} tensor(s) left over`);
    }
    expect(problems, `${c.name}:\n  ${problems.join('\n  ')}`).toEqual([]);
  } finally {
    for (const a of args) a.dispose();
  }
}
