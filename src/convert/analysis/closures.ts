// Closure writes: which outer symbols each nested function of the converted source writes, so that a
// statement calling it counts those writes as its own (a staged if or loop must carry them as state,
// as it does the writes it makes itself). A function bound to a `const`/`let` name or declared, and
// only ever called by that name, is known at its call sites; any other function (stored, passed,
// returned, a method) escapes, and every call whose callee is not known may run it.
// Requires ScopeInfo (scopes.ts) for the same AST; uses activity.ts. Produces `analyzeClosures`.

import * as t from '../util/babel-types.js';
import { some, walk } from '../util/walk.js';
import type { Binding, ScopeInfo } from './scopes.js';
import type { Sym } from './activity.js';
import { DIRECT_FUNCTIONS, DIRECT_ROOTS, rootName } from '../util/known-callees.js';

export interface ClosureWrites {
  /** Per function-valued binding called by name: the outer symbols a call may write. */
  readonly byBinding: Map<Binding, Map<string, Sym>>;
  /** What the functions that escape may write: any call of an unknown callee may run them. */
  readonly escaping: Map<string, Sym>;
  /** Per function-valued binding: the fields of its arguments it writes (`st.total = …` → [0, ['total']]). */
  readonly paramWrites: Map<Binding, (readonly [number, readonly string[]])[]>;
}

type ActivityFn = (nodes: readonly t.Node[], info: ScopeInfo) => { readonly modified: Map<string, Sym> };

/** esbuild's keepNames wrapper `__name(fn, "f")` holds the function itself. */
export function unwrapNamed(e: t.Node | null | undefined): t.Node | null | undefined {
  if (
    t.isCallExpression(e) &&
    t.isIdentifier(e.callee, { name: '__name' }) &&
    e.arguments.length === 2 &&
    t.isFunction(e.arguments[0])
  )
    return e.arguments[0];
  return e;
}

/** Methods that call the function they are given while they run and keep no reference to it. */
const CALLS_AND_DROPS = new Set([
  'forEach',
  'map',
  'filter',
  'reduce',
  'reduceRight',
  'some',
  'every',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'flatMap',
  'sort',
  'tidy',
]);

/** The runtime's helpers that call the bodies they are handed there and then, and keep none. */
const RUNS_BODIES = new Set(['ifStmt', 'ifExp', 'whileStmt', 'forStmt', 'and', 'or']);

function isRuntimeHelper(c: t.Node): boolean {
  return (
    t.isMemberExpression(c) &&
    t.isIdentifier(c.object, { name: 'ag__' }) &&
    t.isIdentifier(c.property) &&
    RUNS_BODIES.has(c.property.name)
  );
}

/** A function literal passed to such a method or helper: its writes belong to the call it is passed to. */
function isCallback(fn: t.Node, parent: t.Node | null): boolean {
  if (!t.isCallExpression(parent) || !parent.arguments.includes(fn as t.Expression)) return false;
  const c = parent.callee;
  return (
    isRuntimeHelper(c) ||
    (t.isMemberExpression(c) && !c.computed && t.isIdentifier(c.property) && CALLS_AND_DROPS.has(c.property.name))
  );
}

/** The function nodes below `root` (not `root` itself), each with the binding it is bound to, if any. */
function functionsOf(root: t.Function, info: ScopeInfo): Map<t.Function, Binding | null> {
  const out = new Map<t.Function, Binding | null>();
  const bound = new Map<t.Node, Binding>();
  walk(root, (n, parent) => {
    if (t.isFunctionDeclaration(n) && n.id && n !== root) {
      const b = info.refs.get(n.id)?.binding;
      if (b) bound.set(n, b);
    }
    if (t.isVariableDeclarator(n) && t.isIdentifier(n.id)) {
      const fn = unwrapNamed(n.init);
      const b = info.refs.get(n.id)?.binding;
      if (fn && t.isFunction(fn) && b && (b.kind === 'const' || b.kind === 'let')) bound.set(fn, b);
    }
    if (t.isFunction(n) && n !== root && !isCallback(n, parent)) out.set(n, null);
  });
  for (const [fn, b] of bound) out.set(fn as t.Function, b);
  return out;
}

