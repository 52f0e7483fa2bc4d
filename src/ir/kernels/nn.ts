// Neural-network kernels: pooling and its gradients, Softmax/LogSoftmax, batch normalization, LRN.
// Needs the facts contract. Produces `NN_FAMILY`, the records of family "nn".

import type { KernelFacts } from './facts.js';

export const NN_FAMILY = {
  MaxPool: { inputs: ['x'], attrs: ['filterSize', 'strides', 'pad', 'dimRoundingMode?'] },
  AvgPool: { inputs: ['x'], attrs: ['filterSize', 'strides', 'pad', 'dimRoundingMode?'] },
  MaxPool3D: { inputs: ['x'], attrs: ['filterSize', 'strides', 'pad', 'dataFormat', 'dimRoundingMode?'] },
  AvgPool3D: { inputs: ['x'], attrs: ['filterSize', 'strides', 'pad', 'dimRoundingMode?', 'dataFormat'] },
  MaxPoolWithArgmax: {
    multiOutput: true,
    inputs: ['x'],
    attrs: ['filterSize', 'strides', 'pad', 'includeBatchInIndex'],
  },
  MaxPoolGrad: { inputs: ['dy', 'input', 'output'], attrs: ['filterSize', 'strides', 'pad', 'dimRoundingMode?'] },
  AvgPoolGrad: { inputs: ['dy', 'input'], attrs: ['filterSize', 'strides', 'pad'] },
  MaxPool3DGrad: { inputs: ['dy', 'input', 'output'], attrs: ['filterSize', 'strides', 'pad', 'dimRoundingMode?'] },
  AvgPool3DGrad: { inputs: ['dy', 'input'], attrs: ['filterSize', 'strides', 'pad', 'dimRoundingMode?'] },
  Softmax: { onnxFloat32: 'always', inputs: ['logits'], attrs: ['dim'] },
  LogSoftmax: { onnxFloat32: 'always', inputs: ['logits'], attrs: ['axis'] },
  FusedBatchNorm: { inputs: ['x', 'scale', 'offset', 'mean', 'variance'], attrs: ['varianceEpsilon'] },
  LRN: { inputs: ['x'], attrs: ['depthRadius', 'bias', 'alpha', 'beta'] },
  LRNGrad: { inputs: ['x', 'y', 'dy'], attrs: ['depthRadius', 'bias', 'alpha', 'beta'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
