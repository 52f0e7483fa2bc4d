// Pass `conditional-expressions`: `c ? a : b` becomes `ag__.ifExp(c, () => a, () => b)` (a staged
// cond when `c` is a tensor while tracing, plain JS otherwise). Branches that write variables
// (`c ? (k = k + 1) : 0`, a closure call) pass them as state, which a staged Cond carries out.
// Needs lazy-writes. Produces the rewritten expressions.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { some, transform } from '../util/walk.js';
import { lazyWrites, mayWrite } from '../analysis/lazy-writes.js';
import { stateArgs } from '../util/state-args.js';

export function conditionalExpressionsPass(root: t.Function, ctx: ConvertContext): void {
  if (!some(root, (n) => t.isConditionalExpression(n))) return;
  const effects = some(
    root,
    (n) => t.isConditionalExpression(n) && (some(n.consequent, mayWrite) || some(n.alternate, mayWrite)),
  );
  const writes = effects ? lazyWrites(root) : undefined;
  let varsName: string | undefined;
  transform(root, (n) => {
    if (!t.isConditionalExpression(n)) return undefined;
    const state = writes?.([n.consequent, n.alternate], n) ?? [];
    const args: t.Expression[] = [
      n.test,
      t.arrowFunctionExpression([], n.consequent),
      t.arrowFunctionExpression([], n.alternate),
    ];
    if (state.length)
      args.push(
        ...stateArgs(state, (s) => ctx.displayNames.get(s.name) ?? s.name, (varsName ??= ctx.namer.fresh('vars_'))),
      );
    return Object.assign(t.callExpression(t.memberExpression(t.identifier('ag__'), t.identifier('ifExp')), args), {
      loc: n.loc,
    });
  });
}
