// Markers on functions: `doNotConvert(fn)` (leave it alone) and the link from a converted
// function to its original. Needs nothing. Produces `doNotConvert`, `isDoNotConvert`,
// `markConverted`, `originalOf`.

const DO_NOT_CONVERT = Symbol.for('autograph-ts.doNotConvert');
const ORIGINAL = Symbol.for('autograph-ts.original');

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
  return typeof fn === 'function' ? ((fn as unknown as Record<symbol, unknown>)[ORIGINAL] as object | undefined) : undefined;
}
