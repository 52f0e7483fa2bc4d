// What twinned modules call (see twins.ts): `twin(fn, converted)` registers the converted twin of a
// function kept as written; `twinClass(cls, proto, statics, usesSuper)` registers the twins of a
// class's public methods, kept in holder objects; `twinState.depth` tells a fused function to run
// its converted body (converted code is running), `twinModeRead()` a fused accessor. Needs
// runtime/do-not-convert, runtime/converted-call. Produces `twin`, `twinClass`, `twinState`, `twinModeRead`.

import { registerTwin } from '../runtime/do-not-convert.js';
import { inConvertedCode } from '../runtime/converted-call.js';
import { isTracing } from '../trace/control-flow.js';

type Fn = (this: unknown, ...args: unknown[]) => unknown;

/** Registers `converted` as the twin of `fn`. */
export function twin(fn: unknown, converted: Fn): void {
  if (typeof fn === 'function') registerTwin(fn, converted);
}

/** Read by fused functions: `twinState.depth > 0` while converted code runs. */
export { convertedCode as twinState } from '../runtime/converted-call.js';

/** The check of a fused accessor: converted code reads a property without a call, so also while tracing. */
export function twinModeRead(): boolean {
  return inConvertedCode() || isTracing();
}

function twinMembers(target: object, holder: object, usesSuper: boolean): void {
  // `super` in a twin looks up the holder's prototype: the target's, as for the original.
  if (usesSuper) Object.setPrototypeOf(holder, Object.getPrototypeOf(target));
  for (const key of Reflect.ownKeys(holder)) {
    const tw = Object.getOwnPropertyDescriptor(holder, key)?.value as unknown;
    const original = Object.getOwnPropertyDescriptor(target, key)?.value as unknown;
    if (typeof tw === 'function' && typeof original === 'function') registerTwin(original, tw);
  }
}

/** Registers the twins of a class's methods (`proto`) and of its static methods (`statics`). */
export function twinClass(
  cls: { prototype: object },
  proto: object | null,
  statics: object | null,
  usesSuper = false,
): void {
  if (proto) twinMembers(cls.prototype, proto, usesSuper);
  if (statics) twinMembers(cls, statics, usesSuper);
}
