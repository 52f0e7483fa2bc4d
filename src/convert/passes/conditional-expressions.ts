// Pass `conditional-expressions`: `c ? a : b` becomes `ag__.ifExp(c, () => a, () => b)` (a staged
// cond when `c` is a tensor while tracing, plain JS otherwise). Needs nothing but the AST.
// Produces the rewritten expressions.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { transform } from '../util/walk.js';
import { expr } from '../util/babel.js';

export function conditionalExpressionsPass(root: t.Function, _ctx: ConvertContext): void {
  transform(
    root,
    (n) => {
      if (!t.isConditionalExpression(n)) return undefined;
      return Object.assign(expr('ag__.ifExp(%%c%%, () => %%a%%, () => %%b%%)', { c: n.test, a: n.consequent, b: n.alternate }), { loc: n.loc });
    },
    (x) => t.isClass(x),
  );
}
