// Parses the CLI's input descriptions: `--spec "[3]:float32,[?]:int32"` into TensorSpecs and
// `--args "[1,2,3]:float32,5:int32,7:js"` into tensors (or plain JS values with `:js`).
// Needs tfjs, `spec` and split-top-level. Produces `parseSpecs`, `parseArgs`.

import * as tf from '@tensorflow/tfjs-core';
import { spec, type TensorSpec } from '../api/tensor-spec.js';
import type { DType } from '../ir/types.js';
import { cliError } from './messages.js';
import { splitTopLevel } from '../api/split-top-level.js';

const DTYPES: readonly string[] = ['float32', 'int32', 'bool', 'string', 'complex64'];

/** Splits `VALUE:DTYPE` at its last top-level colon; the dtype is undefined when there is none. */
function splitDtype(item: string): { value: string; dtype?: string } {
  const parts = splitTopLevel(item, ':');
  if (parts.length === 1) return { value: parts[0]! };
  return { value: parts.slice(0, -1).join(':').trim(), dtype: parts[parts.length - 1]! };
}

/** `"[3,?]:float32,[]:int32"` → TensorSpecs. An empty text is no arguments. */
export function parseSpecs(text: string): TensorSpec[] {
  if (text.trim() === '') return [];
  return splitTopLevel(text).map((item, index) => {
    const bad = (reason: string) =>
      cliError('cli/bad-spec', { text, reason: `argument ${index}${item ? ` ('${item}')` : ''}: ${reason}` });
    if (item === '') throw bad('is empty');
    const { value, dtype = 'float32' } = splitDtype(item);
    if (!DTYPES.includes(dtype)) throw bad(`unknown dtype '${dtype}' (use ${DTYPES.join(', ')})`);
    if (!/^\[.*\]$/s.test(value)) throw bad(`the shape must be in brackets, like [3] or [] for a scalar`);
    const inner = value.slice(1, -1).trim();
    const dims = inner === '' ? [] : inner.split(',').map((d) => d.trim());
    const shape = dims.map((d) => {
      if (d === '?' || d === 'null' || d === '-1') return null;
      if (!/^\d+$/.test(d)) throw bad(`dimension '${d}' is not a non-negative integer, ? or null`);
      return Number(d);
    });
    return spec(shape, dtype as DType);
  });
}

/** One parsed `--args` item: a tensor, or a plain JS value (`:js`). */
export type CliArg = tf.Tensor | number | boolean | string | null | unknown[];

/** `"[1,2]:float32,5:int32,3:js"` → tensors (and JS values for `:js`). Bare numbers are float32. */
export function parseArgs(text: string): CliArg[] {
  if (text.trim() === '') return [];
  return splitTopLevel(text).map((item, index) => {
    const bad = (reason: string) =>
      cliError('cli/bad-args', { text, reason: `argument ${index}${item ? ` ('${item}')` : ''}: ${reason}` });
    if (item === '') throw bad('is empty');
    const { value, dtype } = splitDtype(item);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value.replace(/'/g, '"'));
    } catch {
      throw bad(`'${value}' is not a number, boolean, string or (nested) array of them`);
    }
    if (dtype === 'js') return parsed as CliArg;
    if (dtype !== undefined && !DTYPES.includes(dtype))
      throw bad(`unknown dtype '${dtype}' (use ${DTYPES.join(', ')}, or js for a plain JS value)`);
    const leaf = firstLeaf(parsed);
    const inferred = typeof leaf === 'boolean' ? 'bool' : typeof leaf === 'string' ? 'string' : 'float32';
    try {
      return tf.tensor(parsed as number[], undefined, (dtype ?? inferred) as tf.DataType);
    } catch (e) {
      throw bad((e as Error).message);
    }
  });
}

function firstLeaf(v: unknown): unknown {
  while (Array.isArray(v) && v.length > 0) v = v[0];
  return v;
}
