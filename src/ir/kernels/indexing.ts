// Kernels that read or write elements at computed positions: slices, gathers, scatters, segment sums,
// TopK and SearchSorted.
// Needs the facts contract. Produces `INDEXING_FAMILY`, the records of family "indexing".

import type { KernelFacts } from './facts.js';

export const INDEXING_FAMILY = {
  Slice: { inputs: ['x'], attrs: ['begin', 'size'] },
  StridedSlice: {
    inputs: ['x'],
    attrs: ['begin', 'end', 'strides', 'beginMask', 'endMask', 'ellipsisMask', 'newAxisMask', 'shrinkAxisMask'],
  },
  GatherV2: { inputs: ['x', 'indices'], attrs: ['axis', 'batchDims'] },
  GatherNd: { inputs: ['params', 'indices'] },
  ScatterNd: { inputs: ['indices', 'updates'], attrs: ['shape'] },
  TensorScatterUpdate: { inputs: ['tensor', 'indices', 'updates'] },
  UnsortedSegmentSum: { inputs: ['x', 'segmentIds'], attrs: ['numSegments'] },
  TopK: { multiOutput: true, inputs: ['x'], attrs: ['k', 'sorted'] },
  SearchSorted: { inputs: ['sortedSequence', 'values'], attrs: ['side'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
