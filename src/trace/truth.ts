// JS truthiness of tensor elements as a bool tensor: what a staged `if (x)`, `while (x)`, `!x`,
// `x && y`, `c ? a : b` and `assert(x)` test. 0, -0 and NaN are false (a float32 x is true where
// |x| > 0, which is false for NaN); int32 compares with 0; bool is itself. Needs tfjs.
// Produces `truthTensor`.

import * as tf from '@tensorflow/tfjs-core';

/** Elementwise JS truthiness of `x` (a bool tensor of x's shape), built with tfjs ops. */
export function truthTensor(x: tf.Tensor): tf.Tensor {
  if (x.dtype === 'bool') return x;
  if (x.dtype === 'float32') return tf.greater(tf.abs(x), tf.scalar(0, 'float32'));
  return tf.notEqual(x, tf.scalar(0, x.dtype));
}
