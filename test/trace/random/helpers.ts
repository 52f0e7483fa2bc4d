// Helpers of the random-op tests: a deterministic stand-in for Math.random (so that eager tfjs and
// staged calls can be compared value for value), counting distinct samples, and sample statistics.
// Needs nothing but tfjs. Produces `withSeededMathRandom`, `distinct`, `stats`, `chiSquare`.

import type * as tf from '@tensorflow/tfjs';

/** A small deterministic generator of numbers in [0, 1) (mulberry32). */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` with Math.random replaced by a generator seeded with `seed` (as seedrandom's global mode does). */
export function withSeededMathRandom<T>(seed: number, fn: () => T): T {
  const original = Math.random;
  Math.random = generator(seed);
  try {
    return fn();
  } finally {
    Math.random = original;
  }
}

/** How many different values (compared as JSON) `samples` holds. */
export function distinct(samples: readonly unknown[]): number {
  return new Set(samples.map((s) => JSON.stringify(s))).size;
}

export interface Stats {
  readonly n: number;
  readonly mean: number;
  readonly variance: number;
  readonly min: number;
  readonly max: number;
}

export function stats(values: ArrayLike<number>): Stats {
  const n = values.length;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (values[i]! - mean) ** 2;
  return { n, mean, variance: sq / (n - 1), min, max };
}

/**
 * Pearson's chi-square statistic of `counts` against `probs` (expected counts n·p); with k classes
 * it is about k - 1 on average (a bound of k - 1 + 6·sqrt(2(k - 1)) + 10 is far in the tail).
 */
export function chiSquare(counts: readonly number[], probs: readonly number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  return counts.reduce((acc, c, i) => acc + (c - n * probs[i]!) ** 2 / (n * probs[i]!), 0);
}

export function chiSquareBound(classes: number): number {
  return classes - 1 + 6 * Math.sqrt(2 * (classes - 1)) + 10;
}

/** Counts of each value 0..k-1 in an int32 tensor's data. */
export function counts(values: ArrayLike<number>, k: number): number[] {
  const c = new Array<number>(k).fill(0);
  for (let i = 0; i < values.length; i++) c[values[i]!]!++;
  return c;
}

export type Sampler = (x: tf.Tensor) => tf.Tensor[];
