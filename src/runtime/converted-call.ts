// `ag__.convertedCall(f, thisArg, args)`: calls from converted code. A function with a converted
// twin (registered by its module, converted in place) calls the twin; other user functions are
// converted (recursively, cached, with the caller's scope for free variables); `g.call`/`g.apply`
// call `g` that way; tfjs, built-ins, classes and doNotConvert functions run as they are;
// `console.log` becomes `print`. A function that cannot be converted (e.g. unresolvable free
// variables) runs unconverted, with one warning, until a call with another scope converts it (a
// failure is never cached as its conversion); one that is not the user's (a package's, a bundler
// helper) runs unconverted silently. Callees of code converted in place (no scope of its own) take
// the scope of the jit/toGraph call running them (`withCalleeScope`). `convertedCode.depth` tells
// fused functions (in-place twins) which body to run. Needs allowlist.ts and a converter registered
// by src/api/to-graph.ts; a user function called while a staged construct is traced reports the
// fields it writes (field-writes.ts). Produces `convertedCall`, `callMethod`, `withCalleeScope`, `convertedCode`,
// `inConvertedCode`, `asConvertedCode`.

import { isGenerated, isLeftAlone } from './allowlist.js';
import { fieldFramesOpen, fieldsBefore, noteFields } from './field-writes.js';
import { twinOf } from './do-not-convert.js';
import { AutographError } from '../errors/ag-error.js';
import { warn } from '../platform/log.js';
import { isTracing } from '../trace/control-flow.js';
import { locatedError } from './located-error.js';
import type { UserFunction } from '../platform/functions.js';

type AnyFn = (...args: unknown[]) => unknown;
type Converter = (fn: AnyFn, scope: Record<string, unknown> | undefined) => AnyFn;

let converter: Converter | undefined;
const special = new Map<unknown, AnyFn>();
/** Functions called as they are from now on: the converter declined them (not the user's code). */
const asIs = new WeakSet<object>();

/** The `scope` of the jit/toGraph call now running a function converted in place. */
let calleeScope: Record<string, unknown> | undefined;

/**
 * Runs `run` with `scope` as the free variables of the callees converted at run time from code that
 * was converted in place (whose own calls carry no scope: its free variables are lexical).
 */
export function withCalleeScope<T>(scope: Record<string, unknown> | undefined, run: () => T): T {
  const before = calleeScope;
  calleeScope = scope;
  try {
    return run();
  } finally {
    calleeScope = before;
  }
}

/**
 * How many calls from converted code (and converted functions toGraph returned) are under way: a
 * function that in-place conversion fused with its converted twin runs the twin while `depth > 0`
 * (it reads the property itself, which costs a plain call less than calling a function would).
 */
export const convertedCode = { depth: 0 };

/** Whether converted code is running (see `convertedCode`). */
export function inConvertedCode(): boolean {
  return convertedCode.depth > 0;
}

/** Runs `run` as converted code runs (fused functions it calls run their converted twins). */
export function asConvertedCode<T>(run: () => T): T {
  convertedCode.depth++;
  try {
    return run();
  } finally {
    convertedCode.depth--;
  }
}

/** Installed by src/api/to-graph.ts (keeps runtime → api free of an import cycle). */
export function setConverter(c: Converter): void {
  converter = c;
}

/** Routes calls of `original` to `replacement` (console.log → print, node:assert → assert). */
export function registerSpecialFunction(original: unknown, replacement: AnyFn): void {
  special.set(original, replacement);
}

export function convertedCall(f: unknown, thisArg: unknown, args: unknown[], scope?: Record<string, unknown>): unknown {
  if (typeof f !== 'function') {
    throw new TypeError(`${f === null ? 'null' : typeof f} is not a function (called from converted code)`);
  }
  const sp = special.get(f);
  if (sp) return reflectApply(sp, undefined, args);
  // A recursion that stops on a tensor condition never stops while tracing: the stack overflows.
  // The catalogued error is made by the outermost converted call, where there is stack to spare
  // (near the end of the stack, even finding the user's line would fail); it names the function
  // the deepest call was calling.
  callDepth++;
  convertedCode.depth++;
  try {
    return callConverted(f, thisArg, args, scope);
  } catch (e) {
    if (e instanceof RangeError) {
      overflowing ??= f.name;
      if (callDepth === 1) {
        const name = overflowing || 'anonymous';
        overflowing = undefined;
        if (String(e.message).includes('call stack') && isTracing())
          throw locatedError('convert/unbounded-recursion', { name });
      }
    }
    throw e;
  } finally {
    callDepth--;
    convertedCode.depth--;
  }
}

