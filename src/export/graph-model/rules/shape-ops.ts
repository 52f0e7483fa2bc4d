// GraphModel rules of the kernels that move data: Reshape, Transpose, Concat→ConcatV2, Pack, Unpack,
// SplitV/Split, Tile, BroadcastTo, ExpandDims, Reverse→ReverseV2, PadV2, MirrorPad, Slice,
// StridedSlice, GatherV2, GatherNd, ScatterNd, TensorScatterUpdate, SpaceToBatchND, BatchToSpaceND,
// DepthToSpace. tfjs passes shapes/axes as attrs; TF takes them as int32 Const inputs.
// Needs rule-types. Produces `SHAPE_OP_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { attr } from '../graph-def.js';
import { axesOf, int, ints, numberAttr, numberList, scalarLike, tAttr, type GraphModelRule, type GraphModelTable, type GraphModelBuilder, type KernelCall } from './support/rule-types.js';

const TIDX = { Tidx: attr.type('int32') };
const TPADDINGS = { Tpaddings: attr.type('int32') };

function pairs(b: GraphModelBuilder, k: KernelCall, name: string): number[] {
  const v = k.attrs[name];
  if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2)) b.fail(`attr '${name}' must be a list of pairs, got ${JSON.stringify(v)}`);
  return (v as number[][]).flat();
}

/** A rule `op(x, <int32 Const from attr>)` for kernels whose one extra TF input is an attr in tfjs. */
function withIntList(tfOp: string, attrName: string, extra: Record<string, ReturnType<typeof attr.type>> = {}): GraphModelRule {
  return (b, k) => [b.emit(tfOp, [k.inputs[0]!, ints(b, numberList(b, k, attrName))], { ...tAttr(k), ...extra })];
}

const concat: GraphModelRule = (b, k) => {
  const rank = k.typeOf(0).shape.length;
  const a = numberAttr(b, k, 'axis');
  return [b.emit('ConcatV2', [...k.inputs, int(b, a < 0 ? a + rank : a)], { ...tAttr(k), ...TIDX, N: attr.int(k.inputs.length) })];
};

const pack: GraphModelRule = (b, k) => [
  b.emit('Pack', k.inputs, { ...tAttr(k), N: attr.int(k.inputs.length), axis: attr.int(numberAttr(b, k, 'axis')) }),
];

const unpack: GraphModelRule = (b, k) => {
  const n = k.outputTypes.length;
  const name = b.emit('Unpack', [k.inputs[0]!], { ...tAttr(k), num: attr.int(n), axis: attr.int(numberAttr(b, k, 'axis')) });
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
      : b.emit('SplitV', [x, ints(b, numberList(b, k, 'numOrSizeSplits')), axis], { ...tAttr(k), Tlen: attr.type('int32'), num_split: attr.int(n) });
  return k.outputTypes.map((_, i) => (i === 0 ? name : `${name}:${i}`));
};

const expandDims: GraphModelRule = (b, k) => [b.emit('ExpandDims', [k.inputs[0]!, int(b, numberAttr(b, k, 'dim'))], { ...tAttr(k), Tdim: attr.type('int32') })];

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

const slice: GraphModelRule = (b, k) => {
  const x = k.typeOf(0);
  const [begin, size] = tf.slice_util.parseSliceParams(x as unknown as tf.TensorInfo, k.attrs.begin as number[], k.attrs.size as number[]);
  return [b.emit('Slice', [k.inputs[0]!, ints(b, begin!), ints(b, size!)], { ...tAttr(k), Index: attr.type('int32') })];
};

