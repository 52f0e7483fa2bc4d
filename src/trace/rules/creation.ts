// Shape/dtype rules of the kernels that make new tensors from attrs or index inputs: Fill, Range, LinSpace,
// OneHot, Diag, Bincount, DenseBincount, BroadcastArgs (tf.zeros/ones/eye lower to these or to
// no kernel at all). Needs support/shape-util. Produces `CREATION_RULES`; Range's length follows the cpu kernel exactly.

import * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../../ir/types.js';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { arg, checkShape, fail, fmt, intList, numAttr, out, UNKNOWN } from './support/shape-util.js';

const DTYPES = new Set(['float32', 'int32', 'bool', 'complex64', 'string']);

function dtypeAttr(k: string, v: unknown, dflt: DType): DType {
  if (v == null) return dflt;
  if (typeof v !== 'string' || !DTYPES.has(v)) fail(k, `attr 'dtype' must be a tfjs dtype, got ${JSON.stringify(v)}`);
  return v as DType;
}

/** Fill: the dtype is the attr, else inferred from the value as tf.fill does. */
const fill: ShapeRule = ({ attrs }) => {
  const k = tf.Fill;
  const shape = intList(k, attrs.shape, 'shape');
  if (shape.some((d) => d < -1)) fail(k, `invalid shape ${JSON.stringify(shape)}`);
  const v = attrs.value;
  const inferred: DType = typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'float32';
  return out(shape, dtypeAttr(k, attrs.dtype, inferred));
};

/** The number of elements tfjs's rangeImpl produces (including its quirks for mismatched step signs). */
export function rangeLength(start: number, stop: number, step: number): number {
  if (start === stop || (start < stop && step < 0) || (stop < start && step > 1)) return 0;
  return Math.abs(Math.ceil((stop - start) / step));
}

const range: ShapeRule = ({ attrs }) => {
  const k = tf.Range;
  const start = numAttr(k, attrs, 'start');
  const stop = numAttr(k, attrs, 'stop');
  const step = numAttr(k, attrs, 'step', 1);
  if (step === 0) fail(k, 'step must not be zero');
  const n = rangeLength(start, stop, step);
  if (!Number.isFinite(n)) fail(k, `range(${start}, ${stop}, ${step}) is not finite`);
  return out([n], dtypeAttr(k, attrs.dtype, 'float32'));
};

const linSpace: ShapeRule = ({ attrs }) => {
  const k = tf.LinSpace;
  const num = numAttr(k, attrs, 'num');
  if (!Number.isInteger(num) || num <= 0) fail(k, `num must be a positive integer, got ${num}`);
  return out([num], 'float32');
};

const oneHot: ShapeRule = (args) => {
  const k = tf.OneHot;
  const indices = arg(k, args, 'indices');
  const depth = numAttr(k, args.attrs, 'depth');
  if (!Number.isInteger(depth) || depth < 0) fail(k, `depth must be a non-negative integer, got ${depth}`);
  return out([...checkShape(k, indices.shape), depth], dtypeAttr(k, args.attrs.dtype, 'int32'));
};

/** Diag: a rank-r input becomes rank 2r with the input's shape twice. */
const diag: ShapeRule = (args) => {
  const x = arg(tf.Diag, args, 'x');
  return out([...x.shape, ...x.shape], x.dtype);
};

/** Bincount(x rank 1, weights) → [size] of the weights' dtype. */
const bincount: ShapeRule = (args) => {
  const k = tf.Bincount;
  const x = arg(k, args, 'x');
  const weights = arg(k, args, 'weights');
  if (x.shape.length !== 1) fail(k, `x must be rank 1, got ${fmt(x.shape)}`);
  return out([numAttr(k, args.attrs, 'size')], weights.dtype);
};

/** DenseBincount(x rank 1 or 2, weights) → [size] or [batch, size]. */
const denseBincount: ShapeRule = (args) => {
  const k = tf.DenseBincount;
  const x = arg(k, args, 'x');
  const weights = arg(k, args, 'weights');
  const size = numAttr(k, args.attrs, 'size');
  if (x.shape.length === 1) return out([size], weights.dtype);
  if (x.shape.length === 2) return out([x.shape[0]!, size], weights.dtype);
  return fail(k, `x must be rank 1 or 2, got ${fmt(x.shape)}`);
};

/** BroadcastArgs(s0, s1): the broadcast of two shape vectors, as an int32 vector of the longer length. */
const broadcastArgs: ShapeRule = (args) => {
  const k = tf.BroadcastArgs;
  const s0 = arg(k, args, 's0');
  const s1 = arg(k, args, 's1');
  if (s0.shape.length !== 1 || s1.shape.length !== 1)
    fail(k, `inputs must be rank 1, got ${fmt(s0.shape)} and ${fmt(s1.shape)}`);
  const a = s0.shape[0]!;
  const b = s1.shape[0]!;
  return out([a < 0 || b < 0 ? UNKNOWN : Math.max(a, b)], 'int32');
};

export const CREATION_RULES = {
  [tf.Fill]: fill,
  [tf.Range]: range,
  [tf.LinSpace]: linSpace,
  [tf.OneHot]: oneHot,
  [tf.Diag]: diag,
  [tf.Bincount]: bincount,
  [tf.DenseBincount]: denseBincount,
  [tf.BroadcastArgs]: broadcastArgs,
} satisfies KernelTable<ShapeRule>;
