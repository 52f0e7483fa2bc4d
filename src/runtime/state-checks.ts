// Checks of the state a staged if/loop carries, worded after TF AutoGraph's messages: variables
// undefined or null in one branch, loop variables that change dtype/shape, and placeholders for
// loop variables that are undefined before a staged loop (typed by a probe trace of the body); the
// saving, copying and keeping in place of the JS arrays that staged branches and bodies change.
// Needs tfjs, the trace layer (subgraph tracing for the probe). Produces the check functions.

import { locatedError } from './located-error.js';
import * as tf from '@tensorflow/tfjs-core';
import { AutographError } from '../errors/ag-error.js';
import { currentGraph } from '../trace/context.js';
import { traceInto } from '../trace/subgraph.js';
import { flatten, isPlainObject } from '../trace/nest.js';
import { isTensor } from './tensors.js';
import { weakDType } from '../trace/leaf.js';
import { openFieldFrame } from './field-writes.js';
import { shapeToString } from '../ir/types.js';

// Keep in sync with src/convert/passes/control-flow.ts.
export const RETURN_VALUE_NAME = '<return value>';
export const MAYBE_RETURN_VALUE_NAME = '<return value or undefined>';
export const isReturnSlot = (name: string): boolean => name === RETURN_VALUE_NAME || name === MAYBE_RETURN_VALUE_NAME;

type Branch = 'main' | 'else';