/** The functions below `root` whose `this` is not root's: non-arrows, and arrows inside one or in a class. */
function functionsWithOtherThis(root: t.Function): Set<t.Node> {
  const out = new Set<t.Node>();
  const visit = (n: t.Node, other: boolean): void => {
    const own = n !== root && ((t.isFunction(n) && !t.isArrowFunctionExpression(n)) || t.isClass(n));
    if (n !== root && t.isFunction(n) && (other || own)) out.add(n);
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node, other || own));
      else if (c && typeof c === 'object') visit(c as t.Node, other || own);
    }
  };
  visit(root, false);
  return out;
}

/** Bindings referred to other than as the callee of a call (or a `let` written again): they escape. */
function escapingBindings(root: t.Function, info: ScopeInfo, candidates: Set<Binding>): Set<Binding> {
  const out = new Set<Binding>();
  const callees = new Set<t.Node>();
  walk(root, (n, parent) => {
    if (t.isCallExpression(n) && t.isIdentifier(n.callee)) callees.add(n.callee);
    // A body handed to a runtime helper runs there and then (`ag__.ifStmt(c, if_body, …)`).
    if (t.isCallExpression(n) && isRuntimeHelper(n.callee))
      for (const a of n.arguments) if (t.isIdentifier(a)) callees.add(a);
    if (t.isIdentifier(n)) {
      const r = info.refs.get(n);
      if (r?.binding && candidates.has(r.binding) && r.role !== 'decl' && !callees.has(n)) {
        // `f` declared by a function declaration's own id is a declaration, not a use.
        if (!(t.isFunctionDeclaration(parent) && parent.id === n)) out.add(r.binding);
      }
    }
  });
  return out;
}

/** Direct calls by name inside `fn` (its own body, nested functions included). */
function calledBindings(fn: t.Function, info: ScopeInfo): Set<Binding> {
  const out = new Set<Binding>();
  walk(fn.body, (n) => {
    if (t.isCallExpression(n) && t.isIdentifier(n.callee)) {
      const b = info.refs.get(n.callee)?.binding;
      if (b) out.add(b);
    }
  });
  return out;
}

/**
 * The writes each nested function of `root` makes outside itself (a non-arrow function's own
 * `this` is not outside), closed over the functions it calls by name.
 */
export function analyzeClosures(root: t.Function, info: ScopeInfo, activity: ActivityFn): ClosureWrites {
  const fns = functionsOf(root, info);
  const ownThis = functionsWithOtherThis(root);
  const own = new Map<t.Function, Map<string, Sym>>();
  for (const fn of fns.keys()) {
    const writes = new Map(activity([fn], info).modified);
    // `this` is the root's only in an arrow that no method, function or class separates from it.
    if (ownThis.has(fn)) for (const [k, s] of writes) if (s.isThis) writes.delete(k);
    own.set(fn, writes);
  }
  const byBindingFns = new Map<Binding, t.Function[]>();
  for (const [fn, b] of fns) if (b) byBindingFns.set(b, [...(byBindingFns.get(b) ?? []), fn]);
  const escaped = escapingBindings(root, info, new Set(byBindingFns.keys()));
  // Close over calls by name: a function's writes include those of the functions it calls.
  const total = new Map<t.Function, Map<string, Sym>>([...own].map(([f, w]) => [f, new Map(w)]));
  const calls = new Map<t.Function, Set<Binding>>([...fns.keys()].map((f) => [f, calledBindings(f, info)]));
  closeOverCalls(total, calls, byBindingFns, info);
  // A function that calls what it does not know (a parameter, `fs[0]`, a method) may run any
  // function that escaped: their writes are its writes too, and so its callers'.
  const unknownCallers = [...fns.keys()].filter((f) => callsUnknown(f, info, byBindingFns));
  let escaping = escapingWrites(fns, total, escaped);
  for (let round = 0; round < 8; round++) {
    let grew = false;
    for (const fn of unknownCallers) {
      const writes = total.get(fn)!;
      for (const [k, s] of escaping) {
        if (writes.has(k) || (s.binding && isInside(s.binding, fn, info))) continue;
        writes.set(k, s);
        grew = true;
      }
    }
    if (!grew) break;
    closeOverCalls(total, calls, byBindingFns, info);
    escaping = escapingWrites(fns, total, escaped);
  }
  const byBinding = new Map<Binding, Map<string, Sym>>();
  const paramWrites = new Map<Binding, (readonly [number, readonly string[]])[]>();
  for (const [fn, b] of fns) {
    if (!b) continue;
    const m = byBinding.get(b) ?? new Map<string, Sym>();
    for (const [k, s] of total.get(fn)!) m.set(k, s);
    byBinding.set(b, m);
    paramWrites.set(b, [...(paramWrites.get(b) ?? []), ...argumentFields(fn, info, activity)]);
  }
  return { byBinding, escaping, paramWrites };
}

