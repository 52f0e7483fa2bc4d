// Pass `continue`: every `continue` (also labelled) becomes `continue_ = true`, with the flag
// reset at the start of each iteration and the rest of the body guarded; loops it leaves (a
// labelled continue of an outer loop) stop on it. Needs jumps.ts and the targets the break pass
// resolved. Produces an AST without continue.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { asList, transform } from '../util/walk.js';
import { guardList, markedFlagSet } from './jumps.js';

export function continuePass(root: t.Function, ctx: ConvertContext): void {
  const jumpsOf = new Map<t.Node, t.ContinueStatement[]>();
  for (const [jump, target] of ctx.jumpTargets) {
    if (!t.isContinueStatement(jump)) continue;
    jumpsOf.set(target, [...(jumpsOf.get(target) ?? []), jump as t.ContinueStatement]);
  }
  if (jumpsOf.size === 0) return;
  transform(root, (n) => {
    const jumps = jumpsOf.get(n);
    if (!jumps || !t.isLoop(n)) return undefined;
    const flag = ctx.namer.fresh('continue_');
    const mine = new Set<t.Node>(jumps);
    n.body = t.blockStatement(asList(n.body));
    transform(
      n.body,
      (j) => (mine.has(j) ? markedFlagSet(flag, j.loc) : undefined),
      (x) => t.isFunction(x) || t.isClass(x),
    );
    const decl = t.variableDeclaration('let', [t.variableDeclarator(t.identifier(flag), t.booleanLiteral(false))]);
    n.body = t.blockStatement([decl, ...guardList(asList(n.body), flag, ctx, true)]);
    return undefined;
  });
}
