// Kernels whose output shape depends on input values: non-max suppression, Unique, sparse and ragged
// tensors, string kernels.
// Needs the facts contract. Produces `DATA_DEPENDENT_FAMILY`, the records of family "data-dependent".

import type { KernelFacts } from './facts.js';

export const DATA_DEPENDENT_FAMILY = {
  NonMaxSuppressionV3: {},
  NonMaxSuppressionV4: { multiOutput: true },
  NonMaxSuppressionV5: { multiOutput: true },
  Unique: { multiOutput: true },
  SparseFillEmptyRows: {},
  SparseReshape: {},
  SparseSegmentMean: {},
  SparseSegmentSum: {},
  SparseToDense: {},
  RaggedGather: { multiOutput: true },
  RaggedRange: {},
  RaggedTensorToTensor: {},
  StringNGrams: {},
  StringSplit: {},
  StringToHashBucketFast: {},
  StaticRegexReplace: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
