// `toGraph(fn, opts?)` (TF's autograph.to_graph): the converted function, cached per function
// object (and scope contents). Run eagerly it behaves like `fn`; inside a trace it stages control
// flow on tensors. Needs the converter (through convert/registry), the runtime. Produces `toGraph`.

import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { foreignReason, originalLocation } from '../convert/function-origin.js';
import type { ConvertedSource } from '../convert/convert-source.js';
import { sourceConverter } from '../convert/registry.js';
import { deepStacks, withUserStack } from './user-stack.js';
import { makeRuntime } from '../runtime/index.js';
import { log } from '../platform/log.js';
import { asConvertedCode, setConverter, withCalleeScope } from '../runtime/converted-call.js';
import { conversionFailure, isDoNotConvert, markConverted, originalOf, twinOf } from '../runtime/do-not-convert.js';
import { isBoundFunction, unbind, type Unbound } from '../runtime/bound-functions.js';
import { isGenerated } from '../runtime/allowlist.js';
import type { AnyFn, JitArgs, Staged } from '../trace/staged-types.js';
import type { UserFunction } from '../platform/functions.js';

export interface ToGraphOptions {
  /** Free variables of `fn` (toString() loses the closure). */
  readonly scope?: Record<string, unknown>;
}

/**
 * The converted function `toGraph(fn)` returns: it takes what `fn` takes, with tensors allowed in
 * place of JS numbers and booleans, and returns what `fn` returns — run inside a trace, with staged
 * numbers and booleans as tensors.
 */
export type ConvertedFunction<F extends AnyFn> = (
  ...args: JitArgs<Parameters<F>>
) => ReturnType<F> | Staged<ReturnType<F>>;
interface Entry {
  readonly scope: Record<string, unknown> | undefined;
  readonly fn: UserFunction;
}
const cache = new WeakMap<object, Entry[]>();
/** Functions whose source the converter refused: the error, raised again without converting again. */
const refused = new WeakMap<object, AutographError>();

