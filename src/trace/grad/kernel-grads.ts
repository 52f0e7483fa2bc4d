// tfjs gradients that build constant tensors of the input's shape (`ones(x.shape)`) cannot run on
// a traced tensor whose shape is known only at run time (a -1 dimension, e.g. a stacked list).
// For such inputs the gradients of Sum and Mean are computed from `onesLike(x)` instead — the same
// values; tensors with static shapes (and eager code) keep tfjs's own gradient untouched.
// Needs tfjs's gradient registry. Produces `patchKernelGradients()` (idempotent).

import * as tf from '@tensorflow/tfjs';

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

const RULES: Record<string, GradFunc> = {
  Sum: (dy, [x], attrs) => {
    const axes = axesOf(attrs.axis, x!.rank);
    return { x: () => tf.mul(expandedDy(dy, x!, axes), tf.onesLike(x!)) };
  },
  Mean: (dy, [x], attrs) => {
    const axes = axesOf(attrs.axis, x!.rank);
    return {
      x: () => {
        const ones = tf.onesLike(x!);
        const size = axes.some((a) => x!.shape[a]! < 0) ? tf.sum(ones, axes, true) : tf.scalar(axes.reduce((p, a) => p * x!.shape[a]!, 1));
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
    config.gradFunc = (dy, saved, attrs) => (saved[0] && dynamic(saved[0]) ? rule(dy, saved, attrs) : original(dy, saved, attrs));
  }
}
