// `ag__.forStmt`: a for…of loop whose iterable may be a tensor. Staged (a While node over an
// index, carrying the modified symbols as loop variables) for a tensor range (ranges.ts), or a
// tensor while tracing: for…of over a tensor iterates its first dimension. Otherwise a JS loop at
// trace time (loops over JS arrays unroll; a concrete tensor is unstacked), whose extra test (the
// break/return flags) must not become a tensor. Needs trace/control-flow `whileLoop`, the loops'
// shared pieces (loops.ts), state-checks, operators, ranges. Produces `forStmt`.

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
import { stagedAssert } from './staged-assert.js';
import { add, gt, lt } from './operators.js';
import { parseSite, type SourceSite } from '../ir/graph.js';
import { TensorRange } from './ranges.js';
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
