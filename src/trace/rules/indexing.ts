// Shape/dtype rules of the kernels that select by position: Slice, StridedSlice (all masks, via tfjs's own
// slice_util.sliceInfo, which understands unknown dims), GatherV2 (axis, batchDims), GatherNd, ScatterNd,
// TensorScatterUpdate, UnsortedSegmentSum, TopK, SearchSorted. Needs support/shape-util. Produces `INDEXING_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { arg, checkShape, fail, fmt, intList, normalizeAxis, out, unifyDim, UNKNOWN } from './support/shape-util.js';

/** Slice: begin/size as numbers or (short) arrays, size -1 = to the end; as tfjs's parseSliceParams reads them. */
const slice: ShapeRule = (args) => {
  const k = tf.Slice;
  const x = arg(k, args, 'x');
  const rank = checkShape(k, x.shape).length;
  const pad = (v: unknown, fill: number, name: string): number[] => {
    if (v == null) return new Array<number>(rank).fill(fill);
    const list = typeof v === 'number' ? [v] : intList(k, v, name);
    return [...list, ...new Array<number>(Math.max(0, rank - list.length)).fill(fill)];
  };
  const begin = pad(args.attrs.begin, 0, 'begin');
  const size = pad(args.attrs.size, -1, 'size');
  if (begin.length !== rank || size.length !== rank)
    fail(
      k,
      `begin ${JSON.stringify(args.attrs.begin)} / size ${JSON.stringify(args.attrs.size)} do not fit ${fmt(x.shape)}`,
    );
  return out(
    x.shape.map((d, i) => {
      const b = begin[i]!;
      const s = size[i]!;
      if (b < 0 || s < -1)
        fail(
          k,
          `begin ${JSON.stringify(begin)} and size ${JSON.stringify(size)} must be non-negative (size may be -1)`,
        );
      if (d >= 0 && (b > d || (s >= 0 && b + s > d)))
        fail(
          k,
          `slice begin ${JSON.stringify(begin)} size ${JSON.stringify(size)} is out of bounds for ${fmt(x.shape)}`,
        );
      return s >= 0 ? s : d < 0 ? UNKNOWN : d - b;
    }),
    x.dtype,
  );
};

const stridedSlice: ShapeRule = (args) => {
  const k = tf.StridedSlice;
  const x = arg(k, args, 'x');
  const a = args.attrs;
  const num = (v: unknown) => (v == null ? 0 : Number(v));
  let info;
  try {
    info = tf.slice_util.sliceInfo(
      [...checkShape(k, x.shape)],
      intList(k, a.begin, 'begin'),
      intList(k, a.end, 'end'),
      a.strides == null ? (undefined as unknown as number[]) : intList(k, a.strides, 'strides'),
      num(a.beginMask),
      num(a.endMask),
      num(a.ellipsisMask),
      num(a.newAxisMask),
      num(a.shrinkAxisMask),
    );
  } catch (e) {
    fail(
      k,
      `invalid slice of ${fmt(x.shape)} (begin ${JSON.stringify(a.begin)}, end ${JSON.stringify(a.end)}, strides ${JSON.stringify(a.strides)}): ${(e as Error).message}`,
    );
  }
  return out(
    info.finalShape.map((d) => (d < 0 ? UNKNOWN : d)),
    x.dtype,
  );
};

/** GatherV2: x.shape[:axis] + indices.shape[batchDims:] + x.shape[axis+1:]. */
const gatherV2: ShapeRule = (args) => {
  const k = tf.GatherV2;
  const x = arg(k, args, 'x');
  const indices = arg(k, args, 'indices');
  checkShape(k, x.shape);
  checkShape(k, indices.shape);
  const axis = normalizeAxis(k, args.attrs.axis ?? 0, x.shape.length);
  let batchDims = Number(args.attrs.batchDims ?? 0);
  const iRank = indices.shape.length;
  if (!Number.isInteger(batchDims) || batchDims < -iRank || batchDims > iRank)
    fail(k, `batchDims ${args.attrs.batchDims} is out of range for indices ${fmt(indices.shape)}`);
  if (batchDims < 0) batchDims += iRank;
  if (batchDims > axis) fail(k, `batchDims (${batchDims}) must be <= axis (${axis})`);
  const batch = x.shape
    .slice(0, batchDims)
    .map((d, i) =>
      unifyDim(k, d, indices.shape[i]!, `batch dims of x ${fmt(x.shape)} and indices ${fmt(indices.shape)} must match`),
    );
  return out(
    [...batch, ...x.shape.slice(batchDims, axis), ...indices.shape.slice(batchDims), ...x.shape.slice(axis + 1)],
    x.dtype,
  );
};

