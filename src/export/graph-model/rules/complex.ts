// GraphModel rules of the complex kernels whose TF op has the same name and takes the inputs in the
// same order: Complex, Real, Imag, ComplexAbs (FFT and IFFT have no GraphModel rule).
// Needs support/rule-types. Produces `COMPLEX_RULES`.

import { rulesFor } from '../../../ir/kernels/index.js';
import { same, type GraphModelTable } from './support/rule-types.js';

export const COMPLEX_RULES: GraphModelTable = rulesFor(['ComplexAbs', 'Real', 'Imag', 'Complex'], () => same());
