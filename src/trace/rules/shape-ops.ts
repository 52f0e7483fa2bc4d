// Shape/dtype rules of the kernels that move data without arithmetic: Reshape (with -1), Transpose, Concat,
// Pack, Unpack, SplitV, Tile, BroadcastTo, ExpandDims, Reverse, PadV2, MirrorPad.
// Needs support/shape-util. Produces `SHAPE_OP_RULES`; Concat/Pack take their inputs as an array (`list`).

import * as tf from '@tensorflow/tfjs-core';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import {
  addDim,
  arg,
  checkShape,
  fail,
  fmt,
  intList,
  mulDim,
  normalizeAxis,
  out,
  sizeOf,
  UNKNOWN,
  unifyDim,
  unifyShapes,
} from './support/shape-util.js';

/** Reshape: at most one -1 in the target; it is inferred when the input size is known. */
const reshape: ShapeRule = (args) => {
  const k = tf.Reshape;
  const x = arg(k, args, 'x');
  const target = intList(k, args.attrs.shape, 'shape');
  if (target.some((d) => d < -1)) fail(k, `target shape ${JSON.stringify(target)} has a negative size other than -1`);
  const implicit = target.indexOf(-1);
  if (implicit !== target.lastIndexOf(-1)) fail(k, `target shape ${JSON.stringify(target)} has more than one -1`);
  const size = sizeOf(checkShape(k, x.shape));
  const rest = target.reduce((p, d) => (d === -1 ? p : p * d), 1);
  if (size < 0) return out(target, x.dtype); // unknown input size: the -1 stays unknown
  if (implicit < 0) {
    if (rest !== size)
      fail(k, `cannot reshape ${fmt(x.shape)} (${size} elements) to ${JSON.stringify(target)} (${rest} elements)`);
    return out(target, x.dtype);
  }
  if (rest === 0)
    fail(k, `cannot infer the -1 in ${JSON.stringify(target)} with a zero-size dimension (input ${fmt(x.shape)})`);
  if (size % rest !== 0)
    fail(k, `cannot reshape ${fmt(x.shape)} (${size} elements) to ${JSON.stringify(target)}: not divisible by ${rest}`);
  const shape = [...target];
  shape[implicit] = size / rest;
  return out(shape, x.dtype);
};

const transpose: ShapeRule = (args) => {
  const k = tf.Transpose;
  const x = arg(k, args, 'x');
  const rank = x.shape.length;
  const perm = args.attrs.perm == null ? [...Array(rank).keys()].reverse() : intList(k, args.attrs.perm, 'perm');
  const sorted = [...perm].sort((a, b) => a - b);
  if (perm.length !== rank || sorted.some((p, i) => p !== i))
    fail(k, `perm ${JSON.stringify(perm)} is not a permutation of the axes of ${fmt(x.shape)}`);
  return out(
    perm.map((p) => x.shape[p]!),
    x.dtype,
  );
};

/** Concat along `axis`: other dims must agree; the axis dim adds up. */
const concat: ShapeRule = ({ list, attrs }) => {
  const k = tf.Concat;
  if (list.length === 0) fail(k, 'expects at least one input');
  const rank = list[0]!.shape.length;
  const axis = normalizeAxis(k, attrs.axis ?? 0, rank);
  const all = list.map((x) => fmt(x.shape)).join(', ');
  const shape = [...checkShape(k, list[0]!.shape)];
  for (const x of list.slice(1)) {
    checkShape(k, x.shape);
    if (x.shape.length !== rank) fail(k, `all inputs must have the same rank, got ${all}`);
    x.shape.forEach((d, i) => {
      shape[i] =
        i === axis ? addDim(shape[i]!, d) : unifyDim(k, shape[i]!, d, `shapes ${all} differ outside axis ${axis}`);
    });
  }
  return out(shape, list[0]!.dtype);
};

/** Pack (tf.stack): inputs of one shape, a new axis of length N at `axis`. */
const pack: ShapeRule = ({ list, attrs }) => {
  const k = tf.Pack;
  if (list.length === 0) fail(k, 'expects at least one input');
  let shape = [...checkShape(k, list[0]!.shape)];
  for (const x of list.slice(1))
    shape = unifyShapes(
      k,
      shape,
      x.shape,
      `all inputs must have the same shape, got ${list.map((a) => fmt(a.shape)).join(', ')}`,
    );
  const axis = normalizeAxis(k, attrs.axis ?? 0, shape.length + 1);
  shape.splice(axis, 0, list.length);
  return out(shape, list[0]!.dtype);
};

/** Unpack (tf.unstack): one output per index along `axis`, which therefore must be known. */
const unpack: ShapeRule = (args) => {
  const k = tf.Unpack;
  const x = arg(k, args, 'value');
  const axis = normalizeAxis(k, args.attrs.axis ?? 0, x.shape.length);
  const n = x.shape[axis]!;
  if (n < 0) fail(k, `cannot unstack ${fmt(x.shape)} along axis ${axis}: its length is unknown at trace time`);
  const shape = x.shape.filter((_, i) => i !== axis);
  return Array.from({ length: n }, () => ({ shape: [...shape], dtype: x.dtype }));
};

