// Scope analysis: resolves every identifier of a function (and the functions nested in it) to
// the binding it refers to, and classifies it as a read, a write or a declaration. Two halves:
// declarations (what a scope binds before its code runs: parameters, hoisting) and the Resolver
// (the walk that opens scopes and records each reference).
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
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- walks the chain of scopes from this one
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
  'FunctionDeclaration',
  'FunctionExpression',
  'ObjectMethod',
  'ArrowFunctionExpression',
  'ClassMethod',
  'ClassPrivateMethod',
  'ClassDeclaration',
  'ClassExpression',
  'Identifier',
  'MemberExpression',
  'OptionalMemberExpression',
  'BlockStatement',
  'StaticBlock',
  'ForStatement',
  'ForOfStatement',
  'ForInStatement',
  'CatchClause',
  'SwitchStatement',
  'VariableDeclarator',
  'AssignmentExpression',
  'UpdateExpression',
  'ObjectProperty',
  'LabeledStatement',
  'BreakStatement',
  'ContinueStatement',
  'MetaProperty',
  'PrivateName',
]);

/**
 * Analyzes `root` (a function node). With `{ refs: false }` only the free names are wanted:
 * `refs` and `captured` stay empty.
 */
export function analyzeScopes(root: t.Function, opts: { readonly refs?: boolean } = {}): ScopeInfo {
  const info: ScopeInfo = {
    refs: new Map(),
    scopeOf: new Map(),
    captured: new Set(),
    free: new Map(),
    freeAt: new Map(),
  };
  new Resolver(info, opts.refs !== false).visit(root, new Scope(t.program([]), null, t.program([])));
  return info;
}

// Declarations: the bindings a scope holds before any of its code runs (parameters, hoisted `var`s
// and function declarations, the block's `let`, `const` and `class`).

function declare(scope: Scope, id: t.Identifier, kind: BindingKind): void {
  if (kind === 'self' && scope.bindings.has(id.name)) return;
  scope.bindings.set(id.name, { id: nextId++, name: id.name, kind, scope });
}

function declarePattern(scope: Scope, p: t.Node, kind: BindingKind): void {
  for (const id of Object.values(t.getBindingIdentifiers(p, false)).flat()) declare(scope, id as t.Identifier, kind);
}

/** The `let`, `const`, function and class declarations of a block's statements. */
function hoistLexical(scope: Scope, body: readonly t.Statement[]): void {
  for (const s of body) {
    if (t.isVariableDeclaration(s) && s.kind !== 'var') declarePattern(scope, s, s.kind === 'const' ? 'const' : 'let');
    else if (t.isFunctionDeclaration(s) && s.id) declare(scope, s.id, 'function');
    else if (t.isClassDeclaration(s) && s.id) declare(scope, s.id, 'class');
  }
}

/** The `var`s anywhere in `node` outside nested functions and classes. */
function hoistVars(scope: Scope, node: t.Node): void {
  if (t.isFunction(node) || t.isClass(node)) return;
  if (t.isVariableDeclaration(node) && node.kind === 'var') declarePattern(scope, node, 'var');
  for (const k of t.VISITOR_KEYS[node.type] ?? []) {
    const c = (node as unknown as Record<string, unknown>)[k];
    if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && hoistVars(scope, x as t.Node));
    else if (c && typeof c === 'object') hoistVars(scope, c as t.Node);
  }
}

/** The scope of function `fn` (declared in `parent`), with its parameters and hoisted declarations. */
function functionScope(fn: t.Function, parent: Scope | null): Scope {
  const scope = new Scope(fn, parent, fn);
  for (const p of fn.params) declarePattern(scope, p, 'param');
  if (t.isBlockStatement(fn.body)) {
    hoistVars(scope, fn.body);
    hoistLexical(scope, fn.body.body);
  }
  // A function expression's own name, and the root function's name, resolve to the function.
  const isRoot = parent?.parent === null;
  if ((t.isFunctionExpression(fn) || (isRoot && t.isFunctionDeclaration(fn))) && fn.id) declare(scope, fn.id, 'self');
  return scope;
}

