// Convolutions (2-D, depthwise, 3-D, dilation, fused with bias and activation) and their gradient kernels.
// Needs the facts contract. Produces `CONV_FAMILY`, the records of family "conv".

import type { KernelFacts } from './facts.js';

export const CONV_FAMILY = {
  Conv2D: { inputs: ['x', 'filter'], attrs: ['strides', 'pad', 'dataFormat', 'dilations', 'dimRoundingMode?'] },
  FusedConv2D: {
    inputs: ['x', 'filter', 'bias?', 'preluActivationWeights?'],
    attrs: ['strides', 'pad', 'dataFormat', 'dilations', 'dimRoundingMode', 'activation', 'leakyreluAlpha?'],
  },
  DepthwiseConv2dNative: {
    inputs: ['x', 'filter'],
    attrs: ['strides', 'pad', 'dataFormat', 'dilations', 'dimRoundingMode?'],
  },
  FusedDepthwiseConv2D: {
    inputs: ['x', 'filter', 'bias?', 'preluActivationWeights?'],
    attrs: ['strides', 'pad', 'dataFormat', 'dilations', 'dimRoundingMode', 'activation', 'leakyreluAlpha?'],
  },
  Conv3D: { inputs: ['x', 'filter'], attrs: ['strides', 'pad', 'dataFormat', 'dilations'] },
  Dilation2D: { inputs: ['x', 'filter'], attrs: ['strides', 'pad', 'dilations'] },
  Conv2DBackpropInput: {
    inputs: ['dy', 'filter'],
    attrs: ['strides', 'pad', 'dataFormat', 'dimRoundingMode?', 'inputShape'],
  },
  Conv2DBackpropFilter: {
    inputs: ['x', 'dy'],
    attrs: ['strides', 'pad', 'dataFormat', 'dimRoundingMode?', 'filterShape'],
  },
  DepthwiseConv2dNativeBackpropInput: {
    inputs: ['dy', 'filter'],
    attrs: ['strides', 'dilations', 'pad', 'dimRoundingMode?', 'inputShape'],
  },
  DepthwiseConv2dNativeBackpropFilter: {
    inputs: ['x', 'dy'],
    attrs: ['strides', 'dilations', 'pad', 'dimRoundingMode?', 'filterShape'],
  },
  Conv3DBackpropInputV2: { inputs: ['dy', 'filter'], attrs: ['strides', 'pad', 'inputShape'] },
  Conv3DBackpropFilterV2: { inputs: ['x', 'dy'], attrs: ['strides', 'pad', 'filterShape'] },
  Dilation2DBackpropInput: { inputs: ['x', 'filter', 'dy'] },
  Dilation2DBackpropFilter: { inputs: ['x', 'filter', 'dy'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
