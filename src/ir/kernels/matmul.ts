// Contractions: BatchMatMul, _FusedMatMul (bias and activation) and Einsum.
// Needs the facts contract. Produces `MATMUL_FAMILY`, the records of family "matmul".

import type { KernelFacts } from './facts.js';

export const MATMUL_FAMILY = {
  BatchMatMul: { inputs: ['a', 'b'], attrs: ['transposeA', 'transposeB'] },
  _FusedMatMul: {
    inputs: ['a', 'b', 'bias?', 'preluActivationWeights?'],
    attrs: ['transposeA', 'transposeB', 'activation', 'leakyreluAlpha?'],
  },
  Einsum: { inputs: 'variadic', attrs: ['equation'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
