// GraphModel rules of the image kernels: ResizeBilinear, ResizeNearestNeighbor (size as an int32 Const
// input), SpaceToBatchND, BatchToSpaceND (block shape and paddings/crops as Const inputs), DepthToSpace.
// Needs support/rule-types. Produces `IMAGE_RULES`.

import { attr } from '../graph-def.js';
import {
  ints,
  numberAttr,
  numberList,
  pairs,
  tAttr,
  type GraphModelRule,
  type GraphModelTable,
} from './support/rule-types.js';

const resize =
  (tfOp: string): GraphModelRule =>
  (b, k) => [
    b.emit(tfOp, [k.input('images'), ints(b, numberList(b, k, 'size'))], {
      ...tAttr(k),
      align_corners: attr.bool(k.attrs.alignCorners === true),
      half_pixel_centers: attr.bool(k.attrs.halfPixelCenters === true),
    }),
  ];

function blockOp(tfOp: string, pairsAttr: string): GraphModelRule {
  return (b, k) => {
    const block = numberList(b, k, 'blockShape');
    const p = b.constant(pairs(b, k, pairsAttr), 'int32', [block.length, 2]);
    return [
      b.emit(tfOp, [k.inputs[0]!, ints(b, block), p], {
        ...tAttr(k),
        Tblock_shape: attr.type('int32'),
        [tfOp === 'SpaceToBatchND' ? 'Tpaddings' : 'Tcrops']: attr.type('int32'),
      }),
    ];
  };
}

const depthToSpace: GraphModelRule = (b, k) => [
  b.emit('DepthToSpace', [k.inputs[0]!], {
    ...tAttr(k),
    block_size: attr.int(numberAttr(b, k, 'blockSize')),
    data_format: attr.str(String(k.attrs.dataFormat ?? 'NHWC')),
  }),
];

export const IMAGE_RULES: GraphModelTable = {
  ResizeBilinear: resize('ResizeBilinear'),
  ResizeNearestNeighbor: resize('ResizeNearestNeighbor'),
  SpaceToBatchND: blockOp('SpaceToBatchND', 'paddings'),
  BatchToSpaceND: blockOp('BatchToSpaceND', 'crops'),
  DepthToSpace: depthToSpace,
};
