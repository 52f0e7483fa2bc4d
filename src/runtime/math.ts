// `Math.*` for converted code (`Math.abs(x)` → `ag__.Math.abs(x)`): tfjs ops when an argument is
// a tensor, the JS Math function otherwise. Each keeps JS's values at the edges (-0, NaN, ±Infinity,
// halves, int32 limits), with the result stored in the tensor's dtype: float32 rounds (Math.fround),
// int32 is JS's result `| 0` (Math.abs(-2147483648) wraps to itself). Functions tfjs has no kernel
// for (cbrt, log10, log2, hypot) are composed of float32 ops and may differ from JS in the last
// bits (docs/guide.md); under a trace each such call is noted (trace/js-differences.ts) so jit warns
// at the user's line. Every Math function is here but `random` (no arguments: plain JS, `JS_ONLY`);
// `sumPrecise` is refused on tensors (`REFUSED`). Needs tfjs, tensors.ts, bitwise.ts and the trace's
// notes. Produces `MathDispatch`, `JS_ONLY`, `REFUSED`.

import * as tf from '@tensorflow/tfjs-core';
import { isTensor, weakPair } from './tensors.js';
import { clz32, imul } from './bitwise.js';
import { agError } from '../errors/catalogue.js';
import { noteJsDifference } from '../trace/js-differences.js';

type Js = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Unary = (x: tf.Tensor) => tf.Tensor;

const float = (x: tf.Tensor): tf.Tensor => (x.dtype === 'float32' ? x : tf.cast(x, 'float32'));
const f32 = (v: number): tf.Tensor => tf.scalar(v, 'float32');
/** JS's sign: ±1, and x itself for ±0 and NaN (tf.sign gives 0 for NaN and +0 for -0), as floor(x): no gradient. */
const sign = (x: tf.Tensor): tf.Tensor =>
  x.dtype === 'float32'
    ? tf.where(tf.greater(x, f32(0)), f32(1), tf.where(tf.less(x, f32(0)), f32(-1), tf.floor(x)))
    : tf.sign(x.dtype === 'bool' ? tf.cast(x, 'int32') : x);
/** Math.cbrt: |x|^(1/3) and one Newton step (within one float32 ulp of JS), with x's sign. */
const cbrt = (x: tf.Tensor): tf.Tensor => {
  const ax = tf.abs(float(x));
  const y = tf.pow(ax, f32(1 / 3));
  const refined = tf.add(y, tf.div(tf.sub(tf.div(ax, tf.mul(y, y)), y), f32(3)));
  const finite = tf.logicalAnd(tf.greater(y, f32(0)), tf.less(y, f32(Infinity)));
  return tf.mul(sign(float(x)), tf.where(finite, refined, y));
};
/** Math.round: halves up (toward +∞), -0 kept; x - floor(x) is exact in float32. */
const round = (x: tf.Tensor): tf.Tensor => {
  const lo = tf.floor(x);
  return tf.where(tf.greaterEqual(tf.sub(x, lo), f32(0.5)), tf.ceil(x), lo);
};
/**
 * Math.f16round: the nearest float16 (ties to even) as a float32. Veltkamp's split (c·8193 - (c·8193 - c))
 * rounds c to 11 significant bits, ties to even (checked on every float32 significand); below 2^-14
 * float16 steps are 2^-24, to which adding and subtracting 0.5 rounds (ties to even); beyond 65504,
 * ±Infinity. c is |x| capped at 2^17 (c·8193 stays finite); a zero keeps x's sign.
 */
const f16round = (t: tf.Tensor): tf.Tensor => {
  const x = float(t);
  const c = tf.minimum(tf.abs(x), f32(2 ** 17));
  const g = tf.mul(c, f32(8193));
  const split = tf.where(tf.less(c, f32(2 ** -14)), tf.sub(tf.add(c, f32(0.5)), f32(0.5)), tf.sub(g, tf.sub(g, c)));
  // The same value through Round (exact: a float16 times 2^24 is a whole number), so no gradient: a step function's.
  const r = tf.div(tf.round(tf.mul(split, f32(2 ** 24))), f32(2 ** 24));
  const big = tf.where(tf.greater(r, f32(65504)), f32(Infinity), r);
  const signed = tf.where(tf.equal(big, f32(0)), tf.mul(x, f32(0)), tf.where(tf.less(x, f32(0)), tf.neg(big), big));
  return tf.where(tf.isNaN(x), x, signed);
};
const keepInt =
  (f: Unary): Unary =>
  (x) =>
    x.dtype === 'int32' ? x : x.dtype === 'bool' ? tf.cast(x, 'int32') : f(x);

