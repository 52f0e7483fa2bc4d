// Activity analysis: which symbols a statement (or a group of nodes) reads and modifies.
// A symbol is a binding (`x`) or a composite of a binding or `this` with property names or literal
// indexes (`x.b`, `this.count`, `arr[0]`); a write through a computed index (`arr[i] = v`) modifies
// the whole binding. Requires ScopeInfo from scopes.ts for the same AST. Produces `Sym` and
// `activityOf(nodes, info)` → { modified, read }; bindings declared inside the nodes are excluded
// from `modified` (they are local to them). Writes made inside nested functions count as writes
// of the enclosing statement (a closure called there may run them); given the closure analysis,
// so do the writes of the nested functions a call in the nodes may run (closures.ts).

import * as t from '../util/babel-types.js';
import type { Binding, ScopeInfo } from './scopes.js';
import { some } from '../util/walk.js';
import type { ClosureWrites } from './closures.js';
import { DIRECT_FUNCTIONS, DIRECT_ROOTS, rootName } from '../util/known-callees.js';

export interface Sym {
  /** Stable identity: binding id, plus `.prop` path for composites; `this.x` for `this`. */
  readonly key: string;
  /** Readable name for messages and generated code: `x`, `x.b`, `this.count`. */
  readonly name: string;
  readonly binding: Binding | null;
  readonly path: readonly string[];
  /** Per path element: a literal index (`arr[0]`) rather than a property name. */
  readonly indexed?: readonly boolean[];
  readonly isThis: boolean;
  /** Written only through an element (`o[k] = v`): the container changes in place, the binding does not. */
  readonly elementWrite?: boolean;
}

export interface Activity {
  readonly modified: Map<string, Sym>;
  readonly read: Map<string, Sym>;
}

export function bindingKey(b: Binding | null, name: string): string {
  return b ? `#${b.id}` : `free:${name}`;
}

function simpleSym(id: t.Identifier, info: ScopeInfo): Sym {
  const b = info.refs.get(id)?.binding ?? null;
  return { key: bindingKey(b, id.name), name: id.name, binding: b, path: [], isThis: false };
}

/** A member's property as a path element: a name (`.b`, `['b']`) or a literal index (`[0]`); else null. */
function pathElement(m: t.MemberExpression): { name: string; indexed: boolean } | null {
  if (!m.computed) return t.isIdentifier(m.property) ? { name: m.property.name, indexed: false } : null;
  if (t.isNumericLiteral(m.property) && Number.isInteger(m.property.value) && m.property.value >= 0)
    return { name: String(m.property.value), indexed: true };
  if (t.isStringLiteral(m.property) && t.isValidIdentifier(m.property.value))
    return { name: m.property.value, indexed: false };
  return null;
}

/** `x.a.b` / `this.a` / `arr[0].x` with names and literal indexes → a composite symbol, else null. */
export function compositeSym(e: t.Node, info: ScopeInfo): Sym | null {
  const path: string[] = [];
  const indexed: boolean[] = [];
  let cur: t.Node = e;
  for (let el; t.isMemberExpression(cur) && (el = pathElement(cur)); cur = cur.object) {
    path.unshift(el.name);
    indexed.unshift(el.indexed);
  }
  if (path.length === 0 || t.isMemberExpression(cur)) return null;
  const suffix = path.map((p, i) => (indexed[i] ? `[${p}]` : `.${p}`)).join('');
  if (t.isThisExpression(cur))
    return { key: `this.${path.join('.')}`, name: `this${suffix}`, binding: null, path, indexed, isThis: true };
  if (!t.isIdentifier(cur)) return null;
  const root = simpleSym(cur, info);
  return { ...root, key: `${root.key}.${path.join('.')}`, name: `${cur.name}${suffix}`, path, indexed };
}

/** The binding a member write goes through when its path has a computed, non-literal index (`arr[i]`). */
function rootOfDynamicWrite(e: t.Node): t.Identifier | null {
  let cur: t.Node = e;
  let dynamic = false;
  while (t.isMemberExpression(cur)) {
    if (!pathElement(cur)) dynamic = true;
    cur = cur.object;
  }
  return dynamic && t.isIdentifier(cur) ? cur : null;
}

