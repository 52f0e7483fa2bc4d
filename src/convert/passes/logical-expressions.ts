// Pass `logical-expressions`: `a && b`, `a || b` become lazy `ag__.and(() => a, () => b)` /
// `ag__.or(…)`, and `!a` becomes `ag__.not(a)`: logical tensor ops when the operands are tensors,
// JS semantics (including short-circuit and operand values) otherwise. `??` is left alone.
// Needs nothing but the AST. Produces the rewritten expressions.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { transform } from '../util/walk.js';
import { expr } from '../util/babel.js';

export function logicalExpressionsPass(root: t.Function, _ctx: ConvertContext): void {
  transform(
    root,
    (n) => {
      if (t.isLogicalExpression(n) && n.operator !== '??') {
        const f = n.operator === '&&' ? 'and' : 'or';
        return Object.assign(expr(`ag__.${f}(() => %%a%%, () => %%b%%)`, { a: n.left, b: n.right }), { loc: n.loc });
      }
      if (t.isUnaryExpression(n) && n.operator === '!') {
        return Object.assign(expr('ag__.not(%%a%%)', { a: n.argument }), { loc: n.loc });
      }
      return undefined;
    },
    (x) => t.isClass(x),
  );
}
