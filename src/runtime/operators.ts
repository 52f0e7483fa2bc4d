// Operator dispatch for converted code: `ag__.mul(a, b)` is a tfjs op when an operand is a tensor
// (JS numbers weakly typed, see tensors.ts) and exactly the JS operator otherwise.
// Division rule: `/` is true division like JS (int32 / int32 → float32); the idioms
// `Math.floor(a / b)` → floorDiv, `Math.trunc(a / b)` → truncDiv and `(a / b) | 0` → intDiv stay
// int32 and exact on int32 tensors (an int32 result is JS's result `| 0`: dividing by 0 gives 0).
// `%` is JS's truncated remainder (sign of the dividend, `x % Infinity` is x). `===` between a
// bool and a number is false, as in JS. Bitwise operators are in bitwise.ts.
// Needs tfjs, tensors.ts, bitwise.ts. Produces one function per operator.

import * as tf from '@tensorflow/tfjs-core';
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
  return arith(a, b, (x, y) =>
    x.dtype === 'int32' ? tf.div(tf.cast(x, 'float32'), tf.cast(y, 'float32')) : tf.div(x, y),
  );
}
/** `Math.floor(a / b)`. */
export function floorDiv(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return Math.floor(a / b);
  return arith(a, b, (x, y) => (x.dtype === 'int32' ? tf.floorDiv(x, y) : tf.floor(tf.div(x, y))));
}
function truncInt(x: tf.Tensor, y: tf.Tensor): tf.Tensor {
  // floor division, plus one where the exact quotient is negative and not whole; a zero divisor
  // gives 0 (JS's ±Infinity or NaN, taken `| 0`), as tfjs's int32 floorDiv does.
  const zero = tf.scalar(0, 'int32');
  const q = tf.floorDiv(x, y);
  const inexact = tf.logicalAnd(tf.notEqual(tf.sub(x, tf.mul(q, y)), zero), tf.notEqual(y, zero));
  const negative = tf.notEqual(tf.less(x, zero), tf.less(y, zero));
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
/**
 * JS `%`: the remainder has the sign of the dividend (x % -y is x % y). tf.mod(x, y) is exact where
 * the signs agree (it computes JS's % on the values as held), so where they differ one operand is
 * negated first: the divisor, or the dividend (and the result) when the divisor comes from an int32
 * (a float32 x made from an int32 beyond 2^24 is held unrounded, and negating it would round it). A
 * zero remainder takes the dividend's sign (x * 0) and keeps the remainder's gradient (x * 0 minus
 * floor(r) - r, which is +0 and has r's gradient); a finite x % ±Infinity is x.
 */
export function mod(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a % b;
  const intDivisor = isTensor(b) ? b.dtype !== 'float32' : Number.isInteger(b);
  return arith(a, b, (x, y) => {
    const zero = tf.scalar(0, x.dtype);
    const r = tf.mod(x, y);
    const differ = tf.notEqual(tf.less(x, zero), tf.less(y, zero));
    if (x.dtype === 'int32') return tf.where(tf.logicalAnd(tf.notEqual(r, zero), differ), tf.sub(r, y), r);
    const other = intDivisor ? tf.neg(tf.mod(tf.neg(x), y)) : tf.mod(x, tf.neg(y));
    const js = tf.where(differ, other, r);
    return tf.where(tf.equal(js, zero), tf.sub(tf.mul(x, zero), tf.sub(tf.floor(js), js)), js);
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
const comparable = (x: unknown): boolean =>
  isTensor(x) || typeof x === 'number' || typeof x === 'boolean' || Array.isArray(x);
export function eq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? compare(a, b, tf.equal) : a == b;
}
export function neq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? compare(a, b, tf.notEqual) : a != b;
}
/** `===` / `!==`: a bool and a number are never strictly equal in JS (`true === 1` is false). */
function strict(a: Js, b: Js, equal: boolean): Js {
  const [x, y] = weakPair(a, b, false);
  const same = equal ? tf.equal(x, y) : tf.notEqual(x, y);
  const kind = (v: unknown): string =>
    isTensor(v) ? (v.dtype === 'bool' ? 'boolean' : 'number') : Array.isArray(v) ? 'number' : typeof v;
  if (kind(a) === kind(b)) return same;
  // Types differ: every element is `!equal`, in the broadcast shape.
  return equal ? tf.logicalAnd(same, tf.scalar(false, 'bool')) : tf.logicalOr(same, tf.scalar(true, 'bool'));
}
export function strictEq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? strict(a, b, true) : a === b;
}
export function strictNeq(a: Js, b: Js): Js {
  return anyTensor(a, b) && comparable(a) && comparable(b) ? strict(a, b, false) : a !== b;
}
export { bitAnd, bitOr, bitXor, bitNot, shl, shr, ushr } from './bitwise.js';
const numericView = (x: tf.Tensor): tf.Tensor => (x.dtype === 'bool' ? tf.cast(x, 'int32') : x);
export function neg(a: Js): Js {
  return isTensor(a) ? tf.neg(numericView(a)) : -a;
}
export function pos(a: Js): Js {
  return isTensor(a) ? numericView(a) : +a;
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
