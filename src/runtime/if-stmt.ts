// `ag__.ifStmt` and `ag__.ifExp`: an if statement / conditional expression whose condition may be
// a tensor. Staged (a Cond with both branches traced) only when the condition is a tensor while
// tracing; otherwise plain JS (a concrete tensor is read). When one branch returns and the other
// does not, in a function that always ends in a return, the missing return value is never read
// (the do_return flag is false there): it is filled with zeros of the other branch's type.
// Fields that methods called in the branches write (field-writes.ts) become outputs too.
// Needs trace/control-flow `cond`, state-checks, tensor lists. Produces `ifStmt`, `ifExp`.

import { cond } from '../trace/control-flow.js';
import { isTensor, isTracing, truthy } from './tensors.js';
import {
  checkBranchOutputs,
  checkNoAccessors,
  copyStructure,
  isContainer,
  keptInPlace,
  RETURN_VALUE_NAME,
  saveArrays,
  zerosLike,
} from './state-checks.js';
import { declaredType, declareList, isDeclaredList, type ElementType } from '../trace/list-registry.js';
import { noteListOfAliased } from '../trace/js-differences.js';
import { weakDType } from '../trace/leaf.js';
import type { DType } from '../ir/types.js';
import { parseSite, type SourceSite } from '../ir/graph.js';
import { arrayAsList, elementTypeOf, TensorList } from '../trace/tensor-list.js';
import { currentGraph } from '../trace/context.js';
import { newFields, openFieldFrame, RetryFields, withFields, type FieldSlot } from './field-writes.js';

type Thunk = () => void;

/** Thrown out of a branch that appended to an undeclared JS array: it is now a list; trace again. */
class RetryDeclared {}

/** The element type of the first item a branch appended to `before`, if it has one. */
function appendedType(before: readonly unknown[], after: unknown): ElementType | undefined {
  if (!Array.isArray(after) || after.length <= before.length) return undefined;
  const first: unknown = after[before.length];
  if (isTensor(first)) return { dtype: first.dtype as DType, shape: first.shape };
  if (typeof first === 'number' || typeof first === 'boolean') return { dtype: weakDType(first), shape: [] };
  return undefined;
}

/** Thrown out of the else branch to trace the main branch again with a filled return slot. */
class FillMain {
  constructor(
    readonly index: number,
    readonly template: unknown,
  ) {}
}

function stagedIf(
  test: unknown,
  body: Thunk,
  orelse: Thunk | null,
  getState: () => unknown[],
  setState: (vars: unknown[]) => void,
  stateNames: readonly string[],
  nouts: number,
  fillMain: Map<number, unknown>,
  site: SourceSite | undefined,
  afterBranches: () => void,
): unknown[] {
  const names = stateNames.slice(0, nouts);
  // A JS array declared with setElementType becomes a staged list, so that pushes in the branches
  // record list ops there and the Cond merges the two lists.
  const init = getState().map((x) => (isDeclaredList(x) ? arrayAsList(currentGraph()!, x, declaredType(x)!) : x));
  // Both branches are traced: a JS array one appends to in place (`z.push(x)`) gets its items back
  // before the other runs, and each branch's outputs are copies, so the Cond compares what each made.
  const restoreArrays = saveArrays(init);
  // -1: not an undeclared JS array at the start (a nested if may declare one while a branch is traced).
  const lengths = init.map((x) => (Array.isArray(x) && !isDeclaredList(x) ? x.length : -1));
  // An undeclared array a branch appended to becomes a staged list, as in a staged loop.
  const declareGrown = (): void => {
    let grown = false;
    const now = getState();
    init.forEach((x, i) => {
      if (
        i >= nouts &&
        lengths[i]! >= 0 &&
        Array.isArray(x) &&
        (now[i] instanceof TensorList || x.length !== lengths[i])
      ) {
        // Not read after the if: the branches' appends are undone, which only a stored reference sees.
        noteListOfAliased(x, stateNames[i]);
      }
      if (i >= nouts || lengths[i]! < 0 || !Array.isArray(x)) return;
      const y = now[i];
      // A nested staged if may already have made a list of it.
      // Only an array appended to in place (`z.push(v)`): a new array assigned to the variable
      // (`s = [...s, v]`) is a change of structure, which the Cond reports.
      if (!(y instanceof TensorList) && y !== x) return;
      let type =
        y instanceof TensorList
          ? { dtype: y.elementDtype, shape: y.elementShape }
          : appendedType(x.slice(0, lengths[i]), y);
      if (!type && y === x && x.length < lengths[i]!) {
        // Popped from in place: a list of the type of its elements.
        restoreArrays();
        type = elementTypeOf(x);
        if (!type?.shape) return;
      }
      if (!type) return;
      restoreArrays();
      declareList(x, type);
      noteListOfAliased(x, names[i]);
      grown = true;
    });
    if (grown) throw new RetryDeclared();
  };
  // Per output: did every branch traced so far keep the JS array or object it started with?
  const kept = init.map((x, i) => i < nouts && isContainer(x));
  const noteKept = (): void => {
    const now = getState();
    kept.forEach((k, i) => (kept[i] = k && now[i] === init[i]));
  };
  let mainOut: unknown[] | undefined;
  const main = (): unknown[] => {
    setState(init);
    restoreArrays();
    body();
    declareGrown();
    noteKept();
    const out = copyStructure(getState().slice(0, nouts));
    for (const [i, template] of fillMain) if (out[i] === undefined) out[i] = zerosLike(template);
    mainOut = out;
    return out;
  };
  const other = (): unknown[] => {
    // Fields the main branch's calls wrote and this if does not carry yet: traced again before
    // the other branch could read what the main one left in them.
    afterBranches();
    setState(init);
    restoreArrays();
    orelse?.();
    // Both branches are traced: calls there may have written fields this if must carry (it retraces).
    afterBranches();
    declareGrown();
    noteKept();
    const out = copyStructure(getState().slice(0, nouts));
    names.forEach((name, i) => {
      if (name !== RETURN_VALUE_NAME || !mainOut) return;
      if (out[i] === undefined && mainOut[i] !== undefined) out[i] = zerosLike(mainOut[i]);
      else if (mainOut[i] === undefined && out[i] !== undefined) throw new FillMain(i, out[i]);
    });
    if (mainOut) checkBranchOutputs(mainOut, out, names);
    return out;
  };
  let result: unknown[];
  try {
    result = cond(test, main, other, { names, site });
  } finally {
    setState(init);
    restoreArrays();
  }
  // An array both branches changed in place (or left alone) stays the same object, holding the
  // Cond's outputs: an enclosing staged branch then sees its own appends after this if as appends.
  return keptInPlace(init, result, kept);
}

