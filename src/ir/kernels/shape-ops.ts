// Kernels that rearrange elements without computing new values: reshape, transpose, concat/stack/split,
// tile, broadcast, reverse and padding.
// Needs the facts contract. Produces `SHAPE_OPS_FAMILY`, the records of family "shape-ops".

import type { KernelFacts } from './facts.js';

export const SHAPE_OPS_FAMILY = {
  Reshape: { inputs: ['x'], attrs: ['shape'] },
  Transpose: { inputs: ['x'], attrs: ['perm'] },
  Concat: { inputs: 'variadic', attrs: ['axis'] },
  Pack: { inputs: 'variadic', attrs: ['axis'] },
  Unpack: { multiOutput: true, inputs: ['value'], attrs: ['axis'] },
  SplitV: { multiOutput: true, inputs: ['x'], attrs: ['numOrSizeSplits', 'axis'] },
  Tile: { inputs: ['x'], attrs: ['reps'] },
  BroadcastTo: { inputs: ['x'] },
  ExpandDims: { inputs: ['input'], attrs: ['dim'] },
  Reverse: { inputs: ['x'], attrs: ['dims'] },
  PadV2: { inputs: ['x'], attrs: ['paddings', 'constantValue'] },
  MirrorPad: { inputs: ['x'], attrs: ['paddings', 'mode'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