// The runtime's own references: user code may replace Function.prototype.apply, Array.prototype's
// iterator or its methods, and calls made for it must not run them.
const reflectApply = Reflect.apply;

/** The items of an array-like from `start` on, as `f.apply(self, list)` reads them (no iterator). */
function listFrom(list: ArrayLike<unknown>, start: number): unknown[] {
  const out: unknown[] = [];
  for (let i = start; i < list.length; i++) out[out.length] = list[i];
  return out;
}

const callOf = Function.prototype.call;
const applyOf = Function.prototype.apply;

let callDepth = 0;
let overflowing: string | undefined;

function callConverted(
  f: UserFunction,
  thisArg: unknown,
  args: unknown[],
  scope: Record<string, unknown> | undefined,
): unknown {
  // Converted in place beside the function as written (a method, a helper of a loaded module).
  const twin = twinOf(f);
  if (twin) {
    const pending = fieldsBefore(f, thisArg, args);
    const r = reflectApply(twin, thisArg, args);
    noteFields(pending);
    return r;
  }
  // `g.call(self, …)`, `g.apply(self, args)`: a call of `g`, which converts like any other.
  const list = args[1];
  if (
    typeof thisArg === 'function' &&
    (f === callOf || (f === applyOf && (list == null || typeof list === 'object')))
  ) {
    const rest = f === callOf ? listFrom(args, 1) : list == null ? [] : listFrom(list as ArrayLike<unknown>, 0);
    return callConverted(thisArg, args[0], rest, scope);
  }
  if (!converter || asIs.has(f) || isLeftAlone(f)) {
    // Made by converted code (a method of a class in converted source): the user's, converted already.
    const pending =
      fieldFramesOpen() && isGenerated(Function.prototype.toString.call(f))
        ? fieldsBefore(f, thisArg, args)
        : undefined;
    const r = reflectApply(f, thisArg, args);
    noteFields(pending);
    return r;
  }
  const within = scope ?? calleeScope;
  let g: AnyFn;
  if (failedWith(f, within)) g = f as AnyFn;
  else {
    try {
      g = converter(f as AnyFn, within);
    } catch (e) {
      if (!(e instanceof AutographError) || e.kind !== 'conversion') throw e;
      // Not cached as the conversion: another scope (a later jit's) may resolve what this one lacked.
      recordFailure(f, within);
      if (!warned.has(f))
        warn(`AutoGraph could not convert '${f.name || 'anonymous'}' and will run it as is:\n${e.message}`);
      warned.add(f);
      return reflectApply(f, thisArg, args);
    }
    // The converter declined it (not the user's code): as it is from now on.
    if (g === f) asIs.add(f);
  }
  const pending = g === f ? undefined : fieldsBefore(f, thisArg, args);
  const r = reflectApply(g, thisArg, args);
  noteFields(pending);
  return r;
}

/** Scopes a function's conversion failed with (it runs as is under them; another scope tries again). */
const failures = new WeakMap<object, (Record<string, unknown> | undefined)[]>();
/** Functions whose failed conversion was warned about (once per function). */
const warned = new WeakSet<object>();

function recordFailure(f: object, scope: Record<string, unknown> | undefined): void {
  const seen = failures.get(f) ?? [];
  seen.push(scope);
  failures.set(f, seen);
}

function failedWith(f: object, scope: Record<string, unknown> | undefined): boolean {
  return failures.get(f)?.some((s) => sameContents(s, scope)) ?? false;
}

function sameContents(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && Object.is(a[k], b[k]));
}

/** `obj[prop](...args)` for receivers that cannot be evaluated twice. */
export function callMethod(obj: unknown, prop: PropertyKey, args: unknown[], scope?: Record<string, unknown>): unknown {
  const f = (obj as Record<PropertyKey, unknown>)[prop];
  return convertedCall(f, obj, args, scope);
}
