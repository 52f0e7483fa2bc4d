// Reductions and scans over axes: numeric folds (Sum, Mean, Max, Min, Prod), logical folds (All, Any),
// index reductions (ArgMax, ArgMin) and cumulative scans.
// Needs the facts contract. Produces `REDUCTION_FAMILY`, the records of family "reduction".

import type { KernelFacts } from './facts.js';

export const REDUCTION_FAMILY = {
  Sum: { reduction: 'numeric', inputs: ['x'], attrs: ['axis', 'keepDims'] },
  Prod: { reduction: 'numeric', inputs: ['x'], attrs: ['axis', 'keepDims'] },
  Mean: { reduction: 'numeric', inputs: ['x'], attrs: ['axis', 'keepDims'] },
  Max: { reduction: 'numeric', inputs: ['x'], attrs: ['reductionIndices', 'keepDims'] },
  Min: { reduction: 'numeric', inputs: ['x'], attrs: ['axis', 'keepDims'] },
  All: { reduction: 'logical', inputs: ['x'], attrs: ['axis', 'keepDims'] },
  Any: { reduction: 'logical', inputs: ['x'], attrs: ['axis', 'keepDims'] },
  ArgMax: { reduction: 'index', inputs: ['x'], attrs: ['axis'] },
  ArgMin: { reduction: 'index', inputs: ['x'], attrs: ['axis'] },
  Cumsum: { reduction: 'scan', inputs: ['x'], attrs: ['axis', 'exclusive', 'reverse'] },
  Cumprod: { reduction: 'scan', inputs: ['x'], attrs: ['axis', 'exclusive', 'reverse'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
