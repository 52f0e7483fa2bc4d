// Tensor lists: what a JS array becomes when it is appended to inside a staged loop. A TensorList
// wraps a symbolic list handle (IR dtype 'list'); push/pop/length/get/set record List* nodes, and
// `stack` turns it into a tensor whose first dimension is known only at run time (-1).
// `setElementType` declares the element type of a JS array so that staging can make it a list.
// Needs the context, capture, subgraph. Produces `TensorList`, `setElementType`, `stack`, helpers.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type Value } from '../ir/graph.js';
import { LIST_DTYPE, sameShape, shapeToString, type DType, type Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, isTensor } from './context.js';
import {
  declareList,
  declaredType,
  isTensorList,
  LIST_BRAND,
  touchList,
  type ElementType,
  type ListLike,
} from './list-registry.js';
import { valueIn } from './capture.js';
import { inGraph, symbolicTensor } from './subgraph.js';
import { weakDType } from './leaf.js';
import { userFrame } from './user-frame.js';
import { OP, type ListOp } from '../ir/ops.js';

export type { ElementType } from './list-registry.js';

/** AutoGraph's set_element_type: the dtype (and optionally shape) of the elements of `list`. */
export function setElementType(list: unknown, dtype: DType, shape?: readonly number[]): void {
  if (isTensorList(list)) {
    const have = (list as TensorList).elementDtype;
    if (have !== dtype) throw agError('list/element-mismatch', { expected: have, got: dtype });
    return;
  }
  if (!Array.isArray(list)) throw agError('list/not-a-list', { got: typeof list });
  declareList(list, { dtype, shape: shape ? [...shape] : undefined });
}

/** Set by the gradient machinery: pushes a tape entry for each list op while a gradient is taped. */
export const listTape: {
  record?: (
    op: ListOp,
    inputs: { list?: tf.Tensor; x?: tf.Tensor },
    outputs: tf.Tensor[],
    attrs: { elementDtype: DType; elementShape: Shape | null },
  ) => void;
} = {};

function record(
  op: ListOp,
  inputs: Value[],
  attrs: Record<string, unknown>,
  outs: { dtype: DType; shape: Shape }[],
): Value[] {
  const g = currentGraph()!;
  const node = g.addNode(
    new Node(
      g,
      op,
      inputs,
      inputs.map((_, i) => (i === 0 ? 'list' : `input${i}`)),
      attrs,
      { source: userFrame() },
    ),
  );
  return outs.map((o) => node.addOutput(o.dtype, o.shape));
}

/** A staged list of tensors of one dtype and shape. Mutating methods record nodes and move `handle`. */
export class TensorList implements ListLike {
  readonly [LIST_BRAND] = true as const;
  constructor(
    public handle: tf.Tensor,
    readonly elementDtype: DType,
    /** Undefined while unknown: the first element pushed decides it. */
    public elementShape: Shape | undefined,
  ) {
    // `list[i]` with a JS number reads element i, as on an array.
    return new Proxy(this, {
      get(target, prop, receiver) {
        if (typeof prop === 'string' && /^(0|[1-9]\d*)$/.test(prop)) return target.get(Number(prop));
        return Reflect.get(target, prop, receiver);
      },
    });
  }

  private attrs(): { elementDtype: DType; elementShape: Shape | null } {
    return { elementDtype: this.elementDtype, elementShape: this.elementShape ? [...this.elementShape] : null };
  }

  private element(x: unknown): Value {
    const g = currentGraph()!;
    const t = isTensor(x) ? x : tf.scalar(x as number, this.elementDtype);
    this.elementShape ??= t.shape;
    if (t.dtype !== this.elementDtype || !sameShape(t.shape, this.elementShape)) {
      throw agError('list/element-mismatch', {
        expected: `${this.elementDtype}${shapeToString(this.elementShape)}`,
        got: `${t.dtype}${shapeToString(t.shape)}`,
      });
    }
    return valueIn(g, t);
  }

  /** Appends `x`; returns the list (generated code assigns it back). */
  push(...xs: unknown[]): this {
    for (const x of xs) {
      const g = currentGraph()!;
      const element = this.element(x);
      touchList(this);
      const before = this.handle;
      const [h] = record(OP.ListPush, [valueIn(g, this.handle), element], this.attrs(), [
        { dtype: LIST_DTYPE, shape: [] },
      ]);
      this.handle = symbolicTensor(h!);
      listTape.record?.(OP.ListPush, { list: before, x: isTensor(x) ? x : undefined }, [this.handle], this.attrs());
    }
    return this;
  }

