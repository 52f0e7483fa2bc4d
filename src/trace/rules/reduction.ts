// Shape/dtype rules of the reduction and scan kernels: Sum, Mean, Prod, Max, Min, All, Any, ArgMax, ArgMin,
// Cumsum, Cumprod — axis as tfjs reads it (number, array, negative, null = all axes), keepDims.
// Needs support/shape-util. Produces `REDUCTION_RULES`; dtypes as the cpu kernels return them (Sum of bool is int32).

import * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../../ir/types.js';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { arg, checkShape, normalizeAxes, normalizeAxis, out, reducedShape, upcast } from './support/shape-util.js';

type DtypeOf = (x: DType) => DType;

const keep: DtypeOf = (x) => x;
const accumulate: DtypeOf = (x) => upcast(x, 'int32'); // bool accumulates in int32
const toFloat: DtypeOf = () => 'float32';
const toBool: DtypeOf = () => 'bool';

/** A reduction over attr `axisAttr` (tfjs calls it `reductionIndices` for Max) with `keepDims`. */
function reduce(kernel: string, dtypeOf: DtypeOf, axisAttr = 'axis'): ShapeRule {
  return (args) => {
    const x = arg(kernel, args, 'x');
    checkShape(kernel, x.shape);
    const axes = normalizeAxes(kernel, axisAttr in args.attrs ? args.attrs[axisAttr] : args.attrs.axis, x.shape.length);
    return out(reducedShape(x.shape, axes, args.attrs.keepDims === true), dtypeOf(x.dtype));
  };
}

/** ArgMax/ArgMin: one axis (default 0) removed; int32 indices. */
function argReduce(kernel: string): ShapeRule {
  return (args) => {
    const x = arg(kernel, args, 'x');
    checkShape(kernel, x.shape);
    const axes = normalizeAxes(kernel, args.attrs.axis ?? 0, x.shape.length);
    return out(reducedShape(x.shape, axes.slice(0, 1), false), 'int32');
  };
}

/** Cumsum/Cumprod keep the shape; the axis only has to be valid. */
function scan(kernel: string): ShapeRule {
  return (args) => {
    const x = arg(kernel, args, 'x');
    checkShape(kernel, x.shape);
    normalizeAxis(kernel, args.attrs.axis ?? 0, x.shape.length);
    return out(x.shape, accumulate(x.dtype));
  };
}

export const REDUCTION_RULES = {
  [tf.Sum]: reduce(tf.Sum, accumulate),
  [tf.Prod]: reduce(tf.Prod, accumulate),
  [tf.Mean]: reduce(tf.Mean, toFloat),
  [tf.Max]: reduce(tf.Max, keep, 'reductionIndices'),
  [tf.Min]: reduce(tf.Min, keep),
  [tf.All]: reduce(tf.All, toBool),
  [tf.Any]: reduce(tf.Any, toBool),
  [tf.ArgMax]: argReduce(tf.ArgMax),
  [tf.ArgMin]: argReduce(tf.ArgMin),
  [tf.Cumsum]: scan(tf.Cumsum),
  [tf.Cumprod]: scan(tf.Cumprod),
} satisfies KernelTable<ShapeRule>;
