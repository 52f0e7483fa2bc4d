// Which functions `convertedCall` calls as they are: tfjs functions and methods (found by walking
// the tfjs namespace and the prototypes of its classes), native functions (and bound ones whose
// target is), classes,
// doNotConvert-marked and already converted functions (marked, or made by converted code: their
// source names the reserved `ag__`), jit functions. Needs tfjs.
// Produces `isLeftAlone`.

import * as tf from '@tensorflow/tfjs-core';
import { isDoNotConvert, originalOf } from './do-not-convert.js';
import * as controlFlow from '../trace/control-flow.js';
import * as effects from '../trace/effects.js';
import * as tensorList from '../trace/tensor-list.js';
import { range } from './ranges.js';
import { tracingAssign } from '../trace/variables.js';
import { isBoundFunction, unbind } from './bound-functions.js';
import type { UserFunction } from '../platform/functions.js';

let known: WeakSet<object> | undefined;
/** Function.prototype.toString as it was at load (a test may replace the global Function). */
const sourceOf = Function.prototype.toString;

function addPrototype(set: WeakSet<object>, ctor: unknown): void {
  for (let p = (ctor as { prototype?: object }).prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      const d = Object.getOwnPropertyDescriptor(p, k);
      if (d && typeof d.value === 'function') set.add(d.value);
    }
  }
}

function tfFunctions(): WeakSet<object> {
  if (known) return known;
  const set = new WeakSet<object>();
  const seen = new Set<unknown>();
  const visit = (ns: unknown, depth: number): void => {
    if (!ns || (typeof ns !== 'object' && typeof ns !== 'function') || seen.has(ns) || depth > 2) return;
    seen.add(ns);
    for (const k of Object.keys(ns as object)) {
      let v: unknown;
      try {
        v = (ns as Record<string, unknown>)[k];
      } catch {
        continue;
      }
      if (typeof v === 'function') {
        set.add(v);
        addPrototype(set, v);
      } else if (v && typeof v === 'object') visit(v, depth + 1);
    }
  };
  visit(tf, 0);
  // This library's own functions (cond, whileLoop, print, assert, setElementType, stack, …).
  for (const ns of [controlFlow, effects, tensorList])
    for (const v of Object.values(ns)) if (typeof v === 'function') set.add(v);
  set.add(range);
  // Variable.assign as it is while tracing (installed after the tfjs prototypes were read).
  set.add(tracingAssign);
  // Methods of staged lists (`list.push(x)` in converted code is a method call on a TensorList).
  addPrototype(set, tensorList.TensorList);
  addPrototype(set, tf.Tensor);
  addPrototype(set, tf.Variable);
  // The engine (`tf.engine().runKernel(…)`), whose class tfjs does not export.
  addPrototype(set, tf.engine().constructor);
  known = set;
  return set;
}

/** True when `fn` must be called unconverted. */
export function isLeftAlone(fn: UserFunction): boolean {
  if (isDoNotConvert(fn) || originalOf(fn)) return true;
  if (tfFunctions().has(fn)) return true;
  if ('getConcreteFunction' in fn) return true; // a jit function
  // A bound function is converted through its target, when the target can be read and converted.
  const bound = isBoundFunction(fn) ? unbind(fn) : undefined;
  if (bound) return isLeftAlone(bound.target);
  const src = sourceOf.call(fn);
  return /^class[\s{]/.test(src) || /\{\s*\[native code\]\s*\}\s*$/.test(src) || isGenerated(src);
}

/**
 * Source of converted code: it calls the runtime `ag__.…`, which user code may not (the converter
 * refuses it), so a function with it was made by converted code (a nested function of a converted
 * function, a helper converted in place) and is already converted.
 */
export function isGenerated(src: string): boolean {
  // (A bundler may reach it as a module's export: `__vite_ssr_import_1__.ag__.ifStmt`.)
  const at = /(?:^|[^\w$])ag__\s*\.\s*[A-Za-z_$]/;
  // A user's string or comment may spell `ag__.x`: only code counts.
  return at.test(src) && at.test(codeOnly(src));
}

/** `src` with its string literals, template texts and comments blanked (a scanner, not a parser). */
function codeOnly(src: string): string {
  let out = '';
  for (let i = 0; i < src.length;) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
      i++;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
