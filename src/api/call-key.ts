// The call key of jit's hot path: calls whose arguments are each a tensor or a JS primitive are
// looked up without flattening them, by a short key equal where their signatures are equal, and a
// call repeating the last keyed call's arguments is matched without even that key.
// Needs tfjs, signature's receiver key. Produces `callKey`, `LastCall`, `KeyedTrace`.

import * as tf from '@tensorflow/tfjs-core';
import { SymbolicId } from '../trace/context.js';
import { thisKey } from './signature.js';
import type { ConcreteFunction } from './concrete-function.js';

/**
 * A cache key for calls whose arguments are each a live, concrete tensor or a JS primitive (number,
 * boolean, string, undefined, null, bigint); undefined otherwise. Equal keys mean equal signatures
 * (tensors by dtype and shape, primitives by value as signatureOf keys them), so a call that hits
 * skips flattening its arguments.
 */
export function callKey(args: readonly unknown[], self: unknown): string | undefined {
  let key = thisKey(self);
  for (const a of args) {
    if (a instanceof tf.Tensor) {
      if (a instanceof tf.Variable || a.isDisposed || a.dataId instanceof SymbolicId) return undefined;
      const shape = a.shape;
      key += a.dtype;
      key += shape.length === 0 ? '[]' : shape.length === 1 ? `[${shape[0]}]` : `[${shape.join(',')}]`;
      continue;
    }
    switch (typeof a) {
      case 'number':
        key += Object.is(a, -0) ? '|n:-0|' : `|n:${a}|`;
        break;
      case 'boolean':
        key += a ? '|b:1|' : '|b:0|';
        break;
      case 'string':
        key += `|s:${JSON.stringify(a)}|`;
        break;
      case 'undefined':
        key += '|u|';
        break;
      case 'bigint':
        key += `|i:${a}|`;
        break;
      default:
        if (a !== null) return undefined;
        key += '|null|';
    }
  }
  return key;
}

/** A trace found by call key; `tensorArgs` says which arguments are the tensors (undefined: all are). */
export interface KeyedTrace {
  readonly cf: ConcreteFunction;
  readonly tensorArgs: readonly number[] | undefined;
}

/**
 * The arguments of the last call whose key was built: per argument a tensor's dtype and shape, or a
 * primitive. `repeats` says whether a call would build the same key (the same receiver, tensors of
 * the same dtypes and shapes, live and concrete, primitives equal as the key compares them).
 */
export class LastCall {
  private self: unknown;
  private readonly dtypes: (string | undefined)[] = [];
  private readonly shapes: (readonly number[] | undefined)[] = [];
  private readonly values: unknown[] = [];

  remember(args: readonly unknown[], self: unknown): void {
    this.self = self;
    const n = args.length;
    this.dtypes.length = this.shapes.length = this.values.length = n;
    for (let i = 0; i < n; i++) {
      const a = args[i];
      if (a instanceof tf.Tensor) {
        this.dtypes[i] = a.dtype;
        this.shapes[i] = a.shape;
        this.values[i] = undefined;
      } else {
        this.dtypes[i] = undefined;
        this.shapes[i] = undefined;
        this.values[i] = a;
      }
    }
  }

  repeats(args: readonly unknown[], self: unknown): boolean {
    const n = args.length;
    if (n !== this.values.length || !Object.is(self, this.self)) return false;
    for (let i = 0; i < n; i++) {
      const a = args[i];
      const shape = this.shapes[i];
      if (shape === undefined) {
        // A primitive (the key was built, so it was one): Object.is tells 0 from -0 and NaN equal, as the key does.
        if (!Object.is(a, this.values[i])) return false;
        continue;
      }
      if (
        !(a instanceof tf.Tensor) ||
        a.dtype !== this.dtypes[i] ||
        a instanceof tf.Variable ||
        a.isDisposed ||
        a.dataId instanceof SymbolicId
      )
        return false;
      const s = a.shape;
      if (s !== shape) {
        if (s.length !== shape.length) return false;
        for (let k = 0; k < s.length; k++) if (s[k] !== shape[k]) return false;
      }
    }
    return true;
  }
}
