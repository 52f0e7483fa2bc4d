// What in-place converted modules import in Node (`autograph-ts/runtime`): runtime-browser.ts plus
// the run-time converter, for the helpers they call that were not converted in place, and markers
// that also say at verbosity 1 what conversion did (conversion-log.ts; browser bundles, converted at
// build time, get runtime-browser.ts alone). Needs runtime-browser, convert/install, conversion-log.
// Produces its exports.

import '../convert/install.js';
import * as base from './runtime-browser.js';
import { noteInPlace } from './conversion-log.js';

export * from './runtime-browser.js';

type Fn = (this: unknown, ...args: unknown[]) => unknown;
const nameOf = (fn: unknown, fallback = 'anonymous'): string => (typeof fn === 'function' && fn.name) || fallback;

/** runtime-browser's markInPlace, reported (with the generated code at verbosity 3). */
export function markInPlace<F extends object>(fn: F, name?: string, code?: string, source?: string): F {
  const fresh = typeof fn === 'function' && !base.isConvertedInPlace(fn);
  const out = base.markInPlace(fn, name, code, source);
  if (fresh && base.isConvertedInPlace(fn))
    noteInPlace('converted', nameOf(fn, name), undefined, () => code ?? Function.prototype.toString.call(fn));
  return out;
}

/** runtime-browser's markConversionFailed, reported with the error. */
export function markConversionFailed<F extends object>(fn: F, error: string): F {
  noteInPlace('failed', nameOf(fn), () => {
    const e = JSON.parse(error) as { summary?: string; id?: string };
    return `${e.summary ?? ''} [${e.id ?? ''}]`;
  });
  return base.markConversionFailed(fn, error);
}

/** runtime-browser's twin, reported. */
export function twin(fn: unknown, converted: Fn): void {
  base.twin(fn, converted);
  if (typeof fn === 'function')
    noteInPlace('twin', nameOf(fn), undefined, () => Function.prototype.toString.call(converted));
}

/** runtime-browser's twinClass, reported with the methods' names. */
export function twinClass(
  cls: { prototype: object },
  proto: object | null,
  statics: object | null,
  usesSuper = false,
): void {
  base.twinClass(cls, proto, statics, usesSuper);
  noteInPlace('twins', nameOf(cls, 'a class'), () => {
    const names = [
      ...(proto ? Reflect.ownKeys(proto) : []),
      ...(statics ? Reflect.ownKeys(statics).map((k) => `static ${String(k)}`) : []),
    ];
    return `its methods ${names.map(String).join(', ')}`;
  });
}
