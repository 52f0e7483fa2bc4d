// Shape/dtype rules of the random kernels: Multinomial. The draw ops (RandomNormal, RandomUniform,
// TruncatedNormal, RandomGamma) have none: the tracer records them itself, their attrs carry the
// shape and dtype (src/ir/random.ts). Needs support/shape-util. Produces `RANDOM_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import type { KernelTable } from '../../ir/kernels/index.js';
import type { ShapeRule } from './support/rule-types.js';
import { arg, fail, fmt, numAttr, out } from './support/shape-util.js';

/** Multinomial(logits [batch, events]) → int32 [batch, numSamples]. */
const multinomial: ShapeRule = (args) => {
  const k = tf.Multinomial;
  const logits = arg(k, args, 'logits');
  if (logits.shape.length !== 2) fail(k, `logits must be rank 2 [batch, events], got ${fmt(logits.shape)}`);
  const n = numAttr(k, args.attrs, 'numSamples');
  return out([logits.shape[0]!, n], 'int32');
};

export const RANDOM_RULES = {
  [tf.Multinomial]: multinomial,
} satisfies KernelTable<ShapeRule>;
