// Shared machinery of the break, continue and return passes (as in TF AutoGraph's converters):
// a jump becomes `flag = true` (marked), the statements after anything that may set the flag are
// wrapped in `if (!flag) { … }`, and loops the jump leaves get `!flag` in their condition.
// Needs ConvertContext. Produces `resolveJumpTargets`, `markedFlagSet`, `setsFlag`, `guardList`.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { asList, transform } from '../util/walk.js';

const marks = new WeakMap<t.Node, string>();
/** The statements that are a for loop's update, moved to the end of its body (for-heads). */
const loopUpdates = new WeakSet<t.Node>();

/** Marks `stmt` as a loop's update: the last statement of its body, run after `continue` too. */
export function markLoopUpdate<T extends t.Node>(stmt: T): T {
  loopUpdates.add(stmt);
  return stmt;
}

/** Marks `stmt` as the statement that completes a jump setting `flag`. */
export function markJump<T extends t.Node>(stmt: T, flag: string): T {
  marks.set(stmt, flag);
  return stmt;
}

/** `flag = true;`, marked as a jump. */
export function markedFlagSet(flag: string, loc?: t.SourceLocation | null): t.ExpressionStatement {
  const s = t.expressionStatement(t.assignmentExpression('=', t.identifier(flag), t.booleanLiteral(true)));
  s.loc = loc ?? null;
  return markJump(s, flag);
}

/** Does `node` (not counting nested functions) hold a marked jump for `flag`? */
export function setsFlag(node: t.Node, flag: string): boolean {
  if (marks.get(node) === flag) return true;
  if (t.isFunction(node) || t.isClass(node)) return false;
  for (const k of t.VISITOR_KEYS[node.type] ?? []) {
    const c = (node as unknown as Record<string, unknown>)[k];
    if (Array.isArray(c)) {
      if (c.some((x) => x && typeof x === 'object' && setsFlag(x as t.Node, flag))) return true;
    } else if (c && typeof c === 'object' && setsFlag(c as t.Node, flag)) return true;
  }
  return false;
}

/** `break`, `continue` or `return`: the jump a flag stands for. */
function jumpKind(flag: string, ctx: ConvertContext): string {
  const base = ctx.namer.baseOf(flag) ?? flag;
  return base === 'do_return' ? 'return' : base.replace(/_+$/, '');
}

const not = (flag: string): t.Expression => t.unaryExpression('!', t.identifier(flag));

/** Adds `!flag` to the condition of `loop` (as an extra test for for…of / for…in). */
export function addLoopCondition(loop: t.Loop, flag: string, ctx: ConvertContext): void {
  if (t.isWhileStatement(loop) || t.isDoWhileStatement(loop))
    loop.test = t.logicalExpression('&&', not(flag), loop.test);
  else if (t.isForStatement(loop)) loop.test = loop.test ? t.logicalExpression('&&', not(flag), loop.test) : not(flag);
  else {
    const tests = ctx.extraTests.get(loop) ?? [];
    tests.push(not(flag));
    ctx.extraTests.set(loop, tests);
  }
}

/**
 * Guards the statements of a block against `flag`; loops inside that may set it stop on it. A loop
 * update that ends the list is guarded on its own, so that it stays last; with `keepUpdate` (the
 * loop's own `continue`) it runs whatever the flag says.
 */
export function guardList(
  stmts: readonly t.Statement[],
  flag: string,
  ctx: ConvertContext,
  keepUpdate = false,
): t.Statement[] {
  const update = stmts[stmts.length - 1];
  if (!update || !loopUpdates.has(update)) return guardStatements(stmts, flag, ctx);
  const rest = stmts.slice(0, -1);
  const out = guardStatements(rest, flag, ctx);
  if (keepUpdate || !rest.some((s) => setsFlag(s, flag))) return [...out, update];
  // After an unconditional jump the update never runs.
  if (rest.some((s) => marks.get(s) === flag)) return out;
  const guard = markLoopUpdate(t.ifStatement(not(flag), t.blockStatement([update])));
  guard.loc = update.loc ?? null;
  ctx.sites.set(guard, `unless ${jumpKind(flag, ctx)}`);
  return [...out, guard];
}

