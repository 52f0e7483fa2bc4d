// Operator dispatch for converted code: `ag__.mul(a, b)` is a tfjs op when an operand is a tensor
// (JS numbers weakly typed, see tensors.ts) and exactly the JS operator otherwise.
// Division rule: `/` is true division like JS (int32 / int32 → float32); the idioms
// `Math.floor(a / b)` → floorDiv, `Math.trunc(a / b)` → truncDiv and `(a / b) | 0` → intDiv stay
// int32 and exact on int32 tensors. `%` is JS's truncated remainder (sign of the dividend).
// Needs tfjs and tensors.ts. Produces one function per operator.

import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { isTensor, toBool, weakPair } from './tensors.js';

type Js = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const anyTensor = (a: unknown, b: unknown): boolean => isTensor(a) || isTensor(b);

function arith(a: unknown, b: unknown, f: (x: tf.Tensor, y: tf.Tensor) => tf.Tensor): tf.Tensor {
  const [x, y] = weakPair(a, b, true);
  return f(x, y);
}
function compare(a: unknown, b: unknown, f: (x: tf.Tensor, y: tf.Tensor) => tf.Tensor): tf.Tensor {
  const [x, y] = weakPair(a, b, false);
  return f(x, y);
}
const unsupported = (op: string, t: tf.Tensor): Error => agError('convert/unsupported-tensor-operator', { op, dtype: t.dtype });