function sameScope(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

/** A conversion error located in the function's text, relocated to the user's file where it can be found. */
function inOriginalFile(e: unknown, fn: object): unknown {
  if (!(e instanceof AutographError) || !e.location || e.location.file) return e;
  const at = originalLocation(fn, e.location.line, e.location.column, e.location.functionName);
  return at ? new AutographError(e.id, e.kind, e.summary, e.hint, at) : e;
}

function copyOf(e: AutographError): AutographError {
  return new AutographError(e.id, e.kind, e.summary, e.hint, e.location);
}

/**
 * TF's `autograph.to_graph`: the converted function (cached per function). Run eagerly it behaves
 * like `fn`; run inside a trace it stages control flow on tensors. Free variables come from
 * `opts.scope`, then `globalThis`.
 */
export function toGraph<F extends AnyFn>(fn: F, opts: ToGraphOptions = {}): ConvertedFunction<F> {
  if (typeof fn !== 'function') throw agError('convert/not-a-function', { got: fn === null ? 'null' : typeof fn });
  if (isDoNotConvert(fn)) {
    sayOnce(
      fn,
      () =>
        `AutoGraph: left '${fn.name || 'anonymous'}'${whereDefined(fn)} as written: doNotConvert(${fn.name || 'fn'})`,
    );
    return fn;
  }
  // Kept as written by in-place conversion, beside a converted twin (a method, a module's helper).
  const twin = twinOf(fn);
  if (twin) return opts.scope ? inPlaceWithScope(twin as F, opts.scope) : (twin as ConvertedFunction<F>);
  if (originalOf(fn)) return opts.scope && originalOf(fn) === fn ? inPlaceWithScope(fn, opts.scope) : fn;
  // In-place conversion failed on it (the Node loader): its error, raised now that it is used.
  const failed = conversionFailure(fn);
  if (failed) throw failed;
  const hit = cache.get(fn)?.find((e) => sameScope(e.scope, opts.scope));
  if (hit) return hit.fn as ConvertedFunction<F>;
  const bound = isBoundFunction(fn) ? unbind(fn) : undefined;
  if (bound) return cacheConverted(fn, opts, convertBound(bound, opts)) as ConvertedFunction<F>;
  const name = fn.name || 'anonymous';
  const known = refused.get(fn);
  if (known) throw copyOf(known);
  const source = Function.prototype.toString.call(fn);
  // Made by converted code, or fused with its converted twin by in-place conversion: it runs as it
  // is, as converted code runs it (a fused function then runs its twin).
  if (isGenerated(source)) return cacheConverted(fn, opts, asConverted(fn, opts.scope)) as ConvertedFunction<F>;
  const { convertSource } = sourceConverter();
  let conv: ConvertedSource;
  try {
    conv = convertSource(source, name);
  } catch (e) {
    const err = inOriginalFile(e, fn);
    // Remembered when located in the function itself (not at this call, as for a built-in function).
    if (err instanceof AutographError && e instanceof AutographError && !e.location?.file) refused.set(fn, err);
    throw err;
  }
  sayOnce(
    fn,
    () =>
      `AutoGraph: converted '${name}'${whereDefined(fn)} at run time, from its source text${opts.scope ? ' (free variables from scope)' : ''}`,
  );
  log(3, () => `// AutoGraph: converted ${name}\n${conv.code}`);
  const inner = instantiateOrKeep(conv, fn, opts.scope);
  // A named function expression refers to itself by its name: a recursive call reaches the
  // generated function, which is already converted.
  if (inner !== fn) markConverted(inner, fn);
  // Errors leave with a stack in the user's terms (original positions, no internals).
  const converted = function (this: unknown, ...args: unknown[]): unknown {
    try {
      return deepStacks(() => inner.apply(this, args));
    } catch (e) {
      throw withUserStack(e);
    }
  };
  return cacheConverted(fn, opts, converted) as ConvertedFunction<F>;
}

/**
 * The generated function of `conv`; or `fn` itself where the generated code calls no runtime helper
 * (no control flow, operator or call to stage: e.g. a closure `() => c` made by converted code), so
 * that it means what `fn` means, with its closure.
 */
function instantiateOrKeep(
  conv: ConvertedSource,
  fn: UserFunction,
  scope: Record<string, unknown> | undefined,
): (...a: unknown[]) => unknown {
  // An arrow with nothing to stage runs as written: it keeps the `this` and `arguments` it closed
  // over, which a function made from its text would not have. (Other functions run the generated
  // code, whose stack frames map to the user's lines.)
  if (!isGenerated(conv.code) && isArrowSource(conv.source)) return fn as (...a: unknown[]) => unknown;
  try {
    return sourceConverter().instantiate(conv, makeRuntime(scope), scope, fn) as (...a: unknown[]) => unknown;
  } catch (e) {
    if (e instanceof AutographError && e.id === 'convert/unresolved-free-variables' && !isGenerated(conv.code))
      return fn as (...a: unknown[]) => unknown;
    throw e;
  }
}

/** Whether a function's text is an arrow function's (`(a) => …`, `a => …`, `async (a) => …`). */
function isArrowSource(src: string): boolean {
  return (
    /^(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>/.test(src.trimStart()) ||
    (/^(?:async\s*)?\(/.test(src.trimStart()) &&
      !/^function\b/.test(src.trimStart()) &&
      /=>/.test(src.slice(0, src.indexOf('{') >= 0 ? src.indexOf('{') : src.length)))
  );
}

/** `fn` run as converted code runs it, its run-time converted callees with `scope`. */
function asConverted(fn: UserFunction, scope: Record<string, unknown> | undefined): UserFunction {
  return function (this: unknown, ...args: unknown[]): unknown {
    return withCalleeScope(scope, () => asConvertedCode(() => fn.apply(this, args)));
  };
}

/** Records `converted` as the conversion of `fn` (with `opts.scope`). */
function cacheConverted(fn: UserFunction, opts: ToGraphOptions, converted: UserFunction): UserFunction {
  markConverted(converted, fn);
  Object.defineProperty(converted, 'name', { value: fn.name });
  Object.defineProperty(converted, 'length', { value: fn.length });
  const entries = cache.get(fn) ?? [];
  entries.push({ scope: opts.scope, fn: converted });
  cache.set(fn, entries);
  return converted;
}

/** `f.bind(obj, a)`: the conversion of `f`, called with the bound `this` and leading arguments. */
function convertBound(bound: Unbound, opts: ToGraphOptions): UserFunction {
  const target = toGraph(bound.target as AnyFn, opts) as unknown as (...a: unknown[]) => unknown;
  return function (this: unknown, ...args: unknown[]): unknown {
    return target.apply(bound.thisArg, [...bound.args, ...args]);
  };
}

/**
 * A function converted in place keeps its own free variables, but the callees it converts at run
 * time (methods, imported helpers) need `scope`: the same function, running with it as theirs.
 */
function inPlaceWithScope<F extends AnyFn>(fn: F, scope: Record<string, unknown>): F {
  const entries = cache.get(fn) ?? [];
  const hit = entries.find((e) => sameScope(e.scope, scope));
  if (hit) return hit.fn as F;
  const scoped = function (this: unknown, ...args: unknown[]): unknown {
    try {
      return deepStacks(() =>
        withCalleeScope(scope, () => (fn as unknown as (...a: unknown[]) => unknown).apply(this, args)),
      );
    } catch (e) {
      throw withUserStack(e);
    }
  };
  markConverted(scoped, fn);
  Object.defineProperty(scoped, 'name', { value: fn.name });
  Object.defineProperty(scoped, 'length', { value: fn.length });
  entries.push({ scope, fn: scoped });
  cache.set(fn, entries);
  return scoped as unknown as F;
}

// Functions that converted code calls: the user's are converted; others (a package's, a bundler's
// helper) run as they are, said only at verbosity 1.
setConverter((fn, scope) => {
  const why = foreignReason(fn);
  if (why === undefined) return toGraph(fn as AnyFn, { scope }) as never;
  sayOnce(fn, () => `AutoGraph: left '${fn.name || 'anonymous'}' as written: ${why}`);
  return fn;
});

/** Functions verbosity 1 has reported on (each once). */
const said = new WeakSet<object>();

/** Verbosity 1's report on `fn` (a conversion, or why it is left as written), once per function. */
function sayOnce(fn: object, message: () => string): void {
  log(1, () => {
    if (said.has(fn)) return '';
    said.add(fn);
    return message();
  });
}

/** ` (file:line)` where `fn` is defined, the file relative to the working folder; '' where unknown. */
function whereDefined(fn: object): string {
  const at = originalLocation(fn, 1, 1);
  if (!at?.file) return '';
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  const file = at.file.replace(/^file:\/\//, '');
  return ` (${cwd && file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file}:${at.line})`;
}
