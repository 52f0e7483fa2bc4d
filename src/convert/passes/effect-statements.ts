// Pass `effect-statements`: an expression statement whose value is dropped and which only decides
// what runs — `c ? a : b;`, `a && b;`, `a || b;`, `a ?? b;` — becomes the if statement it means
// (`if (c) a; else b;`, `if (a) b;`, `if (!a) b;`, `if (a == null) b;`). Staged, an if carries what
// its branches write and does not need both sides to make one value (`(a > 0) && (s = s + b);`
// would otherwise have to give a bool or a number). Needs nothing but the AST. Produces the ifs.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { some, transform } from '../util/walk.js';

const isChoice = (e: t.Node): boolean => t.isConditionalExpression(e) || t.isLogicalExpression(e);

function asIf(e: t.Expression, loc: t.SourceLocation | null | undefined): t.IfStatement {
  const stmt = (x: t.Expression): t.Statement => Object.assign(t.expressionStatement(x), { loc: x.loc });
  let out: t.IfStatement;
  if (t.isConditionalExpression(e)) out = t.ifStatement(e.test, stmt(e.consequent), stmt(e.alternate));
  else {
    const l = e as t.LogicalExpression;
    const test =
      l.operator === '&&'
        ? l.left
        : l.operator === '||'
          ? t.unaryExpression('!', l.left)
          : t.binaryExpression('==', l.left, t.nullLiteral());
    out = t.ifStatement(test, stmt(l.right));
  }
  return Object.assign(out, { loc: loc ?? null });
}

export function effectStatementsPass(root: t.Function, _ctx: ConvertContext): void {
  if (!some(root, (n) => t.isExpressionStatement(n) && isChoice(n.expression))) return;
  transform(root, (n) => {
    if (!t.isExpressionStatement(n) || !isChoice(n.expression)) return undefined;
    const out = asIf(n.expression, n.loc);
    out.leadingComments = n.leadingComments;
    return out;
  });
}
