// Scope analysis: resolves every identifier of a function (and the functions nested in it) to
// the binding it refers to, and classifies it as a read, a write or a declaration.
// Requires: a function AST (any pass state). Attaches (in the returned ScopeInfo, keyed by node):
// `refs` (Identifier → role + binding or null for free names), `scopeOf` (scope-creating node →
// Scope), `captured` (bindings used inside a function nested below the one declaring them),
// `free` (names used but not declared, with the properties read from each).

import * as t from '../util/babel-types.js';

export type BindingKind = 'param' | 'var' | 'let' | 'const' | 'function' | 'class' | 'catch' | 'self';

export interface Binding {
  readonly id: number;
  readonly name: string;
  readonly kind: BindingKind;
  readonly scope: Scope;
}

export class Scope {
  readonly bindings = new Map<string, Binding>();
  constructor(
    readonly node: t.Node,
    readonly parent: Scope | null,
    /** The function this scope belongs to (its own node when it is a function scope). */
    readonly fn: t.Node,
  ) {}
  lookup(name: string): Binding | null {
    for (let s: Scope | null = this; s; s = s.parent) {
      const b = s.bindings.get(name);
      if (b) return b;
    }
    return null;
  }
}

export type Role = 'read' | 'write' | 'readwrite' | 'decl';

export interface Ref {
  readonly role: Role;
  readonly binding: Binding | null;
}

export interface ScopeInfo {
  readonly refs: Map<t.Identifier, Ref>;
  readonly scopeOf: Map<t.Node, Scope>;
  readonly captured: Set<Binding>;
  /** Free names → the non-computed property names read from them (`tf.abs` → abs). */
  readonly free: Map<string, Set<string>>;
  /** Where each free name is first used in the source (1-based line, 0-based column). */
  readonly freeAt: Map<string, { line: number; column: number }>;
}

let nextId = 0;

const NONE: readonly string[] = [];

/** The node types `visit` treats specially (functions, classes, scopes, names, writes, jumps). */
const HANDLED = new Set([
  'FunctionDeclaration', 'FunctionExpression', 'ObjectMethod', 'ArrowFunctionExpression', 'ClassMethod', 'ClassPrivateMethod',
  'ClassDeclaration', 'ClassExpression', 'Identifier', 'MemberExpression', 'OptionalMemberExpression', 'BlockStatement',
  'StaticBlock', 'ForStatement', 'ForOfStatement', 'ForInStatement', 'CatchClause', 'SwitchStatement', 'VariableDeclarator',
  'AssignmentExpression', 'UpdateExpression', 'ObjectProperty', 'LabeledStatement', 'BreakStatement', 'ContinueStatement',
  'MetaProperty', 'PrivateName',
]);

/**
 * Analyzes `root` (a function node). With `{ refs: false }` only the free names are wanted:
 * `refs` and `captured` stay empty.
 */