/** GatherNd: indices.shape[:-1] + params.shape[indices.shape[-1]:]. */
const gatherNd: ShapeRule = (args) => {
  const k = tf.GatherNd;
  const params = arg(k, args, 'params');
  const indices = arg(k, args, 'indices');
  const depth = indices.shape[indices.shape.length - 1];
  if (depth === undefined || params.shape.length < 1)
    fail(k, `params ${fmt(params.shape)} and indices ${fmt(indices.shape)} must have rank >= 1`);
  if (depth < 0) fail(k, `the last dim of indices ${fmt(indices.shape)} must be known at trace time`);
  if (depth > params.shape.length)
    fail(k, `index depth ${depth} of indices ${fmt(indices.shape)} exceeds the rank of params ${fmt(params.shape)}`);
  return out([...indices.shape.slice(0, -1), ...params.shape.slice(depth)], params.dtype);
};

/** Checks updates.shape == indices.shape[:-1] + shape[indices.shape[-1]:] (unknown dims pass). */
function checkUpdates(
  k: string,
  indices: readonly number[],
  updates: readonly number[],
  shape: readonly number[],
): void {
  const depth = indices[indices.length - 1] ?? 0;
  if (depth < 0) return;
  const want = [...indices.slice(0, -1), ...shape.slice(depth)];
  const msg = `updates ${fmt(updates)} must have shape ${fmt(want)} for indices ${fmt(indices)} into ${fmt(shape)}`;
  if (want.length !== updates.length) fail(k, msg);
  want.forEach((d, i) => unifyDim(k, d, updates[i]!, msg));
}

const scatterNd: ShapeRule = (args) => {
  const k = tf.ScatterNd;
  const indices = arg(k, args, 'indices');
  const updates = arg(k, args, 'updates');
  const shape = intList(k, args.attrs.shape, 'shape');
  checkUpdates(k, indices.shape, updates.shape, shape);
  return out(shape, updates.dtype);
};

const tensorScatterUpdate: ShapeRule = (args) => {
  const k = tf.TensorScatterUpdate;
  const tensor = arg(k, args, 'tensor');
  checkUpdates(k, arg(k, args, 'indices').shape, arg(k, args, 'updates').shape, tensor.shape);
  return out(tensor.shape, tensor.dtype);
};

/** UnsortedSegmentSum: [numSegments] + x.shape[segmentIds.rank:]. */
const unsortedSegmentSum: ShapeRule = (args) => {
  const k = tf.UnsortedSegmentSum;
  const x = arg(k, args, 'x');
  const ids = arg(k, args, 'segmentIds');
  const n = Number(args.attrs.numSegments);
  if (!Number.isInteger(n) || n < 0)
    fail(k, `numSegments must be a non-negative integer, got ${JSON.stringify(args.attrs.numSegments)}`);
  if (ids.shape.length > x.shape.length)
    fail(k, `segmentIds ${fmt(ids.shape)} has a higher rank than x ${fmt(x.shape)}`);
  ids.shape.forEach((d, i) =>
    unifyDim(k, x.shape[i]!, d, `segmentIds ${fmt(ids.shape)} must be a prefix of x ${fmt(x.shape)}`),
  );
  return out([n, ...x.shape.slice(ids.shape.length)], x.dtype);
};

/** TopK: values (x's dtype) and int32 indices, both [..., k]. */
const topK: ShapeRule = (args) => {
  const k = tf.TopK;
  const x = arg(k, args, 'x');
  const n = Number(args.attrs.k ?? 1);
  const last = x.shape[x.shape.length - 1];
  if (last === undefined) fail(k, 'input must have rank >= 1');
  if (!Number.isInteger(n) || n < 0 || (last >= 0 && n > last))
    fail(k, `k=${args.attrs.k} must be in [0, ${last}] for ${fmt(x.shape)}`);
  const shape = [...x.shape.slice(0, -1), n];
  return [
    { shape, dtype: x.dtype },
    { shape: [...shape], dtype: 'int32' },
  ];
};

/** SearchSorted: one int32 position per value; the batch dims must agree. */
const searchSorted: ShapeRule = (args) => {
  const k = tf.SearchSorted;
  const seq = arg(k, args, 'sortedSequence');
  const values = arg(k, args, 'values');
  if (seq.shape.length !== values.shape.length || seq.shape.length < 1)
    fail(k, `sortedSequence ${fmt(seq.shape)} and values ${fmt(values.shape)} must have the same rank >= 1`);
  seq.shape
    .slice(0, -1)
    .forEach((d, i) =>
      unifyDim(k, d, values.shape[i]!, `leading dims of ${fmt(seq.shape)} and ${fmt(values.shape)} must match`),
    );
  return out(values.shape, 'int32');
};

export const INDEXING_RULES = {
  [tf.Slice]: slice,
  [tf.StridedSlice]: stridedSlice,
  [tf.GatherV2]: gatherV2,
  [tf.GatherNd]: gatherNd,
  [tf.ScatterNd]: scatterNd,
  [tf.TensorScatterUpdate]: tensorScatterUpdate,
  [tf.UnsortedSegmentSum]: unsortedSegmentSum,
  [tf.TopK]: topK,
  [tf.SearchSorted]: searchSorted,
} satisfies KernelTable<ShapeRule>;
