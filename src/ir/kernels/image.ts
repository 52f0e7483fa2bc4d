// Image kernels (NHWC): resizing and its gradients, crops, flips, rotations, projective transforms,
// space/batch/depth rearrangements.
// Needs the facts contract. Produces `IMAGE_FAMILY`, the records of family "image".

import type { KernelFacts } from './facts.js';

export const IMAGE_FAMILY = {
  ResizeBilinear: {},
  ResizeNearestNeighbor: {},
  ResizeBilinearGrad: {},
  ResizeNearestNeighborGrad: {},
  CropAndResize: {},
  FlipLeftRight: {},
  RotateWithOffset: {},
  Transform: {},
  SpaceToBatchND: {},
  BatchToSpaceND: {},
  DepthToSpace: {},
} as const satisfies Readonly<Record<string, KernelFacts>>;