/** The fields of its parameters `fn` writes (a parameter assigned anywhere no longer names its argument). */
function argumentFields(fn: t.Function, info: ScopeInfo, activity: ActivityFn): [number, string[]][] {
  if (!t.isBlockStatement(fn.body)) return [];
  const { modified } = activity(fn.body.body, info);
  const params = fn.params.map((p) => (t.isIdentifier(p) ? info.refs.get(p)?.binding : undefined));
  const reassigned = new Set([...modified.values()].filter((s) => s.path.length === 0).map((s) => s.binding));
  const out: [number, string[]][] = [];
  for (const s of modified.values()) {
    const i = s.path.length > 0 && s.binding && !reassigned.has(s.binding) ? params.indexOf(s.binding) : -1;
    if (i >= 0) out.push([i, [...s.path]]);
  }
  return out;
}

/** What the functions that escape write (unbound ones, and bound ones used other than by calls). */
function escapingWrites(
  fns: Map<t.Function, Binding | null>,
  total: Map<t.Function, Map<string, Sym>>,
  escaped: Set<Binding>,
): Map<string, Sym> {
  const out = new Map<string, Sym>();
  for (const [fn, b] of fns) if (!b || escaped.has(b)) for (const [k, s] of total.get(fn)!) out.set(k, s);
  return out;
}

/** Whether `fn` calls a callee that is neither a function known by name nor a well-known global's. */
function callsUnknown(fn: t.Function, info: ScopeInfo, known: Map<Binding, t.Function[]>): boolean {
  return some(fn.body, (n) => {
    if (!t.isCallExpression(n) && !t.isNewExpression(n)) return false;
    const c = n.callee;
    const b = t.isIdentifier(c) ? info.refs.get(c)?.binding : undefined;
    const root = t.isIdentifier(c) ? (b ? null : c.name) : t.isMemberExpression(c) ? rootName(c) : null;
    const direct = root !== null && !b && (t.isIdentifier(c) ? DIRECT_FUNCTIONS.has(root) : DIRECT_ROOTS.has(root));
    return !(b && known.has(b)) && !direct && !isRuntimeHelper(c);
  });
}

/** Closes `total` over calls by name: a function's writes include those of the functions it calls. */
function closeOverCalls(
  total: Map<t.Function, Map<string, Sym>>,
  calls: Map<t.Function, Set<Binding>>,
  byBindingFns: Map<Binding, t.Function[]>,
  info: ScopeInfo,
): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const [fn, writes] of total) {
      for (const b of calls.get(fn)!) {
        for (const callee of byBindingFns.get(b) ?? []) {
          for (const [k, s] of total.get(callee)!) {
            // A write to a binding of the caller itself stays inside the caller.
            if (writes.has(k) || (s.binding && isInside(s.binding, fn, info))) continue;
            writes.set(k, s);
            changed = true;
          }
        }
      }
    }
  }
}

/** Whether `b` is declared in `fn` or a scope below it. */
function isInside(b: Binding, fn: t.Function, info: ScopeInfo): boolean {
  const scope = info.scopeOf.get(fn);
  for (let s: typeof scope | null = b.scope; s; s = s.parent) if (s === scope) return true;
  return false;
}
