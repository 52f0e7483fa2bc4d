// `ag__.ifStmt` and `ag__.ifExp`: an if statement / conditional expression whose condition may be
// a tensor. Staged (a Cond with both branches traced) only when the condition is a tensor while
// tracing; otherwise plain JS (a concrete tensor is read). Needs trace/control-flow `cond`,
// state-checks. Produces `ifStmt`, `ifExp`.

import { cond } from '../trace/control-flow.js';
import { isTensor, isTracing, truthy } from './tensors.js';
import { checkBranchOutputs } from './state-checks.js';

type Thunk = () => void;

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
  let mainOut: unknown[] | undefined;
  const branch = (fn: Thunk | null, which: 'main' | 'else') => (): unknown[] => {
    setState(init);
    fn?.();
    const out = getState().slice(0, nouts);
    if (which === 'main') mainOut = out;
    else if (mainOut) checkBranchOutputs(mainOut, out, names);
    return out;
  };
  let result: unknown[];
  try {
    result = cond(test, branch(body, 'main'), branch(orelse, 'else'), { names });
  } catch (e) {
    setState(init);
    throw e;
  }
  setState([...result, ...init.slice(nouts)]);
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
