// Markers on functions: `doNotConvert(fn)` (leave it alone), the link from a converted function to
// its original, the converted twin a module converted in place registered for a function it keeps as
// written, and the conversion error of a function that in-place conversion could not convert.
// Needs the error class. Produces `doNotConvert`, `isDoNotConvert`, `markConverted`, `originalOf`,
// `registerTwin`, `twinOf`, `markConversionFailed`, `conversionFailure`.

import { AutographError, type ErrorKind, type SourceLocation } from '../errors/ag-error.js';
import type { UserFunction } from '../platform/functions.js';

const DO_NOT_CONVERT = Symbol.for('autograph-ts.doNotConvert');
const ORIGINAL = Symbol.for('autograph-ts.original');
const FAILED = Symbol.for('autograph-ts.conversionFailed');

/** Marks `fn` so that AutoGraph calls it as it is (TF's tf.autograph.experimental.do_not_convert). */
export function doNotConvert<F extends (...args: never[]) => unknown>(fn: F): F {
  Object.defineProperty(fn, DO_NOT_CONVERT, { value: true });
  return fn;
}

export function isDoNotConvert(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[DO_NOT_CONVERT] === true;
}

export function markConverted(converted: object, original: object): void {
  Object.defineProperty(converted, ORIGINAL, { value: original });
}

/** The original of a converted function, or undefined when `fn` is not a converted function. */
export function originalOf(fn: unknown): object | undefined {
  return typeof fn === 'function'
    ? ((fn as unknown as Record<symbol, unknown>)[ORIGINAL] as object | undefined)
    : undefined;
}

const twins = new WeakMap<object, UserFunction>();

/** Records `twin` as the converted version of `original` (made by in-place conversion, where `original` stands). */
export function registerTwin(original: UserFunction, twin: UserFunction): void {
  twins.set(original, twin);
  if (!originalOf(twin)) markConverted(twin, original);
}

/** The converted twin of `fn`, if its module registered one. */
export function twinOf(fn: unknown): UserFunction | undefined {
  return typeof fn === 'function' ? twins.get(fn) : undefined;
}

interface RecordedError {
  readonly id: string;
  readonly kind: ErrorKind;
  readonly summary: string;
  readonly hint?: string;
  readonly location?: SourceLocation;
}

/**
 * Marks `fn` as one that in-place conversion could not convert, with its catalogued error (as JSON):
 * jit/toGraph raise it when `fn` is called, as run-time conversion would. Returns `fn`.
 */
export function markConversionFailed<F extends object>(fn: F, error: string): F {
  if (typeof fn === 'function') Object.defineProperty(fn, FAILED, { value: JSON.parse(error) as RecordedError });
  return fn;
}

/** The conversion error recorded on `fn` by in-place conversion (a new error each time), if any. */
export function conversionFailure(fn: unknown): AutographError | undefined {
  const r =
    typeof fn === 'function'
      ? ((fn as unknown as Record<symbol, unknown>)[FAILED] as RecordedError | undefined)
      : undefined;
  if (!r) return undefined;
  const err = new AutographError(r.id, r.kind, r.summary, r.hint, r.location);
  err.stack = `${err.name}: ${err.message}`;
  return err;
}
