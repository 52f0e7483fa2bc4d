// ONNX rules of the indexing kernels: Slice (tfjs begin/size), StridedSlice (all masks, resolved by
// tfjs's own slice_util.sliceInfo on the static input shape, then one Slice + Reshape), GatherV2, GatherNd
// (negative indices fail, as in tfjs, instead of counting from the end), ScatterNd (sums duplicates),
// TensorScatterUpdate (negative indices fail, as in tfjs), UnsortedSegmentSum (ids out of range
// dropped, as in tfjs), TopK. Needs tfjs's slice_util, support/rule-types and the builder. Produces `INDEXING_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { OnnxExportError } from '../onnx-errors.js';
import { arg, axesOf, knownShape, out, outType, type OnnxRule, type OnnxRuleTable } from './support/rule-types.js';

const INT64_MIN_SAFE = Number.MIN_SAFE_INTEGER;

/** One ONNX Slice over every axis from `begin`, `count` elements each with step `strides`. */
function sliceAll(
  b: OnnxGraphBuilder,
  x: string,
  begin: readonly number[],
  count: readonly number[],
  strides: readonly number[],
): string {
  const ends = begin.map((s, i) => {
    const e = s + count[i]! * strides[i]!;
    return e < 0 ? INT64_MIN_SAFE : e; // a negative step that runs past index 0
  });
  const axes = begin.map((_, i) => i);
  return b.op('Slice', [x, b.int64([...begin]), b.int64(ends), b.int64(axes), b.int64([...strides])]);
}

const slice: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const shape = knownShape(x, 'slice');
  const [begin, size] = tf.slice_util.parseSliceParams(
    { shape } as unknown as tf.Tensor,
    k.attrs.begin as number[],
    k.attrs.size as number[],
  );
  if (shape.length === 0) {
    b.op('Identity', [x.name], {}, out(k));
    return;
  }
  const r = sliceAll(
    b,
    x.name,
    begin,
    size,
    begin.map(() => 1),
  );
  b.op('Identity', [r], {}, out(k));
};

const stridedSlice: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const shape = knownShape(x, 'stridedSlice');
  const a = k.attrs as Record<string, never>;
  const info = tf.slice_util.sliceInfo(
    shape,
    a.begin,
    a.end,
    a.strides,
    a.beginMask,
    a.endMask,
    a.ellipsisMask,
    a.newAxisMask,
    a.shrinkAxisMask,
  );
  const target = knownShape(outType(k), 'stridedSlice');
  if (shape.length === 0) {
    b.op('Reshape', [x.name, b.int64(target)], { allowzero: 1 }, out(k));
    return;
  }
  const count = info.begin.map((s: number, i: number) => {
    const e = info.end[i]!;
    const st = info.strides[i]!;
    return Math.max(0, Math.ceil((e - s) / st));
  });
  const r = sliceAll(b, x.name, info.begin, count, info.strides);
  b.op('Reshape', [r, b.int64(target)], { allowzero: 1 }, out(k));
};

/**
 * Indices as int64 where a negative index becomes one past any size: tfjs refuses negative indices
 * (an error at run time) where ONNX counts them from the end, so they make onnxruntime fail too.
 */
export function checkedIndices(b: OnnxGraphBuilder, indices: string): string {
  const i64 = b.op('Cast', [indices], { to: 7 });
  return b.op('Where', [b.op('Less', [i64, b.int64([0], true)]), b.int64([2 ** 53], true), i64]);
}

const gatherV2: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const indices = arg(k, 'indices');
  if (Number(k.attrs.batchDims ?? 0) !== 0)
    throw new OnnxExportError('gather with batchDims > 0 has no ONNX Gather equivalent here');
  const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
  b.op('Gather', [x.name, checkedIndices(b, indices.name)], { axis }, out(k));
};

const gatherNd: OnnxRule = (b, k) => {
  const x = arg(k, 'params');
  const indices = arg(k, 'indices');
  b.op('GatherND', [x.name, checkedIndices(b, indices.name)], {}, out(k));
};

const topK: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const [values, indices] = b.node(
    'TopK',
    [x.name, b.int64([Number(k.attrs.k)])],
    [out(k, 0), b.fresh('topk_indices')],
    { axis: -1, largest: 1, sorted: 1 },
  );
  b.op('Cast', [indices!], { to: 6 }, out(k, 1));
  void values;
};

function zerosOf(b: OnnxGraphBuilder, shape: number[], dtype: string): string {
  const dataType = dtype === 'int32' ? 6 : 1;
  return b.op('ConstantOfShape', [b.int64(shape)], {
    value: { tensor: { name: 'value', dataType, dims: [1], rawData: new Uint8Array(4) } },
  });
}

const scatterNd: OnnxRule = (b, k) => {
  const indices = arg(k, 'indices');
  const updates = arg(k, 'updates');
  const zeros = zerosOf(b, knownShape(outType(k), 'scatterND'), updates.dtype);
  b.op('ScatterND', [zeros, checkedIndices(b, indices.name), updates.name], { reduction: 'add' }, out(k));
};

const tensorScatterUpdate: OnnxRule = (b, k) => {
  const t = arg(k, 'tensor');
  const indices = arg(k, 'indices');
  const updates = arg(k, 'updates');
  b.op('ScatterND', [t.name, checkedIndices(b, indices.name), updates.name], {}, out(k));
};

/**
 * Segment ids index rows of a zero tensor with one spare row, where ids out of [0, n) go (tfjs drops
 * them); the spare row is cut off after.
 */
const unsortedSegmentSum: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const ids = arg(k, 'segmentIds');
  const shape = knownShape(outType(k), 'unsortedSegmentSum');
  const n = shape[0]!;
  const zeros = zerosOf(b, [n + 1, ...shape.slice(1)], x.dtype);
  const i64 = b.op('Cast', [ids.name], { to: 7 });
  const inRange = b.op('And', [
    b.op('GreaterOrEqual', [i64, b.int64([0], true)]),
    b.op('Less', [i64, b.int64([n], true)]),
  ]);
  const index = b.op('Unsqueeze', [b.op('Where', [inRange, i64, b.int64([n], true)]), b.int64([-1])]);
  const sums = b.op('ScatterND', [zeros, index, x.name], { reduction: 'add' });
  b.op('Slice', [sums, b.int64([0]), b.int64([n]), b.int64([0])], {}, out(k));
};

export const INDEXING_RULES: OnnxRuleTable = {
  Slice: slice,
  StridedSlice: stridedSlice,
  GatherV2: gatherV2,
  GatherNd: gatherNd,
  ScatterNd: scatterNd,
  TensorScatterUpdate: tensorScatterUpdate,
  UnsortedSegmentSum: unsortedSegmentSum,
  TopK: topK,
};
