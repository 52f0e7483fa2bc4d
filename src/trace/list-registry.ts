// Bookkeeping shared by tensor lists and staging: which JS arrays have a declared element type,
// the brand that identifies TensorList objects, and the log of lists mutated while a subgraph is
// traced (their handles are restored when the subgraph ends). Needs nothing from the tracer.
// Also the JS arrays converted code referenced from elsewhere (`{ st }`, `const t = st`), which a
// staged statement turning them into lists must warn about. Produces `declareList`, `declaredType`,
// `isDeclaredList`, `isTensorList`, `touchList`, `withListLog`, `noteAliased`, `isAliased`.

import type * as tf from '@tensorflow/tfjs-core';
import type { DType, Shape } from '../ir/types.js';

export interface ElementType {
  readonly dtype: DType;
  /** Undefined until known (from the declaration or the first element). */
  readonly shape?: Shape;
}

export const LIST_BRAND = Symbol.for('autograph-ts.TensorList');

/** The part of a TensorList the registry needs. */
export interface ListLike {
  readonly [LIST_BRAND]: true;
  handle: tf.Tensor;
}

const declared = new WeakMap<object, ElementType>();
const aliased = new WeakSet<object>();

/** `arr` is also held elsewhere (an object, another variable): when it becomes a list, they keep it. */
export function noteAliased(arr: unknown[]): void {
  aliased.add(arr);
}

export function isAliased(arr: unknown[]): boolean {
  return aliased.has(arr);
}

export function declareList(arr: unknown[], type: ElementType): void {
  declared.set(arr, type);
}

export function declaredType(arr: unknown[]): ElementType | undefined {
  return declared.get(arr);
}

/** A JS array declared with setElementType: a leaf of nested structures, not a structure. */
export function isDeclaredList(x: unknown): x is unknown[] {
  return Array.isArray(x) && declared.has(x);
}

export function isTensorList(x: unknown): x is ListLike {
  return typeof x === 'object' && x !== null && (x as Partial<ListLike>)[LIST_BRAND] === true;
}

let log: Map<ListLike, tf.Tensor> | undefined;

/** Called before a list's handle changes: remembers the handle it had when the subgraph began. */
export function touchList(list: ListLike): void {
  if (log && !log.has(list)) log.set(list, list.handle);
}

/**
 * Runs `fn` (the tracing of one subgraph); afterwards every list it mutated gets its old handle
 * back, and `finals` maps each such list to the handle it had at the end of `fn`.
 */
export function withListLog<T>(fn: () => T): { result: T; finals: Map<ListLike, tf.Tensor> } {
  const outer = log;
  const mine = new Map<ListLike, tf.Tensor>();
  log = mine;
  const finals = new Map<ListLike, tf.Tensor>();
  try {
    const result = fn();
    for (const list of mine.keys()) finals.set(list, list.handle);
    return { result, finals };
  } finally {
    log = outer;
    for (const [list, before] of mine) {
      list.handle = before;
      if (outer && !outer.has(list)) outer.set(list, before);
    }
  }
}
