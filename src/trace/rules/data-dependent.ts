// Shape/dtype rules of kernels whose output sizes depend on input values: NonMaxSuppressionV3/4/5, Unique,
// the Sparse*, Ragged* and String* kernels. Such sizes are -1 (unknown at trace time); ranks and dtypes are exact.
// Needs support/shape-util. Produces `DATA_DEPENDENT_RULES` and `DATA_DEPENDENT_KERNELS` (the names, for tests and tools).

import * as tf from '@tensorflow/tfjs-core';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { arg, broadcastAll, fail, fmt, intList, normalizeAxis, out, sizeOf, UNKNOWN } from './support/shape-util.js';

const U = UNKNOWN;

/** NonMaxSuppressionV3: selected indices [?]. V4: + validOutputs []; padded to maxOutputSize when asked. V5: + scores [?]. */
const nmsV3: ShapeRule = () => out([U], 'int32');
const nmsV4: ShapeRule = ({ attrs }) => {
  const n = attrs.padToMaxOutputSize === true && typeof attrs.maxOutputSize === 'number' ? attrs.maxOutputSize : U;
  return [
    { shape: [n], dtype: 'int32' },
    { shape: [], dtype: 'int32' },
  ];
};
const nmsV5: ShapeRule = () => [
  { shape: [U], dtype: 'int32' },
  { shape: [U], dtype: 'float32' },
];

/** Unique(x, axis): values with an unknown length along axis, and one int32 index per input row. */
const unique: ShapeRule = (args) => {
  const k = tf.Unique;
  const x = arg(k, args, 'x');
  if (x.shape.length === 0) fail(k, 'x must have rank >= 1');
  const axis = normalizeAxis(k, args.attrs.axis ?? 0, x.shape.length);
  return [
    { shape: x.shape.map((d, i) => (i === axis ? U : d)), dtype: x.dtype },
    { shape: [x.shape[axis]!], dtype: 'int32' },
  ];
};

/** SparseFillEmptyRows(indices [n, r], values [n], denseShape, defaultValue). */
const sparseFillEmptyRows: ShapeRule = (args) => {
  const k = tf.SparseFillEmptyRows;
  const indices = arg(k, args, 'indices');
  const values = arg(k, args, 'values');
  if (indices.shape.length !== 2) fail(k, `indices must be rank 2, got ${fmt(indices.shape)}`);
  return [
    { shape: [U, indices.shape[1]!], dtype: indices.dtype },
    { shape: [U], dtype: values.dtype },
    { shape: [U], dtype: 'bool' },
    { shape: [indices.shape[0]!], dtype: indices.dtype },
  ];
};

/** SparseReshape(inputIndices [n, r], inputShape [r], newShape [r']) → indices [n, r'] and the shape [r']. */
const sparseReshape: ShapeRule = (args) => {
  const k = tf.SparseReshape;
  const indices = arg(k, args, 'inputIndices');
  const newShape = arg(k, args, 'newShape');
  if (indices.shape.length !== 2 || newShape.shape.length !== 1)
    fail(k, `inputIndices ${fmt(indices.shape)} must be rank 2 and newShape ${fmt(newShape.shape)} rank 1`);
  return [
    { shape: [indices.shape[0]!, newShape.shape[0]!], dtype: indices.dtype },
    { shape: [newShape.shape[0]!], dtype: newShape.dtype },
  ];
};

/** SparseSegmentSum/Mean(data, indices, segmentIds) → [numSegments (from the ids), ...data.shape[1:]]. */
function sparseSegment(k: string): ShapeRule {
  return (args) => {
    const data = arg(k, args, 'data');
    if (data.shape.length < 1) fail(k, 'data must have rank >= 1');
    return out([U, ...data.shape.slice(1)], data.dtype);
  };
}

const sparseToDense: ShapeRule = (args) => {
  const k = tf.SparseToDense;
  const values = arg(k, args, 'sparseValues');
  return out(intList(k, args.attrs.outputShape, 'outputShape'), values.dtype);
};

