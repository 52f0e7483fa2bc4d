// ONNX rules of the kernels that move data without arithmetic: Reshape, Transpose, Concat, Pack,
// Unpack, SplitV, Tile, ExpandDims, BroadcastTo, Reverse, PadV2, MirrorPad (shapes, axes and pads as
// int64 initializers). Needs support/rule-types and the builder. Produces `SHAPE_OP_RULES`.

import { OnnxExportError } from '../onnx-errors.js';
import {
  arg,
  args,
  axesOf,
  knownShape,
  out,
  outType,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';

const reshape: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const target = outType(k).shape.every((d) => d >= 0) ? [...outType(k).shape] : (k.attrs.shape as number[]);
  const allowzero = target.includes(0) && !target.includes(-1) ? 1 : 0;
  b.op('Reshape', [x.name, b.int64(target)], { allowzero }, out(k));
};

const transpose: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const rank = x.shape.length;
  const perm = k.attrs.perm == null ? [...Array(rank).keys()].reverse() : axesOf(k.attrs.perm, rank);
  b.op('Transpose', [x.name], { perm }, out(k));
};

const concat: OnnxRule = (b, k) => {
  const xs = args(k);
  const axis = axesOf(k.attrs.axis ?? 0, xs[0]!.shape.length)[0]!;
  b.op(
    xs.length === 1 ? 'Identity' : 'Concat',
    xs.map((x) => x.name),
    xs.length === 1 ? {} : { axis },
    out(k),
  );
};

const pack: OnnxRule = (b, k) => {
  const xs = args(k);
  const axis = axesOf(k.attrs.axis ?? 0, xs[0]!.shape.length + 1)[0]!;
  const parts = xs.map((x) => b.op('Unsqueeze', [x.name, b.int64([axis])]));
  b.op(parts.length === 1 ? 'Identity' : 'Concat', parts, parts.length === 1 ? {} : { axis }, out(k));
};

const unpack: OnnxRule = (b, k) => {
  const x = arg(k, 'value');
  const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
  const n = k.outputs.length;
  const parts = n === 1 ? [x.name] : b.node('Split', [x.name, b.int64(Array(n).fill(1))], n, { axis });
  parts.forEach((p, i) => b.op('Squeeze', [p, b.int64([axis])], {}, out(k, i)));
};

const splitV: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
  const sizes = k.outputTypes.map((t) => t.shape[axis]!);
  if (sizes.some((s) => s < 0)) throw new OnnxExportError('split sizes must be known at trace time');
  if (sizes.length === 1) b.op('Identity', [x.name], {}, out(k));
  else b.node('Split', [x.name, b.int64(sizes)], k.outputs, { axis });
};

const tile: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  b.op('Tile', [x.name, b.int64(k.attrs.reps as number[])], {}, out(k));
};

const expandDims: OnnxRule = (b, k) => {
  const x = arg(k, 'input');
  const axis = axesOf(k.attrs.dim ?? 0, x.shape.length + 1)[0]!;
  b.op('Unsqueeze', [x.name, b.int64([axis])], {}, out(k));
};

const broadcastTo: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  b.op('Expand', [x.name, b.int64(knownShape(outType(k), 'BroadcastTo'))], {}, out(k));
};

/** Reverse along `dims`: a Slice with step -1 from the last element past the first. */
const reverse: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const axes = axesOf(k.attrs.dims, x.shape.length);
  if (axes.length === 0) {
    b.op('Identity', [x.name], {}, out(k));
    return;
  }
  const n = axes.length;
  b.op(
    'Slice',
    [
      x.name,
      b.int64(Array(n).fill(-1)),
      b.int64(Array(n).fill(Number.MIN_SAFE_INTEGER)),
      b.int64(axes),
      b.int64(Array(n).fill(-1)),
    ],
    {},
    out(k),
  );
};

/** tfjs paddings [[before, after], …] as ONNX pads [b0, b1, …, a0, a1, …]. */
function pads(paddings: unknown): number[] {
  const p = paddings as [number, number][];
  return [...p.map((x) => x[0]), ...p.map((x) => x[1])];
}

const padV2: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  // tfjs fills only when the value !== 0, so a padding of −0 is +0.
  const c = Number(k.attrs.constantValue ?? 0);
  const value = b.scalar(x.dtype, c === 0 ? 0 : c);
  b.op('Pad', [x.name, b.int64(pads(k.attrs.paddings)), value], { mode: 'constant' }, out(k));
};

const mirrorPad: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  if (k.attrs.mode !== 'reflect')
    throw new OnnxExportError(`mirrorPad mode '${String(k.attrs.mode)}' has no ONNX Pad mode (only 'reflect')`);
  b.op('Pad', [x.name, b.int64(pads(k.attrs.paddings))], { mode: 'reflect' }, out(k));
};

export const SHAPE_OP_RULES: OnnxRuleTable = {
  Reshape: reshape,
  Transpose: transpose,
  Concat: concat,
  Pack: pack,
  Unpack: unpack,
  SplitV: splitV,
  Tile: tile,
  ExpandDims: expandDims,
  BroadcastTo: broadcastTo,
  Reverse: reverse,
  PadV2: padV2,
  MirrorPad: mirrorPad,
};