/** Compares the outputs of the two branches of a staged if (undefined/null on one side only). */
export function checkBranchOutputs(
  main: readonly unknown[],
  other: readonly unknown[],
  names: readonly string[],
): void {
  main.forEach((x, i) => {
    const y = other[i];
    const name = names[i] ?? `output ${i}`;
    for (const [a, b, branch] of [
      [x, y, 'main'],
      [y, x, 'else'],
    ] as [unknown, unknown, Branch][]) {
      if (a === undefined && b !== undefined) {
        if (isReturnSlot(name)) throw locatedError('convert/if-missing-return', { branch });
        throw locatedError('convert/if-undefined-in-branch', { name, branch });
      }
      if (a === null && b !== null && b !== undefined)
        throw locatedError('convert/if-null-in-branch', { name, branch });
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
    if (typeOf(a) !== typeOf(b))
      throw locatedError('convert/loop-var-dtype-changed', { name, before: typeOf(b), after: typeOf(a) });
    const inv = invariants[i];
    if (inv) {
      if (a.shape.length !== inv.length || a.shape.some((d, k) => inv[k] !== null && inv[k] !== d)) {
        throw locatedError('while/shape-invariant', {
          name,
          invariant: `[${inv.map((d) => (d === null ? 'null' : d)).join(',')}]`,
          got: `shape ${shapeToString(a.shape)} after one iteration`,
        });
      }
    } else if (shapeOf(a) !== shapeOf(b))
      throw locatedError('convert/loop-var-shape-changed', { name, before: shapeOf(b), after: shapeOf(a) });
  });
}

const isJsScalar = (x: unknown): x is number | boolean => typeof x === 'number' || typeof x === 'boolean';

/** The state after one run of the body in a throwaway subgraph (JS scalars as symbolic values with `symbolic`). */
function runProbe(
  init: readonly unknown[],
  names: readonly string[],
  undefinedAt: readonly number[],
  probe: (state: unknown[]) => unknown[],
  parent: ReturnType<typeof currentGraph>,
  symbolic: boolean,
): unknown[] {
  // The probe must leave no trace: JS arrays it appends to in place (`z.push(x)`) get their items
  // back, and fields that methods it calls set (`this.v`) their first values.
  const restoreArrays = saveArrays(init);
  const fields = openFieldFrame();
  const scalars = symbolic ? init.flatMap((x, i) => (isJsScalar(x) ? [i] : [])) : [];
  try {
    if (!parent) return probe([...init]);
    const params = scalars.map((i) => ({ dtype: weakDType(init[i] as number | boolean), shape: [] as number[] }));
    return traceInto('probe', parent, params, (args) => {
      const state = [...init];
      scalars.forEach((i, k) => (state[i] = args[k]));
      return probe(state);
    }).result;
  } catch (e) {
    // A catalogued error of the body (a nested loop, a tensor condition …) is the body's own, not
    // the undefined variable's: said as it is.
    if (e instanceof AutographError) throw e;
    const err = locatedError('convert/loop-var-undefined', { name: names[undefinedAt[0]!] ?? 'a loop variable' });
    (err as { cause?: unknown }).cause = e;
    throw err;
  } finally {
    restoreArrays();
    fields.restore();
    fields.close();
  }
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
 * indices that are). `probe` runs the body from the given state and returns the state after it.
 * The body runs first on the values the loop starts from; a variable still undefined is probed again
 * with the JS numbers and booleans of the state as symbolic values, as the staged loop will see them
 * (`if (i > 5) return s` with `i` starting at the JS number 0 took only one path the first time).
 * Returns the new initial values and the indices that were undefined.
 */
export function placeholdersForUndefined(
  init: readonly unknown[],
  names: readonly string[],
  probe: (state: unknown[]) => unknown[],
): { init: unknown[]; undefinedAt: number[]; carried: number[] } {
  const all = init.map((_, i) => i);
  const undefinedAt = init.flatMap((x, i) => (x === undefined ? [i] : []));
  init.forEach((x, i) => {
    if (x === null) throw locatedError('convert/loop-var-null', { name: names[i] ?? `loop variable ${i}` });
  });
  if (undefinedAt.length === 0) return { init: [...init], undefinedAt, carried: all };
  const parent = currentGraph();
  const after = runProbe(init, names, undefinedAt, probe, parent, false);
  if (parent && undefinedAt.some((i) => after[i] === undefined) && init.some(isJsScalar)) {
    let again: unknown[] = [];
    try {
      again = runProbe(init, names, undefinedAt, probe, parent, true);
    } catch {
      // What the body cannot do on symbolic values, the loop itself will say; the first probe stands.
    }
    for (const i of undefinedAt) {
      // A scalar first set from the symbolic stand-ins starts as a JS zero: the loop types it (weakly) itself.
      const v = again[i];
      if (after[i] === undefined && v !== undefined)
        after[i] = isTensor(v) && v.rank === 0 && v.dtype !== 'string' ? (v.dtype === 'bool' ? false : 0) : v;
    }
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

/** The JS arrays and the plain objects reachable from `xs` through arrays and plain objects. */
function containersIn(xs: readonly unknown[]): { arrays: unknown[][]; objects: Record<string, unknown>[] } {
  const arrays: unknown[][] = [];
  const objects: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  const walk = (x: unknown): void => {
    if (seen.has(x)) return;
    if (Array.isArray(x)) {
      seen.add(x);
      arrays.push(x);
      x.forEach(walk);
    } else if (isPlainObject(x)) {
      seen.add(x);
      objects.push(x);
      Object.values(x).forEach(walk);
    }
  };
  xs.forEach(walk);
  return { arrays, objects };
}

/**
 * Saves the items of the JS arrays and the fields of the plain objects reachable from `state`; the
 * returned function puts them back (code traced for a staged branch or a probe may append to them
 * or set their fields in place: `s.q = v; s = {…}` in one branch must leave `s`'s first object as
 * it was for the other).
 */
export function saveArrays(state: readonly unknown[]): () => void {
  const { arrays, objects } = containersIn(state);
  const items = arrays.map((a) => a.slice());
  const fields = objects.map((o) => Object.entries(o));
  return () => {
    arrays.forEach((a, i) => a.splice(0, a.length, ...items[i]!));
    objects.forEach((o, i) => {
      const before = fields[i]!;
      const keep = new Set(before.map(([k]) => k));
      for (const k of Object.keys(o)) if (!keep.has(k)) delete o[k];
      for (const [k, v] of before) if (o[k] !== v) o[k] = v;
    });
  };
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

/** What `ag__.field` reads for an accessor property: a staged construct refuses it as state. */
class AccessorState {}
const ACCESSOR = new AccessorState();

/**
 * `ag__.field(obj, key)`: how a construct's state getter reads a composite (`o.value`, `this.v`):
 * the value, or for a getter/setter a marker that a staged construct refuses (`checkNoAccessors`);
 * plain JS paths never look at it.
 */
export function field(obj: unknown, key: string): unknown {
  for (
    let o: unknown = obj;
    o !== null && (typeof o === 'object' || typeof o === 'function');
    o = Object.getPrototypeOf(o)
  ) {
    const d = Object.getOwnPropertyDescriptor(o, key);
    if (!d) continue;
    return d.get || d.set ? ACCESSOR : (obj as Record<string, unknown>)[key];
  }
  return (obj as Record<string, unknown> | undefined)?.[key];
}

/** A staged construct's state must not hold an accessor (see `field`): the catalogued error names it. */
export function checkNoAccessors(state: readonly unknown[], names: readonly string[]): void {
  const i = state.indexOf(ACCESSOR);
  if (i >= 0) throw locatedError('convert/accessor-in-staged', { name: names[i] ?? `state ${i}` });
}

/**
 * `ag__.intoContainer(o, v)`: what a staged construct's state setter does for a const container
 * written through its elements (`const o = {}; … o[k] = v`): the binding cannot change, so the
 * container takes the items or fields of the value the construct produced.
 */
export function intoContainer(original: unknown, result: unknown): void {
  if (original !== result) keepInPlace(original, result);
}

/** `keepInPlace` for each output whose `kept` flag is set. */
export function keptInPlace(
  originals: readonly unknown[],
  results: readonly unknown[],
  kept: readonly boolean[],
): unknown[] {
  return results.map((y, i) => (kept[i] ? keepInPlace(originals[i], y) : y));
}
