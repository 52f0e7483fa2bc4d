// GraphModel rules of the kernels that create tensors from attrs: Fill, Range, OneHot, LinSpace
// (tfjs passes shape/start/stop/depth as attrs; TF takes them as scalar or 1-D Const inputs).
// Needs rule-types. Produces `CREATION_RULES`.

import type { DType } from '../../../ir/types.js';
import { attr } from '../graph-def.js';
import { int, ints, numberAttr, numberList, scalarLike, type GraphModelRule, type GraphModelTable, type RuleContext } from './rule-types.js';

function dtypeAttr(ctx: RuleContext, fallback: DType): DType {
  const d = ctx.call.attrs.dtype;
  return typeof d === 'string' ? (d as DType) : fallback;
}

const fill: GraphModelRule = (ctx) => {
  const dtype = ctx.call.outputTypes[0]!.dtype;
  const value = ctx.call.attrs.value;
  if (typeof value !== 'number') return ctx.fail(`Fill with a ${typeof value} value is not supported`);
  const shape = ints(ctx, numberList(ctx, 'shape'));
  return [ctx.emit('Fill', [shape, scalarLike(ctx, value, dtype)], { T: attr.type(dtype), index_type: attr.type('int32') })];
};

const range: GraphModelRule = (ctx) => {
  const dtype = dtypeAttr(ctx, 'float32');
  const inputs = ['start', 'stop', 'step'].map((k) => scalarLike(ctx, numberAttr(ctx, k), dtype));
  return [ctx.emit('Range', inputs, { Tidx: attr.type(dtype) })];
};

const oneHot: GraphModelRule = (ctx) => {
  const dtype = dtypeAttr(ctx, 'int32');
  const on = scalarLike(ctx, numberAttr(ctx, 'onValue'), dtype);
  const off = scalarLike(ctx, numberAttr(ctx, 'offValue'), dtype);
  return [
    ctx.emit('OneHot', [ctx.input('indices'), int(ctx, numberAttr(ctx, 'depth')), on, off], {
      T: attr.type(dtype),
      TI: attr.type(ctx.typeOf('indices').dtype),
      axis: attr.int(-1),
    }),
  ];
};

const linSpace: GraphModelRule = (ctx) => [
  ctx.emit('LinSpace', [ctx.constant([numberAttr(ctx, 'start')], 'float32', []), ctx.constant([numberAttr(ctx, 'stop')], 'float32', []), int(ctx, numberAttr(ctx, 'num'))], {
    T: attr.type('float32'),
    Tidx: attr.type('int32'),
  }),
];

export const CREATION_RULES: GraphModelTable = {
  Fill: fill,
  Range: range,
  OneHot: oneHot,
  LinSpace: linSpace,
};
