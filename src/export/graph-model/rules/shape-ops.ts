// GraphModel rules of the kernels that move data: Reshape, Transpose, Concat→ConcatV2, Pack, Unpack,
// SplitV/Split, Tile, BroadcastTo, ExpandDims, Reverse→ReverseV2, PadV2, MirrorPad. tfjs passes
// shapes/axes as attrs; TF takes them as int32 Const inputs. Needs support/rule-types. Produces `SHAPE_OP_RULES`.

import { attr } from '../graph-def.js';
import {
  axesOf,
  int,
  ints,
  numberAttr,
  numberList,
  pairs,
  scalarLike,
  tAttr,
  type GraphModelRule,
  type GraphModelTable,
} from './support/rule-types.js';

const TIDX = { Tidx: attr.type('int32') };
const TPADDINGS = { Tpaddings: attr.type('int32') };

/** A rule `op(x, <int32 Const from attr>)` for kernels whose one extra TF input is an attr in tfjs. */
function withIntList(
  tfOp: string,
  attrName: string,
  extra: Record<string, ReturnType<typeof attr.type>> = {},
): GraphModelRule {
  return (b, k) => [b.emit(tfOp, [k.inputs[0]!, ints(b, numberList(b, k, attrName))], { ...tAttr(k), ...extra })];
}

const concat: GraphModelRule = (b, k) => {
  const rank = k.typeOf(0).shape.length;
  const a = numberAttr(b, k, 'axis');
  return [
    b.emit('ConcatV2', [...k.inputs, int(b, a < 0 ? a + rank : a)], {
      ...tAttr(k),
      ...TIDX,
      N: attr.int(k.inputs.length),
    }),
  ];
};

const pack: GraphModelRule = (b, k) => [
  b.emit('Pack', k.inputs, { ...tAttr(k), N: attr.int(k.inputs.length), axis: attr.int(numberAttr(b, k, 'axis')) }),
];

const unpack: GraphModelRule = (b, k) => {
  const n = k.outputTypes.length;
  const name = b.emit('Unpack', [k.inputs[0]!], {
    ...tAttr(k),
    num: attr.int(n),
    axis: attr.int(numberAttr(b, k, 'axis')),
  });
  return k.outputTypes.map((_, i) => (i === 0 ? name : `${name}:${i}`));
};

const splitV: GraphModelRule = (b, k) => {
  const x = k.inputs[0]!;
  const n = k.outputTypes.length;
  const splits = k.attrs.numOrSizeSplits;
  const axis = int(b, numberAttr(b, k, 'axis'));
  const name =
    typeof splits === 'number'
      ? b.emit('Split', [axis, x], { ...tAttr(k), num_split: attr.int(n) })
      : b.emit('SplitV', [x, ints(b, numberList(b, k, 'numOrSizeSplits')), axis], {
          ...tAttr(k),
          Tlen: attr.type('int32'),
          num_split: attr.int(n),
        });
  return k.outputTypes.map((_, i) => (i === 0 ? name : `${name}:${i}`));
};

const expandDims: GraphModelRule = (b, k) => [
  b.emit('ExpandDims', [k.inputs[0]!, int(b, numberAttr(b, k, 'dim'))], { ...tAttr(k), Tdim: attr.type('int32') }),
];

const padV2: GraphModelRule = (b, k) => {
  const { shape, dtype } = k.typeOf(0);
  const p = b.constant(pairs(b, k, 'paddings'), 'int32', [shape.length, 2]);
  const value = scalarLike(b, typeof k.attrs.constantValue === 'number' ? k.attrs.constantValue : 0, dtype);
  return [b.emit('PadV2', [k.inputs[0]!, p, value], { ...tAttr(k), ...TPADDINGS })];
};

const mirrorPad: GraphModelRule = (b, k) => {
  const rank = k.typeOf(0).shape.length;
  const p = b.constant(pairs(b, k, 'paddings'), 'int32', [rank, 2]);
  const mode = String(k.attrs.mode ?? 'reflect').toUpperCase();
  return [b.emit('MirrorPad', [k.inputs[0]!, p], { ...tAttr(k), ...TPADDINGS, mode: attr.str(mode) })];
};

export const SHAPE_OP_RULES: GraphModelTable = {
  Reshape: withIntList('Reshape', 'shape', { Tshape: attr.type('int32') }),
  Transpose: withIntList('Transpose', 'perm', { Tperm: attr.type('int32') }),
  Tile: withIntList('Tile', 'reps', { Tmultiples: attr.type('int32') }),
  BroadcastTo: withIntList('BroadcastTo', 'shape', TIDX),
  Reverse: (b, k) => [
    b.emit('ReverseV2', [k.inputs[0]!, ints(b, axesOf(b, k, 'dims', k.typeOf(0).shape.length))], {
      ...tAttr(k),
      ...TIDX,
    }),
  ],
  Concat: concat,
  Pack: pack,
  Unpack: unpack,
  SplitV: splitV,
  ExpandDims: expandDims,
  PadV2: padV2,
  MirrorPad: mirrorPad,
};
