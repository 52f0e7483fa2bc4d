// What the converted loops (while-stmt.ts, for-stmt.ts) share: their options (`LoopOptions`,
// checked, and shape invariants matched to the loop variables by the identity of their values), the
// view of the state that keeps only the carried loop variables, the retry that makes the fields
// that methods called in a body write (field-writes.ts) loop variables too, and the names of the
// break/return flags among the state. Needs state-checks, field-writes. Produces `LoopOptions`,
// `checkLoopOptions`, `invariantsOf`, `carriedView`, `withFieldRetry`, `JUMP_FLAG`,
// `isReturnFlag`, `GetState`, `SetState`.

import { locatedError } from './located-error.js';
import { agError } from '../errors/catalogue.js';
import { isReturnSlot } from './state-checks.js';
import { newFields, openFieldFrame, RetryFields, withFields, type FieldSlot } from './field-writes.js';

export interface LoopOptions {
  readonly maximumIterations?: number;
  /** `[value, shape]` pairs: the loop variable holding `value` keeps `shape` (null: any size). */
  readonly shapeInvariants?: readonly (readonly [unknown, readonly (number | null)[]])[];
}

type Invariant = readonly (number | null)[] | undefined;

/** Checks loop options (of setLoopOptions, and as a staged loop receives them). */
export function checkLoopOptions(opts: LoopOptions): void {
  const max = opts?.maximumIterations;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0))
    throw agError('while/max-iterations', { value: String(max) });
  const inv = opts?.shapeInvariants;
  if (inv === undefined) return;
  const dim = (d: unknown): boolean => d === null || (Number.isInteger(d) && (d as number) >= 0);
  const good =
    Array.isArray(inv) &&
    inv.every((p) => Array.isArray(p) && p.length === 2 && Array.isArray(p[1]) && (p[1] as unknown[]).every(dim));
  if (!good) throw agError('api/bad-shape-invariants', { got: describeOption(inv) });
}

function describeOption(x: unknown): string {
  try {
    return (
      JSON.stringify(x, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? '<value>' : v)) ??
      String(x)
    );
  } catch {
    return String(x);
  }
}

/** The shape invariant of each loop variable, found by the identity of its value before the loop. */
export function invariantsOf(opts: LoopOptions, state: readonly unknown[], names: readonly string[]): Invariant[] {
  checkLoopOptions(opts);
  const out: Invariant[] = state.map(() => undefined);
  for (const [value, shape] of opts.shapeInvariants ?? []) {
    let found = false;
    state.forEach((v, i) => {
      if (v !== undefined && v === value) {
        out[i] = shape;
        found = true;
      }
    });
    if (!found)
      throw locatedError('convert/shape-invariant-not-loop-var', { names: names.filter((n) => !isReturnSlot(n)) });
  }
  return out;
}

export type GetState = () => unknown[];
export type SetState = (vars: unknown[]) => void;

/** The loop variables among the state: only the `carried` indices (the others stay as they are). */
export function carriedView(carried: number[], start: unknown[], getState: GetState, setState: SetState) {
  if (carried.length === start.length) return { get: getState, set: setState, pick: <T>(xs: readonly T[]) => [...xs] };
  return {
    get: () => {
      const s = getState();
      return carried.map((i) => s[i]);
    },
    set: (vars: unknown[]) => {
      const full = [...start];
      carried.forEach((i, k) => (full[i] = vars[k]));
      setState(full);
    },
    pick: <T>(xs: readonly T[]) => carried.map((i) => xs[i]!),
  };
}

/**
 * Runs a staged loop with the fields that methods called in its body write (field-writes.ts) as
 * loop variables too: `run` gets the state with those fields and a check to call after each traced
 * body, which throws to trace the loop again when calls wrote fields it does not carry yet.
 */
export function withFieldRetry(
  getState: GetState,
  setState: SetState,
  names: readonly string[],
  run: (get: GetState, set: SetState, names: readonly string[], afterBody: () => void) => void,
): void {
  const fields: FieldSlot[] = [];
  for (;;) {
    const frame = openFieldFrame();
    const [get, set, allNames] = withFields(getState, setState, names, names.length, fields);
    try {
      return run(get, set, allNames, () => {
        const more = newFields(frame, fields);
        if (more.length) throw new RetryFields(more);
      });
    } catch (e) {
      if (!(e instanceof RetryFields)) throw e;
      e.restore();
      fields.push(...e.slots);
    } finally {
      frame.close();
    }
  }
}

/** The flags of lowered `break` and `return` statements among the loop's state (named as the converter shows them). */
export const JUMP_FLAG = /^(break|return)$|^(break_|do_return)(_\d+)?$/;
export const isReturnFlag = (name: string): boolean => name === 'return' || name.startsWith('do_return');
