// `Number.isNaN`, `Number.isFinite`, `Number.isInteger`, `Number.isSafeInteger` and the globals
// `isNaN`, `isFinite` for converted code: on a tensor, a bool tensor of JS's answer for each element
// (as a JS number or boolean of the tensor's dtype would give it), the JS function otherwise. The
// Number.* functions answer false for a boolean (it is no number: `Number.isFinite(true)`), the
// globals convert it first (`isFinite(true)` is true). Needs tfjs and tensors.ts. Produces
// `NUMBER_CHECKS` (the dispatch, by the JS function it replaces) and `numberCheck`.

import * as tf from '@tensorflow/tfjs-core';
import { isTensor } from './tensors.js';

type Check = (x: tf.Tensor) => tf.Tensor;
type DType = 'float32' | 'int32' | 'bool';

/** A bool tensor of x's shape holding `v` everywhere. */
const all = (x: tf.Tensor, v: boolean): tf.Tensor => {
  const zeros = tf.zerosLike(x);
  const no = zeros.dtype === 'bool' ? zeros : tf.cast(zeros, 'bool');
  return v ? tf.logicalNot(no) : no;
};
const never: Check = (x) => all(x, false);
const always: Check = (x) => all(x, true);
/** A float32 value that is a whole number (±0 included; NaN and ±Infinity are not). */
const integral: Check = (x) => tf.logicalAnd(tf.isFinite(x), tf.equal(tf.floor(x), x));
/** |x| ≤ 2^53 - 1: float32 values near 2^53 are multiples of 2^29, so this is |x| < 2^53. */
const safe: Check = (x) => tf.logicalAnd(integral(x), tf.less(tf.abs(x), tf.scalar(2 ** 53)));

/** Each check's answer per dtype: int32 values are finite safe integers, bools no numbers for Number.*. */
const RULES: Readonly<Record<string, Readonly<Record<DType, Check>>>> = {
  'Number.isNaN': { float32: tf.isNaN, int32: never, bool: never },
  'Number.isFinite': { float32: tf.isFinite, int32: always, bool: never },
  'Number.isInteger': { float32: integral, int32: always, bool: never },
  'Number.isSafeInteger': { float32: safe, int32: always, bool: never },
  isNaN: { float32: tf.isNaN, int32: never, bool: never },
  isFinite: { float32: tf.isFinite, int32: always, bool: always },
};

/** The JS function each check replaces. */
const JS: Readonly<Record<string, (x: unknown) => boolean>> = {
  'Number.isNaN': Number.isNaN,
  'Number.isFinite': Number.isFinite,
  'Number.isInteger': Number.isInteger,
  'Number.isSafeInteger': Number.isSafeInteger,
  isNaN: isNaN as (x: unknown) => boolean,
  isFinite: isFinite as (x: unknown) => boolean,
};

/** The check `name` (`'Number.isNaN'`, `'isFinite'` …): staged on a tensor, JS's otherwise. */
export function numberCheck(name: string): (x?: unknown) => unknown {
  const rule = RULES[name]!;
  const js = JS[name]!;
  return (x) => {
    const staged = isTensor(x) ? rule[x.dtype as DType] : undefined;
    return staged ? staged(x as tf.Tensor) : js(x);
  };
}

/** The dispatch of each check, by the JS function converted code calls. */
export const NUMBER_CHECKS: ReadonlyMap<unknown, (x?: unknown) => unknown> = new Map(
  Object.entries(JS).map(([name, f]) => [f, numberCheck(name)]),
);
