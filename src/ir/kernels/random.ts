// Random draws: Multinomial, and the draw ops the tracer records for tfjs's unseeded random ops
// (RandomNormal, RandomUniform, TruncatedNormal, RandomGamma; they have no tfjs kernel of their own).
// Needs the facts contract. Produces `RANDOM_FAMILY`, the records of family "random".

import type { KernelFacts } from './facts.js';

export const RANDOM_FAMILY = {
  Multinomial: { nondeterministic: true, inputs: ['logits'], attrs: ['numSamples', 'seed', 'normalized'] },
  RandomNormal: { nondeterministic: true, drawOp: true, inputs: [], attrs: ['shape', 'dtype', 'mean', 'stdDev'] },
  RandomUniform: { nondeterministic: true, drawOp: true, inputs: [], attrs: ['shape', 'dtype', 'minval', 'maxval'] },
  TruncatedNormal: { nondeterministic: true, drawOp: true, inputs: [], attrs: ['shape', 'dtype', 'mean', 'stdDev'] },
  RandomGamma: { nondeterministic: true, drawOp: true, inputs: [], attrs: ['shape', 'dtype', 'alpha', 'beta'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
