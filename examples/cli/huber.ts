// Sample input of the CLI: the Huber loss, with an imported `tf` and a module-level constant (both
// free variables the CLI passes to run-time conversion). Two exports: pick one with `#huber`.
import * as tf from '@tensorflow/tfjs';

const delta = 1;

export function huber(a: tf.Tensor) {
  'use autograph';
  let loss;
  if (tf.abs(a) <= delta) loss = (a * a) / 2;
  else loss = delta * (tf.abs(a) - delta / 2);
  return loss;
}

export function squaredError(a: tf.Tensor, b: tf.Tensor) {
  return tf.square(tf.sub(a, b));
}
