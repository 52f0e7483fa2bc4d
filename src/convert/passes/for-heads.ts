// Pass `for-heads`: a C-style `for` loop's update moves to the end of its body, marked as the loop's
// update (the jump passes then skip it after `break`/`return` and run it after `continue`, as JS
// does), and a loop whose head declares `let`/`const` bindings that a closure in the loop captures
// gets JS's per-iteration bindings: the head keeps carriers, and each iteration declares its own
// copies, which the update copies back (ECMAScript's CreatePerIterationEnvironment); where a
// closure in the test or the update captures them too, both move into the body after the copy.
// Needs scopes.ts, jumps.ts (the update mark). Produces for loops without an update.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { analyzeScopes, type Binding, type ScopeInfo } from '../analysis/scopes.js';
import { asList, some, walk } from '../util/walk.js';
import { markLoopUpdate } from './jumps.js';

/** The head's bindings that a function or class inside the loop refers to. */
function capturedHeadNames(n: t.ForStatement, heads: Set<Binding>, info: ScopeInfo): Set<string> {
  const out = new Set<string>();
  const inClosure = (root: t.Node | null | undefined): void => {
    if (!root) return;
    walk(root, (m) => {
      if (!(t.isFunction(m) || t.isClass(m))) return undefined;
      walk(m, (x) => {
        if (!t.isIdentifier(x)) return;
        const b = info.refs.get(x)?.binding;
        if (b && heads.has(b)) out.add(b.name);
      });
      return false;
    });
  };
  inClosure(n.test);
  inClosure(n.update);
  inClosure(n.body);
  return out;
}

/** Renames the identifiers of `root` bound to `b` (by the analysis) to `to`. */
function renameRefs(root: t.Node | null | undefined, bindings: Map<Binding, string>, info: ScopeInfo): void {
  if (!root) return;
  walk(root, (x) => {
    if (!t.isIdentifier(x)) return;
    const b = info.refs.get(x)?.binding;
    const to = b && bindings.get(b);
    if (to) x.name = to;
  });
}

/**
 * `for (let i = 0; i < n; i++) body` whose body makes closures over `i` becomes
 * `for (let i_iter = 0; i_iter < n; ) { let i = i_iter; body; [update] i_iter = i; i_iter++; }`:
 * each iteration's closures keep their own `i`, the test and the update act on the carrier.
 */
function perIteration(n: t.ForStatement, info: ScopeInfo, ctx: ConvertContext): t.Statement[] {
  const init = n.init as t.VariableDeclaration;
  const scope = info.scopeOf.get(n);
  const heads = new Set([...(scope?.bindings.values() ?? [])]);
  const captured = capturedHeadNames(n, heads, info);
  if (captured.size === 0) return [];
  const carriers = new Map<Binding, string>();
  for (const b of heads) {
    const name = ctx.namer.fresh(`${b.name}_iter`);
    carriers.set(b, name);
    ctx.displayNames.set(name, b.name);
  }
  // The head declares the carriers; the test and the update (and the initializers) use them.
  for (const d of init.declarations) {
    walk(d.id, (x) => {
      if (!t.isIdentifier(x)) return;
      const b = info.refs.get(x)?.binding;
      const to = b && carriers.get(b);
      if (to) x.name = to;
    });
    renameRefs(d.init, carriers, info);
  }
  const pairs = [...carriers].map(([b, carrier]) => [b.name, carrier] as const);
  const copyIn = t.variableDeclaration(
    init.kind === 'const' ? 'const' : 'let',
    pairs.map(([name, carrier]) => t.variableDeclarator(t.identifier(name), t.identifier(carrier))),
  );
  copyIn.loc = init.loc;
  init.kind = 'let';
  if (inTestOrUpdate(n, heads, info)) {
    // A closure in the test or the update captures the iteration's binding too: both move into the
    // body, after the copy (`if (first) first = false; else update; if (!test) break;`).
    const first = ctx.namer.fresh('first_iter');
    init.declarations.push(t.variableDeclarator(t.identifier(first), t.booleanLiteral(true)));
    const head: t.Statement[] = [];
    const setFirst = t.expressionStatement(t.assignmentExpression('=', t.identifier(first), t.booleanLiteral(false)));
    head.push(
      n.update
        ? t.ifStatement(
            t.identifier(first),
            setFirst,
            Object.assign(t.expressionStatement(n.update), { loc: n.update.loc }),
          )
        : setFirst,
    );
    if (n.test)
      head.push(Object.assign(t.ifStatement(t.unaryExpression('!', n.test), t.breakStatement()), { loc: n.test.loc }));
    n.test = null;
    n.update = null;
    n.body = t.blockStatement([copyIn, ...head, ...asList(n.body)]);
  } else {
    renameRefs(n.test, carriers, info);
    renameRefs(n.update, carriers, info);
    n.body = t.blockStatement([copyIn, ...asList(n.body)]);
  }
  return pairs.map(([name, carrier]) =>
    t.expressionStatement(t.assignmentExpression('=', t.identifier(carrier), t.identifier(name))),
  );
}

