// Gradients of tensor-list ops. The adjoint of a list is a list of the adjoints of its elements
// (same length, same element type). ListPush's gradient pops the adjoint of the element pushed;
// ListPop's pushes it back; ListStack's unstacks the dense gradient into a list (a staged loop over
// the list's length). Also the raw recording of list nodes the gradient machinery needs.
// Needs the tape, the context, tensor-list, while-loop. Produces `recordListTape`, `listNode`,
// `zeroListLike`, `listOf`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type Value } from '../ir/graph.js';
import { LIST_DTYPE, type DType, type Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, symbolicValue } from '../trace/context.js';
import { valueIn } from '../trace/capture.js';
import { symbolicTensor } from '../trace/subgraph.js';
import { listTape, TensorList } from '../trace/tensor-list.js';
import { whileLoop } from '../trace/while-loop.js';
import { userLocation } from '../trace/user-frame.js';
import { disguiseList, pushTapeNode, tapeActive, withoutTape } from './tape.js';
import { isListOp, OP, type ListOp } from '../ir/ops.js';

export interface ListAttrs {
  readonly elementDtype: DType;
  readonly elementShape: Shape | null;
}

/** Records list op `op` into the current graph; returns its outputs as tensors. */
export function listNode(
  op: ListOp,
  inputs: tf.Tensor[],
  attrs: Record<string, unknown>,
  outs: { dtype: DType; shape: Shape }[],
): tf.Tensor[] {
  const g = currentGraph()!;
  const values = inputs.map((t) => valueIn(g, t));
  const node = g.addNode(
    new Node(
      g,
      op,
      values,
      values.map((_, i) => (i === 0 ? 'list' : `input${i}`)),
      { ...attrs },
    ),
  );
  return outs.map((o) => symbolicTensor(node.addOutput(o.dtype, o.shape)));
}

const handleType = { dtype: LIST_DTYPE, shape: [] as Shape };

/** The list value behind `t` (a handle or a disguised adjoint) as a TensorList of element type `attrs`. */
export function listOf(t: tf.Tensor, attrs: ListAttrs): TensorList {
  const v = symbolicValue(t)!;
  return new TensorList(symbolicTensor(v), attrs.elementDtype, attrs.elementShape ?? undefined);
}

function handleOf(t: tf.Tensor): tf.Tensor {
  return symbolicTensor(symbolicValue(t)!);
}

function elementType(attrs: ListAttrs): { dtype: DType; shape: Shape } {
  if (!attrs.elementShape) throw agError('grad/list-element-shape', {});
  return { dtype: attrs.elementDtype, shape: attrs.elementShape };
}

/** A list of zeros as long as list `h`, element by element shaped like its elements. */
export function zeroListLike(h: tf.Tensor, attrs: ListAttrs): tf.Tensor {
  return withoutTape(() => {
    const src = listOf(h, attrs);
    const n = src.length;
    const [empty] = listNode(OP.ListEmpty, [], { ...attrs }, [handleType]);
    const [, out] = whileLoop(
      (i: tf.Tensor) => tf.less(i, n),
      (i: tf.Tensor, acc: TensorList) => [tf.add(i, tf.scalar(1, 'int32')), acc.push(tf.zerosLike(src.get(i)))],
      [tf.scalar(0, 'int32'), listOf(empty!, attrs)],
      { names: ['i', 'zeros'], site: { code: 'zero gradient of a list' } },
    );
    return disguiseList(symbolicValue((out as TensorList).handle)!);
  });
}

/** Where the stack whose gradient this is was written: the file and line of the ListStack that read `list`, if known. */
function siteOf(list: tf.Tensor): { file?: string; line?: number } {
  const v = symbolicValue(list);
  const stack = v?.graph.nodes.find((n) => n.op === OP.ListStack && n.inputs[0] === v);
  const s = stack?.options.source;
  return s && s.known !== false ? { file: s.file, line: s.line } : {};
}

/** The dense [n, ...] tensor `dy` as a list of its n rows (n: the length of list `like`). */
function unstackLike(dy: tf.Tensor, like: tf.Tensor, attrs: ListAttrs): tf.Tensor {
  return withoutTape(() => {
    const n = listOf(like, attrs).length;
    const [empty] = listNode(OP.ListEmpty, [], { ...attrs }, [handleType]);
    const [, out] = whileLoop(
      (i: tf.Tensor) => tf.less(i, n),
      (i: tf.Tensor, acc: TensorList) => [tf.add(i, tf.scalar(1, 'int32')), acc.push(tf.gather(dy, i))],
      [tf.scalar(0, 'int32'), listOf(empty!, attrs)],
      { names: ['i', 'grad_rows'], site: { code: 'gradient of stack (rows into a list)', ...siteOf(like) } },
    );
    return disguiseList(symbolicValue((out as TensorList).handle)!);
  });
}

