// Helpers for code that stays plain JS inside converted functions: conditions inside try blocks
// (a tensor condition there is an error while tracing), for…in keys, iterables. Needs tensors.ts.
// Produces `jsCond`, `jsIterable`, `forInKeys`, `rethrowStagingError`.

import { locatedError } from './located-error.js';
import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { isSymbolic, isTensor, isTracing, truthy } from './tensors.js';

export function jsCond(test: unknown, what: string): boolean {
  if (isTracing() && isSymbolic(test)) throw locatedError('convert/staged-in-try', { what });
  return truthy(test, what);
}

export function jsIterable(x: unknown): Iterable<unknown> {
  if (isTensor(x)) {
    if (isTracing() && isSymbolic(x)) throw locatedError('convert/staged-in-try', { what: 'a for...of loop over a tensor' });
    return tf.unstack(x);
  }
  return x as Iterable<unknown>;
}

/** First statement of every catch in converted code: staging errors are not the user's to catch. */
export function rethrowStagingError(e: unknown): void {
  if (e instanceof AutographError && e.kind === 'staging') throw e;
}

export function forInKeys(obj: unknown): string[] {
  if (isTensor(obj)) throw locatedError('convert/tensor-for-in', {});
  const keys: string[] = [];
  for (const k in obj as object) keys.push(k);
  return keys;
}
