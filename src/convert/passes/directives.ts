// Pass `directives`: `ag.setLoopOptions({ maximumIterations })` as the first statement of a loop
// body is removed and its argument recorded for the control-flow pass (ctx.loopOptions); anywhere
// else it is a located error. Needs ConvertContext. Produces the AST without loop directives.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { walk } from '../util/walk.js';

function isDirective(s: t.Node | undefined, name: string): s is t.ExpressionStatement {
  if (!s || !t.isExpressionStatement(s) || !t.isCallExpression(s.expression)) return false;
  const c = s.expression.callee;
  return (
    t.isIdentifier(c, { name }) || (t.isMemberExpression(c) && !c.computed && t.isIdentifier(c.property, { name }))
  );
}

export function directivesPass(root: t.Function, ctx: ConvertContext): void {
  const allowed = new Set<t.Node>();
  walk(root, (n) => {
    if (t.isLoop(n) && t.isBlockStatement(n.body)) {
      const first = n.body.body[0];
      if (isDirective(first, 'setLoopOptions')) {
        const arg = (first.expression as t.CallExpression).arguments[0];
        if (arg && t.isExpression(arg)) ctx.loopOptions.set(n, arg);
        n.body.body.shift();
        allowed.add(first);
      }
    }
    return undefined;
  });
  walk(root, (n) => {
    if (isDirective(n, 'setLoopOptions') && !allowed.has(n)) {
      throw ctx.error('convert/misplaced-directive', { directive: 'setLoopOptions' } as never, n);
    }
    return undefined;
  });
}
