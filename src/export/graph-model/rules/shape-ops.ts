// GraphModel rules of the kernels that move data: Reshape, Transpose, Concat→ConcatV2, Pack, Unpack,
// SplitV/Split, Tile, BroadcastTo, ExpandDims, Reverse→ReverseV2, PadV2, MirrorPad, Slice,
// StridedSlice, GatherV2, GatherNd, ScatterNd, TensorScatterUpdate, SpaceToBatchND, BatchToSpaceND,
// DepthToSpace. tfjs passes shapes/axes as attrs; TF takes them as int32 Const inputs.
// Needs rule-types. Produces `SHAPE_OP_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { attr } from '../graph-def.js';
import { axesOf, int, ints, numberAttr, numberList, scalarLike, tAttr, type GraphModelRule, type GraphModelTable, type RuleContext } from './rule-types.js';

const TIDX = { Tidx: attr.type('int32') };
const TPADDINGS = { Tpaddings: attr.type('int32') };

function pairs(ctx: RuleContext, name: string): number[] {
  const v = ctx.call.attrs[name];
  if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2)) ctx.fail(`attr '${name}' must be a list of pairs, got ${JSON.stringify(v)}`);
  return (v as number[][]).flat();
}

/** A rule `op(x, <int32 Const from attr>)` for kernels whose one extra TF input is an attr in tfjs. */
function withIntList(tfOp: string, attrName: string, extra: Record<string, ReturnType<typeof attr.type>> = {}): GraphModelRule {
  return (ctx) => [ctx.emit(tfOp, [ctx.inputs[0]!, ints(ctx, numberList(ctx, attrName))], { ...tAttr(ctx), ...extra })];
}

const concat: GraphModelRule = (ctx) => {
  const rank = ctx.typeOf(0).shape.length;
  const a = numberAttr(ctx, 'axis');
  return [ctx.emit('ConcatV2', [...ctx.inputs, int(ctx, a < 0 ? a + rank : a)], { ...tAttr(ctx), ...TIDX, N: attr.int(ctx.inputs.length) })];
};

const pack: GraphModelRule = (ctx) => [
  ctx.emit('Pack', ctx.inputs, { ...tAttr(ctx), N: attr.int(ctx.inputs.length), axis: attr.int(numberAttr(ctx, 'axis')) }),
];

const unpack: GraphModelRule = (ctx) => {
  const n = ctx.call.outputTypes.length;
  const name = ctx.emit('Unpack', [ctx.inputs[0]!], { ...tAttr(ctx), num: attr.int(n), axis: attr.int(numberAttr(ctx, 'axis')) });
  return ctx.call.outputTypes.map((_, k) => (k === 0 ? name : `${name}:${k}`));
};

const splitV: GraphModelRule = (ctx) => {
  const x = ctx.inputs[0]!;
  const n = ctx.call.outputTypes.length;
  const splits = ctx.call.attrs.numOrSizeSplits;
  const axis = int(ctx, numberAttr(ctx, 'axis'));
  const name =
    typeof splits === 'number'
      ? ctx.emit('Split', [axis, x], { ...tAttr(ctx), num_split: attr.int(n) })
      : ctx.emit('SplitV', [x, ints(ctx, numberList(ctx, 'numOrSizeSplits')), axis], { ...tAttr(ctx), Tlen: attr.type('int32'), num_split: attr.int(n) });
  return ctx.call.outputTypes.map((_, k) => (k === 0 ? name : `${name}:${k}`));
};

const expandDims: GraphModelRule = (ctx) => [ctx.emit('ExpandDims', [ctx.inputs[0]!, int(ctx, numberAttr(ctx, 'dim'))], { ...tAttr(ctx), Tdim: attr.type('int32') })];

const padV2: GraphModelRule = (ctx) => {
  const { shape, dtype } = ctx.typeOf(0);
  const p = ctx.constant(pairs(ctx, 'paddings'), 'int32', [shape.length, 2]);
  const value = scalarLike(ctx, typeof ctx.call.attrs.constantValue === 'number' ? ctx.call.attrs.constantValue : 0, dtype);
  return [ctx.emit('PadV2', [ctx.inputs[0]!, p, value], { ...tAttr(ctx), ...TPADDINGS })];
};

const mirrorPad: GraphModelRule = (ctx) => {
  const rank = ctx.typeOf(0).shape.length;
  const p = ctx.constant(pairs(ctx, 'paddings'), 'int32', [rank, 2]);
  const mode = String(ctx.call.attrs.mode ?? 'reflect').toUpperCase();
  return [ctx.emit('MirrorPad', [ctx.inputs[0]!, p], { ...tAttr(ctx), ...TPADDINGS, mode: attr.str(mode) })];
};