/** RaggedGather: outputRaggedRank int32 split vectors, then the dense values [?, ...inner dims]. Array inputs arrive flattened. */
const raggedGather: ShapeRule = ({ list, attrs, inputs }) => {
  const k = tf.RaggedGather;
  const dense = inputs.paramsDenseValues ?? list[list.length - 2];
  if (!dense) fail(k, 'missing input paramsDenseValues');
  const rank = Number(attrs.outputRaggedRank);
  if (!Number.isInteger(rank) || rank < 0)
    fail(k, `outputRaggedRank must be a non-negative integer, got ${attrs.outputRaggedRank}`);
  const splits = Array.from({ length: rank }, () => ({ shape: [U], dtype: 'int32' as const }));
  return [...splits, { shape: [U, ...dense.shape.slice(1)], dtype: dense.dtype }];
};

/** RaggedRange(starts, limits, deltas) → splits [nrows + 1] int32 and values [?]. */
const raggedRange: ShapeRule = (args) => {
  const k = tf.RaggedRange;
  const starts = arg(k, args, 'starts');
  const shape = broadcastAll(
    k,
    args.list.map((a) => a.shape),
  );
  if (shape.length > 1)
    fail(
      k,
      `starts, limits and deltas must be scalars or vectors, got ${args.list.map((a) => fmt(a.shape)).join(', ')}`,
    );
  const rows = sizeOf(shape);
  return [
    { shape: [rows < 0 ? U : rows + 1], dtype: 'int32' },
    { shape: [U], dtype: starts.dtype },
  ];
};

/** RaggedTensorToTensor(shape, values, defaultValue, rowPartitionTensors…): rank = length of `shape`. */
const raggedTensorToTensor: ShapeRule = (args) => {
  const k = tf.RaggedTensorToTensor;
  const shape = arg(k, args, 'shape');
  const values = arg(k, args, 'values');
  const rank = shape.shape[0];
  if (shape.shape.length !== 1 || rank === undefined || rank < 0)
    fail(k, `shape must be a vector of known length, got ${fmt(shape.shape)}`);
  return out(new Array<number>(rank).fill(U), values.dtype);
};

/** StringNGrams(data, dataSplits) → ngrams [?] string and splits shaped like dataSplits. */
const stringNGrams: ShapeRule = (args) => {
  const splits = arg(tf.StringNGrams, args, 'dataSplits');
  return [
    { shape: [U], dtype: 'string' },
    { shape: [...splits.shape], dtype: 'int32' },
  ];
};

/** StringSplit(input, delimiter) → sparse indices [?, 2], values [?], dense shape [2]. */
const stringSplit: ShapeRule = () => [
  { shape: [U, 2], dtype: 'int32' },
  { shape: [U], dtype: 'string' },
  { shape: [2], dtype: 'int32' },
];

const stringToHashBucketFast: ShapeRule = (args) => out(arg(tf.StringToHashBucketFast, args, 'input').shape, 'int32');
const staticRegexReplace: ShapeRule = (args) => out(arg(tf.StaticRegexReplace, args, 'x').shape, 'string');

export const DATA_DEPENDENT_RULES = {
  [tf.NonMaxSuppressionV3]: nmsV3,
  [tf.NonMaxSuppressionV4]: nmsV4,
  [tf.NonMaxSuppressionV5]: nmsV5,
  [tf.Unique]: unique,
  [tf.SparseFillEmptyRows]: sparseFillEmptyRows,
  [tf.SparseReshape]: sparseReshape,
  [tf.SparseSegmentMean]: sparseSegment(tf.SparseSegmentMean),
  [tf.SparseSegmentSum]: sparseSegment(tf.SparseSegmentSum),
  [tf.SparseToDense]: sparseToDense,
  [tf.RaggedGather]: raggedGather,
  [tf.RaggedRange]: raggedRange,
  [tf.RaggedTensorToTensor]: raggedTensorToTensor,
  [tf.StringNGrams]: stringNGrams,
  [tf.StringSplit]: stringSplit,
  [tf.StringToHashBucketFast]: stringToHashBucketFast,
  [tf.StaticRegexReplace]: staticRegexReplace,
} satisfies KernelTable<ShapeRule>;

/** Kernels whose rules may answer -1 for sizes the real kernel only knows from the data. */
export const DATA_DEPENDENT_KERNELS: ReadonlySet<string> = new Set(Object.keys(DATA_DEPENDENT_RULES));
