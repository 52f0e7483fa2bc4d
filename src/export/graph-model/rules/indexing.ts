// GraphModel rules of the indexing kernels: Slice, StridedSlice (begin/end/strides as int32 Const
// inputs, the masks as attrs), GatherV2, GatherNd, ScatterNd, TensorScatterUpdate, TopK→TopKV2,
// SearchSorted (LowerBound/UpperBound), UnsortedSegmentSum (ScatterNd, which tfjs-converter runs; the
// kernel itself it does not). Needs tfjs's slice_util, support/rule-types. Produces `INDEXING_RULES`.

import * as tf from '@tensorflow/tfjs-core';
import { attr } from '../graph-def.js';
import {
  int,
  ints,
  numberAttr,
  numberList,
  tAttr,
  type GraphModelRule,
  type GraphModelTable,
} from './support/rule-types.js';

const slice: GraphModelRule = (b, k) => {
  const x = k.typeOf(0);
  const [begin, size] = tf.slice_util.parseSliceParams(
    x as unknown as tf.TensorInfo,
    k.attrs.begin as number[],
    k.attrs.size as number[],
  );
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
  b.emit('GatherNd', [k.input('params'), k.input('indices')], {
    Tparams: attr.type(k.typeOf('params').dtype),
    Tindices: attr.type('int32'),
  }),
];

const scatterNd: GraphModelRule = (b, k) => [
  b.emit('ScatterNd', [k.input('indices'), k.input('updates'), ints(b, numberList(b, k, 'shape'))], {
    T: attr.type(k.typeOf('updates').dtype),
    Tindices: attr.type('int32'),
  }),
];

const tensorScatterUpdate: GraphModelRule = (b, k) => [
  b.emit('TensorScatterUpdate', [k.input('tensor'), k.input('indices'), k.input('updates')], {
    ...tAttr(k),
    Tindices: attr.type('int32'),
  }),
];

const topK: GraphModelRule = (b, k) => {
  const name = b.emit('TopKV2', [k.input('x'), int(b, numberAttr(b, k, 'k'))], {
    ...tAttr(k),
    sorted: attr.bool(k.attrs.sorted !== false),
  });
  return [name, `${name}:1`];
};

const searchSorted: GraphModelRule = (b, k) => {
  const op = k.attrs.side === 'right' ? 'UpperBound' : 'LowerBound';
  return [b.emit(op, [k.input('sortedSequence'), k.input('values')], { ...tAttr(k), out_type: attr.type('int32') })];
};

const unsortedSegmentSum: GraphModelRule = (b, k) => {
  const x = k.typeOf('x');
  const ids = k.typeOf('segmentIds');
  if (ids.shape.length !== 1) b.fail(`segment ids of rank ${ids.shape.length}: only rank 1 is exported`);
  if (x.shape.slice(1).some((d) => d < 0)) b.fail('the data needs its inner dims known at trace time');
  const n = k.attrs.numSegments as number;
  const indices = b.emit('Reshape', [k.input('segmentIds'), ints(b, [-1, 1])], {
    T: attr.type('int32'),
    Tshape: attr.type('int32'),
  });
  return [
    b.emit('ScatterNd', [indices, k.input('x'), ints(b, [n, ...x.shape.slice(1)])], {
      T: attr.type(x.dtype),
      Tindices: attr.type('int32'),
    }),
  ];
};

export const INDEXING_RULES: GraphModelTable = {
  Slice: slice,
  StridedSlice: stridedSlice,
  GatherV2: gatherV2,
  GatherNd: gatherNd,
  ScatterNd: scatterNd,
  TensorScatterUpdate: tensorScatterUpdate,
  TopK: topK,
  SearchSorted: searchSorted,
  UnsortedSegmentSum: unsortedSegmentSum,
};