function forEachChild(n: t.Node, f: (c: t.Node) => void): void {
  for (const k of t.VISITOR_KEYS[n.type] ?? []) {
    const c = (n as unknown as Record<string, unknown>)[k];
    if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && f(x as t.Node));
    else if (c && typeof c === 'object') f(c as t.Node);
  }
}

/** Targets written by a pattern (identifiers and composite members). */
function patternTargets(p: t.Node, out: t.Node[]): void {
  if (t.isIdentifier(p) || t.isMemberExpression(p)) out.push(p);
  else if (t.isObjectPattern(p))
    p.properties.forEach((q) => patternTargets(t.isRestElement(q) ? q.argument : q.value, out));
  else if (t.isArrayPattern(p)) p.elements.forEach((e) => e && patternTargets(e, out));
  else if (t.isAssignmentPattern(p)) patternTargets(p.left, out);
  else if (t.isRestElement(p)) patternTargets(p.argument, out);
}

/**
 * The writes a call may make through the converted source's own functions: those of a function it
 * calls by name; for a callee that is never user code (`tf.tidy`, `Math.floor`, a runtime helper),
 * those of the functions it is handed by name; for any other callee, also whatever escaped.
 */
function callWrites(
  n: t.CallExpression | t.NewExpression | t.TaggedTemplateExpression,
  info: ScopeInfo,
  closures: ClosureWrites,
): Map<string, Sym> {
  const callee = t.isTaggedTemplateExpression(n) ? n.tag : n.callee;
  const out = new Map<string, Sym>();
  const addBinding = (id: t.Node): boolean => {
    const b = t.isIdentifier(id) ? info.refs.get(id)?.binding : undefined;
    const known = b ? closures.byBinding.get(b) : undefined;
    for (const [k, s] of known ?? []) out.set(k, s);
    return known !== undefined;
  };
  // A function handed to the callee by name may be called there (also in convertedCall's argument list).
  if (!t.isTaggedTemplateExpression(n))
    for (const a of n.arguments) (t.isArrayExpression(a) ? a.elements : [a]).forEach((x) => x && addBinding(x));
  if (addBinding(callee)) {
    // The fields it writes of the arguments it is given by name (`add(state, k)` writes `state.total`).
    const b = t.isIdentifier(callee) ? info.refs.get(callee)?.binding : undefined;
    for (const [i, path] of (b && closures.paramWrites.get(b)) || []) {
      const a = t.isTaggedTemplateExpression(n) ? undefined : n.arguments[i];
      if (!t.isIdentifier(a) || !info.refs.has(a)) continue;
      const root = simpleSym(a, info);
      const s: Sym = {
        ...root,
        key: `${root.key}.${path.join('.')}`,
        name: `${a.name}.${path.join('.')}`,
        path: [...path],
      };
      out.set(s.key, s);
    }
    return out;
  }
  const root = t.isIdentifier(callee) ? callee.name : t.isMemberExpression(callee) ? rootName(callee) : null;
  const direct =
    root !== null &&
    !(t.isIdentifier(callee) && info.refs.get(callee)?.binding) &&
    (t.isIdentifier(callee) ? DIRECT_FUNCTIONS.has(root) : DIRECT_ROOTS.has(root) && !isUserCall(callee));
  if (!direct) for (const [k, s] of closures.escaping) out.set(k, s);
  return out;
}

/** `ag__.convertedCall` / `ag__.callMethod`: the runtime calling a function of the user's. */
function isUserCall(callee: t.Node): boolean {
  return (
    t.isMemberExpression(callee) &&
    t.isIdentifier(callee.object, { name: 'ag__' }) &&
    t.isIdentifier(callee.property) &&
    (callee.property.name === 'convertedCall' || callee.property.name === 'callMethod')
  );
}

