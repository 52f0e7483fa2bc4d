// Kernels that make tensors from attrs or small inputs: Fill, Range, LinSpace, OneHot, Diag, bin counts,
// BroadcastArgs.
// Needs the facts contract. Produces `CREATION_FAMILY`, the records of family "creation".

import type { KernelFacts } from './facts.js';

export const CREATION_FAMILY = {
  Fill: {},
  Range: {},
  LinSpace: {},
  OneHot: {},
  Diag: {},
  Bincount: {},
  DenseBincount: {},
  BroadcastArgs: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
