// Shape/dtype rules of the image and space/batch kernels: ResizeBilinear, ResizeNearestNeighbor (+ grads),
// CropAndResize, FlipLeftRight, RotateWithOffset, Transform, SpaceToBatchND, BatchToSpaceND, DepthToSpace.
// Needs support/shape-util. Produces `IMAGE_RULES`; images are NHWC [batch, height, width, channels].

import * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../../ir/types.js';
import type { ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { addDim, arg, checkShape, fail, fmt, intList, mulDim, out, sizeOf, UNKNOWN } from './support/shape-util.js';

function image4d(k: string, name: string, shape: readonly number[]): readonly number[] {
  if (shape.length !== 4) fail(k, `${name} must be rank 4 [batch, height, width, channels], got ${fmt(shape)}`);
  return checkShape(k, shape);
}

function size2(k: string, v: unknown, name: string): [number, number] {
  const s = intList(k, v, name);
  if (s.length !== 2 || s.some((d) => d < 0))
    fail(k, `attr '${name}' must be [height, width], got ${JSON.stringify(v)}`);
  return [s[0]!, s[1]!];
}

/** Resize kernels: [b, size[0], size[1], c]; bilinear always yields float32, nearest keeps the dtype. */
function resize(k: string, dtype?: DType): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'images');
    const [b, , , c] = image4d(k, 'images', x.shape);
    const [h, w] = size2(k, args.attrs.size, 'size');
    return out([b!, h, w, c!], dtype ?? x.dtype);
  };
}

/** Resize gradients: shaped like the forward images. */
function resizeGrad(k: string): ShapeRule {
  return (args) => {
    const dy = arg(k, args, 'dy');
    const images = arg(k, args, 'images');
    return out(image4d(k, 'images', images.shape), dy.dtype);
  };
}

function sameImage(k: string): ShapeRule {
  return (args) => {
    const x = arg(k, args, 'image');
    return out(image4d(k, 'image', x.shape), x.dtype);
  };
}

/** CropAndResize(image, boxes [n,4], boxInd [n]) → float32 [n, cropH, cropW, c]. */
const cropAndResize: ShapeRule = (args) => {
  const k = tf.CropAndResize;
  const image = arg(k, args, 'image');
  const boxes = arg(k, args, 'boxes');
  const [, , , c] = image4d(k, 'image', image.shape);
  if (boxes.shape.length !== 2) fail(k, `boxes must be rank 2 [numBoxes, 4], got ${fmt(boxes.shape)}`);
  const [h, w] = size2(k, args.attrs.cropSize, 'cropSize');
  return out([boxes.shape[0]!, h, w, c!], 'float32');
};

/** Transform(image, transforms): outputShape [h, w] or the image's own. */
const transform: ShapeRule = (args) => {
  const k = tf.Transform;
  const image = arg(k, args, 'image');
  const [b, h, w, c] = image4d(k, 'image', image.shape);
  const [oh, ow] = args.attrs.outputShape == null ? [h!, w!] : size2(k, args.attrs.outputShape, 'outputShape');
  return out([b!, oh, ow, c!], image.dtype);
};

/** SpaceToBatchND: pads the block dims, divides them by the block, multiplies the batch by its size. */
const spaceToBatchND: ShapeRule = (args) => {
  const k = tf.SpaceToBatchND;
  const x = arg(k, args, 'x');
  const block = intList(k, args.attrs.blockShape, 'blockShape');
  const paddings = args.attrs.paddings;
  const m = block.length;
  if (!Array.isArray(paddings) || paddings.length !== m || x.shape.length < m + 1)
    fail(k, `blockShape ${JSON.stringify(block)} / paddings ${JSON.stringify(paddings)} do not fit ${fmt(x.shape)}`);
  const shape = [mulDim(x.shape[0]!, sizeOf(block)), ...x.shape.slice(1)];
  block.forEach((bs, i) => {
    const [p0, p1] = intList(k, paddings[i], 'paddings');
    const padded = addDim(x.shape[i + 1]!, p0! + p1!);
    if (padded >= 0 && padded % bs !== 0)
      fail(k, `padded dim ${padded} of ${fmt(x.shape)} is not divisible by block size ${bs}`);
    shape[i + 1] = padded < 0 ? UNKNOWN : padded / bs;
  });
  return out(shape, x.dtype);
};

