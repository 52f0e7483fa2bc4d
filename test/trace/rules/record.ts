// Records every kernel invocation real tfjs ops make, by wrapping `tf.engine().runKernel` for the duration of a call.
// Needs @tensorflow/tfjs (any backend that computes, normally cpu). Produces `recordKernels`: name, input infos
// (in `Object.keys(inputs)` order, null inputs skipped, as the graph backend sees them), attrs and real outputs.

import * as tf from '@tensorflow/tfjs';
import type { ArgInfo } from '../../../src/trace/rules/support/rule-types.js';

export interface Invocation {
  readonly kernel: string;
  readonly names: string[];
  readonly inputs: ArgInfo[];
  readonly attrs: Record<string, unknown>;
  readonly outputs: ArgInfo[];
}

const info = (t: { shape: readonly number[]; dtype: string }): ArgInfo => ({
  shape: [...t.shape],
  dtype: t.dtype as ArgInfo['dtype'],
});

function copyAttrs(attrs: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attrs ?? {}))
    out[k] = Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? [...x] : x)) : v;
  return out;
}

/** Runs `fn` inside tf.tidy and returns every kernel invocation it made (nested ones included). */
export function recordKernels(fn: () => unknown): Invocation[] {
  const engine = tf.engine() as unknown as { runKernel: (...a: unknown[]) => unknown };
  const original = engine.runKernel;
  const calls: Invocation[] = [];
  engine.runKernel = function (this: unknown, kernel: unknown, inputs: unknown, attrs: unknown) {
    const named = (inputs ?? {}) as Record<string, { shape: number[]; dtype: string } | null | undefined>;
    const names: string[] = [];
    const infos: ArgInfo[] = [];
    for (const k of Object.keys(named)) {
      const t = named[k];
      if (t == null) continue;
      // A few kernels (RaggedGather, RaggedTensorToTensor) take an array as one named input: flatten it.
      const parts = Array.isArray(t) ? t.map((x, i) => [`${k}.${i}`, x] as const) : [[k, t] as const];
      for (const [name, x] of parts) {
        names.push(name);
        infos.push(info(x));
      }
    }
    const attrCopy = copyAttrs(attrs as Record<string, unknown> | undefined);
    const out = original.call(this, kernel, inputs, attrs) as tf.Tensor | tf.Tensor[];
    const outputs = (Array.isArray(out) ? out : [out]).map(info);
    calls.push({ kernel: kernel as string, names, inputs: infos, attrs: attrCopy, outputs });
    return out;
  };
  try {
    tf.tidy(() => {
      fn();
    });
  } finally {
    engine.runKernel = original;
  }
  return calls;
}
