// Activity analysis: which symbols a statement (or a group of nodes) reads and modifies.
// A symbol is a binding (`x`) or a composite of a binding or `this` with property names or literal
// indexes (`x.b`, `this.count`, `arr[0]`); a write through a computed index (`arr[i] = v`) modifies
// the whole binding. Requires ScopeInfo from scopes.ts for the same AST. Produces `Sym` and
// `activityOf(nodes, info)` → { modified, read }; bindings declared inside the nodes are excluded
// from `modified` (they are local to them). Writes made inside nested functions count as writes
// of the enclosing statement (a closure called there may run them).

import * as t from '../util/babel-types.js';
import type { Binding, ScopeInfo } from './scopes.js';

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
  if (t.isNumericLiteral(m.property) && Number.isInteger(m.property.value) && m.property.value >= 0) return { name: String(m.property.value), indexed: true };
  if (t.isStringLiteral(m.property) && t.isValidIdentifier(m.property.value)) return { name: m.property.value, indexed: false };
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
  if (t.isThisExpression(cur)) return { key: `this.${path.join('.')}`, name: `this${suffix}`, binding: null, path, indexed, isThis: true };
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
    if (c) {
      modified.set(c.key, c);
      return;
    }
    const root = rootOfDynamicWrite(target);
    if (root) writeTarget(root);
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
