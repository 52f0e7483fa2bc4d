// Finds the functions of a module that in-place conversion rewrites: those passed to `jit`/`toGraph`
// imported from autograph-ts (any local name, or `ns.jit` of `import * as ns`), inline or by the name
// of a function declaration / `const f = function|arrow`, and those whose body opens with the
// directive 'use autograph'; and, transitively, the functions of the same module that a target calls
// by name (module or enclosing-block declarations and `const f = …` functions), so that helpers keep
// their closures too and never need run-time conversion (`new Function`). A function that esbuild
// (tsx) wrapped to keep its name, `__name(function f() {…}, "f")`, is found inside the wrapper.
// Needs @babel/types. Produces `findTargets`, `isAutographSource`.

import * as t from '../convert/util/babel-types.js';

export type ConvertibleFunction = t.FunctionDeclaration | t.FunctionExpression | t.ArrowFunctionExpression;

export interface Target {
  readonly node: ConvertibleFunction;
  /** The name the function is known by (its id, or the variable it is bound to). */
  readonly name: string;
  /** Where the function expression sits (to wrap it with the in-place marker); null for declarations. */
  readonly slot: { readonly parent: t.Node; readonly key: string; readonly index: number | null } | null;
  /** The statement list holding a declaration (the marker goes at its top), null for expressions. */
  readonly block: t.Statement[] | null;
  /** Found only because a target calls it: a conversion error leaves it to the run-time path. */
  readonly implicit?: boolean;
}

export interface FindOptions {
  /** Import sources that mean autograph-ts (default: 'autograph-ts' and its subpaths). */
  readonly importSources?: readonly (string | RegExp)[];
}

const API = new Set(['jit', 'toGraph']);
export const DIRECTIVE = 'use autograph';

export function isAutographSource(source: string, sources?: readonly (string | RegExp)[]): boolean {
  if (source === 'autograph-ts' || source === 'autograph-ts/index.js') return true;
  return (sources ?? []).some((s) => (typeof s === 'string' ? s === source : s.test(source)));
}

function isConvertible(n: t.Node | null | undefined): n is ConvertibleFunction {
  return t.isFunctionDeclaration(n) || t.isFunctionExpression(n) || t.isArrowFunctionExpression(n);
}

/**
 * The function inside esbuild's `keepNames` wrapper `__name(fn, "name")` (what tsx emits for a named
 * function expression), with the slot it sits in; else `n` itself in `slot`.
 */
function unwrapKeepNames(
  n: t.Node | null | undefined,
  slot: Target['slot'],
): { fn: t.Node | null | undefined; slot: Target['slot'] } {
  if (
    t.isCallExpression(n) &&
    t.isIdentifier(n.callee, { name: '__name' }) &&
    n.arguments.length === 2 &&
    isConvertible(n.arguments[0]) &&
    t.isStringLiteral(n.arguments[1])
  ) {
    return { fn: n.arguments[0], slot: { parent: n, key: 'arguments', index: 0 } };
  }
  return { fn: n, slot };
}

function hasDirective(n: t.Function): boolean {
  return t.isBlockStatement(n.body) && n.body.directives.some((d) => d.value.value === DIRECTIVE);
}

/** `autograph: false` in an options object literal leaves the function to run unconverted. */
function optsOffAutograph(arg: t.Node | undefined): boolean {
  return (
    t.isObjectExpression(arg) &&
    arg.properties.some(
      (p) =>
        t.isObjectProperty(p) &&
        !p.computed &&
        t.isIdentifier(p.key, { name: 'autograph' }) &&
        t.isBooleanLiteral(p.value, { value: false }),
    )
  );
}

interface Frame {
  readonly node: t.Node;
  readonly key: string;
  readonly index: number | null;
}

/** Statement lists of the ancestors, innermost first (Program and block bodies). */
function blocksOf(stack: readonly Frame[]): t.Statement[][] {
  const out: t.Statement[][] = [];
  for (let i = stack.length - 1; i >= 0; i--) {
    const n = stack[i]!.node;
    if (t.isProgram(n) || t.isBlockStatement(n) || t.isStaticBlock(n)) out.push(n.body);
  }
  return out;
}

