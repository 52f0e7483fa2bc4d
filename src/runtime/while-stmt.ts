// `ag__.whileStmt`: a while loop (or the loop of a C-style for statement) whose condition may be a
// tensor. Staged (a While node carrying the modified symbols as loop variables) only when the
// condition is a tensor while tracing; otherwise a JS loop at trace time, where a condition that
// becomes a tensor is an error naming the variable (or the break/return) that made it one. Needs
// trace/control-flow `whileLoop`, the loops' shared pieces (loops.ts), state-checks,
// staged-assert. Produces `whileStmt`.

import { locatedError } from './located-error.js';
import * as tf from '@tensorflow/tfjs-core';
import { whileLoop } from '../trace/control-flow.js';
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
import { shapeToString } from '../ir/types.js';
import { parseSite, type SourceSite } from '../ir/graph.js';
import {
  carriedView,
  invariantsOf,
  isReturnFlag,
  JUMP_FLAG,
  withFieldRetry,
  type GetState,
  type LoopOptions,
  type SetState,
} from './loops.js';

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
