// ONNX rules of image and scatter kernels: FlipLeftRight, DepthToSpace (DCR, as TF orders depth),
// ResizeBilinear / ResizeNearestNeighbor (ONNX Resize over axes 1, 2 with tfjs's coordinate rules),
// ScatterNd (sums duplicates), TensorScatterUpdate, UnsortedSegmentSum, Diag.
// Needs rule-types and the builder. Produces `IMAGE_SCATTER_RULES`.

import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { OnnxExportError } from '../onnx-errors.js';
import { arg, knownShape, out, outType, type OnnxRule } from './rule-types.js';

const flipLeftRight: OnnxRule = (b, k) => {
  const x = arg(k, 'image', 0);
  b.op('Slice', [x.name, b.int64([-1]), b.int64([Number.MIN_SAFE_INTEGER]), b.int64([2]), b.int64([-1])], {}, out(k));
};

const depthToSpace: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  if ((k.attrs.dataFormat ?? 'NHWC') !== 'NHWC') throw new OnnxExportError('only NHWC depthToSpace is supported');
  const y = b.op('DepthToSpace', [b.op('Transpose', [x.name], { perm: [0, 3, 1, 2] })], { blocksize: Number(k.attrs.blockSize), mode: 'DCR' });
  b.op('Transpose', [y], { perm: [0, 2, 3, 1] }, out(k));
};

function resize(mode: 'linear' | 'nearest'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'images', 0);
    const [newH, newW] = k.attrs.size as [number, number];
    const align = Boolean(k.attrs.alignCorners);
    const half = Boolean(k.attrs.halfPixelCenters);
    if (align && half) throw new OnnxExportError('alignCorners together with halfPixelCenters has no ONNX Resize mode');
    if (align && (newH === 1 || newW === 1)) throw new OnnxExportError('alignCorners with an output size of 1 has no ONNX Resize mode');
    const coordinate = align ? 'align_corners' : half ? (mode === 'linear' ? 'half_pixel' : 'tf_half_pixel_for_nn') : 'asymmetric';
    const attrs = mode === 'linear'
      ? { mode, coordinate_transformation_mode: coordinate, axes: [1, 2] }
      : { mode, coordinate_transformation_mode: coordinate, nearest_mode: align ? 'round_prefer_ceil' : 'floor', axes: [1, 2] };
    b.op('Resize', [x.name, '', '', b.int64([newH, newW])], attrs, out(k));
  };
}

function zerosOf(b: OnnxGraphBuilder, shape: number[], dtype: string): string {
  const dataType = dtype === 'int32' ? 6 : 1;
  return b.op('ConstantOfShape', [b.int64(shape)], { value: { tensor: { name: 'value', dataType, dims: [1], rawData: new Uint8Array(4) } } });
}

const scatterNd: OnnxRule = (b, k) => {
  const indices = arg(k, 'indices', 0);
  const updates = arg(k, 'updates', 1);
  const zeros = zerosOf(b, knownShape(outType(k), 'scatterND'), updates.dtype);
  b.op('ScatterND', [zeros, b.op('Cast', [indices.name], { to: 7 }), updates.name], { reduction: 'add' }, out(k));
};

const tensorScatterUpdate: OnnxRule = (b, k) => {
  const t = arg(k, 'tensor', 0);
  const indices = arg(k, 'indices', 1);
  const updates = arg(k, 'updates', 2);
  b.op('ScatterND', [t.name, b.op('Cast', [indices.name], { to: 7 }), updates.name], {}, out(k));
};

/** Segment ids index rows of a zero tensor; out-of-range ids are an onnxruntime error (TF drops them). */
const unsortedSegmentSum: OnnxRule = (b, k) => {
  const x = arg(k, 'x', 0);
  const ids = arg(k, 'segmentIds', 1);
  const zeros = zerosOf(b, knownShape(outType(k), 'unsortedSegmentSum'), x.dtype);
  const index = b.op('Unsqueeze', [b.op('Cast', [ids.name], { to: 7 }), b.int64([-1])]);
  b.op('ScatterND', [zeros, index, x.name], { reduction: 'add' }, out(k));
};

const diag: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const shape = knownShape(x, 'diag');
  const n = shape.reduce((p, d) => p * d, 1);
  const eye = b.op('Cast', [b.op('EyeLike', [b.op('ConstantOfShape', [b.int64([n, n])])])], { to: 9 });
  const column = b.op('Reshape', [x.name, b.int64([n, 1])]);
  const d = b.op('Where', [eye, column, b.scalar(x.dtype, 0)]);
  b.op('Reshape', [d, b.int64([...shape, ...shape])], {}, out(k));
};

export const IMAGE_SCATTER_RULES: Readonly<Record<string, OnnxRule>> = {
  FlipLeftRight: flipLeftRight,
  DepthToSpace: depthToSpace,
  ResizeBilinear: resize('linear'),
  ResizeNearestNeighbor: resize('nearest'),
  ScatterNd: scatterNd,
  TensorScatterUpdate: tensorScatterUpdate,
  UnsortedSegmentSum: unsortedSegmentSum,
  Diag: diag,
};
