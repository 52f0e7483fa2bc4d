// Fields that calls write while a staged if or loop is traced: a method that sets `this.v`, a
// helper that sets `state.n` of its argument. The construct cannot see those writes in its own
// source, so each staged construct opens a frame; convertedCall reports what the function it calls
// writes (read from the function's text by the converter's outer-writes analysis); a construct
// that finds new fields traces again with them as state (GET reads `obj.v`, SET writes it back).
// Needs the converter registry (none in a bundle without it: nothing is reported), trace/context.
// Produces `openFieldFrame`, `fieldArrow`, `fieldsBefore`, `noteFields`, `fieldFramesOpen`, `newFields`, `withFields`, `FieldSlot`, `RetryFields`.

import { installedConverter } from '../convert/registry.js';
import { currentGraph, isSymbolic, symbolicValue } from '../trace/context.js';
import type { Graph } from '../ir/graph.js';

/** A field of an object that a staged construct carries: `obj[path[0]][path[1]]…`. */
export interface FieldSlot {
  readonly obj: object;
  readonly path: readonly string[];
  /** How messages and graphs name it: `this.v (add)`. */
  readonly name: string;
  /** Its value before the first call that wrote it (put back before the construct is traced again). */
  readonly before?: unknown;
}

/** The fields reported while one construct is traced, and the graph the construct is made in. */
export interface FieldFrame {
  readonly slots: FieldSlot[];
  readonly graph: Graph | undefined;
}

/** A field a call is about to write, with its value before the call. */
interface Pending {
  readonly slot: FieldSlot;
  readonly before: unknown;
}

const frames: FieldFrame[] = [];
interface Writes {
  readonly thisPaths: readonly (readonly string[])[];
  readonly lexicalThis?: boolean;
  readonly paramPaths: readonly (readonly [number, readonly string[]])[];
}
/** Per function: the paths it writes (analysed once per function object). */
const writesOf = new WeakMap<object, Writes>();

/**
 * Thrown out of a traced branch or body when calls wrote fields the construct does not carry yet;
 * the fields hold what the abandoned trace wrote until `restore()` puts their first values back.
 */
export class RetryFields {
  constructor(readonly slots: readonly FieldSlot[]) {}

  restore(): void {
    for (const s of this.slots) write(s, s.before);
  }
}

/**
 * Opens a frame for a staged construct being traced; `close()` when its tracing ends; `restore()`
 * puts back what the fields reported to it held first (after a throwaway trace, a probe).
 */
export function openFieldFrame(): FieldFrame & { close(): void; restore(): void } {
  const frame: FieldFrame = { slots: [], graph: currentGraph() };
  frames.push(frame);
  return {
    slots: frame.slots,
    graph: frame.graph,
    close() {
      const i = frames.lastIndexOf(frame);
      if (i >= 0) frames.splice(i, 1);
    },
    restore() {
      for (const s of frame.slots) write(s, s.before);
    },
  };
}

/** Arrows held by class fields of converted code, with the instance they closed over. */
const owners = new WeakMap<object, object>();

/** `ag__.fieldArrow(this, fn)`: a class field's arrow, recorded with its instance; returns `fn`. */
export function fieldArrow<F extends object>(owner: object, fn: F): F {
  owners.set(fn, owner);
  return fn;
}

const isObject = (x: unknown): x is object => (typeof x === 'object' && x !== null) || typeof x === 'function';
const sameSlot = (a: FieldSlot, b: FieldSlot): boolean =>
  a.obj === b.obj && a.path.length === b.path.length && a.path.every((p, i) => p === b.path[i]);

/** Whether a staged construct is being traced (calls then report their field writes). */
export function fieldFramesOpen(): boolean {
  return frames.length > 0;
}

/**
 * Before converted code calls the user's function `f` (with `thisArg`, `args`) inside a traced
 * construct: the fields it may write, with their values now; `noteFields` reports them after the call.
 */
