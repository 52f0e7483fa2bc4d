// How staged cond/while carry tensor lists: the handle a list leaf has at the end of a traced
// subgraph, the element type both sides must share, and the list objects given back after the
// node (the same TensorList object where the user's code holds one). Needs tensor-list and the
// registry. Produces `listHandle`, `listTypeOf`, `sameListType`, `listResult`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../ir/graph.js';
import { sameShape, shapeToString } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { isTensorList, touchList, type ElementType, type ListLike } from './list-registry.js';
import { elementTypeOf, listFromArray, TensorList } from './tensor-list.js';

/** The element type of a list leaf (a TensorList, or a JS array with a known element dtype). */
export function listTypeOf(x: unknown, name: string): ElementType {
  if (isTensorList(x)) {
    const l = x as TensorList;
    return { dtype: l.elementDtype, shape: l.elementShape };
  }
  const t = elementTypeOf(x as unknown[]);
  if (!t) throw agError('list/unknown-element-type', {});
  void name;
  return t;
}

/** The handle standing for list leaf `x` at the end of the subgraph traced into `g`. */
export function listHandle(g: Graph, x: unknown, finals: Map<ListLike, tf.Tensor>): tf.Tensor {
  if (isTensorList(x)) return finals.get(x) ?? x.handle;
  return listFromArray(g, x as unknown[], listTypeOf(x, 'list'));
}

/** Checks two element types agree; unknown shapes take the known one. */
export function sameListType(name: string, a: ElementType, b: ElementType): ElementType {
  const show = (t: ElementType) => `${t.dtype}${t.shape ? shapeToString(t.shape) : '[?]'}`;
  if (a.dtype !== b.dtype || (a.shape && b.shape && !sameShape(a.shape, b.shape))) {
    throw agError('list/branch-mismatch', { name, main: show(a), other: show(b) });
  }
  return { dtype: a.dtype, shape: a.shape ?? b.shape };
}

/** The list object a staged node gives back for output handle `handle`. */
export function listResult(original: unknown, handle: tf.Tensor, type: ElementType): TensorList {
  if (original instanceof TensorList && original.elementDtype === type.dtype) {
    touchList(original);
    original.handle = handle;
    original.elementShape ??= type.shape;
    return original;
  }
  return new TensorList(handle, type.dtype, type.shape);
}
