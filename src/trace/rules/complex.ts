// Shape/dtype rules of the complex kernels: Complex (real and imag parts of one shape → complex64),
// Real, Imag and ComplexAbs (float32, the input's shape), FFT and IFFT (the input's shape and dtype).
// Needs support/shape-util. Produces `COMPLEX_RULES`; dtypes as tfjs's cpu kernels return them.

import * as tf from '@tensorflow/tfjs-core';
import type { KernelTable } from '../../ir/kernels/index.js';
import type { ShapeRule } from './support/rule-types.js';
import { arg, out, sameAs, unifyShapes } from './support/shape-util.js';

const complex: ShapeRule = (args) => {
  const re = arg(tf.Complex, args, 'real');
  const im = arg(tf.Complex, args, 'imag');
  return out(unifyShapes(tf.Complex, re.shape, im.shape, 'real and imag parts must have the same shape'), 'complex64');
};

export const COMPLEX_RULES = {
  [tf.FFT]: sameAs(tf.FFT),
  [tf.IFFT]: sameAs(tf.IFFT),
  [tf.Real]: sameAs(tf.Real, 0, 'float32'),
  [tf.Imag]: sameAs(tf.Imag, 0, 'float32'),
  [tf.ComplexAbs]: sameAs(tf.ComplexAbs, 0, 'float32'),
  [tf.Complex]: complex,
} satisfies KernelTable<ShapeRule>;
