// `toCode(fn)` (TF's autograph.to_code): the JS that toGraph would run for `fn`, readable (user
// names and comments kept). Needs convert-source. Produces `toCode`.

import { agError } from '../errors/catalogue.js';
import { convertSource } from '../convert/convert-source.js';

export interface ToCodeOptions {
  /** Stop after this pass of the pipeline (see src/convert/pipeline.ts), for debugging passes. */
  readonly until?: string;
}

export function toCode(fn: (...args: never[]) => unknown, opts: ToCodeOptions = {}): string {
  if (typeof fn !== 'function') throw agError('convert/not-a-function', { got: fn === null ? 'null' : typeof fn });
  return convertSource(Function.prototype.toString.call(fn), fn.name || 'anonymous', { until: opts.until }).code;
}
