// Lowers tensor-list ops to ONNX sequences: ListEmpty → SequenceEmpty, ListPush → SequenceInsert,
// ListPop → SequenceAt(-1) + SequenceErase(-1), ListLength → SequenceLength (cast to int32),
// ListGet → SequenceAt, ListSetItem → SequenceErase + SequenceInsert at the index,
// ListStack → ConcatFromSequence(new_axis=1), or an empty [0, …] tensor when
// the list is empty. Needs lower-context, the builder. Produces `lowerListOp`.

import type { Node } from '../../ir/graph.js';
import { isListOp, type ListOp } from '../../ir/ops.js';
import type { DType, Shape } from '../../ir/types.js';
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { elemTypeOf, tensorTypeOf } from './onnx-dtypes.js';
import { OnnxExportError } from './onnx-errors.js';
import type { ListElement, LowerContext } from './lower-context.js';

function elementOf(node: Node): ListElement {
  const shape = node.attrs.elementShape as Shape | null | undefined;
  return { dtype: node.attrs.elementDtype as DType, shape: shape ?? null };
}

/** Emits list op `node` (`ins`: the ONNX names of its inputs); returns the names of its outputs. */
export function lowerListOp(b: OnnxGraphBuilder, node: Node, ins: readonly string[], ctx: LowerContext): string[] {
  const outs: string[] = [];
  const define = (i: number, hint: string): string => {
    const name = b.fresh(node.outputs[i]!.name ?? hint);
    outs[i] = name;
    return name;
  };
  if (!isListOp(node.op)) throw new Error(`internal: ${node.op} is not a list op`);
  LIST_LOWERINGS[node.op]({ b, node, ins, define, el: elementOf(node), ctx });
  return outs;
}

interface ListLowering {
  readonly b: OnnxGraphBuilder;
  readonly node: Node;
  readonly ins: readonly string[];
  readonly define: (i: number, hint: string) => string;
  readonly el: ListElement;
  readonly ctx: LowerContext;
}

const LIST_LOWERINGS: Record<ListOp, (l: ListLowering) => void> = {
  ListEmpty: ({ b, define, el, ctx }) => {
    const out = define(0, 'list');
    b.op('SequenceEmpty', [], { dtype: elemTypeOf(el.dtype) }, out);
    ctx.lists.set(out, el);
  },
  ListPush: ({ b, ins, define, el, ctx }) => {
    const out = define(0, 'list');
    b.op('SequenceInsert', [ins[0]!, ins[1]!], {}, out);
    ctx.lists.set(out, el);
  },
  ListPop: ({ b, ins, define, el, ctx }) => {
    const list = define(0, 'list');
    const x = define(1, 'popped');
    const last = b.int64([-1], true);
    b.op('SequenceAt', [ins[0]!, last], {}, x);
    b.op('SequenceErase', [ins[0]!, last], {}, list);
    ctx.lists.set(list, el);
  },
  ListLength: ({ b, ins, define }) => {
    b.op('Cast', [b.op('SequenceLength', [ins[0]!])], { to: elemTypeOf('int32') }, define(0, 'length'));
  },
  ListGet: ({ b, ins, define }) => {
    b.op('SequenceAt', [ins[0]!, ins[1]!], {}, define(0, 'element'));
  },
  ListSetItem: ({ b, ins, define, el, ctx }) => {
    const out = define(0, 'list');
    b.op('SequenceInsert', [b.op('SequenceErase', [ins[0]!, ins[1]!]), ins[2]!, ins[1]!], {}, out);
    ctx.lists.set(out, el);
  },
  ListStack: ({ b, node, ins, define }) => lowerStack(b, node, ins[0]!, define(0, 'stacked')),
};

/** ConcatFromSequence fails on an empty sequence; an If gives the [0, …shape] tensor instead. */
function lowerStack(b: OnnxGraphBuilder, node: Node, list: string, out: string): void {
  const v = node.outputs[0]!;
  const elementShape = v.shape.slice(1);
  if (elementShape.some((d) => d < 0))
    throw new OnnxExportError('stacking a list needs the element shape known at trace time');
  const length = b.op('SequenceLength', [list]);
  const isEmpty = b.op('Equal', [length, b.int64([0], true)]);
  const emptyB = b.subgraph('stack_empty');
  const emptyOut = emptyB.fresh('empty');
  const tensor = {
    name: 'value',
    dataType: elemTypeOf(v.dtype),
    dims: [1],
    rawData: new Uint8Array(v.dtype === 'bool' ? 1 : 4),
  };
  emptyB.op('ConstantOfShape', [b.int64([0, ...elementShape])], { value: { tensor } }, emptyOut);
  emptyB.addOutput(emptyOut, tensorTypeOf(v));
  const fullB = b.subgraph('stack_full');
  const fullOut = fullB.op('ConcatFromSequence', [list], { axis: 0, new_axis: 1 }, fullB.fresh('stacked'));
  fullB.addOutput(fullOut, tensorTypeOf(v));
  b.node('If', [isEmpty], [out], { then_branch: { graph: emptyB.toProto() }, else_branch: { graph: fullB.toProto() } });
}
