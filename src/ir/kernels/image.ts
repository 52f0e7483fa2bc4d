// Image kernels (NHWC): resizing and its gradients, crops, flips, rotations, projective transforms,
// space/batch/depth rearrangements.
// Needs the facts contract. Produces `IMAGE_FAMILY`, the records of family "image".

import type { KernelFacts } from './facts.js';

export const IMAGE_FAMILY = {
  ResizeBilinear: { inputs: ['images'], attrs: ['alignCorners', 'halfPixelCenters', 'size'] },
  ResizeNearestNeighbor: { inputs: ['images'], attrs: ['alignCorners', 'halfPixelCenters', 'size'] },
  ResizeBilinearGrad: { inputs: ['images', 'dy'], attrs: ['alignCorners', 'halfPixelCenters', 'size'] },
  ResizeNearestNeighborGrad: { inputs: ['images', 'dy'], attrs: ['alignCorners', 'halfPixelCenters', 'size'] },
  CropAndResize: { inputs: ['image', 'boxes', 'boxInd'], attrs: ['cropSize', 'method', 'extrapolationValue'] },
  FlipLeftRight: { inputs: ['image'] },
  RotateWithOffset: { inputs: ['image'], attrs: ['radians', 'fillValue', 'center'] },
  Transform: { inputs: ['image', 'transforms'], attrs: ['interpolation', 'fillMode', 'fillValue', 'outputShape?'] },
  SpaceToBatchND: { inputs: ['x'], attrs: ['blockShape', 'paddings'] },
  BatchToSpaceND: { inputs: ['x'], attrs: ['blockShape', 'crops'] },
  DepthToSpace: { inputs: ['x'], attrs: ['blockSize', 'dataFormat'] },
} as const satisfies Readonly<Record<string, KernelFacts>>;
