// Tensor lists in the GraphModel as dense tensors [length, ...element]: ListEmpty → a zero-length
// Const, ListPush → ConcatV2 with the element, ListLength → Shape[0], ListGet → GatherV2,
// ListPop → GatherV2 of the last + Slice of the rest, ListSetItem → ConcatV2 of the rows before,
// the element and the rows after, ListStack → Identity. tfjs-converter's own
// TensorList ops cannot carry lists through functions: a function disposes every intermediate
// tensor when it returns, elements pushed inside a While body included.
// Needs the model builder (list element types). Produces `lowerListOp`.

import type { Node } from '../../ir/graph.js';
import { isListOp, type ListOp } from '../../ir/ops.js';
import { attr } from './graph-def.js';
import type { Scope } from './model-builder.js';

/** Emits list op `node` (`ins`: the refs of its inputs); returns the refs of its outputs. */
export function lowerListOp(scope: Scope, node: Node, ins: readonly string[]): string[] {
  if (!isListOp(node.op)) throw new Error(`internal: ${node.op} is not a list op`);
  const op: ListOp = node.op;
  const list = node.inputs[0];
  const el = scope.model.elementType(list ?? node.outputs[0]!);
  const T = { T: attr.type(el.dtype) };
  const i32 = (xs: readonly number[], shape: readonly number[] = [xs.length]) => scope.constant(xs, 'int32', shape);
  const length = () => {
    const shape = scope.emit('Shape', [ins[0]!], { ...T, out_type: attr.type('int32') });
    return scope.emit(
      'StridedSlice',
      [shape, i32([0]), i32([1]), i32([1])],
      { T: attr.type('int32'), Index: attr.type('int32'), shrink_axis_mask: attr.int(1) },
      'ListLength',
    );
  };
  const gather = (index: string, hint: string) =>
    scope.emit(
      'GatherV2',
      [ins[0]!, index, i32([0], [])],
      {
        Tparams: attr.type(el.dtype),
        Tindices: attr.type('int32'),
        Taxis: attr.type('int32'),
        batch_dims: attr.int(0),
      },
      hint,
    );

  switch (op) {
    case 'ListEmpty':
      return [scope.constant([], el.dtype, [0, ...el.shape], 'ListEmpty', false)];
    case 'ListPush': {
      const x = scope.emit('ExpandDims', [ins[1]!, i32([0], [])], { ...T, Tdim: attr.type('int32') });
      return [
        scope.emit(
          'ConcatV2',
          [ins[0]!, x, i32([0], [])],
          { ...T, Tidx: attr.type('int32'), N: attr.int(2) },
          'ListPush',
        ),
      ];
    }
    case 'ListLength':
      return [length()];
    case 'ListGet':
      return [gather(ins[1]!, 'ListGet')];
    case 'ListPop': {
      const last = scope.emit('Sub', [length(), i32([1], [])], { T: attr.type('int32') });
      const rank = 1 + el.shape.length;
      const head = scope.emit('Reshape', [last, i32([1])], { T: attr.type('int32'), Tshape: attr.type('int32') });
      const size =
        rank === 1
          ? head
          : scope.emit('ConcatV2', [head, i32(new Array<number>(rank - 1).fill(-1)), i32([0], [])], {
              T: attr.type('int32'),
              Tidx: attr.type('int32'),
              N: attr.int(2),
            });
      const rest = scope.emit(
        'Slice',
        [ins[0]!, i32(new Array<number>(rank).fill(0)), size],
        { ...T, Index: attr.type('int32') },
        'ListPop',
      );
      return [rest, gather(last, 'ListPop_element')];
    }
    case 'ListSetItem': {
      // The rows before the index, the element, the rows after it.
      const rank = 1 + el.shape.length;
      const index = scope.emit('Reshape', [ins[1]!, i32([1])], { T: attr.type('int32'), Tshape: attr.type('int32') });
      const rest = new Array<number>(rank - 1).fill(-1);
      const cat = (xs: string[]) =>
        scope.emit('ConcatV2', [...xs, i32([0], [])], {
          T: attr.type('int32'),
          Tidx: attr.type('int32'),
          N: attr.int(xs.length),
        });
      const zeros = new Array<number>(rank - 1).fill(0);
      const before = scope.emit(
        'Slice',
        [ins[0]!, i32(new Array<number>(rank).fill(0)), rank === 1 ? index : cat([index, i32(rest)])],
        { ...T, Index: attr.type('int32') },
      );
      const next = scope.emit('AddV2', [index, i32([1])], { T: attr.type('int32') });
      const after = scope.emit(
        'Slice',
        [ins[0]!, rank === 1 ? next : cat([next, i32(zeros)]), i32(new Array<number>(rank).fill(-1))],
        { ...T, Index: attr.type('int32') },
      );
      const x = scope.emit('ExpandDims', [ins[2]!, i32([0], [])], { ...T, Tdim: attr.type('int32') });
      return [
        scope.emit(
          'ConcatV2',
          [before, x, after, i32([0], [])],
          { ...T, Tidx: attr.type('int32'), N: attr.int(3) },
          'ListSetItem',
        ),
      ];
    }
    case 'ListStack':
      return [scope.emit('Identity', [ins[0]!], T, 'ListStack')];
  }
  // Every list op returns above: a new one does not compile until it has a case.
  const unhandled: never = op;
  throw new Error(`internal: list op ${String(unhandled)} has no GraphModel lowering`);
}
