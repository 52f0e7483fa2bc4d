// Pass `operators`: JS has no operator overloading, so arithmetic, comparison and bitwise
// operators, compound assignments, ++/-- and Math.* calls go through the runtime's dispatch
// (`a * b` → `ag__.mul(a, b)`: tfjs ops on tensors, plain JS on numbers). Integer division idioms
// `Math.floor(a / b)`, `Math.trunc(a / b)`, `(a / b) | 0` map to exact floorDiv/truncDiv.
// Needs ConvertContext (for a temporary). Produces the rewritten expressions.

import * as t from '../util/babel-types.js';
import { isPure } from '../util/pure.js';
import type { ConvertContext } from '../context.js';
import { transform } from '../util/walk.js';
import { expr } from '../util/babel.js';
import { BINARY_OPS, MATH_FUNCTIONS } from '../util/operator-names.js';

export { BINARY_OPS, MATH_FUNCTIONS };

/** Operands for which a comparison can never be a tensor op (string/null literals, typeof). */
function isPlainOperand(e: t.Node): boolean {
  return (
    t.isStringLiteral(e) ||
    t.isNullLiteral(e) ||
    t.isIdentifier(e, { name: 'undefined' }) ||
    t.isTemplateLiteral(e) ||
    (t.isUnaryExpression(e) && e.operator === 'typeof')
  );
}

/** `ag__.<name>(x, y)` → [x, y], else null. */
function runtimeCall(e: t.Node, name: string): t.Expression[] | null {
  if (!t.isCallExpression(e) || !t.isMemberExpression(e.callee)) return null;
  const c = e.callee;
  if (!t.isIdentifier(c.object, { name: 'ag__' }) || !t.isIdentifier(c.property, { name })) return null;
  return e.arguments as t.Expression[];
}

const call = (name: string, args: t.Expression[], loc: t.SourceLocation | null | undefined): t.Expression =>
  Object.assign(t.callExpression(expr(`ag__.${name}`), args), { loc: loc ?? null });

export function operatorsPass(root: t.Function, ctx: ConvertContext): void {
  let temp: string | null = null;
  const tempName = (): string => (temp ??= ctx.namer.fresh('tmp_'));
  transform(root, (n, where) => {
    if (t.isBinaryExpression(n)) {
      const op = BINARY_OPS[n.operator];
      if (!op || t.isPrivateName(n.left)) return undefined;
      if (isPlainOperand(n.left) || isPlainOperand(n.right)) return undefined;
      if (t.isNumericLiteral(n.left) && t.isNumericLiteral(n.right)) return undefined;
      if (op === 'bitOr' && t.isNumericLiteral(n.right, { value: 0 })) {
        const div = runtimeCall(n.left, 'div');
        if (div) return call('intDiv', div, n.loc);
      }
      return call(op, [n.left, n.right], n.loc);
    }
    if (t.isUnaryExpression(n)) {
      if (t.isNumericLiteral(n.argument)) return undefined;
      const op = { '-': 'neg', '+': 'pos', '~': 'bitNot' }[n.operator as string];
      return op ? call(op, [n.argument], n.loc) : undefined;
    }
    if (t.isAssignmentExpression(n) && n.operator !== '=') {
      const op = BINARY_OPS[n.operator.slice(0, -1)];
      if (!op || !isPure(n.left)) return undefined;
      const target = n.left as t.Identifier | t.MemberExpression;
      return Object.assign(t.assignmentExpression('=', target, call(op, [t.cloneNode(target, true), n.right], n.loc)), {
        loc: n.loc,
      });
    }
    if (t.isUpdateExpression(n)) {
      if (!isPure(n.argument)) return undefined;
      const target = n.argument as t.Identifier | t.MemberExpression;
      const f = n.operator === '++' ? 'inc' : 'dec';
      const statementLevel = t.isExpressionStatement(where.parent) || t.isForStatement(where.parent);
      if (statementLevel || n.prefix) {
        return Object.assign(t.assignmentExpression('=', target, call(f, [t.cloneNode(target, true)], n.loc)), {
          loc: n.loc,
        });
      }
      const tmp = t.identifier(tempName());
      return t.sequenceExpression([
        t.assignmentExpression('=', tmp, call('toNumeric', [t.cloneNode(target, true)], n.loc)),
        t.assignmentExpression('=', t.cloneNode(target, true), call(f, [t.identifier(tmp.name)], n.loc)),
        t.identifier(tmp.name),
      ]);
    }
    if (
      t.isCallExpression(n) &&
      t.isMemberExpression(n.callee) &&
      t.isIdentifier(n.callee.object, { name: 'Math' }) &&
      !n.callee.computed &&
      t.isIdentifier(n.callee.property)
    ) {
      const fn = n.callee.property.name;
      if (!MATH_FUNCTIONS.has(fn)) return undefined;
      const div = n.arguments.length === 1 ? runtimeCall(n.arguments[0]!, 'div') : null;
      if (div && fn === 'floor') return call('floorDiv', div, n.loc);
      if (div && fn === 'trunc') return call('truncDiv', div, n.loc);
      return Object.assign(t.callExpression(expr(`ag__.Math.${fn}`), n.arguments), { loc: n.loc });
    }
    return undefined;
  });
  if (temp) {
    const decl = t.variableDeclaration('let', [t.variableDeclarator(t.identifier(temp))]);
    if (!t.isBlockStatement(root.body)) root.body = t.blockStatement([t.returnStatement(root.body)]);
    root.body.body.unshift(decl);
  }
}
