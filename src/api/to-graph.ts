// `toGraph(fn, opts?)` (TF's autograph.to_graph): the converted function, cached per function
// object (and scope contents). Run eagerly it behaves like `fn`; inside a trace it stages control
// flow on tensors. Needs convert-source, instantiate, the runtime. Produces `toGraph`.

import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { originalLocation } from '../convert/function-origin.js';
import { convertSource } from '../convert/convert-source.js';
import { instantiate } from '../convert/instantiate.js';
import { deepStacks, withUserStack } from './user-stack.js';
import { makeRuntime } from '../runtime/index.js';
import { setConverter } from '../runtime/converted-call.js';
import { isDoNotConvert, markConverted, originalOf } from '../runtime/do-not-convert.js';
import type { AnyFn, JitArgs, Staged } from '../trace/staged-types.js';

export interface ToGraphOptions {
  /** Free variables of `fn` (toString() loses the closure). */
  readonly scope?: Record<string, unknown>;
}

/**
 * The converted function `toGraph(fn)` returns: it takes what `fn` takes, with tensors allowed in
 * place of JS numbers and booleans, and returns what `fn` returns — run inside a trace, with staged
 * numbers and booleans as tensors.
 */
export type ConvertedFunction<F extends AnyFn> = (...args: JitArgs<Parameters<F>>) => ReturnType<F> | Staged<ReturnType<F>>;
interface Entry {
  readonly scope: Record<string, unknown> | undefined;
  readonly fn: Function; // eslint-disable-line @typescript-eslint/no-unsafe-function-type
}
const cache = new WeakMap<object, Entry[]>();

function sameScope(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

/**
 * TF's `autograph.to_graph`: the converted function (cached per function). Run eagerly it behaves
 * like `fn`; run inside a trace it stages control flow on tensors. Free variables come from
 * `opts.scope`, then `globalThis`.
 */
/** A conversion error located in the function's text, relocated to the user's file where it can be found. */
function inOriginalFile(e: unknown, fn: object): unknown {
  if (!(e instanceof AutographError) || !e.location || e.location.file) return e;
  const at = originalLocation(fn, e.location.line, e.location.column, e.location.functionName);
  return at ? new AutographError(e.id, e.kind, e.summary, e.hint, at) : e;
}

export function toGraph<F extends AnyFn>(fn: F, opts: ToGraphOptions = {}): ConvertedFunction<F> {
  if (typeof fn !== 'function') throw agError('convert/not-a-function', { got: fn === null ? 'null' : typeof fn });
  if (originalOf(fn) || isDoNotConvert(fn)) return fn;
  const entries = cache.get(fn) ?? [];
  const hit = entries.find((e) => sameScope(e.scope, opts.scope));
  if (hit) return hit.fn as ConvertedFunction<F>;
  const name = fn.name || 'anonymous';
  let conv: ReturnType<typeof convertSource>;
  try {
    conv = convertSource(Function.prototype.toString.call(fn), name);
  } catch (e) {
    throw inOriginalFile(e, fn);
  }
  if (process.env.AG_DEBUG === '1') console.error(`// AutoGraph: converted ${name}\n${conv.code}`);
  const inner = instantiate(conv, makeRuntime(opts.scope), opts.scope, fn) as (...a: unknown[]) => unknown;
  // Errors leave with a stack in the user's terms (original positions, no internals).
  const converted = function (this: unknown, ...args: unknown[]): unknown {
    try {
      return deepStacks(() => inner.apply(this, args));
    } catch (e) {
      throw withUserStack(e);
    }
  };
  markConverted(converted, fn);
  Object.defineProperty(converted, 'name', { value: fn.name });
  Object.defineProperty(converted, 'length', { value: fn.length });
  entries.push({ scope: opts.scope, fn: converted });
  cache.set(fn, entries);
  return converted as ConvertedFunction<F>;
}

setConverter((fn, scope) => toGraph(fn as AnyFn, { scope }) as never);
