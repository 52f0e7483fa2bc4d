// Logical assignment as the logical expression it means: `a ||= b` is `a || (a = b)` (the
// assignment runs only when the test lets it), `a.p &&= b` is `a.p && (a.p = b)`; a target whose
// object or key has effects is first read into temporaries, so each is evaluated once. Used by the
// logical-expressions pass. Needs ConvertContext. Produces `logicalAssignment`, `declareTemps`.

import * as t from '../util/babel-types.js';
import { isPure } from '../util/pure.js';
import type { ConvertContext } from '../context.js';

/** The rewrite of `n` when it is a logical assignment; `temps` collects temporaries to declare. */
export function logicalAssignment(n: t.Node, ctx: ConvertContext, temps: string[]): t.Expression | undefined {
  if (!t.isAssignmentExpression(n) || !['&&=', '||=', '??='].includes(n.operator)) return undefined;
  const op = n.operator.slice(0, -1) as '&&' | '||' | '??';
  const loc = n.loc;
  const pre: t.Expression[] = [];
  let read: t.Expression;
  let write: t.LVal;
  if (t.isIdentifier(n.left)) {
    read = t.cloneNode(n.left);
    write = n.left;
  } else if (t.isMemberExpression(n.left) && !t.isPrivateName(n.left.property)) {
    let obj = n.left.object as t.Expression;
    let key = n.left.property as t.Expression;
    if (!t.isSuper(obj) && !isPure(obj)) {
      const tmp = ctx.namer.fresh('obj_');
      temps.push(tmp);
      pre.push(t.assignmentExpression('=', t.identifier(tmp), obj));
      obj = t.identifier(tmp);
    }
    if (n.left.computed && !isPure(key)) {
      const tmp = ctx.namer.fresh('key_');
      temps.push(tmp);
      // ToPropertyKey happens once, before the read, as in JS.
      pre.push(
        t.assignmentExpression(
          '=',
          t.identifier(tmp),
          t.callExpression(t.memberExpression(t.identifier('ag__'), t.identifier('propertyKey')), [key]),
        ),
      );
      key = t.identifier(tmp);
    }
    const member = (): t.MemberExpression =>
      t.memberExpression(t.cloneNode(obj), t.cloneNode(key), n.left.type === 'MemberExpression' && n.left.computed);
    read = member();
    write = member();
  } else {
    return undefined;
  }
  const assign = Object.assign(t.assignmentExpression('=', write, n.right), { loc });
  const out = Object.assign(t.logicalExpression(op, read, assign), { loc });
  return pre.length ? Object.assign(t.sequenceExpression([...pre, out]), { loc }) : out;
}

/** `let a, b;` at the top of `root` for the temporaries. */
export function declareTemps(root: t.Function, temps: readonly string[]): void {
  if (temps.length === 0) return;
  if (!t.isBlockStatement(root.body)) root.body = t.blockStatement([t.returnStatement(root.body)]);
  root.body.body.unshift(
    t.variableDeclaration(
      'let',
      temps.map((n) => t.variableDeclarator(t.identifier(n))),
    ),
  );
}