const UNARY: Record<string, Unary> = {
  // tfjs's int32 Abs stores into a Float32Array (2147483647 becomes 2147483648): negate instead.
  abs: (x) =>
    x.dtype === 'float32'
      ? tf.abs(x)
      : x.dtype === 'bool'
        ? tf.cast(x, 'int32')
        : tf.where(tf.less(x, tf.scalar(0, 'int32')), tf.neg(x), x),
  acos: (x) => tf.acos(float(x)),
  acosh: (x) => tf.acosh(float(x)),
  asin: (x) => tf.asin(float(x)),
  asinh: (x) => tf.asinh(float(x)),
  atan: (x) => tf.atan(float(x)),
  atanh: (x) => tf.atanh(float(x)),
  cbrt,
  ceil: keepInt(tf.ceil),
  cos: (x) => tf.cos(float(x)),
  cosh: (x) => tf.cosh(float(x)),
  exp: (x) => tf.exp(float(x)),
  expm1: (x) => tf.expm1(float(x)),
  f16round,
  floor: keepInt(tf.floor),
  // Casting int32 to float32 only relabels the data on the cpu backend: + 0 stores it rounded.
  fround: (x) => (x.dtype === 'float32' ? x : tf.add(float(x), f32(0))),
  log: (x) => tf.log(float(x)),
  log10: (x) => tf.div(tf.log(float(x)), tf.scalar(Math.LN10)),
  log1p: (x) => tf.log1p(float(x)),
  log2: (x) => tf.div(tf.log(float(x)), tf.scalar(Math.LN2)),
  // JS rounds halves up (toward +∞); tf.round rounds halves to even.
  round: keepInt(round),
  sign,
  sin: (x) => tf.sin(float(x)),
  sinh: (x) => tf.sinh(float(x)),
  sqrt: (x) => tf.sqrt(float(x)),
  tan: (x) => tf.tan(float(x)),
  tanh: (x) => tf.tanh(float(x)),
  trunc: keepInt((x) => tf.where(tf.less(x, tf.scalar(0)), tf.ceil(x), tf.floor(x))),
};

/** The functions composed of float32 operations, which can differ from JS in the last bits. */
const COMPOSED = new Set(['cbrt', 'log10', 'log2', 'hypot']);

/** JS's Math function `name`; where the host has none (Math.f16round before ES2025), a throw as JS's call would. */
function jsMath(name: string): (...xs: Js[]) => Js {
  const math = Math as unknown as Record<string, ((...a: Js[]) => Js) | undefined>;
  const own = math[name];
  if (typeof own === 'function') return own;
  return (...xs) => {
    const f = math[name]; // a polyfill installed since
    if (typeof f !== 'function') throw new TypeError(`Math.${name} is not a function`);
    return f(...xs);
  };
}

function unary(name: string): (x: Js) => Js {
  const js = jsMath(name);
  const f = UNARY[name]!;
  const composed = COMPOSED.has(name);
  return (x) => {
    if (!isTensor(x)) return js(x);
    if (composed) noteJsDifference(`Math.${name}`);
    return f(x);
  };
}

function reduceWith(js: (...xs: number[]) => number, op: (a: tf.Tensor, b: tf.Tensor) => tf.Tensor) {
  return (...xs: Js[]): Js => {
    if (!xs.some(isTensor)) return js(...xs);
    return xs.reduce((a, b) => {
      const [x, y] = weakPair(a, b, true);
      return op(x, y);
    });
  };
}

const jsSumPrecise = jsMath('sumPrecise');

export const MathDispatch: Record<string, (...xs: Js[]) => Js> = {
  ...Object.fromEntries(Object.keys(UNARY).map((k) => [k, unary(k)])),
  max: reduceWith(Math.max, tf.maximum),
  min: reduceWith(Math.min, tf.minimum),
  pow: (a, b) =>
    isTensor(a) || isTensor(b)
      ? (() => {
          const [x, y] = weakPair(a, b, true);
          return tf.pow(x, y);
        })()
      : Math.pow(a, b),
  atan2: (a, b) =>
    isTensor(a) || isTensor(b)
      ? (() => {
          const [x, y] = weakPair(a, b, true);
          return tf.atan2(float(x), float(y));
        })()
      : Math.atan2(a, b),
  hypot: (...xs) => {
    if (!xs.some(isTensor)) return Math.hypot(...xs);
    noteJsDifference('Math.hypot');
    return hypot(xs);
  },
  imul,
  clz32,
  sumPrecise: (xs) => {
    if (isTensor(xs) || (Array.isArray(xs) && xs.some(isTensor)))
      throw agError('convert/unsupported-tensor-math', { name: 'sumPrecise', why: REFUSED.sumPrecise! });
    return jsSumPrecise(xs);
  },
};

/** Math functions left to JS in converted code, and why (the converter does not route them). */
export const JS_ONLY: Readonly<Record<string, string>> = {
  random: 'it takes no arguments: plain JS, which runs when the function is traced',
};

/** Math functions refused on tensors (`convert/unsupported-tensor-math`), and why. */
export const REFUSED: Readonly<Record<string, string>> = {
  sumPrecise:
    'it rounds the exact sum of its values once, which float32 tensor operations cannot compute (and JS itself takes numbers only)',
};

/**
 * √(Σ x²) scaled by the largest magnitude m (m·√(Σ (x/m)²)), so that no square overflows or
 * underflows where JS's float64 squares do not (`Math.hypot(1e20, 1e20)`); NaN where an argument is
 * NaN, +Infinity where any is ±Infinity (even with a NaN), as in JS.
 */
function hypot(xs: Js[]): tf.Tensor {
  const abs = xs.map((x) => tf.abs(isTensor(x) ? float(x) : f32(Number(x))));
  const m = abs.reduce((a, b) => tf.maximum(a, b));
  const scaled = tf.sqrt(abs.map((a) => tf.square(tf.div(a, m))).reduce((a, b) => tf.add(a, b)));
  const root = tf.where(tf.equal(m, f32(0)), f32(0), tf.mul(m, scaled));
  const nan = abs.map((t) => tf.isNaN(t)).reduce((a, b) => tf.logicalOr(a, b));
  const inf = abs.map((t) => tf.equal(t, f32(Infinity))).reduce((a, b) => tf.logicalOr(a, b));
  return tf.where(inf, f32(Infinity), tf.where(nan, f32(NaN), root));
}