/** Whether a function or class in the loop's test or update refers to a binding of its head. */
function inTestOrUpdate(n: t.ForStatement, heads: Set<Binding>, info: ScopeInfo): boolean {
  let found = false;
  for (const part of [n.test, n.update]) {
    if (!part) continue;
    walk(part, (m) => {
      if (found || !(t.isFunction(m) || t.isClass(m))) return undefined;
      walk(m, (x) => {
        const b = t.isIdentifier(x) ? info.refs.get(x)?.binding : undefined;
        if (b && heads.has(b)) found = true;
      });
      return false;
    });
  }
  return found;
}

/**
 * `for (let x = 'init', g = () => x; …)`: a closure of the initializers keeps the first binding of
 * `x`, which the iterations only copy. The declarations move before the loop, in a block with it,
 * and the loop starts from copies of them (not for a labelled loop, whose label must stay on it).
 */
function separateInitBindings(
  n: t.ForStatement,
  parent: t.Node | null,
  key: string,
  info: ScopeInfo,
  ctx: ConvertContext,
): void {
  const init = n.init as t.VariableDeclaration;
  if (!parent || t.isLabeledStatement(parent)) return;
  const heads = new Set([...(info.scopeOf.get(n)?.bindings.values() ?? [])]);
  let closes = false;
  for (const d of init.declarations) {
    if (!d.init) continue;
    walk(d.init, (m) => {
      if (!(t.isFunction(m) || t.isClass(m))) return undefined;
      walk(m, (x) => {
        const b = t.isIdentifier(x) ? info.refs.get(x)?.binding : undefined;
        if (b && heads.has(b)) closes = true;
      });
      return false;
    });
  }
  if (!closes) return;
  const names = [...heads].map((b) => b.name);
  const outer = t.variableDeclaration(init.kind, init.declarations);
  const first = names.map((name) => [name, ctx.namer.fresh(`${name}_init`)] as const);
  // `let x = …; const x_init = x;` then `for (let x = x_init; …)`: the loop's bindings are new.
  const saved = t.variableDeclaration(
    'const',
    first.map(([name, tmp]) => t.variableDeclarator(t.identifier(tmp), t.identifier(name))),
  );
  n.init = t.variableDeclaration(
    init.kind === 'const' ? 'const' : 'let',
    first.map(([name, tmp]) => t.variableDeclarator(t.identifier(name), t.identifier(tmp))),
  );
  const rec = parent as unknown as Record<string, unknown>;
  const slot = rec[key];
  const inner = t.blockStatement([outer, saved, n]);
  if (Array.isArray(slot)) slot[slot.indexOf(n)] = inner;
  else rec[key] = inner;
}

export function forHeadsPass(root: t.Function, ctx: ConvertContext): void {
  let info: ScopeInfo | undefined;
  const loops: [t.ForStatement, t.Node | null, string][] = [];
  walk(root, (n, parent, key) => {
    if (t.isForStatement(n)) loops.push([n, parent, key]);
    return undefined;
  });
  if (loops.length === 0) return;
  // Initializers' closures first (the scopes are analysed once more after they move).
  if (
    loops.some(
      ([n]) =>
        t.isVariableDeclaration(n.init) &&
        n.init.kind !== 'var' &&
        n.init.declarations.some((d) => d.init && some(d.init, (m) => t.isFunction(m) || t.isClass(m))),
    )
  ) {
    const before = analyzeScopes(root);
    for (const [n, parent, key] of loops)
      if (t.isVariableDeclaration(n.init) && n.init.kind !== 'var') separateInitBindings(n, parent, key, before, ctx);
  }
  // Innermost first: an outer loop's renaming then sees the inner loops already rewritten.
  for (const [n] of loops.reverse()) {
    let copyBack: t.Statement[] = [];
    if (t.isVariableDeclaration(n.init) && n.init.kind !== 'var') {
      info ??= analyzeScopes(root);
      copyBack = perIteration(n, info, ctx);
    }
    if (!n.update && copyBack.length === 0) continue;
    const update = [
      ...copyBack,
      ...(n.update ? [Object.assign(t.expressionStatement(n.update), { loc: n.update.loc })] : []),
    ];
    const mark = markLoopUpdate(update.length === 1 ? update[0]! : t.blockStatement(update));
    n.body = t.blockStatement([...asList(n.body), mark]);
    n.update = null;
  }
}
