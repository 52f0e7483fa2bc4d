// Kernels that make tensors from attrs or small inputs: Fill, Range, LinSpace, OneHot, Diag, bin counts,
// BroadcastArgs.
// Needs the facts contract. Produces `CREATION_FAMILY`, the records of family "creation".

import type { KernelFacts } from './facts.js';

export const CREATION_FAMILY = {
  Fill: { inputs: [], attrs: ['shape', 'value', 'dtype'] },
  Range: { inputs: [], attrs: ['start', 'stop', 'step', 'dtype'] },
  LinSpace: { inputs: [], attrs: ['start', 'stop', 'num'] },
  OneHot: { inputs: ['indices'], attrs: ['depth', 'onValue', 'offValue', 'dtype'] },
  Diag: { inputs: ['x'] },
  Bincount: { inputs: ['x', 'weights'], attrs: ['size'] },
  DenseBincount: { inputs: ['x', 'weights'], attrs: ['size', 'binaryOutput?'] },
  BroadcastArgs: { inputs: ['s0', 's1'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
