// The run-time value of a tensor list in both executors: a persistent slice of a growable array
// (pushing onto the newest list extends the array in place; pushing onto an older one copies), so
// a list appended to in a loop costs O(1) per push. Elements are numbers (scalar lists in compiled
// code) or tensors owned by the call that made them. Needs tfjs. Produces `RtList` and list ops.

import * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { resolvedSource, type NodeSource } from '../ir/graph.js';

export class RtList<T = unknown> {
  constructor(
    readonly items: T[],
    readonly length: number,
  ) {}

  static empty<T>(): RtList<T> {
    return new RtList<T>([], 0);
  }

  push(x: T): RtList<T> {
    if (this.items.length === this.length) {
      this.items.push(x);
      return new RtList(this.items, this.length + 1);
    }
    const items = this.items.slice(0, this.length);
    items.push(x);
    return new RtList(items, this.length + 1);
  }

  /** `source`: the user's line of the pop, for the error on an empty list. */
  pop(source?: NodeSource): [RtList<T>, T] {
    if (this.length === 0) throw agError('exec/list-empty', { op: 'pop' }, resolvedSource(source));
    return [new RtList(this.items, this.length - 1), this.items[this.length - 1]!];
  }

  get(i: number, source?: NodeSource): T {
    if (!(i >= 0 && i < this.length))
      throw agError('exec/list-index', { index: i, length: this.length }, resolvedSource(source));
    return this.items[i]!;
  }

  /** A list whose element `i` is `x` (a copy of the items: O(length)). */
  set(i: number, x: T, source?: NodeSource): RtList<T> {
    if (!(i >= 0 && i < this.length))
      throw agError('exec/list-index', { index: i, length: this.length }, resolvedSource(source));
    const items = this.items.slice(0, this.length);
    items[i] = x;
    return new RtList(items, this.length);
  }

  /** Lists own nothing the engine tracks separately: their tensors belong to the call. */
  dispose(): void {}
}

/** One tensor of shape [length, ...elementShape] from a list of tensors or numbers. */
export function stackList(list: RtList, dtype: DType, elementShape: readonly number[] | null): tf.Tensor {
  const n = list.length;
  if (n === 0) {
    if (!elementShape) throw agError('list/unknown-element-type', {});
    return tf.zeros([0, ...elementShape], dtype);
  }
  const first = list.items[0];
  if (typeof first === 'number') {
    const arr = dtype === 'int32' ? new Int32Array(n) : dtype === 'bool' ? new Uint8Array(n) : new Float32Array(n);
    for (let i = 0; i < n; i++) arr[i] = list.items[i] as number;
    return tf.engine().makeTensor(arr, [n], dtype) as tf.Tensor;
  }
  return tf.stack(list.items.slice(0, n) as tf.Tensor[]);
}
