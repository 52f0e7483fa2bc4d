// GraphModel rules of the kernels that create tensors from attrs: Fill, Range, OneHot, LinSpace
// (tfjs passes shape/start/stop/depth as attrs; TF takes them as scalar or 1-D Const inputs),
// Bincount, DenseBincount (size as an int32 Const input). Needs support/rule-types. Produces `CREATION_RULES`.

import type { DType } from '../../../ir/types.js';
import { attr } from '../graph-def.js';
import {
  int,
  ints,
  numberAttr,
  numberList,
  scalarLike,
  type GraphModelRule,
  type GraphModelTable,
  type KernelCall,
} from './support/rule-types.js';

function dtypeAttr(k: KernelCall, fallback: DType): DType {
  const d = k.attrs.dtype;
  return typeof d === 'string' ? (d as DType) : fallback;
}

const fill: GraphModelRule = (b, k) => {
  const dtype = k.outputTypes[0]!.dtype;
  const value = k.attrs.value;
  if (typeof value !== 'number') return b.fail(`Fill with a ${typeof value} value is not supported`);
  const shape = ints(b, numberList(b, k, 'shape'));
  return [
    b.emit('Fill', [shape, scalarLike(b, value, dtype)], { T: attr.type(dtype), index_type: attr.type('int32') }),
  ];
};

const range: GraphModelRule = (b, k) => {
  const dtype = dtypeAttr(k, 'float32');
  const inputs = ['start', 'stop', 'step'].map((name) => scalarLike(b, numberAttr(b, k, name), dtype));
  return [b.emit('Range', inputs, { Tidx: attr.type(dtype) })];
};

const oneHot: GraphModelRule = (b, k) => {
  const dtype = dtypeAttr(k, 'int32');
  const on = scalarLike(b, numberAttr(b, k, 'onValue'), dtype);
  const off = scalarLike(b, numberAttr(b, k, 'offValue'), dtype);
  return [
    b.emit('OneHot', [k.input('indices'), int(b, numberAttr(b, k, 'depth')), on, off], {
      T: attr.type(dtype),
      TI: attr.type(k.typeOf('indices').dtype),
      axis: attr.int(-1),
    }),
  ];
};

const linSpace: GraphModelRule = (b, k) => [
  b.emit(
    'LinSpace',
    [
      b.constant([numberAttr(b, k, 'start')], 'float32', []),
      b.constant([numberAttr(b, k, 'stop')], 'float32', []),
      int(b, numberAttr(b, k, 'num')),
    ],
    {
      T: attr.type('float32'),
      Tidx: attr.type('int32'),
    },
  ),
];

const bincount =
  (tfOp: string): GraphModelRule =>
  (b, k) => [
    b.emit(tfOp, [k.input('x'), int(b, numberAttr(b, k, 'size')), k.input('weights')], {
      T: attr.type(k.typeOf('weights').dtype),
      Tidx: attr.type('int32'),
      ...(tfOp === 'DenseBincount' ? { binary_output: attr.bool(k.attrs.binaryOutput === true) } : {}),
    }),
  ];

export const CREATION_RULES: GraphModelTable = {
  Fill: fill,
  Range: range,
  OneHot: oneHot,
  LinSpace: linSpace,
  Bincount: bincount('Bincount'),
  DenseBincount: bincount('DenseBincount'),
};
