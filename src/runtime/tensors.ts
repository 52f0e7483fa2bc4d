// Tensor predicates and conversions shared by the runtime helpers: truthiness of conditions,
// weak typing of JS numbers mixed with tensors, bool views. Needs tfjs and src/trace/control-flow.
// Produces `isTensor`, `isSymbolic`, `isTracing`, `truthy`, `toBool`, `toBoolAny`, `weakPair`.

import { locatedError } from './located-error.js';
import * as tf from '@tensorflow/tfjs-core';
import { isSymbolic, isTensor, isTracing } from '../trace/control-flow.js';
import { truthTensor } from '../trace/truth.js';

export { isSymbolic, isTensor, isTracing };

/** JS truthiness of a condition; a concrete tensor is read (it must be a scalar). */
export function truthy(x: unknown, what = 'a condition'): boolean {
  if (!isTensor(x)) return Boolean(x);
  if (x.size !== 1) throw locatedError('convert/non-scalar-condition', { shape: `[${x.shape.join(',')}]`, what });
  const v = x.dataSync()[0];
  return typeof v === 'number' ? v !== 0 && !Number.isNaN(v) : Boolean(v);
}

/** A bool tensor view of a tensor: JS truthiness of each element (0, -0 and NaN are false). */
export function toBool(x: tf.Tensor): tf.Tensor {
  return truthTensor(x);
}

/** Bool tensor for tensors, JS boolean otherwise. */
export function toBoolAny(x: unknown): tf.Tensor | boolean {
  return isTensor(x) ? toBool(x) : Boolean(x);
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/** A JS value as a tensor operand: numbers/booleans/arrays become tensors. */
function asTensor(x: unknown, dtype: tf.DataType): tf.Tensor {
  if (isTensor(x)) return x;
  if (typeof x === 'boolean') return tf.scalar(x ? 1 : 0, dtype);
  if (typeof x === 'number') return tf.scalar(x, dtype);
  return tf.tensor(x as number[], undefined, dtype);
}

function jsDType(x: unknown): tf.DataType {
  if (typeof x === 'number') return isInt32(x) ? 'int32' : 'float32';
  if (typeof x === 'boolean') return 'bool';
  if (Array.isArray(x)) {
    const flat = (x as unknown[]).flat(Infinity as 1);
    return flat.every((v) => typeof v === 'number' && isInt32(v)) ? 'int32' : 'float32';
  }
  return 'float32';
}

const rank = (d: tf.DataType): number => (d === 'bool' ? 0 : d === 'int32' ? 1 : 2);

/**
 * The two operands of a binary tensor op with JS weak typing: a JS number takes the tensor's
 * dtype when it fits (int32 tensor * 10 stays int32), otherwise the tensor is promoted
 * (int32 tensor * 2.5 → float32). With `numeric`, bool tensors count as 0/1 int32 (JS semantics).
 */
export function weakPair(a: unknown, b: unknown, numeric: boolean): [tf.Tensor, tf.Tensor] {
  let ta = isTensor(a) ? a : null;
  let tb = isTensor(b) ? b : null;
  const upcast = (t: tf.Tensor, d: tf.DataType): tf.Tensor => (t.dtype === d ? t : tf.cast(t, d));
  if (numeric) {
    if (ta?.dtype === 'bool') ta = upcast(ta, 'int32');
    if (tb?.dtype === 'bool') tb = upcast(tb, 'int32');
  }
  if (ta && tb) {
    if (ta.dtype === tb.dtype) return [ta, tb];
    const d = rank(ta.dtype) >= rank(tb.dtype) ? ta.dtype : tb.dtype;
    return [upcast(ta, d), upcast(tb, d)];
  }
  const t = (ta ?? tb)!;
  const other = ta ? b : a;
  let od = jsDType(other);
  if (numeric && od === 'bool') od = 'int32';
  let d = t.dtype;
  if (rank(od) > rank(d)) d = od;
  const tt = upcast(t, d);
  const to = asTensor(other, d);
  return ta ? [tt, to] : [to, tt];
}
