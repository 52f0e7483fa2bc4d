// GraphModel rules of reductions and scans: Sum/Mean/Min/Max/Prod/All/Any with an axis Const input
// (null axis = all axes), ArgMax/ArgMin, Cumsum/Cumprod. Needs support/rule-types. Produces `REDUCTION_RULES`.

import { attr } from '../graph-def.js';
import { joinTables, mapTable, type KernelTable } from '../../../ir/kernels/index.js';
import {
  axesOf,
  int,
  ints,
  numberAttr,
  tAttr,
  type GraphModelRule,
  type GraphModelTable,
} from './support/rule-types.js';

/** tfjs kernel → [TF op, name of the tfjs axis attr]. */
const REDUCE: KernelTable<readonly [string, string]> = {
  Sum: ['Sum', 'axis'],
  Mean: ['Mean', 'axis'],
  Min: ['Min', 'axis'],
  Max: ['Max', 'reductionIndices'],
  Prod: ['Prod', 'axis'],
  All: ['All', 'axis'],
  Any: ['Any', 'axis'],
};

function reduce(tfOp: string, axisAttr: string): GraphModelRule {
  return (b, k) => {
    const rank = k.typeOf('x').shape.length;
    const axes = ints(b, axesOf(b, k, axisAttr, rank));
    const keep = k.attrs.keepDims === true;
    const attrs = tfOp === 'All' || tfOp === 'Any' ? {} : tAttr(k);
    return [b.emit(tfOp, [k.input('x'), axes], { ...attrs, Tidx: attr.type('int32'), keep_dims: attr.bool(keep) })];
  };
}

function argReduce(tfOp: string): GraphModelRule {
  return (b, k) => {
    const rank = k.typeOf('x').shape.length;
    const [axis] = axesOf(b, k, 'axis', rank);
    return [
      b.emit(tfOp, [k.input('x'), int(b, axis ?? 0)], {
        ...tAttr(k),
        Tidx: attr.type('int32'),
        output_type: attr.type('int32'),
      }),
    ];
  };
}

function scan(tfOp: string): GraphModelRule {
  return (b, k) => {
    const axis = numberAttr(b, k, 'axis');
    return [
      b.emit(tfOp, [k.input('x'), int(b, axis)], {
        ...tAttr(k),
        Tidx: attr.type('int32'),
        exclusive: attr.bool(k.attrs.exclusive === true),
        reverse: attr.bool(k.attrs.reverse === true),
      }),
    ];
  };
}

// Joined, so a kernel listed in both parts is an error at load time rather than a silent overwrite.
export const REDUCTION_RULES: GraphModelTable = joinTables('GraphModel', {
  reduce: mapTable(REDUCE, ([op, axisAttr]) => reduce(op, axisAttr)),
  'own rule': {
    ArgMax: argReduce('ArgMax'),
    ArgMin: argReduce('ArgMin'),
    Cumsum: scan('Cumsum'),
    Cumprod: scan('Cumprod'),
  },
});
