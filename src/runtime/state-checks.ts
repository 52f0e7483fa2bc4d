// Checks of the state a staged if/loop carries, worded after TF AutoGraph's messages: variables
// undefined or null in one branch, loop variables that change dtype/shape, and placeholders for
// loop variables that are undefined before a staged loop (typed by a probe trace of the body); the
// saving, copying and keeping in place of the JS arrays that staged branches and bodies change.
// Needs tfjs, the trace layer (subgraph tracing for the probe). Produces the check functions.

import { locatedError } from './located-error.js';
import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { currentGraph } from '../trace/context.js';
import { traceInto } from '../trace/subgraph.js';
import { flatten, isPlainObject } from '../trace/nest.js';
import { isTensor } from './tensors.js';
import { shapeToString } from '../ir/types.js';

// Keep in sync with src/convert/passes/control-flow.ts.
export const RETURN_VALUE_NAME = '<return value>';
export const MAYBE_RETURN_VALUE_NAME = '<return value or undefined>';
export const isReturnSlot = (name: string): boolean => name === RETURN_VALUE_NAME || name === MAYBE_RETURN_VALUE_NAME;

type Branch = 'main' | 'else';

/** Compares the outputs of the two branches of a staged if (undefined/null on one side only). */
export function checkBranchOutputs(main: readonly unknown[], other: readonly unknown[], names: readonly string[]): void {
  main.forEach((x, i) => {
    const y = other[i];
    const name = names[i] ?? `output ${i}`;
    for (const [a, b, branch] of [[x, y, 'main'], [y, x, 'else']] as [unknown, unknown, Branch][]) {
      if (a === undefined && b !== undefined) {
        if (isReturnSlot(name)) throw locatedError('convert/if-missing-return', { branch });
        throw locatedError('convert/if-undefined-in-branch', { name, branch });
      }
      if (a === null && b !== null && b !== undefined) throw locatedError('convert/if-null-in-branch', { name, branch });
    }
  });
}

const typeOf = (x: tf.Tensor): string => x.dtype;
const shapeOf = (x: tf.Tensor): string => `[${x.shape.join(',')}]`;

/**
 * After one traced iteration: tensor loop variables must keep dtype and shape (or fit their shape
 * invariant, whose null dimensions may change).
 */
export function checkLoopVars(
  before: readonly unknown[],
  after: readonly unknown[],
  names: readonly string[],
  invariants: readonly (readonly (number | null)[] | undefined)[] = [],
): void {
  before.forEach((b, i) => {
    const a = after[i];
    const name = names[i] ?? `loop variable ${i}`;
    if (!isTensor(b) || !isTensor(a)) return;
    if (typeOf(a) !== typeOf(b)) throw locatedError('convert/loop-var-dtype-changed', { name, before: typeOf(b), after: typeOf(a) });
    const inv = invariants[i];
    if (inv) {
      if (a.shape.length !== inv.length || a.shape.some((d, k) => inv[k] !== null && inv[k] !== d)) {
        throw locatedError('while/shape-invariant', { name, invariant: `[${inv.map((d) => (d === null ? 'null' : d)).join(',')}]`, got: `shape ${shapeToString(a.shape)} after one iteration` });
      }
    } else if (shapeOf(a) !== shapeOf(b)) throw locatedError('convert/loop-var-shape-changed', { name, before: shapeOf(b), after: shapeOf(a) });
  });
}

/** A value of the same structure and types as `x`, made of zeros (in the current graph). */
export function zerosLike(x: unknown): unknown {
  const flat = flatten(x);
  return flat.rebuild(
    flat.leaves.map((leaf) => {
      if (isTensor(leaf)) return tf.zeros(leaf.shape, leaf.dtype);
      if (typeof leaf === 'number') return 0;
      if (typeof leaf === 'boolean') return false;
      return leaf;
    }),
  );
}

/**
 * Replaces loop variables that are undefined before a staged loop by placeholders of the type the
 * body gives them (found by tracing the body once into a throwaway subgraph), as TF does.
 * Variables the body leaves undefined are not carried by the loop at all (`carried` lists the
 * indices that are). Returns the new initial values and the indices that were undefined.
 */
