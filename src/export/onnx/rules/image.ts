// ONNX rules of the image kernels: FlipLeftRight, DepthToSpace (DCR, as TF orders depth),
// ResizeBilinear / ResizeNearestNeighbor (gathers at tfjs's source indices, tfjs's lerp in doubles).
// Needs support/rule-types and the builder. Produces `IMAGE_RULES`.

import { OnnxExportError } from '../onnx-errors.js';
import { arg, knownShape, out, type OnnxRule, type OnnxRuleTable } from './support/rule-types.js';

const flipLeftRight: OnnxRule = (b, k) => {
  const x = arg(k, 'image');
  b.op('Slice', [x.name, b.int64([-1]), b.int64([Number.MIN_SAFE_INTEGER]), b.int64([2]), b.int64([-1])], {}, out(k));
};

const depthToSpace: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  if ((k.attrs.dataFormat ?? 'NHWC') !== 'NHWC') throw new OnnxExportError('only NHWC depthToSpace is supported');
  const y = b.op('DepthToSpace', [b.op('Transpose', [x.name], { perm: [0, 3, 1, 2] })], {
    blocksize: Number(k.attrs.blockSize),
    mode: 'DCR',
  });
  b.op('Transpose', [y], { perm: [0, 2, 3, 1] }, out(k));
};

/** Where each output row (or column) reads the input, as tfjs's cpu resize kernels compute it. */
function sourceIndex(
  oldSize: number,
  newSize: number,
  align: boolean,
  half: boolean,
): { floor: number[]; ceil: number[]; frac: number[]; nearest: number[] } {
  const ratio = (align && newSize > 1 ? oldSize - 1 : oldSize) / (align && newSize > 1 ? newSize - 1 : newSize);
  const out = { floor: [] as number[], ceil: [] as number[], frac: [] as number[], nearest: [] as number[] };
  for (let i = 0; i < newSize; i++) {
    const f = half ? ratio * (i + 0.5) - 0.5 : ratio * i;
    const lo = Math.max(0, Math.floor(f));
    out.floor.push(lo);
    out.ceil.push(Math.min(oldSize - 1, Math.ceil(f)));
    out.frac.push(f - lo);
    const n = half ? ratio * (i + 0.5) : ratio * i;
    const near = Math.min(oldSize - 1, align ? Math.round(n) : Math.floor(n));
    out.nearest.push(half ? Math.max(0, near) : near);
  }
  return out;
}

/**
 * ResizeBilinear / ResizeNearestNeighbor as tfjs's cpu kernels compute them: rows and columns gathered
 * at the source indices they compute (every alignCorners/halfPixelCenters combination), and bilinear
 * values as top + (bottom − top)·t of left + (right − left)·t, in doubles (so NaN, infinities and
 * signed zeros come out as in tfjs).
 */
function resize(mode: 'linear' | 'nearest'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'images');
    const [, oldH, oldW] = knownShape(x, 'resize');
    const [newH, newW] = k.attrs.size as [number, number];
    const align = Boolean(k.attrs.alignCorners);
    const half = Boolean(k.attrs.halfPixelCenters);
    const rows = sourceIndex(oldH!, newH, align, half);
    const cols = sourceIndex(oldW!, newW, align, half);
    const at = (t: string, indices: number[], axis: number) => b.op('Gather', [t, b.int64(indices)], { axis });
    if (mode === 'nearest') {
      b.op('Identity', [at(at(x.name, rows.nearest, 1), cols.nearest, 2)], {}, out(k));
      return;
    }
    const xd = b.op('Cast', [x.name], { to: 11 });
    const top = at(xd, rows.floor, 1);
    const bottom = at(xd, rows.ceil, 1);
    const colFrac = b.f64Tensor('resize_col_frac', [1, 1, newW, 1], cols.frac);
    const rowFrac = b.f64Tensor('resize_row_frac', [1, newH, 1, 1], rows.frac);
    const lerp = (a: string, c: string, t: string) => b.op('Add', [a, b.op('Mul', [b.op('Sub', [c, a]), t])]);
    const topRow = lerp(at(top, cols.floor, 2), at(top, cols.ceil, 2), colFrac);
    const bottomRow = lerp(at(bottom, cols.floor, 2), at(bottom, cols.ceil, 2), colFrac);
    b.op('Cast', [lerp(topRow, bottomRow, rowFrac)], { to: 1 }, out(k));
  };
}

export const IMAGE_RULES: OnnxRuleTable = {
  FlipLeftRight: flipLeftRight,
  DepthToSpace: depthToSpace,
  ResizeBilinear: resize('linear'),
  ResizeNearestNeighbor: resize('nearest'),
};