/** The activity of `nodes` taken together (with the writes of the closures their calls may run). */
export function activityOf(
  nodes: readonly (t.Node | null | undefined)[],
  info: ScopeInfo,
  closures?: ClosureWrites,
): Activity {
  const modified = new Map<string, Sym>();
  const read = new Map<string, Sym>();
  const inner = new Set<Binding>();
  const writeTarget = (target: t.Node): void => {
    // Code made after the analysis ran (state setters of constructs already converted) is not the user's.
    let base: t.Node = target;
    while (t.isMemberExpression(base)) base = base.object;
    if (t.isIdentifier(base) && !info.refs.has(base)) return;
    if (t.isIdentifier(target)) {
      const s = simpleSym(target, info);
      modified.set(s.key, s);
      return;
    }
    const c = compositeSym(target, info);
    if (c) {
      if (!(c.isThis && ownThis > 0)) modified.set(c.key, c);
      return;
    }
    const root = rootOfDynamicWrite(target);
    if (!root || !info.refs.has(root)) return;
    const s = simpleSym(root, info);
    // An element write leaves the binding as it is: even a const container is then state.
    if (!modified.has(s.key)) modified.set(s.key, { ...s, elementWrite: true });
  };
  // Inside a non-arrow function or a class body `this` is another object: its fields are not the
  // fields the nodes' own `this` has.
  let ownThis = 0;
  const visit = (n: t.Node): void => {
    if ((t.isFunction(n) && !t.isArrowFunctionExpression(n)) || t.isClass(n)) {
      ownThis++;
      try {
        visitNode(n);
      } finally {
        ownThis--;
      }
      return;
    }
    visitNode(n);
  };
  const visitNode = (n: t.Node): void => {
    const scope = info.scopeOf.get(n);
    if (scope) scope.bindings.forEach((b) => inner.add(b));
    if (t.isIdentifier(n)) {
      const r = info.refs.get(n);
      if (r && (r.role === 'read' || r.role === 'readwrite')) {
        const s = simpleSym(n, info);
        read.set(s.key, s);
      }
    } else if (t.isThisExpression(n)) {
      if (ownThis === 0) read.set('this', { key: 'this', name: 'this', binding: null, path: [], isThis: true });
    } else if (t.isAssignmentExpression(n)) {
      const targets: t.Node[] = [];
      patternTargets(n.left, targets);
      targets.forEach(writeTarget);
    } else if (t.isUpdateExpression(n)) {
      writeTarget(n.argument);
    } else if (closures && (t.isCallExpression(n) || t.isNewExpression(n) || t.isTaggedTemplateExpression(n))) {
      for (const [k, s] of callWrites(n, info, closures)) modified.set(k, s);
    } else if ((t.isForOfStatement(n) || t.isForInStatement(n)) && !t.isVariableDeclaration(n.left)) {
      const targets: t.Node[] = [];
      patternTargets(n.left, targets);
      targets.forEach(writeTarget);
    }
    forEachChild(n, visit);
  };
  for (const n of nodes) if (n) visit(n);
  for (const [k, s] of modified) if (s.binding && inner.has(s.binding)) modified.delete(k);
  return { modified, read };
}

/**
 * The symbols of `modified` a staged construct carries as state: not `const` bindings, and no
 * composite (`x.b`) whose root binding (`x`) is itself modified.
 */
export function stateSyms(modified: Map<string, Sym>): Sym[] {
  const syms = [...modified.values()].filter((s) => s.path.length > 0 || s.binding?.kind !== 'const' || s.elementWrite);
  const roots = new Set(syms.filter((s) => s.path.length === 0).map((s) => s.key));
  return syms.filter((s) => s.path.length === 0 || !roots.has(s.key.slice(0, s.key.indexOf('.'))));
}

/**
 * The symbols of `syms` that can be named at `at` (a statement of the original source): a binding
 * is visible where its scope's node contains the statement. Writes of escaping closures may name a
 * binding of a block the statement is not in (`k` of a loop body, seen from a function declared
 * before the loop): they cannot be its state. Nodes the passes made have no position: kept.
 */
export function visibleAt(syms: readonly Sym[], at: t.Node): Sym[] {
  return syms.filter((s) => {
    const scope = s.binding?.scope.node;
    if (!scope || t.isProgram(scope)) return true;
    if (scope.start != null && scope.end != null && at.start != null && at.end != null)
      return scope.start <= at.start && at.end <= scope.end;
    // A scope or statement the passes made: is the statement inside the scope's node?
    return some(scope, (x) => x === at);
  });
}
