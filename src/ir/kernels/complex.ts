// Complex-number kernels: building complex64 values, their parts and magnitude, and the FFTs.
// Needs the facts contract. Produces `COMPLEX_FAMILY`, the records of family "complex".

import type { KernelFacts } from './facts.js';

export const COMPLEX_FAMILY = {
  FFT: {},
  IFFT: {},
  Real: { elementwise: true },
  Imag: { elementwise: true },
  ComplexAbs: { elementwise: true },
  Complex: { elementwise: true },
} as const satisfies Readonly<Record<string, KernelFacts>>;
