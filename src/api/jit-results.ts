// What jit does with a function's results outside the graph: the tensors a result holds (which an
// eager run's tidy keeps) and the checks on a first result (a NaN from JS arithmetic on a JS array
// or string). Needs tfjs. Produces `keepable`, `isNaNResult`, `containsTensor`, `shortJson`.

import * as tf from '@tensorflow/tfjs-core';

/** Every tensor reachable from a function's result (arrays, objects, class instances): a tidy keeps them. */
export function keepable(out: unknown): tf.Tensor[] {
  if (out instanceof tf.Tensor) return [out];
  if (out === null || typeof out !== 'object') return [];
  return reachableTensors(out, new Set(), []);
}

function reachableTensors(out: unknown, seen: Set<unknown>, found: tf.Tensor[]): tf.Tensor[] {
  if (out instanceof tf.Tensor) found.push(out);
  else if (out !== null && typeof out === 'object' && !seen.has(out)) {
    seen.add(out);
    for (const v of out instanceof Map ? out.values() : Array.isArray(out) ? out : Object.values(out))
      reachableTensors(v, seen, found);
  }
  return found;
}

/** A NaN the function returned as a JS number (now a float32 scalar), or among an array's. */
export function isNaNResult(out: unknown): boolean {
  const nan = (x: unknown): boolean =>
    x instanceof tf.Tensor && x.dtype === 'float32' && x.size === 1 && Number.isNaN(x.dataSync()[0]);
  return nan(out) || (Array.isArray(out) && out.some(nan));
}

export function containsTensor(x: unknown): boolean {
  return x instanceof tf.Tensor || (Array.isArray(x) && x.some(containsTensor));
}

export function shortJson(x: unknown): string {
  const s = JSON.stringify(x) ?? String(x);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