export function add(a: Js, b: Js): Js {
  if (typeof a === 'string' || typeof b === 'string' || !anyTensor(a, b)) return a + b;
  return arith(a, b, tf.add);
}
export function sub(a: Js, b: Js): Js {
  return anyTensor(a, b) ? arith(a, b, tf.sub) : a - b;
}
export function mul(a: Js, b: Js): Js {
  return anyTensor(a, b) ? arith(a, b, tf.mul) : a * b;
}
export function div(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a / b;
  return arith(a, b, (x, y) => (x.dtype === 'int32' ? tf.div(tf.cast(x, 'float32'), tf.cast(y, 'float32')) : tf.div(x, y)));
}
/** `Math.floor(a / b)`. */
export function floorDiv(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return Math.floor(a / b);
  return arith(a, b, (x, y) => (x.dtype === 'int32' ? tf.floorDiv(x, y) : tf.floor(tf.div(x, y))));
}
function truncInt(x: tf.Tensor, y: tf.Tensor): tf.Tensor {
  // floor division, plus one where the exact quotient is negative and not whole.
  const q = tf.floorDiv(x, y);
  const inexact = tf.notEqual(tf.sub(x, tf.mul(q, y)), tf.scalar(0, 'int32'));
  const negative = tf.notEqual(tf.less(x, tf.scalar(0, 'int32')), tf.less(y, tf.scalar(0, 'int32')));
  return tf.add(q, tf.cast(tf.logicalAnd(inexact, negative), 'int32'));
}
/** `Math.trunc(a / b)`. */
export function truncDiv(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return Math.trunc(a / b);
  return arith(a, b, (x, y) => {
    if (x.dtype === 'int32') return truncInt(x, y);
    const q = tf.div(x, y);
    return tf.where(tf.less(q, tf.scalar(0)), tf.ceil(q), tf.floor(q));
  });
}
/** `(a / b) | 0`. */
export function intDiv(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return (a / b) | 0;
  return arith(a, b, (x, y) => (x.dtype === 'int32' ? truncInt(x, y) : tf.cast(tf.div(x, y), 'int32')));
}
/** JS `%`: the remainder has the sign of the dividend (tf.mod's has the divisor's). */
export function mod(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a % b;
  return arith(a, b, (x, y) => {
    const zero = tf.scalar(0, x.dtype);
    const r = tf.mod(x, y);
    const fix = tf.logicalAnd(tf.notEqual(r, zero), tf.notEqual(tf.less(x, zero), tf.less(y, zero)));
    return tf.where(fix, tf.sub(r, y), r);
  });
}
export function pow(a: Js, b: Js): Js {
  return anyTensor(a, b) ? arith(a, b, tf.pow) : a ** b;
}
export function lt(a: Js, b: Js): Js {
  return anyTensor(a, b) ? compare(a, b, tf.less) : a < b;
}
export function le(a: Js, b: Js): Js {
  return anyTensor(a, b) ? compare(a, b, tf.lessEqual) : a <= b;
}
export function gt(a: Js, b: Js): Js {
  return anyTensor(a, b) ? compare(a, b, tf.greater) : a > b;
}
export function ge(a: Js, b: Js): Js {
  return anyTensor(a, b) ? compare(a, b, tf.greaterEqual) : a >= b;
}
const comparable = (x: unknown): boolean => isTensor(x) || typeof x === 'number' || typeof x === 'boolean' || Array.isArray(x);
export function eq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? compare(a, b, tf.equal) : a == b;
}
export function neq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? compare(a, b, tf.notEqual) : a != b;
}
export function strictEq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? compare(a, b, tf.equal) : a === b;
}
export function strictNeq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? compare(a, b, tf.notEqual) : a !== b;
}
export function bitAnd(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a & b;
  const [x, y] = weakPair(a, b, false);
  if (x.dtype === 'bool') return tf.logicalAnd(x, y);
  if (x.dtype === 'int32' && typeof (tf as Js).bitwiseAnd === 'function') {
    // tf.bitwiseAnd does not broadcast (`v & 7` on a vector): broadcast both sides first.
    const shape = tf.backend_util.assertAndGetBroadcastShape(x.shape, y.shape);
    const wide = (z: tf.Tensor): tf.Tensor => (z.shape.length === shape.length && z.shape.every((d, i) => d === shape[i]) ? z : tf.broadcastTo(z, shape));
    return (tf as Js).bitwiseAnd(wide(x), wide(y));
  }
  throw unsupported('&', x);
}
export function bitOr(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a | b;
  const [x, y] = weakPair(a, b, false);
  if (x.dtype === 'bool') return tf.logicalOr(x, y);
  if (b === 0) return x.dtype === 'int32' ? x : tf.cast(x, 'int32'); // `x | 0`: truncation to int32
  throw unsupported('|', x);
}
export function bitXor(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a ^ b;
  const [x, y] = weakPair(a, b, false);
  if (x.dtype === 'bool') return tf.notEqual(x, y);
  throw unsupported('^', x);
}
export function shl(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a << b;
  if (isTensor(a) && a.dtype === 'int32' && typeof b === 'number') return tf.mul(a, tf.scalar(2 ** (b & 31), 'int32'));
  throw unsupported('<<', (isTensor(a) ? a : b) as tf.Tensor);
}
export function shr(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a >> b;
  if (isTensor(a) && a.dtype === 'int32' && typeof b === 'number') return tf.floorDiv(a, tf.scalar(2 ** (b & 31), 'int32'));
  throw unsupported('>>', (isTensor(a) ? a : b) as tf.Tensor);
}
export function ushr(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a >>> b;
  throw unsupported('>>>', (isTensor(a) ? a : b) as tf.Tensor);
}
const numericView = (x: tf.Tensor): tf.Tensor => (x.dtype === 'bool' ? tf.cast(x, 'int32') : x);
export function neg(a: Js): Js {
  return isTensor(a) ? tf.neg(numericView(a)) : -a;
}
export function pos(a: Js): Js {
  return isTensor(a) ? numericView(a) : +a;
}
export function bitNot(a: Js): Js {
  if (!isTensor(a)) return ~a;
  const x = numericView(a);
  if (x.dtype !== 'int32') throw unsupported('~', x);
  return tf.sub(tf.neg(x), tf.scalar(1, 'int32'));
}
/** `!a` (the logical-expressions pass emits it as ag__.not). */
export function not(a: Js): Js {
  return isTensor(a) ? tf.logicalNot(toBool(a)) : !a;
}
/** The numeric value `x++` yields. */
export function toNumeric(a: Js): Js {
  return isTensor(a) ? a : typeof a === 'bigint' ? a : +a;
}
export function inc(a: Js): Js {
  if (isTensor(a)) return add(a, 1);
  return typeof a === 'bigint' ? a + 1n : +a + 1;
}
export function dec(a: Js): Js {
  if (isTensor(a)) return sub(a, 1);
  return typeof a === 'bigint' ? a - 1n : +a - 1;
}
