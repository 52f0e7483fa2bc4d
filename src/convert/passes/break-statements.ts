// Pass `break`: every `break` (also labelled, also out of nested loops) becomes `break_ = true`;
// the rest of the loop body is guarded and the loop condition gets `!break_` (for…of loops get it
// as an extra test). Needs jumps.ts, ConvertContext (jump targets are resolved here and kept for
// the continue pass). Produces an AST whose loops contain no break.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { asList, transform } from '../util/walk.js';
import { addLoopCondition, guardList, markedFlagSet, resolveJumpTargets, stripLabels } from './jumps.js';

export function breakPass(root: t.Function, ctx: ConvertContext): void {
  resolveJumpTargets(root, ctx.jumpTargets);
  stripLabels(root);
  const jumpsOf = new Map<t.Node, t.BreakStatement[]>();
  for (const [jump, target] of ctx.jumpTargets) {
    if (!t.isBreakStatement(jump)) continue;
    jumpsOf.set(target, [...(jumpsOf.get(target) ?? []), jump as t.BreakStatement]);
  }
  if (jumpsOf.size === 0) return;
  transform(root, (n, where) => {
    const jumps = jumpsOf.get(n);
    if (!jumps || !t.isStatement(n)) return undefined;
    const flag = ctx.namer.fresh('break_');
    const mine = new Set<t.Node>(jumps);
    if (t.isLoop(n)) n.body = t.blockStatement(asList(n.body));
    const body = (t.isLoop(n) ? n.body : n) as t.Statement;
    transform(
      body,
      (j) => (mine.has(j) ? markedFlagSet(flag, j.loc) : undefined),
      (x) => t.isFunction(x) || t.isClass(x),
    );
    if (t.isLoop(n)) {
      n.body = t.blockStatement(guardList(asList(n.body), flag, ctx));
      addLoopCondition(n, flag, ctx);
    } else if (t.isBlockStatement(n)) {
      n.body = guardList(n.body, flag, ctx);
    }
    const decl = t.variableDeclaration('let', [t.variableDeclarator(t.identifier(flag), t.booleanLiteral(false))]);
    // Keep the user's comment in front of the loop, not of the flag.
    return where.inList ? [decl, n] : t.blockStatement([decl, n as t.Statement]);
  });
}