/** The function a name refers to in one of the enclosing statement lists, if it is a function. */
function resolveFunction(name: string, stack: readonly Frame[]): Target | undefined {
  for (const body of blocksOf(stack)) {
    for (const st0 of body) {
      const st = t.isExportNamedDeclaration(st0) || t.isExportDefaultDeclaration(st0) ? st0.declaration : st0;
      if (t.isFunctionDeclaration(st) && st.id?.name === name) return { node: st, name, slot: null, block: body };
      if (t.isVariableDeclaration(st)) {
        for (const d of st.declarations) {
          if (!t.isIdentifier(d.id, { name })) continue;
          const { fn, slot } = unwrapKeepNames(d.init, { parent: d, key: 'init', index: null });
          if (st.kind === 'const' && (t.isFunctionExpression(fn) || t.isArrowFunctionExpression(fn))) {
            return { node: fn, name, slot, block: null };
          }
          return undefined; // bound to something else: left to the run-time path
        }
      }
    }
  }
  return undefined;
}

/** Names called as `name(…)` inside `fn`, less those `fn` itself declares (they convert with it). */
function calledNames(fn: t.Node): Set<string> {
  const called = new Set<string>();
  const declared = new Set<string>();
  const walk = (n: t.Node): void => {
    if (t.isCallExpression(n) && t.isIdentifier(n.callee)) called.add(n.callee.name);
    if ((t.isFunctionDeclaration(n) || t.isFunctionExpression(n) || t.isClassDeclaration(n)) && n.id)
      declared.add(n.id.name);
    if (t.isVariableDeclarator(n) && t.isIdentifier(n.id)) declared.add(n.id.name);
    if (t.isFunction(n)) for (const p of n.params) if (t.isIdentifier(p)) declared.add(p.name);
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      for (const x of Array.isArray(c) ? c : [c]) if (x && typeof x === 'object') walk(x as t.Node);
    }
  };
  walk(fn);
  for (const d of declared) called.delete(d);
  return called;
}

/** The frames of `stack` down to the statement list that holds `target` (the helper's own scope). */
function stackHolding(target: Target, stack: readonly Frame[]): Frame[] {
  for (let i = stack.length - 1; i >= 0; i--) {
    const n = stack[i]!.node;
    const body = t.isProgram(n) || t.isBlockStatement(n) || t.isStaticBlock(n) ? n.body : null;
    if (!body) continue;
    const holds = body.some((st0) => {
      const st = t.isExportNamedDeclaration(st0) || t.isExportDefaultDeclaration(st0) ? st0.declaration : st0;
      return (
        st === target.node ||
        (t.isVariableDeclaration(st) && st.declarations.some((d) => unwrapKeepNames(d.init, null).fn === target.node))
      );
    });
    if (holds) return stack.slice(0, i + 1);
  }
  return [...stack];
}

