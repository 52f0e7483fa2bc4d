// Pass `return`: in every function whose returns are not just one final statement, each
// `return e` becomes `retval_ = e; do_return = true;`, the statements after it are guarded by
// `if (!do_return)`, loops stop on `!do_return`, and the function ends with `return retval_`.
// Needs jumps.ts. Produces functions with a single, final return; records ctx.returnVars.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { transform, walk } from '../util/walk.js';
import { guardList, markJump } from './jumps.js';

function returnsOf(fn: t.Function): t.ReturnStatement[] {
  const out: t.ReturnStatement[] = [];
  walk(fn.body, (n) => {
    if (t.isFunction(n) || t.isClass(n)) return false;
    if (t.isReturnStatement(n)) out.push(n);
    return undefined;
  });
  return out;
}

/** Does every path through `s` end in a return or throw? */
export function alwaysReturns(s: t.Statement | null | undefined): boolean {
  if (!s) return false;
  if (t.isReturnStatement(s) || t.isThrowStatement(s)) return true;
  if (t.isBlockStatement(s)) return s.body.some(alwaysReturns);
  if (t.isIfStatement(s)) return alwaysReturns(s.consequent) && alwaysReturns(s.alternate);
  if (t.isTryStatement(s))
    return alwaysReturns(s.finalizer) || (alwaysReturns(s.block) && (!s.handler || alwaysReturns(s.handler.body)));
  return false;
}

function lowerFunction(fn: t.Function, ctx: ConvertContext): void {
  if (!t.isBlockStatement(fn.body)) return;
  const returns = returnsOf(fn);
  const body = fn.body.body;
  if (returns.length === 0) return;
  if (returns.length === 1 && body[body.length - 1] === returns[0]) return;
  const always = alwaysReturns(fn.body);
  const flag = ctx.namer.fresh('do_return');
  const value = ctx.namer.fresh('retval_');
  const mine = new Set<t.Node>(returns);
  transform(
    fn.body,
    (n) => {
      if (!mine.has(n)) return undefined;
      const r = n as t.ReturnStatement;
      const setFlag = t.expressionStatement(t.assignmentExpression('=', t.identifier(flag), t.booleanLiteral(true)));
      const setValue = t.expressionStatement(
        t.assignmentExpression('=', t.identifier(value), r.argument ?? t.identifier('undefined')),
      );
      setFlag.loc = setValue.loc = r.loc;
      setValue.leadingComments = r.leadingComments;
      // The value first: the flag is set only once the returned expression has been evaluated
      // (`try { return f() } catch {}` must fall through when f throws).
      return [setValue, markJump(setFlag, flag)];
    },
    (x) => t.isFunction(x) || t.isClass(x),
  );
  const decls = [
    t.variableDeclaration('let', [t.variableDeclarator(t.identifier(flag), t.booleanLiteral(false))]),
    t.variableDeclaration('let', [t.variableDeclarator(t.identifier(value))]),
  ];
  fn.body.body = [...decls, ...guardList(fn.body.body, flag, ctx), t.returnStatement(t.identifier(value))];
  ctx.returnVars.set(fn, { flag, value, always });
}

export function returnPass(root: t.Function, ctx: ConvertContext): void {
  const fns: t.Function[] = [];
  walk(root, (n) => {
    if (t.isFunction(n)) fns.push(n);
    return undefined;
  });
  for (const fn of fns.reverse()) lowerFunction(fn, ctx);
}
