// Kernels that rearrange elements without computing new values: reshape, transpose, concat/stack/split,
// tile, broadcast, reverse and padding.
// Needs the facts contract. Produces `SHAPE_OPS_FAMILY`, the records of family "shape-ops".

import type { KernelFacts } from './facts.js';

export const SHAPE_OPS_FAMILY = {
  Reshape: {},
  Transpose: {},
  Concat: {},
  Pack: {},
  Unpack: { multiOutput: true },
  SplitV: { multiOutput: true },
  Tile: {},
  BroadcastTo: {},
  ExpandDims: {},
  Reverse: {},
  PadV2: {},
  MirrorPad: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
