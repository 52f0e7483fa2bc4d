// `ag__.ifStmt` and `ag__.ifExp`: an if statement / conditional expression whose condition may be
// a tensor. Staged (a Cond with both branches traced) only when the condition is a tensor while
// tracing; otherwise plain JS (a concrete tensor is read). When one branch returns and the other
// does not, in a function that always ends in a return, the missing return value is never read
// (the do_return flag is false there): it is filled with zeros of the other branch's type.
// Needs trace/control-flow `cond`, state-checks. Produces `ifStmt`, `ifExp`.

import { cond } from '../trace/control-flow.js';
import { isTensor, isTracing, truthy } from './tensors.js';
import { checkBranchOutputs, RETURN_VALUE_NAME, zerosLike } from './state-checks.js';

type Thunk = () => void;

/** Thrown out of the else branch to trace the main branch again with a filled return slot. */
class FillMain {
  constructor(readonly index: number, readonly template: unknown) {}
}

function stagedIf(
  test: unknown,
  body: Thunk,
  orelse: Thunk | null,
  getState: () => unknown[],
  setState: (vars: unknown[]) => void,
  names: readonly string[],
  nouts: number,
  fillMain: Map<number, unknown>,
): unknown[] {
  const init = getState();
  let mainOut: unknown[] | undefined;
  const main = (): unknown[] => {
    setState(init);
    body();
    const out = getState().slice(0, nouts);
    for (const [i, template] of fillMain) if (out[i] === undefined) out[i] = zerosLike(template);
    mainOut = out;
    return out;
  };
  const other = (): unknown[] => {
    setState(init);
    orelse?.();
    const out = getState().slice(0, nouts);
    names.forEach((name, i) => {
      if (name !== RETURN_VALUE_NAME || !mainOut) return;
      if (out[i] === undefined && mainOut[i] !== undefined) out[i] = zerosLike(mainOut[i]);
      else if (mainOut[i] === undefined && out[i] !== undefined) throw new FillMain(i, out[i]);
    });
    if (mainOut) checkBranchOutputs(mainOut, out, names);
    return out;
  };
  try {
    return cond(test, main, other, { names });
  } finally {
    setState(init);
  }
}

/**
 * `getState`/`setState` read and write the symbols the branches modify; the first `nouts` of them
 * are live after the statement (the Cond's outputs), `symbolNames` name them in errors.
 */
export function ifStmt(
  test: unknown,
  body: Thunk,
  orelse: Thunk | null,
  getState: () => unknown[],
  setState: (vars: unknown[]) => void,
  symbolNames: readonly string[],
  nouts: number,
): void {
  if (!(isTensor(test) && isTracing())) {
    if (truthy(test, 'an if statement')) body();
    else orelse?.();
    return;
  }
  const init = getState();
  const names = symbolNames.slice(0, nouts);
  const fill = new Map<number, unknown>();
  for (;;) {
    try {
      const result = stagedIf(test, body, orelse, getState, setState, names, nouts, fill);
      setState([...result, ...init.slice(nouts)]);
      return;
    } catch (e) {
      if (!(e instanceof FillMain) || fill.has(e.index)) throw e;
      fill.set(e.index, e.template);
    }
  }
}

/** `c ? a : b`. */
export function ifExp<T>(test: unknown, a: () => T, b: () => T): T {
  if (!(isTensor(test) && isTracing())) return truthy(test, 'a conditional expression') ? a() : b();
  let main: unknown;
  return cond(test, () => (main = a()), () => {
    const other = b();
    checkBranchOutputs([main], [other], ['the conditional expression']);
    return other;
  }, { names: ['value'] });
}