export function placeholdersForUndefined(
  init: readonly unknown[],
  names: readonly string[],
  probe: () => unknown[],
): { init: unknown[]; undefinedAt: number[]; carried: number[] } {
  const all = init.map((_, i) => i);
  const undefinedAt = init.flatMap((x, i) => (x === undefined ? [i] : []));
  init.forEach((x, i) => {
    if (x === null) throw locatedError('convert/loop-var-null', { name: names[i] ?? `loop variable ${i}` });
  });
  if (undefinedAt.length === 0) return { init: [...init], undefinedAt, carried: all };
  const parent = currentGraph();
  let after: unknown[];
  // The probe must leave no trace: JS arrays it appends to in place (`z.push(x)`) get their items back.
  const restoreArrays = saveArrays(init);
  try {
    after = parent ? traceInto('probe', parent, [], probe).result : probe();
  } catch (e) {
    // A catalogued error of the body (a nested loop, a tensor condition …) is the body's own, not
    // the undefined variable's: said as it is.
    if (e instanceof AutographError) throw e;
    const err = locatedError('convert/loop-var-undefined', { name: names[undefinedAt[0]!] ?? 'a loop variable' });
    (err as { cause?: unknown }).cause = e;
    throw err;
  } finally {
    restoreArrays();
  }
  const out = [...init];
  const stillUndefined = new Set<number>();
  for (const i of undefinedAt) {
    const v = after[i];
    if (v === undefined) stillUndefined.add(i);
    else if (v === null) throw locatedError('convert/loop-var-null', { name: names[i] ?? `loop variable ${i}` });
    else out[i] = zerosLike(v);
  }
  return {
    init: out,
    undefinedAt: undefinedAt.filter((i) => !stillUndefined.has(i)),
    carried: all.filter((i) => !stillUndefined.has(i)),
  };
}

/** The JS arrays reachable from `xs` through arrays and plain objects. */
export function arraysIn(xs: readonly unknown[]): unknown[][] {
  const out: unknown[][] = [];
  const seen = new Set<unknown>();
  const walk = (x: unknown): void => {
    if (seen.has(x)) return;
    if (Array.isArray(x)) {
      seen.add(x);
      out.push(x);
      x.forEach(walk);
    } else if (isPlainObject(x)) {
      seen.add(x);
      Object.values(x).forEach(walk);
    }
  };
  xs.forEach(walk);
  return out;
}

/**
 * Saves the items of the JS arrays reachable from `state`; the returned function puts them back
 * (code traced for a staged branch or a probe may append to them in place).
 */
export function saveArrays(state: readonly unknown[]): () => void {
  const arrays = arraysIn(state);
  const items = arrays.map((a) => a.slice());
  return () => arrays.forEach((a, i) => a.splice(0, a.length, ...items[i]!));
}

/** A copy of the arrays and plain objects of `x` (leaves shared), so later in-place changes do not reach it. */
export function copyStructure<T>(x: T): T {
  if (Array.isArray(x)) return x.map(copyStructure) as T;
  if (isPlainObject(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, copyStructure(v)])) as T;
  return x;
}

/** Whether `x` is a JS array or plain object (a container a staged statement may keep in place). */
export function isContainer(x: unknown): x is unknown[] | Record<string, unknown> {
  return Array.isArray(x) || isPlainObject(x);
}

/**
 * After a staged if or loop: a JS array or plain object that every traced path kept (changed in
 * place, if at all, rather than replaced) stays the same object, as in JS: it takes the items the
 * statement produced. Aliases see them, and an enclosing staged branch that appends to it
 * afterwards sees an in-place append. Returns what the variable holds afterwards.
 */
export function keepInPlace(original: unknown, result: unknown): unknown {
  if (Array.isArray(original) && Array.isArray(result)) {
    original.splice(0, original.length, ...result);
    return original;
  }
  if (isPlainObject(original) && isPlainObject(result)) {
    const keys = new Set(Object.keys(result));
    for (const k of Object.keys(original)) if (!keys.has(k)) delete original[k];
    Object.assign(original, result);
    return original;
  }
  return result;
}

/** `keepInPlace` for each output whose `kept` flag is set. */
export function keptInPlace(originals: readonly unknown[], results: readonly unknown[], kept: readonly boolean[]): unknown[] {
  return results.map((y, i) => (kept[i] ? keepInPlace(originals[i], y) : y));
}
