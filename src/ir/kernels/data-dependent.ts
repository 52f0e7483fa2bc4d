// Kernels whose output shape depends on input values: non-max suppression, Unique, sparse and ragged
// tensors, string kernels.
// Needs the facts contract. Produces `DATA_DEPENDENT_FAMILY`, the records of family "data-dependent".

import type { KernelFacts } from './facts.js';

export const DATA_DEPENDENT_FAMILY = {
  NonMaxSuppressionV3: { inputs: ['boxes', 'scores'], attrs: ['maxOutputSize', 'iouThreshold', 'scoreThreshold'] },
  NonMaxSuppressionV4: {
    multiOutput: true,
    inputs: ['boxes', 'scores'],
    attrs: ['maxOutputSize', 'iouThreshold', 'scoreThreshold', 'padToMaxOutputSize'],
  },
  NonMaxSuppressionV5: {
    multiOutput: true,
    inputs: ['boxes', 'scores'],
    attrs: ['maxOutputSize', 'iouThreshold', 'scoreThreshold', 'softNmsSigma'],
  },
  Unique: { multiOutput: true, inputs: ['x'], attrs: ['axis'] },
  SparseFillEmptyRows: { inputs: ['indices', 'values', 'denseShape', 'defaultValue'] },
  SparseReshape: { inputs: ['inputIndices', 'inputShape', 'newShape'] },
  SparseSegmentMean: { inputs: ['data', 'indices', 'segmentIds'] },
  SparseSegmentSum: { inputs: ['data', 'indices', 'segmentIds'] },
  SparseToDense: { inputs: ['sparseIndices', 'sparseValues', 'defaultValue'], attrs: ['outputShape'] },
  RaggedGather: {
    multiOutput: true,
    inputs: ['paramsNestedSplits[]', 'paramsDenseValues', 'indices'],
    attrs: ['outputRaggedRank'],
  },
  RaggedRange: { inputs: ['starts', 'limits', 'deltas'] },
  RaggedTensorToTensor: {
    inputs: ['shape', 'values', 'defaultValue', 'rowPartitionTensors[]'],
    attrs: ['rowPartitionTypes'],
  },
  StringNGrams: {
    inputs: ['data', 'dataSplits'],
    attrs: ['separator', 'nGramWidths', 'leftPad', 'rightPad', 'padWidth', 'preserveShortSequences'],
  },
  StringSplit: { inputs: ['input', 'delimiter'], attrs: ['skipEmpty'] },
  StringToHashBucketFast: { inputs: ['input'], attrs: ['numBuckets'] },
  StaticRegexReplace: { inputs: ['x'], attrs: ['pattern', 'rewrite', 'replaceGlobal'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
