// Runs a random node on the active tfjs backend with tfjs's own op and no seed, so every run draws
// new values exactly as the same eager call would (one Math.random() seed per draw, taken by tfjs).
// Used by the interpreter and the compiled executor. Needs tfjs and ir/random.
// Produces `drawRandom`.

import * as tf from '@tensorflow/tfjs-core';
import type { DrawAttrs } from '../ir/random.js';

type Numeric = 'float32' | 'int32';

/** The draw of node `op` (attrs `attrs`), given its inputs (Multinomial: the logits). */
export function drawRandom(
  op: string,
  attrs: Readonly<Record<string, unknown>>,
  inputs: readonly tf.Tensor[],
): tf.Tensor {
  if (op === 'Multinomial') {
    return tf.multinomial(inputs[0] as tf.Tensor2D, Number(attrs.numSamples), undefined, Boolean(attrs.normalized));
  }
  const a = attrs as unknown as DrawAttrs;
  const shape = [...a.shape];
  const dtype = a.dtype as Numeric;
  switch (op) {
    case 'RandomNormal':
      return tf.randomNormal(shape, a.mean, a.stdDev, dtype);
    case 'TruncatedNormal':
      return tf.truncatedNormal(shape, a.mean, a.stdDev, dtype);
    case 'RandomUniform':
      return tf.randomUniform(shape, a.minval, a.maxval, dtype);
    case 'RandomGamma':
      return tf.randomGamma(shape, a.alpha!, a.beta, dtype);
    default:
      throw new Error(`internal: ${op} is not a random op`);
  }
}