export function analyzeScopes(root: t.Function, opts: { readonly refs?: boolean } = {}): ScopeInfo {
  const keepRefs = opts.refs !== false;
  const info: ScopeInfo = { refs: new Map(), scopeOf: new Map(), captured: new Set(), free: new Map(), freeAt: new Map() };

  const declare = (scope: Scope, id: t.Identifier, kind: BindingKind): void => {
    if (kind === 'self' && scope.bindings.has(id.name)) return;
    scope.bindings.set(id.name, { id: nextId++, name: id.name, kind, scope });
  };
  const declarePattern = (scope: Scope, p: t.Node, kind: BindingKind): void => {
    for (const id of Object.values(t.getBindingIdentifiers(p, false)).flat()) declare(scope, id as t.Identifier, kind);
  };
  const hoistLexical = (scope: Scope, body: readonly t.Statement[]): void => {
    for (const s of body) {
      if (t.isVariableDeclaration(s) && s.kind !== 'var') declarePattern(scope, s, s.kind === 'const' ? 'const' : 'let');
      else if (t.isFunctionDeclaration(s) && s.id) declare(scope, s.id, 'function');
      else if (t.isClassDeclaration(s) && s.id) declare(scope, s.id, 'class');
    }
  };
  const hoistVars = (scope: Scope, node: t.Node): void => {
    const visit = (n: t.Node): void => {
      if (t.isFunction(n) || t.isClass(n)) return;
      if (t.isVariableDeclaration(n) && n.kind === 'var') declarePattern(scope, n, 'var');
      for (const k of t.VISITOR_KEYS[n.type] ?? []) {
        const c = (n as unknown as Record<string, unknown>)[k];
        if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node));
        else if (c && typeof c === 'object') visit(c as t.Node);
      }
    };
    visit(node);
  };

  const enterFunction = (fn: t.Function, parent: Scope | null): Scope => {
    const scope = new Scope(fn, parent, fn);
    info.scopeOf.set(fn, scope);
    for (const p of fn.params) declarePattern(scope, p, 'param');
    if (t.isBlockStatement(fn.body)) {
      hoistVars(scope, fn.body);
      hoistLexical(scope, fn.body.body);
    }
    // A function expression's own name, and the root function's name, resolve to the function.
    const isRoot = parent?.parent === null;
    if ((t.isFunctionExpression(fn) || (isRoot && t.isFunctionDeclaration(fn))) && fn.id) declare(scope, fn.id, 'self');
    return scope;
  };

  const record = (id: t.Identifier, role: Role, scope: Scope): void => {
    const binding = scope.lookup(id.name);
    if (keepRefs) info.refs.set(id, { role, binding });
    if (!binding) {
      if (role === 'decl') return;
      if (!info.free.has(id.name)) info.free.set(id.name, new Set());
      // The first use in the source (generated code may hold a later use first).
      const at = id.loc?.start;
      const seen = info.freeAt.get(id.name);
      if (at && (!seen || at.line < seen.line || (at.line === seen.line && at.column < seen.column))) info.freeAt.set(id.name, { line: at.line, column: at.column });
    } else if (binding.scope.fn !== scope.fn && role !== 'decl') {
      if (keepRefs) info.captured.add(binding);
    }
  };

  // Patterns in write or declaration position.
  const visitPattern = (p: t.Node, role: Role, scope: Scope): void => {
    if (t.isIdentifier(p)) return record(p, role, scope);
    if (t.isObjectPattern(p)) {
      for (const prop of p.properties) {
        if (t.isRestElement(prop)) visitPattern(prop.argument, role, scope);
        else {
          if (prop.computed) visit(prop.key, scope);
          visitPattern(prop.value, role, scope);
        }
      }
    } else if (t.isArrayPattern(p)) {
      for (const e of p.elements) if (e) visitPattern(e, role, scope);
    } else if (t.isAssignmentPattern(p)) {
      visitPattern(p.left, role, scope);
      visit(p.right, scope);
    } else if (t.isRestElement(p)) {
      visitPattern(p.argument, role, scope);
    } else {
      visit(p, scope); // a member expression target: its object is read
    }
  };

  const visitChildren = (n: t.Node, scope: Scope, skip: readonly string[] = NONE): void => {
    const keys = t.VISITOR_KEYS[n.type];
    if (keys === undefined) return;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (skip.length > 0 && skip.includes(k)) continue;
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) {
        for (let j = 0; j < c.length; j++) {
          const x: unknown = c[j];
          if (x && typeof x === 'object') visit(x as t.Node, scope);
        }
      } else if (c && typeof c === 'object') visit(c as t.Node, scope);
    }
  };

  const visit = (n: t.Node, scope: Scope): void => {
    // Nodes none of the cases below handles (most of them): straight to their children.
    if (!HANDLED.has(n.type)) return visitChildren(n, scope);
    if (t.isFunction(n)) {
      if (t.isFunctionDeclaration(n) && n.id) record(n.id, 'decl', scope);
      const fs = enterFunction(n, scope);
      for (const p of n.params) visitPattern(p, 'decl', fs);
      if (t.isBlockStatement(n.body)) n.body.body.forEach((s) => visit(s, fs));
      else visit(n.body, fs);
      if (t.isObjectMethod(n) || t.isClassMethod(n)) if (n.computed) visit(n.key, scope);
      return;
    }
    if (t.isIdentifier(n)) return record(n, 'read', scope);
    if (t.isMemberExpression(n) || t.isOptionalMemberExpression(n)) {
      visit(n.object, scope);
      if (n.computed) visit(n.property, scope);
      else if (t.isIdentifier(n.object) && t.isIdentifier(n.property)) {
        // The object was just recorded in this scope: free when nothing binds its name.
        if (!scope.lookup(n.object.name)) info.free.get(n.object.name)!.add(n.property.name);
      }
      return;
    }
    if (t.isBlockStatement(n) || t.isStaticBlock(n)) {
      const s = new Scope(n, scope, scope.fn);
      info.scopeOf.set(n, s);
      hoistLexical(s, n.body);
      return n.body.forEach((x) => visit(x, s));
    }
    if (t.isForStatement(n) || t.isForOfStatement(n) || t.isForInStatement(n)) {
      const s = new Scope(n, scope, scope.fn);
      info.scopeOf.set(n, s);
      const head = t.isForStatement(n) ? n.init : n.left;
      if (t.isVariableDeclaration(head) && head.kind !== 'var') declarePattern(s, head, head.kind === 'const' ? 'const' : 'let');
      if (!t.isForStatement(n) && !t.isVariableDeclaration(n.left)) {
        visitPattern(n.left, 'write', s);
        return visitChildren(n, s, ['left']);
      }
      return visitChildren(n, s);
    }
    if (t.isCatchClause(n)) {
      const s = new Scope(n, scope, scope.fn);
      info.scopeOf.set(n, s);
      if (n.param) {
        declarePattern(s, n.param, 'catch');
        visitPattern(n.param, 'decl', s);
      }
      return visit(n.body, s);
    }
    if (t.isSwitchStatement(n)) {
      visit(n.discriminant, scope);
      const s = new Scope(n, scope, scope.fn);
      info.scopeOf.set(n, s);
      n.cases.forEach((c) => hoistLexical(s, c.consequent));
      return n.cases.forEach((c) => visitChildren(c, s));
    }
    if (t.isVariableDeclarator(n)) {
      visitPattern(n.id, 'decl', scope);
      if (n.init) visit(n.init, scope);
      return;
    }
    if (t.isAssignmentExpression(n)) {
      if (t.isIdentifier(n.left)) record(n.left, n.operator === '=' ? 'write' : 'readwrite', scope);
      else if (n.operator === '=') visitPattern(n.left, 'write', scope);
      else visit(n.left, scope);
      return visit(n.right, scope);
    }
    if (t.isUpdateExpression(n)) {
      if (t.isIdentifier(n.argument)) return record(n.argument, 'readwrite', scope);
      return visit(n.argument, scope);
    }
    if (t.isClass(n)) {
      if (t.isClassDeclaration(n) && n.id) record(n.id, 'decl', scope);
      if (n.superClass) visit(n.superClass, scope);
      // A class expression's own name is bound inside its body.
      if (t.isClassExpression(n) && n.id) {
        const inner = new Scope(n, scope, scope.fn);
        info.scopeOf.set(n, inner);
        declare(inner, n.id, 'class');
        record(n.id, 'decl', inner);
        scope = inner;
      }
      for (const m of n.body.body) {
        if ((t.isClassMethod(m) || t.isClassProperty(m) || t.isClassPrivateMethod(m)) && 'computed' in m && m.computed) visit(m.key, scope);
        if (t.isClassMethod(m) || t.isClassPrivateMethod(m)) visit(m as t.Function, scope);
        else if ((t.isClassProperty(m) || t.isClassPrivateProperty(m)) && m.value) visit(m.value, scope);
        else if (t.isStaticBlock(m)) visit(m, scope);
      }
      return;
    }
    if (t.isObjectProperty(n)) {
      if (n.computed) visit(n.key, scope);
      return visit(n.value, scope);
    }
    if (t.isLabeledStatement(n)) return visit(n.body, scope);
    if (t.isBreakStatement(n) || t.isContinueStatement(n) || t.isMetaProperty(n)) return;
    if (t.isPrivateName(n)) return;
    visitChildren(n, scope);
  };

  visit(root, new Scope(t.program([]), null, t.program([])));
  return info;
}