/** Pops the last element of adjoint list `adj`: [rest (disguised), element]. */
function popAdjoint(adj: tf.Tensor, attrs: ListAttrs): [tf.Tensor, tf.Tensor] {
  const [rest, x] = listNode(OP.ListPop, [handleOf(adj)], { ...attrs }, [handleType, elementType(attrs)]);
  return [disguiseList(symbolicValue(rest!)!), x!];
}

function pushAdjoint(adj: tf.Tensor, x: tf.Tensor, attrs: ListAttrs): tf.Tensor {
  const [h] = listNode(OP.ListPush, [handleOf(adj), x], { ...attrs }, [handleType]);
  return disguiseList(symbolicValue(h!)!);
}

/**
 * Pushes the tape entry of list op `op` (when the tape is on). `inputs`: the list handle under
 * `list`, the element under `x` (ListPush); `outputs` as the op returned them.
 */
export function recordListTape(
  op: ListOp,
  inputs: { list?: tf.Tensor; x?: tf.Tensor },
  outputs: tf.Tensor[],
  attrs: ListAttrs,
): void {
  for (const t of [inputs.list, ...outputs]) if (t) noteListType(symbolicValue(t), attrs);
  if (!tapeActive()) return;
  const named: Record<string, tf.Tensor> = {};
  if (inputs.list) named.list = inputs.list;
  if (inputs.x && inputs.x.dtype === 'float32') named.x = inputs.x;
  const list = inputs.list;
  const x = inputs.x;
  switch (op) {
    case OP.ListPush:
      pushTapeNode(op, named, outputs, ([dy]) => {
        const [rest, dx] = popAdjoint(dy!, attrs);
        return { list: () => rest, x: () => dx };
      });
      return;
    case OP.ListPop:
      pushTapeNode(op, named, outputs, ([dRest, dx]) => {
        const rest = dRest ?? zeroListLike(outputs[0]!, attrs);
        const elem = dx ?? tf.zerosLike(outputs[1]!);
        return { list: () => pushAdjoint(rest, elem, attrs) };
      });
      return;
    case OP.ListStack:
      pushTapeNode(op, named, outputs, ([dy]) => ({ list: () => unstackLike(dy!, list!, attrs) }));
      return;
    case OP.ListGet: {
      const where = userLocation();
      pushTapeNode(op, named, outputs, () => {
        throw agError('grad/list-get', {}, where);
      });
      return;
    }
    case OP.ListSetItem: {
      const where = userLocation();
      pushTapeNode(op, named, outputs, () => {
        throw agError('grad/list-set-item', {}, where);
      });
      return;
    }
    default:
      void x;
  }
}

listTape.record = recordListTape;

/** Element types of list values, where the value's producer does not say (set by staged ops). */
const knownTypes = new WeakMap<Value, ListAttrs>();

export function noteListType(v: Value | undefined, attrs: ListAttrs): void {
  if (v && v.dtype === LIST_DTYPE)
    knownTypes.set(v, {
      elementDtype: attrs.elementDtype,
      elementShape: attrs.elementShape ? [...attrs.elementShape] : null,
    });
}

/** The element type of list value `v`, from its producer (a list op, or through Cond/While). */
export function listTypeOfValue(v: Value): ListAttrs {
  for (let cur: Value | undefined = v, hops = 0; cur && hops < 1000; hops++) {
    const known = knownTypes.get(cur);
    if (known) return known;
    const node: Node | undefined = cur.node;
    if (!node) break;
    if (isListOp(node.op)) return node.attrs as unknown as ListAttrs;
    if (node.op === OP.While) {
      cur = node.inputs[cur.index];
      continue;
    }
    if (node.op === OP.Cond) {
      const branch: Graph = node.subgraphs!.then!;
      const out: Value = branch.outputs[cur.index]!;
      const k: number = branch.params.indexOf(out);
      cur = k >= 0 ? node.inputs[k + 1] : out;
      continue;
    }
    break;
  }
  throw agError('grad/list-element-shape', {});
}
