// `Math.*` for converted code (`Math.abs(x)` → `ag__.Math.abs(x)`): tfjs ops when an argument is
// a tensor, the JS Math function otherwise. Needs tfjs and tensors.ts. Produces `MathDispatch`.

import * as tf from '@tensorflow/tfjs-core';
import { isTensor, weakPair } from './tensors.js';

type Js = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Unary = (x: tf.Tensor) => tf.Tensor;

const float = (x: tf.Tensor): tf.Tensor => (x.dtype === 'float32' ? x : tf.cast(x, 'float32'));
const keepInt = (f: Unary): Unary => (x) => (x.dtype === 'int32' ? x : f(x));

const UNARY: Record<string, Unary> = {
  abs: (x) => tf.abs(x.dtype === 'bool' ? tf.cast(x, 'int32') : x),
  acos: (x) => tf.acos(float(x)),
  acosh: (x) => tf.acosh(float(x)),
  asin: (x) => tf.asin(float(x)),
  asinh: (x) => tf.asinh(float(x)),
  atan: (x) => tf.atan(float(x)),
  atanh: (x) => tf.atanh(float(x)),
  cbrt: (x) => tf.mul(tf.sign(float(x)), tf.pow(tf.abs(float(x)), tf.scalar(1 / 3))),
  ceil: keepInt(tf.ceil),
  cos: (x) => tf.cos(float(x)),
  cosh: (x) => tf.cosh(float(x)),
  exp: (x) => tf.exp(float(x)),
  expm1: (x) => tf.expm1(float(x)),
  floor: keepInt(tf.floor),
  fround: (x) => float(x),
  log: (x) => tf.log(float(x)),
  log10: (x) => tf.div(tf.log(float(x)), tf.scalar(Math.LN10)),
  log1p: (x) => tf.log1p(float(x)),
  log2: (x) => tf.div(tf.log(float(x)), tf.scalar(Math.LN2)),
  // JS rounds halves up (toward +∞); tf.round rounds halves to even.
  round: keepInt((x) => tf.floor(tf.add(x, tf.scalar(0.5)))),
  sign: (x) => tf.sign(x),
  sin: (x) => tf.sin(float(x)),
  sinh: (x) => tf.sinh(float(x)),
  sqrt: (x) => tf.sqrt(float(x)),
  tan: (x) => tf.tan(float(x)),
  tanh: (x) => tf.tanh(float(x)),
  trunc: keepInt((x) => tf.where(tf.less(x, tf.scalar(0)), tf.ceil(x), tf.floor(x))),
};

function unary(name: string): (x: Js) => Js {
  const js = (Math as unknown as Record<string, (x: number) => number>)[name]!;
  const f = UNARY[name]!;
  return (x) => (isTensor(x) ? f(x) : js(x));
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

export const MathDispatch: Record<string, (...xs: Js[]) => Js> = {
  ...Object.fromEntries(Object.keys(UNARY).map((k) => [k, unary(k)])),
  max: reduceWith(Math.max, tf.maximum),
  min: reduceWith(Math.min, tf.minimum),
  pow: (a, b) => (isTensor(a) || isTensor(b) ? (() => { const [x, y] = weakPair(a, b, true); return tf.pow(x, y); })() : Math.pow(a, b)),
  atan2: (a, b) => (isTensor(a) || isTensor(b) ? (() => { const [x, y] = weakPair(a, b, true); return tf.atan2(float(x), float(y)); })() : Math.atan2(a, b)),
  hypot: (...xs) => (xs.some(isTensor) ? tf.sqrt(xs.map((x) => (isTensor(x) ? tf.square(float(x)) : x * x)).reduce((a, b) => tf.add(a, b))) : Math.hypot(...xs)),
};