  pop(): tf.Tensor {
    const g = currentGraph()!;
    const shape = this.knownShape();
    touchList(this);
    const [h, x] = record(OP.ListPop, [valueIn(g, this.handle)], this.attrs(), [
      { dtype: LIST_DTYPE, shape: [] },
      { dtype: this.elementDtype, shape },
    ]);
    const before = this.handle;
    this.handle = symbolicTensor(h!);
    const element = symbolicTensor(x!);
    listTape.record?.(OP.ListPop, { list: before }, [this.handle, element], this.attrs());
    return element;
  }

  get length(): tf.Tensor {
    const g = currentGraph()!;
    const [n] = record(OP.ListLength, [valueIn(g, this.handle)], {}, [{ dtype: 'int32', shape: [] }]);
    return symbolicTensor(n!);
  }

  /** The element at `index` (an int32 scalar tensor or a number). */
  get(index: unknown): tf.Tensor {
    const g = currentGraph()!;
    const i = valueIn(g, isTensor(index) ? index : tf.scalar(index as number, 'int32'));
    const [x] = record(OP.ListGet, [valueIn(g, this.handle), i], this.attrs(), [
      { dtype: this.elementDtype, shape: this.knownShape() },
    ]);
    const element = symbolicTensor(x!);
    listTape.record?.(OP.ListGet, { list: this.handle }, [element], this.attrs());
    return element;
  }

  /** Replaces the element at `index` (an int32 scalar tensor or a number) by `x`; returns `x`. */
  set(index: unknown, x: unknown): unknown {
    const g = currentGraph()!;
    const i = valueIn(g, isTensor(index) ? index : tf.scalar(index as number, 'int32'));
    const element = this.element(x);
    touchList(this);
    const before = this.handle;
    const [h] = record(OP.ListSetItem, [valueIn(g, this.handle), i, element], this.attrs(), [
      { dtype: LIST_DTYPE, shape: [] },
    ]);
    this.handle = symbolicTensor(h!);
    listTape.record?.(OP.ListSetItem, { list: before, x: isTensor(x) ? x : undefined }, [this.handle], this.attrs());
    return x;
  }

  stack(): tf.Tensor {
    const g = currentGraph()!;
    const shape = this.knownShape();
    const [x] = record(OP.ListStack, [valueIn(g, this.handle)], this.attrs(), [
      { dtype: this.elementDtype, shape: [-1, ...shape] },
    ]);
    const stacked = symbolicTensor(x!);
    listTape.record?.(OP.ListStack, { list: this.handle }, [stacked], this.attrs());
    return stacked;
  }

  private knownShape(): Shape {
    if (!this.elementShape) throw agError('list/unknown-element-type', {});
    return this.elementShape;
  }
}

/** The element type of a JS array: declared, or taken from its first element. */
export function elementTypeOf(arr: unknown[]): ElementType | undefined {
  const d = declaredType(arr);
  if (d?.shape) return d;
  const first = arr[0];
  if (first === undefined) return d;
  if (isTensor(first)) return { dtype: d?.dtype ?? (first.dtype as DType), shape: first.shape };
  if (typeof first === 'number' || typeof first === 'boolean')
    return { dtype: d?.dtype ?? weakDType(first), shape: [] };
  return d;
}

/** A staged list in graph `g` holding the elements of the JS array `arr` (of element type `type`). */
export function arrayAsList(g: Graph, arr: unknown[], type: ElementType): TensorList {
  return inGraph(g, () => {
    const [h] = record(
      OP.ListEmpty,
      [],
      { elementDtype: type.dtype, elementShape: type.shape ? [...type.shape] : null },
      [{ dtype: LIST_DTYPE, shape: [] }],
    );
    const list = new TensorList(symbolicTensor(h!), type.dtype, type.shape);
    if (arr.length) list.push(...arr);
    return list;
  });
}

/** The handle of `arrayAsList(g, arr, type)`. */
export function listFromArray(g: Graph, arr: unknown[], type: ElementType): tf.Tensor {
  return arrayAsList(g, arr, type).handle;
}

/** AutoGraph's stack: a JS array or a TensorList as one tensor (first dimension: the length). */
export function stack(list: unknown): tf.Tensor {
  if (isTensorList(list)) return (list as TensorList).stack();
  if (!Array.isArray(list)) throw agError('list/not-a-list', { got: typeof list });
  const type = elementTypeOf(list);
  if (list.length === 0) {
    if (!type?.shape) throw agError('list/unknown-element-type', {});
    return tf.zeros([0, ...type.shape], type.dtype);
  }
  const dtype = type?.dtype;
  const items = list.map((x) => (isTensor(x) ? x : tf.scalar(x as number, dtype ?? weakDType(x as number))));
  return tf.stack(items);
}
