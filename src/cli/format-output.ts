// Shows what a function returned, for `autograph run`: tensors as their values (like staged print:
// `3`, `[1, 2]`), arrays and objects with the same nesting, or all of it as JSON.
// Needs tfjs and format-value. Produces `formatOutput`, `toJson`.

import * as tf from '@tensorflow/tfjs-core';
import { formatElements } from '../engine/format-value.js';
import type { DType } from '../ir/types.js';

/** Human-readable text of `value`; tensors as nested arrays of their elements. */
export function formatOutput(value: unknown): string {
  if (value instanceof tf.Tensor)
    return formatElements(value.dataSync() as ArrayLike<number>, value.shape, value.dtype as DType);
  if (Array.isArray(value)) return `[${value.map(formatOutput).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${formatOutput(v)}`)
      .join(', ')} }`;
  }
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** The same value as JSON: tensors as `{ dtype, shape, value }`. */
export function toJson(value: unknown): unknown {
  if (value instanceof tf.Tensor) return { dtype: value.dtype, shape: value.shape, value: value.arraySync() };
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return value === undefined ? null : value;
}
