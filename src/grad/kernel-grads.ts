// tfjs gradients that build constant tensors of the input's shape (`ones(x.shape)`) cannot run on
// a traced tensor whose shape is known only at run time (a -1 dimension, e.g. a stacked list).
// For such inputs the gradients of Sum and Mean are computed from `onesLike(x)` instead, and those
// of broadcasting Add/Sub/Multiply reduce without asserting static shapes — the same values; tensors
// with static shapes (and eager code) keep tfjs's own gradients untouched.
// Needs tfjs's gradient registry. Produces `patchKernelGradients()` (idempotent).

import * as tf from '@tensorflow/tfjs-core';
import { SymbolicId, symbolicValue } from '../trace/context.js';
import { ensureGraphBackend } from '../trace/graph-backend.js';

type GradFunc = (dy: tf.Tensor, saved: tf.Tensor[], attrs: Record<string, unknown>) => Record<string, () => tf.Tensor>;

const dynamic = (x: tf.Tensor) => x.shape.some((d) => d < 0);

function axesOf(axis: unknown, rank: number): number[] {
  const list = axis == null ? [...Array(rank).keys()] : Array.isArray(axis) ? (axis as number[]) : [axis as number];
  return list.map((a) => (a < 0 ? a + rank : a));
}

function expandedDy(dy: tf.Tensor, x: tf.Tensor, axes: number[]): tf.Tensor {
  if (dy.rank === x.rank) return dy;
  const shape = x.shape.slice();
  for (const a of axes) shape[a] = 1;
  if (shape.every((d) => d >= 0)) return tf.reshape(dy, shape);
  let out = dy;
  for (const a of [...axes].sort((p, q) => p - q)) out = tf.expandDims(out, a);
  return out;
}

/** The broadcast shape of `a` and `b`; a run-time dimension (-1) meets 1 as -1 and n as n. */
function broadcastShape(a: readonly number[], b: readonly number[]): number[] {
  const n = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    out.push(x === 1 ? y : y === 1 ? x : x < 0 ? y : x);
  }
  return out;
}

/** `g` (of the broadcast shape) summed down to `x`'s shape (a -1 axis of the output counts as > 1). */
function reduceTo(g: tf.Tensor, x: tf.Tensor, out: readonly number[]): tf.Tensor {
  const lead = out.length - x.rank;
  const axes: number[] = [];
  x.shape.forEach((d, i) => {
    if (d === 1 && out[lead + i] !== 1) axes.push(lead + i);
  });
  let res = axes.length ? tf.sum(g, axes, true) : g;
  if (lead > 0) res = tf.sum(res, [...Array(lead).keys()]);
  return withShape(res, x.shape);
}

/** `t` as a tensor declaring `shape` (which differs only where one side knows a dimension at trace time). */
function withShape(t: tf.Tensor, shape: readonly number[]): tf.Tensor {
  if (t.shape.length === shape.length && t.shape.every((d, i) => d === shape[i])) return t;
  const v = symbolicValue(t);
  if (!v) return t;
  // A data id of its own: tfjs frees a data id with the first tensor disposed that holds it.
  return tf.engine().makeTensorFromDataId(new SymbolicId(v), [...shape], t.dtype, ensureGraphBackend());
}

const binary =
  (
    derA: (dy: tf.Tensor, a: tf.Tensor, b: tf.Tensor) => tf.Tensor,
    derB: (dy: tf.Tensor, a: tf.Tensor, b: tf.Tensor) => tf.Tensor,
  ): GradFunc =>
  (dy, [a, b]) => {
    const out = broadcastShape(a!.shape, b!.shape);
    return { a: () => reduceTo(derA(dy, a!, b!), a!, out), b: () => reduceTo(derB(dy, a!, b!), b!, out) };
  };

const RULES: Record<string, GradFunc> = {
  Add: binary(
    (dy) => dy,
    (dy) => dy,
  ),
  Sub: binary(
    (dy) => dy,
    (dy) => tf.neg(dy),
  ),
  Multiply: binary(
    (dy, _a, b) => tf.mul(dy, tf.cast(b, 'float32')),
    (dy, a) => tf.mul(dy, tf.cast(a, 'float32')),
  ),
  Sum: (dy, [x], attrs) => {
    const axes = axesOf(attrs.axis, x!.rank);
    return { x: () => tf.mul(expandedDy(dy, x!, axes), tf.onesLike(x!)) };
  },
  Mean: (dy, [x], attrs) => {
    const axes = axesOf(attrs.axis, x!.rank);
    return {
      x: () => {
        const ones = tf.onesLike(x!);
        const size = axes.some((a) => x!.shape[a]! < 0)
          ? tf.sum(ones, axes, true)
          : tf.scalar(axes.reduce((p, a) => p * x!.shape[a]!, 1));
        return tf.div(tf.mul(expandedDy(dy, x!, axes), ones), size);
      },
    };
  },
};

let patched = false;

export function patchKernelGradients(): void {
  if (patched) return;
  patched = true;
  for (const [kernel, rule] of Object.entries(RULES)) {
    const config = tf.getGradient(kernel) as { gradFunc: GradFunc } | undefined;
    if (!config) continue;
    const original = config.gradFunc;
    config.gradFunc = (dy, saved, attrs) => (saved.some(dynamic) ? rule(dy, saved, attrs) : original(dy, saved, attrs));
  }
}
