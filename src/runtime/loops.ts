// `ag__.whileStmt` and `ag__.forStmt`: loops whose condition or iterable may be a tensor. Staged
// (a While node carrying the modified symbols as loop variables) only when the condition/iterable
// is a tensor while tracing; otherwise a JS loop at trace time (loops over JS arrays unroll).
// for…of over a tensor iterates its first dimension. Needs trace/control-flow `whileLoop`,
// state-checks, operators, ranges. Produces `whileStmt`, `forStmt`, `LoopOptions`.

import { locatedError } from './located-error.js';
import * as tf from '@tensorflow/tfjs-core';
import { whileLoop } from '../trace/control-flow.js';
import { agError } from '../errors/catalogue.js';
import { isSymbolic, isTensor, isTracing, toBoolAny, truthy } from './tensors.js';
import {
  checkLoopVars,
  checkNoAccessors,
  isContainer,
  isReturnSlot,
  keptInPlace,
  placeholdersForUndefined,
} from './state-checks.js';
import { hasStagedAssert, stagedAssert } from './staged-assert.js';
import { add, gt, lt } from './operators.js';
import { shapeToString } from '../ir/types.js';
import { parseSite, type SourceSite } from '../ir/graph.js';
import { newFields, openFieldFrame, RetryFields, withFields, type FieldSlot } from './field-writes.js';
import { TensorRange } from './ranges.js';

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
function invariantsOf(opts: LoopOptions, state: readonly unknown[], names: readonly string[]): Invariant[] {
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

type GetState = () => unknown[];
type SetState = (vars: unknown[]) => void;

/** The loop variables among the state: only the `carried` indices (the others stay as they are). */
function carriedView(carried: number[], start: unknown[], getState: GetState, setState: SetState) {
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

function stagedWhile(
  test: () => unknown,
  body: () => void,
  getState: GetState,
  setState: SetState,
  names: readonly string[],
  opts: LoopOptions,
  site: SourceSite | undefined,
  afterBody: () => void,
): void {
  const allNames = names;
  const symbolNames = (i: number): string => allNames[i]!;
  const restore = setState;
  const start = getState();
  checkNoAccessors(start, names);
  const invariants = invariantsOf(opts, start, names);
  const probe = placeholdersForUndefined(start, names, (state) => {
    setState(state);
    body();
    return getState();
  });
  const { undefinedAt } = probe;
  const view = carriedView(probe.carried, start, getState, setState);
  getState = view.get;
  setState = view.set;
  names = view.pick(names);
  const shapes = view.pick(invariants);
  const init = view.pick(probe.init);
  // A user variable first assigned in the loop is only defined if the loop runs at least once
  // (the return slot needs no check: it is read only when the do_return flag is set).
  const mustIterate = undefinedAt.filter((i) => !isReturnSlot(symbolNames(i))).map(symbolNames);
  if (mustIterate.length && !hasStagedAssert())
    throw locatedError('convert/loop-var-undefined', { name: mustIterate[0]! });
  const counted = mustIterate.length > 0;
  // Per loop variable: did the last traced body keep the JS array or object it received?
  let kept: boolean[] = [];
  let out: unknown[];
  try {
    out = whileLoop(
      (...vars: unknown[]) => {
        setState(counted ? vars.slice(1) : vars);
        return toBoolAny(test());
      },
      (...vars: unknown[]) => {
        const state = counted ? vars.slice(1) : vars;
        setState(state);
        body();
        afterBody();
        const next = getState();
        kept = next.map((x, i) => isContainer(x) && x === state[i]);
        checkLoopVars(state, next, names, shapes);
        return counted ? [tf.add(vars[0] as tf.Tensor, tf.scalar(1, 'int32')), ...next] : next;
      },
      counted ? [tf.scalar(0, 'int32'), ...init] : init,
      {
        names: counted ? ['trip_count', ...names] : names,
        maximumIterations: opts.maximumIterations,
        site,
        shapeInvariants: counted ? [undefined, ...shapes] : shapes,
      },
    );
  } catch (e) {
    restore(start);
    throw e;
  }
  if (counted) {
    const n = out[0] as tf.Tensor;
    // The run-time failure carries the catalogue's wording (its id is the trace layer's assert id).
    stagedAssert(
      tf.greater(n, tf.scalar(0, 'int32')),
      locatedError('convert/loop-must-iterate', { name: mustIterate[0]! }).summary,
      {
        id: 'convert/loop-must-iterate',
        params: { name: mustIterate[0]! },
      },
    );
    out = out.slice(1);
  }
  setState(keptInPlace(init, out, kept));
}

/**
 * Runs a staged loop with the fields that methods called in its body write (field-writes.ts) as
 * loop variables too: `run` gets the state with those fields and a check to call after each traced
 * body, which throws to trace the loop again when calls wrote fields it does not carry yet.
 */
function withFieldRetry(
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

/** `statement: 'for'` marks the loop of a C-style `for` statement (for the messages). */
export function whileStmt(
  test: () => unknown,
  body: () => void,
  getState: GetState,
  setState: SetState,
  symbolNames: readonly string[],
  opts: LoopOptions & { readonly statement?: 'for' } = {},
  site?: string,
): void {
  let c = test();
  const loop = opts.statement === 'for' ? 'for loop' : 'while loop';
  if (isTracing() && isTensor(c)) {
    // Said before staging: a `break` in the body would otherwise first show as an if whose branches differ.
    if (c.size !== 1) throw locatedError('while/cond-not-scalar', { shape: shapeToString(c.shape) });
    return withFieldRetry(getState, setState, symbolNames, (get, set, names, afterBody) =>
      stagedWhile(test, body, get, set, names, opts, parseSite(site), afterBody),
    );
  }
  const max = opts.maximumIterations ?? Infinity;
  for (let i = 0; i < max && truthy(c, `a ${loop}`); i++) {
    const before = isTracing() ? getState() : undefined;
    body();
    c = test();
    if (before && isSymbolic(c)) throw becameTensor(before, getState(), symbolNames, loop);
  }
}

/** The flags of lowered `break` and `return` statements among the loop's state (named as the converter shows them). */
const JUMP_FLAG = /^(break|return)$|^(break_|do_return)(_\d+)?$/;
const isReturnFlag = (name: string): boolean => name === 'return' || name.startsWith('do_return');

/**
 * The error for a JS loop whose condition became a tensor while tracing: a `break`/`return` that
 * depends on a tensor (its flag became one), or a variable of the condition that became one.
 */
function becameTensor(
  before: readonly unknown[],
  after: readonly unknown[],
  names: readonly string[],
  loop: JsLoop,
): Error {
  const changed = names.filter((_, i) => !isTensor(before[i]) && isTensor(after[i]));
  const jump = changed.find((n) => JUMP_FLAG.test(n));
  if (jump)
    return locatedError('convert/js-loop-tensor-break', { jump: isReturnFlag(jump) ? 'return' : 'break', loop });
  const name = changed.find((n) => !isReturnSlot(n));
  return locatedError('convert/while-cond-became-tensor', { loop: loop as 'for loop' | 'while loop', name });
}

type JsLoop = 'for loop' | 'while loop' | 'for…of loop';

/**
 * The extra test of a JS for…of loop after a body: true to go on, false to stop, or the error to
 * throw if another element comes (a break or return that depends on a tensor: harmless after the
 * last element, which JS's iteration protocol tells only by calling next()).
 */
function jsExtraTest(extraTest: (() => unknown) | null, getState: GetState, names: readonly string[]): boolean | Error {
  if (!extraTest) return true;
  const before = isTracing() ? getState() : undefined;
  const e = extraTest();
  if (before && isSymbolic(e)) {
    // The flags were set by the previous iteration: find which one is a tensor now.
    const jump = names.find((n, i) => JUMP_FLAG.test(n) && isTensor(before[i]));
    return locatedError('convert/js-loop-tensor-break', {
      jump: jump && isReturnFlag(jump) ? 'return' : 'break',
      loop: 'for…of loop',
    });
  }
  return truthy(e, 'a loop condition');
}

interface Counter {
  readonly first: unknown;
  more(i: unknown): unknown;
  element(i: unknown): unknown;
  next(i: unknown): unknown;
  /** Statically known to run zero times. */
  readonly empty: boolean;
}

function stagedCounted(
  c: Counter,
  extraTest: (() => unknown) | null,
  body: (x: unknown) => void,
  getState: GetState,
  setState: SetState,
  names: readonly string[],
  opts: LoopOptions,
  site: SourceSite | undefined,
  afterBody: () => void,
): void {
  const start = getState();
  checkNoAccessors(start, names);
  const undefinedNames = start.flatMap((x, i) => (x === undefined && !isReturnSlot(names[i]!) ? [names[i]!] : []));
  if (c.empty && undefinedNames.length) throw locatedError('convert/loop-must-iterate', { name: undefinedNames[0]! });
  const probe = placeholdersForUndefined(start, names, (state) => {
    setState(state);
    body(c.element(c.first));
    return getState();
  });
  const allNames = names;
  const invariants = invariantsOf(opts, start, names);
  const restore = setState;
  const view = carriedView(probe.carried, start, getState, setState);
  getState = view.get;
  setState = view.set;
  names = view.pick(names);
  const shapes = view.pick(invariants);
  const init = view.pick(probe.init);
  // As in a while loop: a variable first assigned in the body is defined only if the loop runs.
  const mustIterate = probe.undefinedAt.map((i) => allNames[i]!).filter((n) => !isReturnSlot(n));
  const counted = mustIterate.length > 0;
  const skip = counted ? 2 : 1;
  // Per loop variable: did the last traced body keep the JS array or object it received?
  let kept: boolean[] = [];
  let out: unknown[];
  try {
    out = whileLoop(
      (i: unknown, ...vars: unknown[]) => {
        setState(vars.slice(skip - 1));
        const more = c.more(i);
        if (!extraTest) return more;
        const e = toBoolAny(extraTest());
        if (!isTensor(e)) return e ? more : false;
        return isTensor(more) ? tf.logicalAnd(more, e) : more ? e : false;
      },
      (i: unknown, ...vars: unknown[]) => {
        const state = vars.slice(skip - 1);
        setState(state);
        body(c.element(i));
        afterBody();
        const next = getState();
        kept = next.map((x, i) => isContainer(x) && x === state[i]);
        checkLoopVars(state, next, names, shapes);
        return counted
          ? [c.next(i), tf.add(vars[0] as tf.Tensor, tf.scalar(1, 'int32')), ...next]
          : [c.next(i), ...next];
      },
      counted ? [c.first, tf.scalar(0, 'int32'), ...init] : [c.first, ...init],
      {
        names: ['index', ...(counted ? ['trip_count'] : []), ...names],
        maximumIterations: opts.maximumIterations,
        site,
        shapeInvariants: [undefined, ...(counted ? [undefined] : []), ...shapes],
      },
    );
  } catch (e) {
    restore(start);
    throw e;
  }
  if (counted) {
    stagedAssert(
      tf.greater(out[1] as tf.Tensor, tf.scalar(0, 'int32')),
      locatedError('convert/loop-must-iterate', { name: mustIterate[0]! }).summary,
      {
        id: 'convert/loop-must-iterate',
        params: { name: mustIterate[0]! },
      },
    );
  }
  setState(keptInPlace(init, out.slice(skip), kept));
}

function tensorCounter(iter: tf.Tensor): Counter {
  if (iter.rank === 0)
    throw locatedError('convert/unsupported-syntax', {
      construct: 'for...of over a scalar tensor',
      instead: 'iterate over a tensor with at least one dimension',
    });
  const n = iter.shape[0]!;
  return {
    first: tf.scalar(0, 'int32'),
    more: (i) => lt(i, n),
    element: (i) => tf.gather(iter, i as tf.Tensor),
    next: (i) => tf.add(i as tf.Tensor, tf.scalar(1, 'int32')),
    empty: n === 0,
  };
}

function rangeCounter(r: TensorRange): Counter {
  const down = typeof r.step === 'number' && r.step < 0;
  const { dtype } = r;
  return {
    first: r.start,
    more: (i) => (down ? gt(i, r.stop) : lt(i, r.stop)),
    element: (i) =>
      dtype && !(isTensor(i) && i.dtype === dtype) ? tf.cast(isTensor(i) ? i : tf.scalar(i as number), dtype) : i,
    next: (i) => add(i, r.step),
    empty: false,
  };
}

export function forStmt(
  iter: unknown,
  extraTest: (() => unknown) | null,
  body: (x: unknown) => void,
  getState: GetState,
  setState: SetState,
  symbolNames: readonly string[],
  opts: LoopOptions = {},
  site?: string,
): void {
  const staged = (c: Counter): void =>
    withFieldRetry(getState, setState, symbolNames, (get, set, names, afterBody) =>
      stagedCounted(c, extraTest, body, get, set, names, opts, parseSite(site), afterBody),
    );
  if (iter instanceof TensorRange) return staged(rangeCounter(iter));
  if (isTensor(iter)) {
    if (isTracing()) return staged(tensorCounter(iter));
    iter = tf.unstack(iter);
  }
  const max = opts.maximumIterations ?? Infinity;
  let go = max > 0 ? jsExtraTest(extraTest, getState, symbolNames) : false;
  if (go !== true) {
    if (go instanceof Error) throw go;
    return;
  }
  // The flags of a break or return are tested right after the body that set them: as in JS, the
  // iterator is then closed (return()) without another next().
  let count = 0;
  for (const x of iter as Iterable<unknown>) {
    if (go instanceof Error) throw go;
    body(x);
    go = ++count >= max ? false : jsExtraTest(extraTest, getState, symbolNames);
    if (go === false) break;
  }
}