function guardStatements(stmts: readonly t.Statement[], flag: string, ctx: ConvertContext): t.Statement[] {
  const out: t.Statement[] = [];
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i]!;
    out.push(guardStmt(s, flag, ctx));
    if (marks.get(s) === flag) return out; // an unconditional jump: the rest is dead code
    if (i < stmts.length - 1 && setsFlag(s, flag)) {
      const rest = guardStatements(stmts.slice(i + 1), flag, ctx);
      if (rest.length) {
        const guard = t.ifStatement(not(flag), t.blockStatement(rest));
        guard.loc = rest[0]!.loc ?? null;
        ctx.sites.set(guard, `unless ${jumpKind(flag, ctx)}`);
        out.push(guard);
      }
      return out;
    }
  }
  return out;
}

function guardStmt(s: t.Statement, flag: string, ctx: ConvertContext): t.Statement {
  if (!setsFlag(s, flag) || marks.get(s) === flag) return s;
  if (t.isBlockStatement(s)) s.body = guardList(s.body, flag, ctx);
  else if (t.isIfStatement(s)) {
    s.consequent = t.blockStatement(guardList(asList(s.consequent), flag, ctx));
    if (s.alternate)
      s.alternate = t.isIfStatement(s.alternate)
        ? guardStmt(s.alternate, flag, ctx)
        : t.blockStatement(guardList(asList(s.alternate), flag, ctx));
  } else if (t.isLoop(s)) {
    addLoopCondition(s, flag, ctx);
    s.body = t.blockStatement(guardList(asList(s.body), flag, ctx));
  } else if (t.isTryStatement(s)) {
    s.block.body = guardList(s.block.body, flag, ctx);
    if (s.handler) s.handler.body.body = guardList(s.handler.body.body, flag, ctx);
    if (s.finalizer) s.finalizer.body = guardList(s.finalizer.body, flag, ctx);
  } else if (t.isLabeledStatement(s)) s.body = guardStmt(s.body, flag, ctx);
  return s;
}

/**
 * Resolves the target of every break/continue of the tree (innermost loop, or the labelled
 * statement), then removes the labels (the passes lower every jump). Results go to `targets`.
 */
export function resolveJumpTargets(root: t.Function, targets: Map<t.Node, t.Node>): void {
  const visit = (n: t.Node, stack: { node: t.Node; labels: string[] }[], pendingLabels: string[]): void => {
    if (t.isFunction(n) && stack.length > 0) {
      visit(n.body, [], []);
      return;
    }
    if (t.isBreakStatement(n) || t.isContinueStatement(n)) {
      const label = n.label?.name;
      for (let i = stack.length - 1; i >= 0; i--) {
        const e = stack[i]!;
        if (label ? e.labels.includes(label) : t.isLoop(e.node)) {
          targets.set(n, e.node);
          break;
        }
      }
      return;
    }
    if (t.isLabeledStatement(n)) {
      visit(n.body, stack, [...pendingLabels, n.label.name]);
      return;
    }
    const isTarget = t.isLoop(n) || pendingLabels.length > 0;
    const inner = isTarget ? [...stack, { node: n, labels: pendingLabels }] : stack;
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node, inner, []));
      else if (c && typeof c === 'object') visit(c as t.Node, inner, []);
    }
  };
  visit(root, [], []);
}

/** Replaces labelled statements by their bodies (after all jumps are resolved); a label's comments move to its body. */
export function stripLabels(root: t.Node): void {
  transform(root, (n) => {
    if (!t.isLabeledStatement(n)) return undefined;
    const body: t.Statement = n.body; // already free of labels: transform rewrites children first
    if (n.leadingComments) body.leadingComments = [...n.leadingComments, ...(body.leadingComments ?? [])];
    return body;
  });
}
