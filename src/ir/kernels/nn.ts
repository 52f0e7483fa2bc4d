// Neural-network kernels: pooling and its gradients, Softmax/LogSoftmax, batch normalization, LRN.
// Needs the facts contract. Produces `NN_FAMILY`, the records of family "nn".

import type { KernelFacts } from './facts.js';

export const NN_FAMILY = {
  MaxPool: {},
  AvgPool: {},
  MaxPool3D: {},
  AvgPool3D: {},
  MaxPoolWithArgmax: { multiOutput: true },
  MaxPoolGrad: {},
  AvgPoolGrad: {},
  MaxPool3DGrad: {},
  AvgPool3DGrad: {},
  Softmax: {},
  LogSoftmax: {},
  FusedBatchNorm: {},
  LRN: {},
  LRNGrad: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
