// What in-place converted modules import (`autograph-ts/runtime`; in browser bundles this module
// alone, in Node runtime.ts adds the run-time converter): `ag__`, the runtime object the generated
// code calls, and `markInPlace`, which marks a converted function so jit/toGraph use it as it is (no
// second conversion, no `new Function`); `markConversionFailed`, which records the conversion error
// of a function left as written (raised when it is called); and `setCodeGeneration`, for pages that
// forbid eval. Needs src/runtime (in-place-source: what the transform recorded of the source),
// src/api/to-graph, src/exec/compiled/code-generation. Produces those.

import '../api/to-graph.js'; // sets the callee converter of convertedCall (the converter itself: convert/registry)
import { makeRuntime } from '../runtime/index.js';
import { markConverted, originalOf } from '../runtime/do-not-convert.js';
import { recordInPlaceSource } from '../runtime/in-place-source.js';

export { markConversionFailed } from '../runtime/do-not-convert.js';
export { twin, twinClass, twinState, twinModeRead } from './twin-runtime.js';

/** For pages whose CSP forbids eval: `setCodeGeneration(false)` runs graphs in the interpreter without trying `new Function`. */
export { setCodeGeneration } from '../exec/compiled/code-generation.js';

const IN_PLACE = Symbol.for('autograph-ts.convertedInPlace');
/** The generated code text the plugin recorded (its `keepCode` option), which toCode returns. */
const CODE = Symbol.for('autograph-ts.generatedCode');

// In-place converted code runs in this process: a run-time conversion error does not suggest it again.
(globalThis as Record<symbol, unknown>)[Symbol.for('autograph-ts.inPlaceRuntime')] = true;

/** The runtime object of in-place converted code (no `scope`: free variables are lexical). */
export const ag__ = makeRuntime();

/**
 * Marks `fn` as already converted (its own original) and names it `name`, the name it has in the
 * source (also where a minifier renamed it); `source` is what the transform recorded of its source
 * (JSON, in-place-source.ts).
 */
export function markInPlace<F extends object>(fn: F, name?: string, code?: string, source?: string): F {
  if (typeof fn !== 'function' || originalOf(fn)) return fn;
  if (name && name !== 'anonymous' && (fn as { name?: string }).name !== name)
    Object.defineProperty(fn, 'name', { value: name });
  markConverted(fn, fn);
  Object.defineProperty(fn, IN_PLACE, { value: true });
  if (code !== undefined) Object.defineProperty(fn, CODE, { value: code });
  if (source !== undefined) recordInPlaceSource(fn, source);
  return fn;
}

/** True for a function converted at build/load time (its toString() is the generated code). */
export function isConvertedInPlace(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[IN_PLACE] === true;
}