const slice: GraphModelRule = (ctx) => {
  const x = ctx.typeOf(0);
  const [begin, size] = tf.slice_util.parseSliceParams(x as unknown as tf.TensorInfo, ctx.call.attrs.begin as number[], ctx.call.attrs.size as number[]);
  return [ctx.emit('Slice', [ctx.inputs[0]!, ints(ctx, begin!), ints(ctx, size!)], { ...tAttr(ctx), Index: attr.type('int32') })];
};

const stridedSlice: GraphModelRule = (ctx) => {
  const begin = numberList(ctx, 'begin');
  const end = numberList(ctx, 'end');
  const strides = ctx.call.attrs.strides == null ? begin.map(() => 1) : numberList(ctx, 'strides');
  const mask = (k: string) => attr.int(typeof ctx.call.attrs[k] === 'number' ? (ctx.call.attrs[k] as number) : 0);
  return [
    ctx.emit('StridedSlice', [ctx.inputs[0]!, ints(ctx, begin), ints(ctx, end), ints(ctx, strides)], {
      ...tAttr(ctx),
      Index: attr.type('int32'),
      begin_mask: mask('beginMask'),
      end_mask: mask('endMask'),
      ellipsis_mask: mask('ellipsisMask'),
      new_axis_mask: mask('newAxisMask'),
      shrink_axis_mask: mask('shrinkAxisMask'),
    }),
  ];
};

const gatherV2: GraphModelRule = (ctx) => {
  const batchDims = typeof ctx.call.attrs.batchDims === 'number' ? ctx.call.attrs.batchDims : 0;
  return [
    ctx.emit('GatherV2', [ctx.input('x'), ctx.input('indices'), int(ctx, numberAttr(ctx, 'axis'))], {
      Tparams: attr.type(ctx.typeOf('x').dtype),
      Tindices: attr.type(ctx.typeOf('indices').dtype),
      Taxis: attr.type('int32'),
      batch_dims: attr.int(batchDims),
    }),
  ];
};

const gatherNd: GraphModelRule = (ctx) => [
  ctx.emit('GatherNd', [ctx.input('params'), ctx.input('indices')], { Tparams: attr.type(ctx.typeOf('params').dtype), Tindices: attr.type('int32') }),
];

const scatterNd: GraphModelRule = (ctx) => [
  ctx.emit('ScatterNd', [ctx.input('indices'), ctx.input('updates'), ints(ctx, numberList(ctx, 'shape'))], {
    T: attr.type(ctx.typeOf('updates').dtype),
    Tindices: attr.type('int32'),
  }),
];

const tensorScatterUpdate: GraphModelRule = (ctx) => [
  ctx.emit('TensorScatterUpdate', [ctx.input('tensor'), ctx.input('indices'), ctx.input('updates')], { ...tAttr(ctx), Tindices: attr.type('int32') }),
];

function blockOp(tfOp: string, pairsAttr: string): GraphModelRule {
  return (ctx) => {
    const block = numberList(ctx, 'blockShape');
    const p = ctx.constant(pairs(ctx, pairsAttr), 'int32', [block.length, 2]);
    return [ctx.emit(tfOp, [ctx.inputs[0]!, ints(ctx, block), p], { ...tAttr(ctx), Tblock_shape: attr.type('int32'), [tfOp === 'SpaceToBatchND' ? 'Tpaddings' : 'Tcrops']: attr.type('int32') })];
  };
}

const depthToSpace: GraphModelRule = (ctx) => [
  ctx.emit('DepthToSpace', [ctx.inputs[0]!], {
    ...tAttr(ctx),
    block_size: attr.int(numberAttr(ctx, 'blockSize')),
    data_format: attr.str(String(ctx.call.attrs.dataFormat ?? 'NHWC')),
  }),
];

export const SHAPE_OP_RULES: GraphModelTable = {
  Reshape: withIntList('Reshape', 'shape', { Tshape: attr.type('int32') }),
  Transpose: withIntList('Transpose', 'perm', { Tperm: attr.type('int32') }),
  Tile: withIntList('Tile', 'reps', { Tmultiples: attr.type('int32') }),
  BroadcastTo: withIntList('BroadcastTo', 'shape', TIDX),
  Reverse: (ctx) => [ctx.emit('ReverseV2', [ctx.inputs[0]!, ints(ctx, axesOf(ctx, 'dims', ctx.typeOf(0).shape.length))], { ...tAttr(ctx), ...TIDX })],
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
