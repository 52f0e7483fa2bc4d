// Complex-number kernels: building complex64 values, their parts and magnitude, and the FFTs.
// Needs the facts contract. Produces `COMPLEX_FAMILY`, the records of family "complex".

import type { KernelFacts } from './facts.js';

export const COMPLEX_FAMILY = {
  FFT: { inputs: ['input'] },
  IFFT: { inputs: ['input'] },
  Real: { elementwise: true, inputs: ['input'] },
  Imag: { elementwise: true, inputs: ['input'] },
  ComplexAbs: { elementwise: true, inputs: ['x'] },
  Complex: { elementwise: true, inputs: ['real', 'imag'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
