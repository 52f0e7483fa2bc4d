// The explicit state of a staged construct, as generated code passes it to the runtime: `GET`
// (`() => [a, b.c]`), `SET` (`(vars_) => { a = vars_[0]; b.c = vars_[1]; }`, by index, so that no
// array iterator the user may have replaced runs; a const container takes the items in place:
// `ag__.intoContainer(o, vars_[2])`) and `NAMES` (`["a", "b.c"]`).
// Needs the Sym of activity.ts. Produces `symExpr`, `stateArgs`.

import * as t from './babel-types.js';
import type { Sym } from '../analysis/activity.js';

/** The expression that reads or writes a symbol: `x`, `x.b`, `this.count`, `arr[0]`. */
export function symExpr(s: Sym): t.Expression {
  let e: t.Expression = s.isThis ? t.thisExpression() : t.identifier(s.binding?.name ?? /^[^.[]+/.exec(s.name)![0]);
  s.path.forEach((p, i) => {
    e = s.indexed?.[i]
      ? t.memberExpression(e, t.numericLiteral(Number(p)), true)
      : t.memberExpression(e, t.identifier(p));
  });
  return e;
}

/** GET, SET and NAMES of `syms` (named by `display`), with `varsName` the SET parameter. */
export function stateArgs(
  syms: readonly Sym[],
  display: (s: Sym) => string,
  varsName: string,
): [t.Expression, t.Expression, t.Expression] {
  const vars = (): t.Identifier => t.identifier(varsName);
  // A composite is read through `ag__.field`, which marks a getter/setter (a staged construct refuses it).
  const read = (s: Sym): t.Expression => {
    const e = symExpr(s);
    if (!t.isMemberExpression(e)) return e;
    const key =
      t.isIdentifier(e.property) && !e.computed ? t.stringLiteral(e.property.name) : (e.property as t.Expression);
    return t.callExpression(t.memberExpression(t.identifier('ag__'), t.identifier('field')), [
      e.object as t.Expression,
      key,
    ]);
  };
  const get = t.arrowFunctionExpression([], t.arrayExpression(syms.map(read)));
  const set = t.arrowFunctionExpression(
    syms.length ? [vars()] : [],
    t.blockStatement(
      syms.map((s, i) => {
        const value = t.memberExpression(vars(), t.numericLiteral(i), true);
        // A const container written through its elements takes the new items in place.
        if (s.path.length === 0 && s.binding?.kind === 'const') {
          return t.expressionStatement(
            t.callExpression(t.memberExpression(t.identifier('ag__'), t.identifier('intoContainer')), [
              symExpr(s),
              value,
            ]),
          );
        }
        return t.expressionStatement(t.assignmentExpression('=', symExpr(s) as t.LVal, value));
      }),
    ),
  );
  return [get, set, t.arrayExpression(syms.map((s) => t.stringLiteral(display(s))))];
}