/** SplitV: a number of equal parts, or sizes with at most one -1 (the rest). */
const splitV: ShapeRule = (args) => {
  const k = tf.SplitV;
  const x = arg(k, args, 'x');
  const axis = normalizeAxis(k, args.attrs.axis ?? 0, x.shape.length);
  const dim = x.shape[axis]!;
  const spec = args.attrs.numOrSizeSplits;
  let sizes: number[];
  if (typeof spec === 'number') {
    if (!Number.isInteger(spec) || spec <= 0) fail(k, `numOrSizeSplits must be a positive integer, got ${spec}`);
    if (dim >= 0 && dim % spec !== 0) fail(k, `${spec} splits do not evenly divide dim ${dim} of ${fmt(x.shape)}`);
    sizes = new Array<number>(spec).fill(dim < 0 ? UNKNOWN : dim / spec);
  } else {
    sizes = [...intList(k, spec, 'numOrSizeSplits')];
    const neg = sizes.indexOf(-1);
    if (neg !== sizes.lastIndexOf(-1)) fail(k, `at most one split size may be -1, got ${JSON.stringify(sizes)}`);
    if (sizes.some((s) => s < -1)) fail(k, `invalid split sizes ${JSON.stringify(sizes)}`);
    const total = sizes.reduce((a, s) => (s > 0 ? a + s : a), 0);
    if (neg >= 0) sizes[neg] = dim < 0 ? UNKNOWN : dim - total;
    if (dim >= 0 && (sizes.some((s) => s < -1) || (neg < 0 && total !== dim) || (neg >= 0 && sizes[neg]! < 0)))
      fail(k, `split sizes ${JSON.stringify(spec)} do not add up to dim ${dim} of ${fmt(x.shape)}`);
  }
  return sizes.map((s) => ({ shape: x.shape.map((d, i) => (i === axis ? s : d)), dtype: x.dtype }));
};

const tile: ShapeRule = (args) => {
  const k = tf.Tile;
  const x = arg(k, args, 'x');
  const reps = intList(k, args.attrs.reps, 'reps');
  if (reps.length !== x.shape.length || reps.some((r) => r < 0))
    fail(k, `reps ${JSON.stringify(reps)} must be ${x.shape.length} non-negative integers for ${fmt(x.shape)}`);
  return out(
    x.shape.map((d, i) => mulDim(d, reps[i]!)),
    x.dtype,
  );
};

/** BroadcastTo (a kernel name tfjs's op lowers to Tile; rule kept for graphs that name it). */
const broadcastTo: ShapeRule = (args) => {
  const k = tf.BroadcastTo;
  const x = arg(k, args, 'x');
  const shape = intList(k, args.attrs.shape, 'shape');
  const lead = shape.length - x.shape.length;
  if (lead < 0) fail(k, `cannot broadcast ${fmt(x.shape)} to the lower-rank ${JSON.stringify(shape)}`);
  x.shape.forEach((d, i) => {
    const t = shape[lead + i]!;
    if (d !== 1 && d !== t && d >= 0 && t >= 0) fail(k, `cannot broadcast ${fmt(x.shape)} to ${JSON.stringify(shape)}`);
  });
  return out(
    shape.map((t, i) => (t >= 0 ? t : i >= lead ? x.shape[i - lead]! : UNKNOWN)),
    x.dtype,
  );
};

const expandDims: ShapeRule = (args) => {
  const k = tf.ExpandDims;
  const x = arg(k, args, 'input');
  const dim = normalizeAxis(k, args.attrs.dim ?? 0, x.shape.length + 1);
  const shape = [...checkShape(k, x.shape)];
  shape.splice(dim, 0, 1);
  return out(shape, x.dtype);
};

const reverse: ShapeRule = (args) => {
  const k = tf.Reverse;
  const x = arg(k, args, 'x');
  const dims = args.attrs.dims;
  (Array.isArray(dims) ? dims : dims == null ? [] : [dims]).forEach((d) => normalizeAxis(k, d, x.shape.length));
  return out(checkShape(k, x.shape), x.dtype);
};

/** PadV2 / MirrorPad: each dim grows by its [before, after] paddings. */
function pad(k: string): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'x');
    const paddings = args.attrs.paddings;
    if (!Array.isArray(paddings) || paddings.length !== x.shape.length)
      fail(k, `paddings ${JSON.stringify(paddings)} must have one [before, after] pair per dim of ${fmt(x.shape)}`);
    const mode = args.attrs.mode;
    return out(
      x.shape.map((d, i) => {
        const [b, a] = intList(k, paddings[i], 'paddings');
        if (b == null || a == null || b < 0 || a < 0) fail(k, `invalid paddings ${JSON.stringify(paddings)}`);
        const limit = mode === 'reflect' ? d - 1 : d;
        if (mode != null && d >= 0 && (b > limit || a > limit))
          fail(k, `${mode} paddings ${JSON.stringify(paddings)} are too large for ${fmt(x.shape)}`);
        return addDim(d, b + a);
      }),
      x.dtype,
    );
  };
}

export const SHAPE_OP_RULES = {
  [tf.Reshape]: reshape,
  [tf.Transpose]: transpose,
  [tf.Concat]: concat,
  [tf.Pack]: pack,
  [tf.Unpack]: unpack,
  [tf.SplitV]: splitV,
  [tf.Tile]: tile,
  [tf.BroadcastTo]: broadcastTo,
  [tf.ExpandDims]: expandDims,
  [tf.Reverse]: reverse,
  [tf.PadV2]: pad(tf.PadV2),
  [tf.MirrorPad]: pad(tf.MirrorPad),
} satisfies KernelTable<ShapeRule>;