/** BatchToSpaceND: the inverse; the batch must divide by the block size, crops shrink the block dims. */
const batchToSpaceND: ShapeRule = (args) => {
  const k = tf.BatchToSpaceND;
  const x = arg(k, args, 'x');
  const block = intList(k, args.attrs.blockShape, 'blockShape');
  const crops = args.attrs.crops;
  const m = block.length;
  const prod = sizeOf(block);
  if (!Array.isArray(crops) || crops.length !== m || x.shape.length < m + 1)
    fail(k, `blockShape ${JSON.stringify(block)} / crops ${JSON.stringify(crops)} do not fit ${fmt(x.shape)}`);
  const batch = x.shape[0]!;
  if (batch >= 0 && batch % prod !== 0)
    fail(k, `batch ${batch} of ${fmt(x.shape)} is not divisible by the block size ${prod}`);
  const shape = [batch < 0 ? UNKNOWN : batch / prod, ...x.shape.slice(1)];
  block.forEach((bs, i) => {
    const [c0, c1] = intList(k, crops[i], 'crops');
    const d = mulDim(x.shape[i + 1]!, bs);
    shape[i + 1] = d < 0 ? UNKNOWN : d - c0! - c1!;
    if (shape[i + 1]! < -1) fail(k, `crops ${JSON.stringify(crops)} exceed dim ${d}`);
  });
  return out(shape, x.dtype);
};

/** DepthToSpace(blockSize): NHWC [b, h*bs, w*bs, c/bs²] (NCHW analogously). */
const depthToSpace: ShapeRule = (args) => {
  const k = tf.DepthToSpace;
  const x = arg(k, args, 'x');
  const bs = Number(args.attrs.blockSize);
  const [b, d1, d2, d3] = image4d(k, 'x', x.shape);
  if (!Number.isInteger(bs) || bs < 2) fail(k, `blockSize must be an integer >= 2, got ${args.attrs.blockSize}`);
  const nchw = args.attrs.dataFormat === 'NCHW';
  const c = nchw ? d1! : d3!;
  if (c >= 0 && c % (bs * bs) !== 0)
    fail(k, `depth ${c} of ${fmt(x.shape)} is not divisible by blockSize² = ${bs * bs}`);
  const oc = c < 0 ? UNKNOWN : c / (bs * bs);
  const [h, w] = nchw ? [d2!, d3!] : [d1!, d2!];
  return out(nchw ? [b!, oc, mulDim(h, bs), mulDim(w, bs)] : [b!, mulDim(h, bs), mulDim(w, bs), oc], x.dtype);
};

export const IMAGE_RULES = {
  [tf.ResizeBilinear]: resize(tf.ResizeBilinear, 'float32'),
  [tf.ResizeNearestNeighbor]: resize(tf.ResizeNearestNeighbor),
  [tf.ResizeBilinearGrad]: resizeGrad(tf.ResizeBilinearGrad),
  [tf.ResizeNearestNeighborGrad]: resizeGrad(tf.ResizeNearestNeighborGrad),
  [tf.CropAndResize]: cropAndResize,
  [tf.FlipLeftRight]: sameImage(tf.FlipLeftRight),
  [tf.RotateWithOffset]: sameImage(tf.RotateWithOffset),
  [tf.Transform]: transform,
  [tf.SpaceToBatchND]: spaceToBatchND,
  [tf.BatchToSpaceND]: batchToSpaceND,
  [tf.DepthToSpace]: depthToSpace,
} satisfies KernelTable<ShapeRule>;
