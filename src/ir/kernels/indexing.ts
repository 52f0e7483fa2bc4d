// Kernels that read or write elements at computed positions: slices, gathers, scatters, segment sums,
// TopK and SearchSorted.
// Needs the facts contract. Produces `INDEXING_FAMILY`, the records of family "indexing".

import type { KernelFacts } from './facts.js';

export const INDEXING_FAMILY = {
  Slice: {},
  StridedSlice: {},
  GatherV2: {},
  GatherNd: {},
  ScatterNd: {},
  TensorScatterUpdate: {},
  UnsortedSegmentSum: {},
  TopK: { multiOutput: true },
  SearchSorted: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
