// Reductions and scans over axes: numeric folds (Sum, Mean, Max, Min, Prod), logical folds (All, Any),
// index reductions (ArgMax, ArgMin) and cumulative scans.
// Needs the facts contract. Produces `REDUCTION_FAMILY`, the records of family "reduction".

import type { KernelFacts } from './facts.js';

export const REDUCTION_FAMILY = {
  Sum: { reduction: 'numeric' },
  Prod: { reduction: 'numeric' },
  Mean: { reduction: 'numeric' },
  Max: { reduction: 'numeric' },
  Min: { reduction: 'numeric' },
  All: { reduction: 'logical' },
  Any: { reduction: 'logical' },
  ArgMax: { reduction: 'index' },
  ArgMin: { reduction: 'index' },
  Cumsum: { reduction: 'scan' },
  Cumprod: { reduction: 'scan' },
} as const satisfies Readonly<Record<string, KernelFacts>>;