/**
 * `getState`/`setState` read and write the symbols the branches modify; the first `nouts` of them
 * are live after the statement (the Cond's outputs), `symbolNames` name them in errors; `site` is
 * the statement as written (the converter passes it), for pictures.
 */
export function ifStmt(
  test: unknown,
  body: Thunk,
  orelse: Thunk | null,
  getState: () => unknown[],
  setState: (vars: unknown[]) => void,
  symbolNames: readonly string[],
  nouts: number,
  site?: string,
): void {
  if (!(isTensor(test) && isTracing())) {
    if (truthy(test, 'an if statement')) body();
    else orelse?.();
    return;
  }
  const fill = new Map<number, unknown>();
  // Fields that methods called in the branches write (`this.v` of a method): outputs too.
  const fields: FieldSlot[] = [];
  for (;;) {
    const frame = openFieldFrame();
    const [get, set, names, outs] = withFields(getState, setState, symbolNames, nouts, fields);
    const init = get();
    checkNoAccessors(init, names);
    const afterBranches = (): void => {
      const more = newFields(frame, fields);
      if (more.length) throw new RetryFields(more);
    };
    try {
      const result = stagedIf(test, body, orelse, get, set, names, outs, fill, parseSite(site), afterBranches);
      set([...result, ...init.slice(outs)]);
      return;
    } catch (e) {
      if (e instanceof RetryDeclared) continue;
      if (e instanceof RetryFields) {
        // Added after the outputs: the return slot's index, and so `fill`, stays as it is.
        e.restore();
        fields.push(...e.slots);
        continue;
      }
      if (!(e instanceof FillMain) || fill.has(e.index)) throw e;
      fill.set(e.index, e.template);
    } finally {
      frame.close();
    }
  }
}

/**
 * `c ? a : b`; with the state the branches write (the converter passes getState/setState/names),
 * a staged one is an if statement whose outputs are the value and those variables.
 */
export function ifExp<T>(
  test: unknown,
  a: () => T,
  b: () => T,
  ...state: [() => unknown[], (vars: unknown[]) => void, readonly string[]] | []
): T {
  if (!(isTensor(test) && isTracing())) return truthy(test, 'a conditional expression') ? a() : b();
  if (state.length) {
    const [get, set, names] = state;
    let value: unknown;
    const setAll = (vars: unknown[]): void => {
      value = vars[0];
      set(vars.slice(1));
    };
    ifStmt(
      test,
      () => void (value = a()),
      () => void (value = b()),
      () => [value, ...get()],
      setAll,
      ['the conditional expression', ...names],
      1 + names.length,
      '… ? … : …',
    );
    return value as T;
  }
  let main: unknown;
  // Typed as the branches: the untyped runtime surface (generated code) does not see staged types.
  return cond(
    test,
    () => (main = a()),
    () => {
      const other = b();
      checkBranchOutputs([main], [other], ['the conditional expression']);
      return other;
    },
    { names: ['value'], site: { code: '… ? … : …' } },
  ) as T;
}
