// Pass `for-heads`: a C-style `for` loop's update moves to the end of its body, marked as the loop's
// update (the jump passes then skip it after `break`/`return` and run it after `continue`, as JS
// does), and a loop whose head declares `let`/`const` bindings that a closure in the loop captures
// gets JS's per-iteration bindings: the head keeps carriers, and each iteration declares its own
// copies, which the update copies back (ECMAScript's CreatePerIterationEnvironment).
// Needs scopes.ts, jumps.ts (the update mark). Produces for loops without an update.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { analyzeScopes, type Binding, type ScopeInfo } from '../analysis/scopes.js';
import { asList, walk } from '../util/walk.js';
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
  renameRefs(n.test, carriers, info);
  renameRefs(n.update, carriers, info);
  const pairs = [...carriers].map(([b, carrier]) => [b.name, carrier] as const);
  const copyIn = t.variableDeclaration(
    init.kind === 'const' ? 'const' : 'let',
    pairs.map(([name, carrier]) => t.variableDeclarator(t.identifier(name), t.identifier(carrier))),
  );
  copyIn.loc = init.loc;
  init.kind = 'let';
  n.body = t.blockStatement([copyIn, ...asList(n.body)]);
  return pairs.map(([name, carrier]) => t.expressionStatement(t.assignmentExpression('=', t.identifier(carrier), t.identifier(name))));
}

export function forHeadsPass(root: t.Function, ctx: ConvertContext): void {
  let info: ScopeInfo | undefined;
  const loops: t.ForStatement[] = [];
  walk(root, (n) => {
    if (t.isForStatement(n)) loops.push(n);
    return undefined;
  });
  if (loops.length === 0) return;
  // Innermost first: an outer loop's renaming then sees the inner loops already rewritten.
  for (const n of loops.reverse()) {
    let copyBack: t.Statement[] = [];
    if (t.isVariableDeclaration(n.init) && n.init.kind !== 'var') {
      info ??= analyzeScopes(root);
      copyBack = perIteration(n, info, ctx);
    }
    if (!n.update && copyBack.length === 0) continue;
    const update = [...copyBack, ...(n.update ? [Object.assign(t.expressionStatement(n.update), { loc: n.update.loc })] : [])];
    const mark = markLoopUpdate(update.length === 1 ? update[0]! : t.blockStatement(update));
    n.body = t.blockStatement([...asList(n.body), mark]);
    n.update = null;
  }
}