/** Outermost targets of `file`, in source order (functions nested in a target convert with it). */
export function findTargets(file: t.File, opts: FindOptions = {}): Target[] {
  const named = new Set<string>();
  const namespaces = new Set<string>();
  for (const st of file.program.body) {
    if (
      !t.isImportDeclaration(st) ||
      st.importKind === 'type' ||
      !isAutographSource(st.source.value, opts.importSources)
    )
      continue;
    for (const s of st.specifiers) {
      if (t.isImportNamespaceSpecifier(s)) namespaces.add(s.local.name);
      else if (t.isImportSpecifier(s)) {
        const imported = t.isIdentifier(s.imported) ? s.imported.name : s.imported.value;
        if (API.has(imported)) named.add(s.local.name);
      }
    }
  }
  const isApiCallee = (c: t.Node): boolean =>
    (t.isIdentifier(c) && named.has(c.name)) ||
    (t.isMemberExpression(c) &&
      !c.computed &&
      t.isIdentifier(c.object) &&
      namespaces.has(c.object.name) &&
      t.isIdentifier(c.property) &&
      API.has(c.property.name));

  const found = new Map<t.Node, Target>();
  const nameOf = (fn: ConvertibleFunction, frame: Frame): string => {
    if (!t.isArrowFunctionExpression(fn) && fn.id) return fn.id.name;
    if (t.isVariableDeclarator(frame.node) && t.isIdentifier(frame.node.id)) return frame.node.id.name;
    return 'anonymous';
  };
  const stack: Frame[] = [];
  // Where each target was found (its scope, to resolve the helpers it calls).
  const scopes = new Map<t.Node, Frame[]>();
  const visit = (node: t.Node, key: string, index: number | null): void => {
    const frame = { node, key, index };
    const parent = stack[stack.length - 1];
    if (parent && isConvertible(node) && hasDirective(node) && !found.has(node)) {
      const isDecl = t.isFunctionDeclaration(node);
      scopes.set(node, [...stack]);
      found.set(node, {
        node,
        name: nameOf(node, parent),
        slot: isDecl ? null : { parent: parent.node, key, index },
        block: isDecl ? (blocksOf(stack)[0] ?? null) : null,
      });
    }
    if (t.isCallExpression(node) && isApiCallee(node.callee) && !optsOffAutograph(node.arguments[1])) {
      const { fn: a, slot } = unwrapKeepNames(node.arguments[0], { parent: node, key: 'arguments', index: 0 });
      if (t.isFunctionExpression(a) || t.isArrowFunctionExpression(a)) {
        scopes.set(a, [...stack, frame]);
        found.set(a, {
          node: a,
          name:
            (t.isFunctionExpression(a) ? a.id?.name : undefined) ??
            (t.isVariableDeclarator(parent?.node) && t.isIdentifier(parent.node.id)
              ? parent.node.id.name
              : 'anonymous'),
          slot,
          block: null,
        });
      } else if (t.isIdentifier(a)) {
        const r = resolveFunction(a.name, [...stack, frame]);
        if (r && !found.has(r.node)) {
          scopes.set(r.node, stackHolding(r, [...stack, frame]));
          found.set(r.node, r);
        }
      }
    }
    stack.push(frame);
    for (const k of t.VISITOR_KEYS[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[k];
      if (Array.isArray(child)) child.forEach((c, i) => c && typeof c === 'object' && visit(c as t.Node, k, i));
      else if (child && typeof child === 'object') visit(child as t.Node, k, null);
    }
    stack.pop();
  };
  visit(file.program, 'program', null);

  // Helpers the targets call by name, transitively (a helper of a helper converts too).
  const work = [...found.values()];
  while (work.length) {
    const tg = work.pop()!;
    const scope = scopes.get(tg.node) ?? [];
    for (const name of calledNames(tg.node)) {
      if (named.has(name)) continue;
      const r = resolveFunction(name, scope);
      if (!r || found.has(r.node)) continue;
      const helper: Target = { ...r, implicit: true };
      scopes.set(r.node, stackHolding(r, scope));
      found.set(r.node, helper);
      work.push(helper);
    }
  }

  // Keep the outermost: a target inside another converts as part of it.
  const targets = [...found.values()];
  const inner = new Set<t.Node>();
  for (const tg of targets) {
    const walkInto = (n: t.Node): void => {
      for (const k of t.VISITOR_KEYS[n.type] ?? []) {
        const c = (n as unknown as Record<string, unknown>)[k];
        for (const x of Array.isArray(c) ? c : [c]) {
          if (!x || typeof x !== 'object') continue;
          if (found.has(x as t.Node)) inner.add(x as t.Node);
          walkInto(x as t.Node);
        }
      }
    };
    walkInto(tg.node);
  }
  return targets.filter((tg) => !inner.has(tg.node)).sort((a, b) => (a.node.start ?? 0) - (b.node.start ?? 0));
}
