// The explicit state of a staged construct, as generated code passes it to the runtime: `GET`
// (`() => [a, b.c]`), `SET` (`(vars_) => { a = vars_[0]; b.c = vars_[1]; }`, by index, so that no
// array iterator the user may have replaced runs) and `NAMES` (`["a", "b.c"]`).
// Needs the Sym of activity.ts. Produces `symExpr`, `stateArgs`.

import * as t from './babel-types.js';
import type { Sym } from '../analysis/activity.js';

/** The expression that reads or writes a symbol: `x`, `x.b`, `this.count`, `arr[0]`. */
export function symExpr(s: Sym): t.Expression {
  let e: t.Expression = s.isThis ? t.thisExpression() : t.identifier(s.binding?.name ?? /^[^.[]+/.exec(s.name)![0]);
  s.path.forEach((p, i) => {
    e = s.indexed?.[i] ? t.memberExpression(e, t.numericLiteral(Number(p)), true) : t.memberExpression(e, t.identifier(p));
  });
  return e;
}

/** GET, SET and NAMES of `syms` (named by `display`), with `varsName` the SET parameter. */
export function stateArgs(syms: readonly Sym[], display: (s: Sym) => string, varsName: string): [t.Expression, t.Expression, t.Expression] {
  const vars = (): t.Identifier => t.identifier(varsName);
  const get = t.arrowFunctionExpression([], t.arrayExpression(syms.map(symExpr)));
  const set = t.arrowFunctionExpression(
    syms.length ? [vars()] : [],
    t.blockStatement(
      syms.flatMap((s, i) =>
        // A const container written through its elements is kept in place: nothing to assign.
        s.path.length === 0 && s.binding?.kind === 'const' ? [] : [t.expressionStatement(t.assignmentExpression('=', symExpr(s) as t.LVal, t.memberExpression(vars(), t.numericLiteral(i), true)))],
      ),
    ),
  );
  return [get, set, t.arrayExpression(syms.map((s) => t.stringLiteral(display(s))))];
}
