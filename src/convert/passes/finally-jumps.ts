// Pass `finally`: a `finally` block that itself jumps (return, or break/continue out of it) decides
// how the whole try statement completes, overriding a pending return or exception of the try. The
// jump passes lower jumps to flags, which cannot express that; so such a try statement is lowered
// first: the try (and catch) run in a labelled block whose jumps out record their kind and leave
// the block, the finally body follows as ordinary statements (so its ifs can be staged), and the
// recorded completion is replayed after it — unless the finally body jumped itself, which the
// jump passes' guards then skip. Needs jumps.ts (target resolution). Produces the lowered tries.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { transform, walk } from '../util/walk.js';
import { resolveJumpTargets } from './jumps.js';
import { alwaysReturns } from './return-statements.js';
import { stmt, stmts } from '../util/babel.js';
import { RETURN_VALUE_NAME } from './control-flow.js';

type Jump = t.ReturnStatement | t.BreakStatement | t.ContinueStatement;

/** The nodes inside `n`, not counting nested functions and classes. */
function nodesIn(n: t.Node): Set<t.Node> {
  const out = new Set<t.Node>();
  walk(n, (m) => {
    if (m !== n && (t.isFunction(m) || t.isClass(m))) return false;
    out.add(m);
    return undefined;
  });
  return out;
}

/** The jumps inside `region` that leave `outside` (returns always do; break/continue by their target). */
function jumpsLeaving(region: t.Node, outside: Set<t.Node>, targets: Map<t.Node, t.Node>): Jump[] {
  const out: Jump[] = [];
  walk(region, (n) => {
    if (n !== region && (t.isFunction(n) || t.isClass(n))) return false;
    if (t.isReturnStatement(n)) out.push(n);
    else if ((t.isBreakStatement(n) || t.isContinueStatement(n)) && !outside.has(targets.get(n)!)) out.push(n);
    return undefined;
  });
  return out;
}

function lowerTry(root: t.Function, n: t.TryStatement, ctx: ConvertContext): t.Statement[] | undefined {
  const targets = new Map<t.Node, t.Node>();
  resolveJumpTargets(root, targets);
  const inFinally = nodesIn(n.finalizer!);
  if (jumpsLeaving(n.finalizer!, inFinally, targets).length === 0) return undefined;
  const inTry = nodesIn(n);
  const leaving = [
    ...jumpsLeaving(n.block, inTry, targets),
    ...(n.handler ? jumpsLeaving(n.handler.body, inTry, targets) : []),
  ];
  const label = ctx.namer.fresh('try_completion');
  const kind = ctx.namer.fresh('completion_kind');
  const value = ctx.namer.fresh('completion_value');
  const threw = ctx.namer.fresh('completion_threw');
  const error = ctx.namer.fresh('completion_error');
  const caught = ctx.namer.fresh('error_');
  // In graphs and messages: the jump the try made, and the value it returns (read only when it
  // returned, so a staged branch that does not set it may leave it empty, as a return slot).
  ctx.displayNames.set(kind, 'try');
  ctx.displayNames.set(value, RETURN_VALUE_NAME);
  // An exception is JS-only (a catch runs at trace time): its own flag, never staged, so that
  // rethrowing it is a plain JS if. Each distinct jump out gets its own kind from 1 on.
  const kinds = new Map<string, { kind: number; jump: Jump }>();
  const replace = new Map<t.Node, t.Statement>();
  for (const j of leaving) {
    // Breaks and continues with the same label (or none) leave to the same target from here.
    const key = t.isReturnStatement(j) ? 'return' : `${j.type}:${j.label?.name ?? ''}`;
    let k = kinds.get(key);
    if (!k) kinds.set(key, (k = { kind: kinds.size + 1, jump: j }));
    const parts: t.Statement[] = [];
    if (t.isReturnStatement(j))
      parts.push(stmt('%%value%% = %%arg%%;', { value, arg: j.argument ?? t.identifier('undefined') }));
    parts.push(stmt('%%kind%% = %%k%%;', { kind, k: t.numericLiteral(k.kind) }), t.breakStatement(t.identifier(label)));
    for (const p of parts) p.loc = j.loc;
    replace.set(j, t.blockStatement(parts));
  }
  const always = alwaysReturns(n.block) && (!n.handler || alwaysReturns(n.handler.body));
  const rewrite = (body: t.BlockStatement): void => {
    transform(
      body,
      (m) => replace.get(m),
      (x) => t.isFunction(x) || t.isClass(x),
    );
  };
  rewrite(n.block);
  if (n.handler) rewrite(n.handler.body);
  const inner: t.Statement = n.handler ? t.tryStatement(n.block, n.handler) : n.block;
  const guarded = t.tryStatement(
    t.blockStatement(n.handler ? [inner] : (inner as t.BlockStatement).body),
    t.catchClause(
      t.identifier(caught),
      t.blockStatement(stmts('%%threw%% = true; %%error%% = %%caught%%;', { threw, error, caught })),
    ),
  );
  guarded.loc = n.loc;
  const out: t.Statement[] = [
    t.variableDeclaration('let', [t.variableDeclarator(t.identifier(kind), t.numericLiteral(0))]),
    t.variableDeclaration('let', [
      t.variableDeclarator(t.identifier(value)),
      t.variableDeclarator(t.identifier(threw), t.booleanLiteral(false)),
      t.variableDeclarator(t.identifier(error)),
    ]),
    t.labeledStatement(t.identifier(label), t.blockStatement([guarded])),
    ...n.finalizer!.body,
    stmt('if (%%threw%%) throw %%error%%;', { threw, error }),
  ];
  // A try (and catch) that always return or throw: what is left after the exception is the return,
  // replayed unconditionally, so that the return pass still sees a function that always returns.
  const onlyReturns = [...kinds.keys()].every((k) => k === 'return') && always;
  for (const { kind: k, jump } of kinds.values()) {
    if (onlyReturns) {
      out.push(Object.assign(t.returnStatement(t.identifier(value)), { loc: jump.loc }));
      break;
    }
    const again = t.isReturnStatement(jump) ? t.returnStatement(t.identifier(value)) : t.cloneNode(jump);
    again.loc = jump.loc;
    out.push(t.ifStatement(t.binaryExpression('===', t.identifier(kind), t.numericLiteral(k)), again));
  }
  return out;
}

export function finallyPass(root: t.Function, ctx: ConvertContext): void {
  transform(root, (n, where) => {
    if (!t.isTryStatement(n) || !n.finalizer) return undefined;
    const out = lowerTry(root, n, ctx);
    if (!out) return undefined;
    return where.inList ? out : t.blockStatement(out);
  });
}
