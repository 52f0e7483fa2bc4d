// What a jit function returns where its code runs without a trace of its own (runFunctionsEagerly,
// inlined into another trace): the result with every JS number and boolean
// in it (through arrays and plain objects) made a scalar tensor, as a trace returns them — the dtype a
// staged JS value takes (bool; int32 for an integer in int32's range; float32) — so a jit function
// returns what its type (`Staged`) says on those paths too, as TF's tf.function returns tensors.
// (A signature that onSymbolicRead: 'eager' runs eagerly returns what the function returns, and
// jit's type says so for such functions.)
// Needs tfjs-core, trace/leaf and trace/nest. Produces `stagedResult`.

import * as tf from '@tensorflow/tfjs-core';
import { weakDType } from '../trace/leaf.js';
import { isPlainObject } from '../trace/nest.js';

/** `out` with its JS numbers and booleans as scalar tensors (arrays and objects copied only where one changed). */
export function stagedResult(out: unknown): unknown {
  if (out instanceof tf.Tensor) return out;
  if (typeof out === 'number' || typeof out === 'boolean') return tf.scalar(out, weakDType(out));
  if (Array.isArray(out)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < out.length; i++) {
      const v = stagedResult(out[i]);
      if (v !== out[i]) (copy ??= out.slice())[i] = v;
    }
    return copy ?? out;
  }
  if (isPlainObject(out)) {
    let copy: Record<string, unknown> | undefined;
    for (const k of Object.keys(out)) {
      const v = stagedResult(out[k]);
      if (v !== out[k]) (copy ??= { ...out })[k] = v;
    }
    return copy ?? out;
  }
  return out;
}
