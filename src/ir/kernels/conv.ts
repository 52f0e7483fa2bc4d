// Convolutions (2-D, depthwise, 3-D, dilation, fused with bias and activation) and their gradient kernels.
// Needs the facts contract. Produces `CONV_FAMILY`, the records of family "conv".

import type { KernelFacts } from './facts.js';

export const CONV_FAMILY = {
  Conv2D: {},
  FusedConv2D: {},
  DepthwiseConv2dNative: {},
  FusedDepthwiseConv2D: {},
  Conv3D: {},
  Dilation2D: {},
  Conv2DBackpropInput: {},
  Conv2DBackpropFilter: {},
  DepthwiseConv2dNativeBackpropInput: {},
  DepthwiseConv2dNativeBackpropFilter: {},
  Conv3DBackpropInputV2: {},
  Conv3DBackpropFilterV2: {},
  Dilation2DBackpropInput: {},
  Dilation2DBackpropFilter: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