/**
 * References: walks the function, making the scopes of blocks, loops, catch clauses, switches and
 * nested functions as it enters them, and records each identifier's role and binding in `info`.
 */
class Resolver {
  constructor(
    private readonly info: ScopeInfo,
    private readonly keepRefs: boolean,
  ) {}

  /** A new scope for `n` inside `parent` (the same function). */
  private scopeFor(n: t.Node, parent: Scope): Scope {
    const s = new Scope(n, parent, parent.fn);
    this.info.scopeOf.set(n, s);
    return s;
  }

  private record(id: t.Identifier, role: Role, scope: Scope): void {
    const info = this.info;
    const binding = scope.lookup(id.name);
    if (this.keepRefs) info.refs.set(id, { role, binding });
    if (!binding) {
      if (role === 'decl') return;
      if (!info.free.has(id.name)) info.free.set(id.name, new Set());
      // The first use in the source (generated code may hold a later use first).
      const at = id.loc?.start;
      const seen = info.freeAt.get(id.name);
      if (at && (!seen || at.line < seen.line || (at.line === seen.line && at.column < seen.column)))
        info.freeAt.set(id.name, { line: at.line, column: at.column });
    } else if (binding.scope.fn !== scope.fn && role !== 'decl') {
      if (this.keepRefs) info.captured.add(binding);
    }
  }

  /** Patterns in write or declaration position. */
  private visitPattern(p: t.Node, role: Role, scope: Scope): void {
    if (t.isIdentifier(p)) return this.record(p, role, scope);
    if (t.isObjectPattern(p)) {
      for (const prop of p.properties) {
        if (t.isRestElement(prop)) this.visitPattern(prop.argument, role, scope);
        else {
          if (prop.computed) this.visit(prop.key, scope);
          this.visitPattern(prop.value, role, scope);
        }
      }
    } else if (t.isArrayPattern(p)) {
      for (const e of p.elements) if (e) this.visitPattern(e, role, scope);
    } else if (t.isAssignmentPattern(p)) {
      this.visitPattern(p.left, role, scope);
      this.visit(p.right, scope);
    } else if (t.isRestElement(p)) {
      this.visitPattern(p.argument, role, scope);
    } else {
      this.visit(p, scope); // a member expression target: its object is read
    }
  }