const stridedSlice: GraphModelRule = (b, k) => {
  const begin = numberList(b, k, 'begin');
  const end = numberList(b, k, 'end');
  const strides = k.attrs.strides == null ? begin.map(() => 1) : numberList(b, k, 'strides');
  const mask = (name: string) => attr.int(typeof k.attrs[name] === 'number' ? (k.attrs[name] as number) : 0);
  return [
    b.emit('StridedSlice', [k.inputs[0]!, ints(b, begin), ints(b, end), ints(b, strides)], {
      ...tAttr(k),
      Index: attr.type('int32'),
      begin_mask: mask('beginMask'),
      end_mask: mask('endMask'),
      ellipsis_mask: mask('ellipsisMask'),
      new_axis_mask: mask('newAxisMask'),
      shrink_axis_mask: mask('shrinkAxisMask'),
    }),
  ];
};

const gatherV2: GraphModelRule = (b, k) => {
  const batchDims = typeof k.attrs.batchDims === 'number' ? k.attrs.batchDims : 0;
  return [
    b.emit('GatherV2', [k.input('x'), k.input('indices'), int(b, numberAttr(b, k, 'axis'))], {
      Tparams: attr.type(k.typeOf('x').dtype),
      Tindices: attr.type(k.typeOf('indices').dtype),
      Taxis: attr.type('int32'),
      batch_dims: attr.int(batchDims),
    }),
  ];
};

const gatherNd: GraphModelRule = (b, k) => [
  b.emit('GatherNd', [k.input('params'), k.input('indices')], { Tparams: attr.type(k.typeOf('params').dtype), Tindices: attr.type('int32') }),
];

const scatterNd: GraphModelRule = (b, k) => [
  b.emit('ScatterNd', [k.input('indices'), k.input('updates'), ints(b, numberList(b, k, 'shape'))], {
    T: attr.type(k.typeOf('updates').dtype),
    Tindices: attr.type('int32'),
  }),
];

const tensorScatterUpdate: GraphModelRule = (b, k) => [
  b.emit('TensorScatterUpdate', [k.input('tensor'), k.input('indices'), k.input('updates')], { ...tAttr(k), Tindices: attr.type('int32') }),
];

function blockOp(tfOp: string, pairsAttr: string): GraphModelRule {
  return (b, k) => {
    const block = numberList(b, k, 'blockShape');
    const p = b.constant(pairs(b, k, pairsAttr), 'int32', [block.length, 2]);
    return [b.emit(tfOp, [k.inputs[0]!, ints(b, block), p], { ...tAttr(k), Tblock_shape: attr.type('int32'), [tfOp === 'SpaceToBatchND' ? 'Tpaddings' : 'Tcrops']: attr.type('int32') })];
  };
}

const depthToSpace: GraphModelRule = (b, k) => [
  b.emit('DepthToSpace', [k.inputs[0]!], {
    ...tAttr(k),
    block_size: attr.int(numberAttr(b, k, 'blockSize')),
    data_format: attr.str(String(k.attrs.dataFormat ?? 'NHWC')),
  }),
];

export const SHAPE_OP_RULES: GraphModelTable = {
  Reshape: withIntList('Reshape', 'shape', { Tshape: attr.type('int32') }),
  Transpose: withIntList('Transpose', 'perm', { Tperm: attr.type('int32') }),
  Tile: withIntList('Tile', 'reps', { Tmultiples: attr.type('int32') }),
  BroadcastTo: withIntList('BroadcastTo', 'shape', TIDX),
  Reverse: (b, k) => [b.emit('ReverseV2', [k.inputs[0]!, ints(b, axesOf(b, k, 'dims', k.typeOf(0).shape.length))], { ...tAttr(k), ...TIDX })],
  Concat: concat,
  Pack: pack,
  Unpack: unpack,
  SplitV: splitV,
  ExpandDims: expandDims,
  PadV2: padV2,
  MirrorPad: mirrorPad,
  Slice: slice,
  StridedSlice: stridedSlice,
  GatherV2: gatherV2,
  GatherNd: gatherNd,
  ScatterNd: scatterNd,
  TensorScatterUpdate: tensorScatterUpdate,
  SpaceToBatchND: blockOp('SpaceToBatchND', 'paddings'),
  BatchToSpaceND: blockOp('BatchToSpaceND', 'crops'),
  DepthToSpace: depthToSpace,
};
