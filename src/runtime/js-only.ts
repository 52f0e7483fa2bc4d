// Helpers for code that stays plain JS inside converted functions: for…in keys, and the guard at
// the start of every catch clause (staging errors are not the user's to catch), with the marks of
// try blocks that have a catch. Needs tensors.ts, trace/try-regions. Produces `forInKeys`, `propertyKey`,
// `rethrowStagingError`, `enterTry`, `exitTry`.

import { locatedError } from './located-error.js';
import { AutographError } from '../errors/ag-error.js';
import { agError } from '../errors/catalogue.js';
import { locateInStack } from '../convert/generated-sources.js';
import { isTensor } from './tensors.js';
import { enterCatchRegion, exitCatchRegion, isStagedError } from '../trace/try-regions.js';

/**
 * First statement of every catch in converted code: staging errors are not the user's to catch, nor
 * are errors thrown while a staged branch or loop body was traced (at run time that code may not
 * run at all, and whether it throws then is not known while tracing).
 */
export function rethrowStagingError(e: unknown): void {
  if (e instanceof AutographError && e.kind === 'staging') throw e;
  if (!isStagedError(e)) return;
  if (e instanceof AutographError) throw e;
  // Located where it was thrown, in the user's code.
  const at = e instanceof Error && typeof e.stack === 'string' ? locateInStack(e.stack) : undefined;
  const message = e instanceof Error ? e.message : String(e);
  const err = at
    ? agError('convert/staged-error-in-try', { message }, at)
    : locatedError('convert/staged-error-in-try', { message });
  (err as { cause?: unknown }).cause = e;
  throw err;
}

/** First statement of a try block that has a catch: staged asserts are refused until `exitTry`. */
export const enterTry = enterCatchRegion;
/** Last statement of such a try block and first of its catch clause. */
export const exitTry = exitCatchRegion;

const ownKeys = Reflect.ownKeys;

/**
 * The keys `for (k in obj)` visits, as an iterator: listed when the loop starts, and a key deleted
 * before its turn is skipped, as in JS.
 */
export function forInKeys(obj: unknown): Iterable<string> {
  if (isTensor(obj)) throw locatedError('convert/tensor-for-in', {});
  const keys: string[] = [];
  for (const k in obj as object) keys[keys.length] = k;
  const target = Object(obj) as object;
  let i = 0;
  const it: IterableIterator<string> = {
    next(): IteratorResult<string> {
      while (i < keys.length) {
        const k = keys[i++]!;
        if (k in target) return { value: k, done: false };
      }
      return { value: undefined, done: true };
    },
    [Symbol.iterator]() {
      return it;
    },
  };
  return it;
}

/** ToPropertyKey of `key`, once (a computed target read and then written: `o[k()] ||= v`). */
export function propertyKey(key: unknown): PropertyKey {
  return ownKeys({ [key as PropertyKey]: 0 })[0]!;
}