  private visitChildren(n: t.Node, scope: Scope, skip: readonly string[] = NONE): void {
    const keys = t.VISITOR_KEYS[n.type];
    if (keys === undefined) return;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (skip.length > 0 && skip.includes(k)) continue;
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) {
        for (let j = 0; j < c.length; j++) {
          const x: unknown = c[j];
          if (x && typeof x === 'object') this.visit(x as t.Node, scope);
        }
      } else if (c && typeof c === 'object') this.visit(c as t.Node, scope);
    }
  }

  visit(n: t.Node, scope: Scope): void {
    // Nodes none of the cases below handles (most of them): straight to their children.
    if (!HANDLED.has(n.type)) return this.visitChildren(n, scope);
    if (t.isFunction(n)) return this.visitFunction(n, scope);
    if (t.isIdentifier(n)) return this.record(n, 'read', scope);
    if (t.isMemberExpression(n) || t.isOptionalMemberExpression(n)) return this.visitMember(n, scope);
    if (t.isClass(n)) return this.visitClass(n, scope);
    if (this.visitScope(n, scope) || this.visitWrite(n, scope)) return;
    if (t.isObjectProperty(n)) {
      if (n.computed) this.visit(n.key, scope);
      return this.visit(n.value, scope);
    }
    if (t.isLabeledStatement(n)) return this.visit(n.body, scope);
    if (t.isBreakStatement(n) || t.isContinueStatement(n) || t.isMetaProperty(n)) return;
    if (t.isPrivateName(n)) return;
    this.visitChildren(n, scope);
  }

  private visitFunction(n: t.Function, scope: Scope): void {
    if (t.isFunctionDeclaration(n) && n.id) this.record(n.id, 'decl', scope);
    const fs = functionScope(n, scope);
    this.info.scopeOf.set(n, fs);
    for (const p of n.params) this.visitPattern(p, 'decl', fs);
    if (t.isBlockStatement(n.body)) n.body.body.forEach((s) => this.visit(s, fs));
    else this.visit(n.body, fs);
    if (t.isObjectMethod(n) || t.isClassMethod(n)) if (n.computed) this.visit(n.key, scope);
  }

  private visitMember(n: t.MemberExpression | t.OptionalMemberExpression, scope: Scope): void {
    this.visit(n.object, scope);
    if (n.computed) this.visit(n.property, scope);
    else if (t.isIdentifier(n.object) && t.isIdentifier(n.property)) {
      // The object was just recorded in this scope: free when nothing binds its name.
      if (!scope.lookup(n.object.name)) this.info.free.get(n.object.name)!.add(n.property.name);
    }
  }

  /** Blocks, loops, catch clauses and switches, which open a scope; false for other nodes. */
  private visitScope(n: t.Node, scope: Scope): boolean {
    if (t.isBlockStatement(n) || t.isStaticBlock(n)) {
      const s = this.scopeFor(n, scope);
      hoistLexical(s, n.body);
      n.body.forEach((x) => this.visit(x, s));
    } else if (t.isForStatement(n) || t.isForOfStatement(n) || t.isForInStatement(n)) {
      const s = this.scopeFor(n, scope);
      const head = t.isForStatement(n) ? n.init : n.left;
      if (t.isVariableDeclaration(head) && head.kind !== 'var')
        declarePattern(s, head, head.kind === 'const' ? 'const' : 'let');
      if (!t.isForStatement(n) && !t.isVariableDeclaration(n.left)) {
        this.visitPattern(n.left, 'write', s);
        this.visitChildren(n, s, ['left']);
      } else this.visitChildren(n, s);
    } else if (t.isCatchClause(n)) {
      const s = this.scopeFor(n, scope);
      if (n.param) {
        declarePattern(s, n.param, 'catch');
        this.visitPattern(n.param, 'decl', s);
      }
      this.visit(n.body, s);
    } else if (t.isSwitchStatement(n)) {
      this.visit(n.discriminant, scope);
      const s = this.scopeFor(n, scope);
      n.cases.forEach((c) => hoistLexical(s, c.consequent));
      n.cases.forEach((c) => this.visitChildren(c, s));
    } else return false;
    return true;
  }

  /** Declarators, assignments and updates, which write names; false for other nodes. */
  private visitWrite(n: t.Node, scope: Scope): boolean {
    if (t.isVariableDeclarator(n)) {
      this.visitPattern(n.id, 'decl', scope);
      if (n.init) this.visit(n.init, scope);
    } else if (t.isAssignmentExpression(n)) {
      if (t.isIdentifier(n.left)) this.record(n.left, n.operator === '=' ? 'write' : 'readwrite', scope);
      else if (n.operator === '=') this.visitPattern(n.left, 'write', scope);
      else this.visit(n.left, scope);
      this.visit(n.right, scope);
    } else if (t.isUpdateExpression(n)) {
      if (t.isIdentifier(n.argument)) this.record(n.argument, 'readwrite', scope);
      else this.visit(n.argument, scope);
    } else return false;
    return true;
  }

  private visitClass(n: t.Class, scope: Scope): void {
    if (t.isClassDeclaration(n) && n.id) this.record(n.id, 'decl', scope);
    if (n.superClass) this.visit(n.superClass, scope);
    // A class expression's own name is bound inside its body.
    if (t.isClassExpression(n) && n.id) {
      const inner = this.scopeFor(n, scope);
      declare(inner, n.id, 'class');
      this.record(n.id, 'decl', inner);
      scope = inner;
    }
    for (const m of n.body.body) {
      if ((t.isClassMethod(m) || t.isClassProperty(m) || t.isClassPrivateMethod(m)) && 'computed' in m && m.computed)
        this.visit(m.key, scope);
      if (t.isClassMethod(m) || t.isClassPrivateMethod(m)) this.visit(m as t.Function, scope);
      else if ((t.isClassProperty(m) || t.isClassPrivateProperty(m)) && m.value) this.visit(m.value, scope);
      else if (t.isStaticBlock(m)) this.visit(m, scope);
    }
  }
}
