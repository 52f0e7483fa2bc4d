// `toCode(fn)` (TF's autograph.to_code): the JS that toGraph would run for `fn`, readable (user
// names and comments kept). Needs convert-source. Produces `toCode`.

import { agError } from '../errors/catalogue.js';
import { convertSource } from '../convert/convert-source.js';

/** The flag the build-time plugins set on functions they converted (see src/plugin/runtime.ts). */
const IN_PLACE = Symbol.for('autograph-ts.convertedInPlace');

export interface ToCodeOptions {
  /** Stop after this pass of the pipeline (see src/convert/pipeline.ts), for debugging passes. */
  readonly until?: string;
}

/** TF's `autograph.to_code`: the readable JS that the converter generates for `fn`. */
export function toCode(fn: (...args: never[]) => unknown, opts: ToCodeOptions = {}): string {
  if (typeof fn !== 'function') throw agError('convert/not-a-function', { got: fn === null ? 'null' : typeof fn });
  // Converted in place by a build-time plugin: its text already is the generated code.
  if ((fn as unknown as Record<symbol, unknown>)[IN_PLACE]) return Function.prototype.toString.call(fn);
  return convertSource(Function.prototype.toString.call(fn), fn.name || 'anonymous', { until: opts.until }).code;
}
