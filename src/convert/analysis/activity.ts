// Activity analysis: which symbols a statement (or a group of nodes) reads and modifies.
// A symbol is a binding (`x`) or a composite of a binding or `this` with property names (`x.b`,
// `this.count`). Requires ScopeInfo from scopes.ts for the same AST. Produces `Sym` and
// `activityOf(nodes, info)` → { modified, read }; bindings declared inside the nodes are excluded
// from `modified` (they are local to them). Writes made inside nested functions count as writes
// of the enclosing statement (a closure called there may run them).

import * as t from '@babel/types';
import type { Binding, ScopeInfo } from './scopes.js';

export interface Sym {
  /** Stable identity: binding id, plus `.prop` path for composites; `this.x` for `this`. */
  readonly key: string;
  /** Readable name for messages and generated code: `x`, `x.b`, `this.count`. */
  readonly name: string;
  readonly binding: Binding | null;
  readonly path: readonly string[];
  readonly isThis: boolean;
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

/** `x.a.b` / `this.a` with non-computed properties → a composite symbol, else null. */
export function compositeSym(e: t.Node, info: ScopeInfo): Sym | null {
  const path: string[] = [];
  let cur: t.Node = e;
  while (t.isMemberExpression(cur) && !cur.computed && t.isIdentifier(cur.property)) {
    path.unshift(cur.property.name);
    cur = cur.object;
  }
  if (path.length === 0) return null;
  if (t.isThisExpression(cur)) return { key: `this.${path.join('.')}`, name: `this.${path.join('.')}`, binding: null, path, isThis: true };
  if (!t.isIdentifier(cur)) return null;
  const root = simpleSym(cur, info);
  return { ...root, key: `${root.key}.${path.join('.')}`, name: `${cur.name}.${path.join('.')}`, path };
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
  else if (t.isObjectPattern(p)) p.properties.forEach((q) => patternTargets(t.isRestElement(q) ? q.argument : q.value, out));
  else if (t.isArrayPattern(p)) p.elements.forEach((e) => e && patternTargets(e, out));
  else if (t.isAssignmentPattern(p)) patternTargets(p.left, out);
  else if (t.isRestElement(p)) patternTargets(p.argument, out);
}

/** The activity of `nodes` taken together. */
export function activityOf(nodes: readonly (t.Node | null | undefined)[], info: ScopeInfo): Activity {
  const modified = new Map<string, Sym>();
  const read = new Map<string, Sym>();
  const inner = new Set<Binding>();
  const writeTarget = (target: t.Node): void => {
    if (t.isIdentifier(target)) {
      const s = simpleSym(target, info);
      modified.set(s.key, s);
      return;
    }
    const c = compositeSym(target, info);
    if (c) modified.set(c.key, c);
  };
  const visit = (n: t.Node): void => {
    const scope = info.scopeOf.get(n);
    if (scope) scope.bindings.forEach((b) => inner.add(b));
    if (t.isIdentifier(n)) {
      const r = info.refs.get(n);
      if (r && (r.role === 'read' || r.role === 'readwrite')) {
        const s = simpleSym(n, info);
        read.set(s.key, s);
      }
    } else if (t.isThisExpression(n)) {
      read.set('this', { key: 'this', name: 'this', binding: null, path: [], isThis: true });
    } else if (t.isAssignmentExpression(n)) {
      const targets: t.Node[] = [];
      patternTargets(n.left, targets);
      targets.forEach(writeTarget);
    } else if (t.isUpdateExpression(n)) {
      writeTarget(n.argument);
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
