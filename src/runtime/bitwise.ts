// JS bitwise operators on tensors for converted code: `&`, `|`, `^`, `~`, `<<`, `>>`, `>>>`. As in
// JS, each operand is first taken to int32 (ToInt32: a float32 tensor is cast, which wraps modulo
// 2^32 and maps NaN/±Infinity to 0, and passes no gradient; a bool is 0/1; a JS number is `| 0`), the result is int32, and
// shift counts are taken mod 32 (`5 >> 31` is 0). tfjs has only BitwiseAnd: `|` and `^` are
// built from it with int32 arithmetic (exact modulo 2^32), shifts from multiplication and floor
// division by powers of two. `x >>> 0` has no int32 value for a negative x: refused
// (convert/unsupported-tensor-operator). `Math.imul` and `Math.clz32` on tensors are here too: int32
// arithmetic whose every product is below 2^53, exact on every backend. Needs tfjs and tensors.ts.
// Produces one function per operator, `imul`, `clz32`.

import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { isTensor } from './tensors.js';

type Js = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * ToInt32 of a tensor or a JS value, as an int32 tensor. A float32 tensor is truncated first (the
 * cast truncates too, so the value is the same) by ops without a gradient: ToInt32 is a step
 * function, whose derivative is 0, where tfjs's Cast would pass the gradient through.
 */
function int32(x: unknown): tf.Tensor {
  if (isTensor(x))
    return x.dtype === 'int32'
      ? x
      : tf.cast(x.dtype === 'float32' ? tf.where(tf.less(x, tf.scalar(0)), tf.ceil(x), tf.floor(x)) : x, 'int32');
  if (Array.isArray(x))
    return tf.tensor(
      (x as number[]).flat(Infinity as 1).map((v) => Number(v) | 0),
      shapeOf(x),
      'int32',
    );
  return tf.scalar(Number(x) | 0, 'int32');
}
function shapeOf(x: unknown): number[] {
  const s: number[] = [];
  for (let v: unknown = x; Array.isArray(v); v = v[0]) s.push(v.length);
  return s;
}

/** Both operands as int32 tensors of one shape (tf.bitwiseAnd does not broadcast). */
function pair(a: unknown, b: unknown): [tf.Tensor, tf.Tensor] {
  const x = int32(a);
  const y = int32(b);
  const shape = tf.backend_util.assertAndGetBroadcastShape(x.shape, y.shape);
  const wide = (z: tf.Tensor): tf.Tensor =>
    z.shape.length === shape.length && z.shape.every((d, i) => d === shape[i]) ? z : tf.broadcastTo(z, shape);
  return [wide(x), wide(y)];
}

const unsupported = (op: string, what: string): Error => agError('convert/unsupported-tensor-operator', { op, what });
const anyTensor = (a: unknown, b: unknown): boolean => isTensor(a) || isTensor(b);
const i32 = (n: number): tf.Tensor => tf.scalar(n, 'int32');

export function bitAnd(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a & b;
  const [x, y] = pair(a, b);
  return tf.bitwiseAnd(x, y);
}
/** a | b = a + b - (a & b), exact modulo 2^32 in int32 arithmetic. */
export function bitOr(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a | b;
  if (b === 0) return int32(a); // `x | 0`: ToInt32
  const [x, y] = pair(a, b);
  return tf.sub(tf.add(x, y), tf.bitwiseAnd(x, y));
}
/** a ^ b = a + b - 2 (a & b). */
export function bitXor(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a ^ b;
  const [x, y] = pair(a, b);
  return tf.sub(tf.add(x, y), tf.mul(tf.bitwiseAnd(x, y), i32(2)));
}
export function bitNot(a: Js): Js {
  if (!isTensor(a)) return ~a;
  return tf.sub(tf.neg(int32(a)), i32(1));
}

/** The shift count mod 32: a JS number, or an int32 tensor. */
function count(b: unknown): number | tf.Tensor {
  return isTensor(b) ? tf.bitwiseAnd(...pair(b, 31)) : Number(b) & 31;
}
/** 2^k as int32 (2^31 wraps to -2^31, which multiplies the same modulo 2^32). */
function powerOfTwo(k: number | tf.Tensor): tf.Tensor {
  return typeof k === 'number' ? i32(2 ** k) : tf.pow(i32(2), k);
}

export function shl(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a << b;
  const k = count(b);
  return tf.mul(int32(a), powerOfTwo(k));
}
/** Arithmetic shift: floor division by 2^k; for k = 31 only the sign is left (-1 or 0). */
export function shr(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a >> b;
  const x = int32(a);
  const k = count(b);
  const sign = (): tf.Tensor => tf.neg(tf.cast(tf.less(x, i32(0)), 'int32'));
  if (typeof k === 'number') return k === 31 ? sign() : k === 0 ? x : tf.floorDiv(x, i32(2 ** k));
  return tf.where(tf.equal(k, i32(31)), sign(), tf.floorDiv(x, powerOfTwo(k)));
}
/** Logical shift by 1..31 (a JS count): the arithmetic shift with the sign bits masked off. */
export function ushr(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return a >>> b;
  if (isTensor(b)) throw unsupported('>>>', 'a tensor shift count');
  const k = Number(b) & 31;
  if (k === 0) throw unsupported('>>>', 'a shift count of 0 (its uint32 result has no int32 value)');
  return tf.bitwiseAnd(...pair(shr(a, k), 2 ** (32 - k) - 1));
}

/**
 * `Math.imul(a, b)`: the product modulo 2^32. With a = ah·2^16 + al (al = a & 0xffff) and b alike,
 * a·b ≡ (a - al)·bl + al·(b - bl) + al·bl: three products below 2^47 in magnitude, each exact in
 * float64 before it wraps into int32 (a product of two full int32 values would be rounded first).
 */
export function imul(a: Js, b: Js): Js {
  if (!anyTensor(a, b)) return Math.imul(a, b);
  const [x, y] = pair(a, b);
  const low = (v: tf.Tensor): tf.Tensor => tf.bitwiseAnd(...pair(v, 0xffff));
  const [xl, yl] = [low(x), low(y)];
  return tf.add(tf.add(tf.mul(tf.sub(x, xl), yl), tf.mul(xl, tf.sub(y, yl))), tf.mul(xl, yl));
}

/**
 * `Math.clz32(x)`: the leading zero bits of ToUint32(x). 0 for a negative int32 (its top bit is set),
 * 32 for 0; for x > 0, a binary search that shifts x left (by multiplying: every value stays below
 * 2^31) while its top 16, 8, 4, 2, 1 bits below bit 31 are zero.
 */
export function clz32(a: Js): Js {
  if (!isTensor(a)) return Math.clz32(a);
  const x = int32(a);
  let v = x;
  let n = i32(1);
  for (const k of [16, 8, 4, 2]) {
    const zeros = tf.less(v, i32(2 ** (31 - k)));
    n = tf.where(zeros, tf.add(n, i32(k)), n);
    v = tf.where(zeros, tf.mul(v, i32(2 ** k)), v);
  }
  n = tf.where(tf.less(v, i32(2 ** 30)), tf.add(n, i32(1)), n);
  return tf.where(tf.less(x, i32(0)), i32(0), tf.where(tf.equal(x, i32(0)), i32(32), n));
}
