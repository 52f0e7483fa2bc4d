// `ag__.whileStmt` and `ag__.forStmt`: loops whose condition or iterable may be a tensor. Staged
// (a While node carrying the modified symbols as loop variables) only when the condition/iterable
// is a tensor while tracing; otherwise a JS loop at trace time (loops over JS arrays unroll).
// for…of over a tensor iterates its first dimension. Needs trace/control-flow `whileLoop`,
// state-checks, operators. Produces `whileStmt`, `forStmt`, `LoopOptions`.

import * as tf from '@tensorflow/tfjs';
import { whileLoop } from '../trace/control-flow.js';
import { agError } from '../errors/catalogue.js';
import { isSymbolic, isTensor, isTracing, toBoolAny, truthy } from './tensors.js';
import { checkLoopVars, isReturnSlot, placeholdersForUndefined } from './state-checks.js';
import { hasStagedAssert, stagedAssert } from './staged-assert.js';
import { lt } from './operators.js';

export interface LoopOptions {
  readonly maximumIterations?: number;
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
): void {
  const allNames = names;
  const symbolNames = (i: number): string => allNames[i]!;
  const restore = setState;
  const start = getState();
  const probe = placeholdersForUndefined(start, names, () => {
    setState(start);
    body();
    return getState();
  });
  const { undefinedAt } = probe;
  const view = carriedView(probe.carried, start, getState, setState);
  getState = view.get;
  setState = view.set;
  names = view.pick(names);
  const init = view.pick(probe.init);
  // A user variable first assigned in the loop is only defined if the loop runs at least once
  // (the return slot needs no check: it is read only when the do_return flag is set).
  const mustIterate = undefinedAt.filter((i) => !isReturnSlot(symbolNames(i))).map(symbolNames);
  if (mustIterate.length && !hasStagedAssert()) throw agError('convert/loop-var-undefined', { name: mustIterate[0]! });
  const counted = mustIterate.length > 0;
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
        const next = getState();
        checkLoopVars(state, next, names);
        return counted ? [tf.add(vars[0] as tf.Tensor, tf.scalar(1, 'int32')), ...next] : next;
      },
      counted ? [tf.scalar(0, 'int32'), ...init] : init,
      { names: counted ? ['iterations', ...names] : names, maximumIterations: opts.maximumIterations },
    );
  } catch (e) {
    restore(start);
    throw e;
  }
  if (counted) {
    const n = out[0] as tf.Tensor;
    stagedAssert(tf.greater(n, tf.scalar(0, 'int32')), () => agError('convert/loop-must-iterate', { name: mustIterate[0]! }));
    out = out.slice(1);
  }
  setState(out);
}

export function whileStmt(
  test: () => unknown,
  body: () => void,
  getState: GetState,
  setState: SetState,
  symbolNames: readonly string[],
  opts: LoopOptions = {},
): void {
  let c = test();
  if (isTracing() && isTensor(c)) return stagedWhile(test, body, getState, setState, symbolNames, opts);
  const max = opts.maximumIterations ?? Infinity;
  for (let i = 0; i < max && truthy(c, 'a while loop'); i++) {
    body();
    c = test();
    if (isTracing() && isSymbolic(c)) throw agError('convert/while-cond-became-tensor', {});
  }
}

function jsExtraTest(extraTest: (() => unknown) | null): boolean {
  if (!extraTest) return true;
  const e = extraTest();
  if (isTracing() && isSymbolic(e)) throw agError('convert/js-loop-tensor-break', {});
  return truthy(e, 'a loop condition');
}

function stagedForTensor(
  iter: tf.Tensor,
  extraTest: (() => unknown) | null,
  body: (x: unknown) => void,
  getState: GetState,
  setState: SetState,
  names: readonly string[],
  opts: LoopOptions,
): void {
  if (iter.rank === 0) throw agError('convert/unsupported-syntax', { construct: 'for...of over a scalar tensor', instead: 'iterate over a tensor with at least one dimension' });
  const n = iter.shape[0]!;
  const start = getState();
  const undefinedNames = start.flatMap((x, i) => (x === undefined ? [names[i]!] : []));
  if (n === 0 && undefinedNames.length) throw agError('convert/loop-must-iterate', { name: undefinedNames[0]! });
  const element = (i: unknown): tf.Tensor => tf.gather(iter, i as tf.Tensor);
  const probe = placeholdersForUndefined(start, names, () => {
    setState(start);
    body(element(tf.scalar(0, 'int32')));
    return getState();
  });
  const restore = setState;
  const view = carriedView(probe.carried, start, getState, setState);
  getState = view.get;
  setState = view.set;
  names = view.pick(names);
  const init = view.pick(probe.init);
  let out: unknown[];
  try {
    out = whileLoop(
      (i: unknown, ...vars: unknown[]) => {
        setState(vars);
        const more = lt(i, n) as tf.Tensor;
        if (!extraTest) return more;
        const e = toBoolAny(extraTest());
        if (!isTensor(e)) return e ? more : false;
        return tf.logicalAnd(more, e);
      },
      (i: unknown, ...vars: unknown[]) => {
        setState(vars);
        body(element(i));
        const next = getState();
        checkLoopVars(vars, next, names);
        return [tf.add(i as tf.Tensor, tf.scalar(1, 'int32')), ...next];
      },
      [tf.scalar(0, 'int32'), ...init],
      { names: ['iteration', ...names], maximumIterations: opts.maximumIterations },
    );
  } catch (e) {
    restore(start);
    throw e;
  }
  setState(out.slice(1));
}

export function forStmt(
  iter: unknown,
  extraTest: (() => unknown) | null,
  body: (x: unknown) => void,
  getState: GetState,
  setState: SetState,
  symbolNames: readonly string[],
  opts: LoopOptions = {},
): void {
  if (isTensor(iter)) {
    if (isTracing()) return stagedForTensor(iter, extraTest, body, getState, setState, symbolNames, opts);
    iter = tf.unstack(iter);
  }
  let count = 0;
  const max = opts.maximumIterations ?? Infinity;
  for (const x of iter as Iterable<unknown>) {
    if (count++ >= max || !jsExtraTest(extraTest)) break;
    body(x);
  }
}