export function fieldsBefore(f: object, thisArg: unknown, args: readonly unknown[]): Pending[] | undefined {
  if (frames.length === 0) return undefined;
  let w = writesOf.get(f);
  if (!w) {
    const conv = installedConverter();
    w = conv ? conv.fieldWritesOf(Function.prototype.toString.call(f)) : { thisPaths: [], paramPaths: [] };
    writesOf.set(f, w);
  }
  if (w.thisPaths.length === 0 && w.paramPaths.length === 0) return undefined;
  const name = (f as { name?: string }).name || 'anonymous';
  const found: FieldSlot[] = [];
  // An arrow's `this` is the one it closed over: for an arrow held by a field of the receiver (a class
  // field `step = (d) => { this.n += d; }`, called as `obj.step(d)`), the receiver.
  const self = w.lexicalThis
    ? (owners.get(f) ?? (isObject(thisArg) && Object.values(thisArg).includes(f) ? thisArg : undefined))
    : thisArg;
  if (isObject(self))
    for (const path of w.thisPaths) found.push({ obj: self, path, name: `this.${path.join('.')} (${name})` });
  for (const [i, path] of w.paramPaths) {
    const o = args[i];
    if (isObject(o)) found.push({ obj: o, path, name: `${path.join('.')} of argument ${i + 1} (${name})` });
  }
  return found.map((slot) => ({ slot, before: read(slot) }));
}

/**
 * Reports the fields of `pending` to every open frame whose construct can carry them: a field whose
 * value before the call was a tensor of a graph the construct is not inside (an object a branch
 * made) is the branch's own.
 */
export function noteFields(pending: readonly Pending[] | undefined): void {
  if (!pending) return;
  for (const frame of frames) {
    for (const { slot, before } of pending) {
      if (!visibleIn(before, frame.graph) || frame.slots.some((x) => sameSlot(x, slot))) continue;
      frame.slots.push({ ...slot, before });
    }
  }
}

function visibleIn(v: unknown, graph: Graph | undefined): boolean {
  if (!isSymbolic(v)) return true;
  const g = symbolicValue(v)?.graph;
  for (let c: Graph | null | undefined = graph; c; c = c.parent) if (c === g) return true;
  return false;
}

/** The fields of `frame` a construct carrying `known` does not carry yet. */
export function newFields(frame: FieldFrame, known: readonly FieldSlot[]): FieldSlot[] {
  return frame.slots.filter((s) => !known.some((k) => sameSlot(k, s)));
}

function read(s: FieldSlot): unknown {
  let x: unknown = s.obj;
  for (const p of s.path) x = isObject(x) ? (x as Record<string, unknown>)[p] : undefined;
  return x;
}

function write(s: FieldSlot, v: unknown): void {
  let x: unknown = s.obj;
  for (const p of s.path.slice(0, -1)) x = isObject(x) ? (x as Record<string, unknown>)[p] : undefined;
  if (isObject(x)) (x as Record<string, unknown>)[s.path[s.path.length - 1]!] = v;
}

/**
 * The state of a construct with `fields` added as outputs after its first `nouts` entries: the
 * getter, setter, names and number of outputs to trace it with.
 */
export function withFields(
  getState: () => unknown[],
  setState: (vars: unknown[]) => void,
  names: readonly string[],
  nouts: number,
  fields: readonly FieldSlot[],
): [() => unknown[], (vars: unknown[]) => void, string[], number] {
  if (fields.length === 0) return [getState, setState, [...names], nouts];
  const k = fields.length;
  return [
    () => {
      const s = getState();
      return [...s.slice(0, nouts), ...fields.map(read), ...s.slice(nouts)];
    },
    (vars) => {
      setState([...vars.slice(0, nouts), ...vars.slice(nouts + k)]);
      fields.forEach((f, i) => write(f, vars[nouts + i]));
    },
    [...names.slice(0, nouts), ...fields.map((f) => f.name), ...names.slice(nouts)],
    nouts + k,
  ];
}
