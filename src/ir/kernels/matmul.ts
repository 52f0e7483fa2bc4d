// Contractions: BatchMatMul, _FusedMatMul (bias and activation) and Einsum.
// Needs the facts contract. Produces `MATMUL_FAMILY`, the records of family "matmul".

import type { KernelFacts } from './facts.js';

export const MATMUL_FAMILY = {
  BatchMatMul: {},
  _FusedMatMul: {},
  Einsum: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
