// Pass `slices` (TF's slices converter): element reads `z[i]` with an index that is not a literal
// become `ag__.getItem(z, i)`, and statements `z[i] = x` / `z[i] op= x` on a variable of the
// function become `z = ag__.setItem(z, i, x)`, so that staged lists (and tensors) can be indexed
// by tensors and the variable is modified state for staged if/loops. Literal indexes and property
// names stay plain JS. Runs after call-trees (a method call's receiver is then a plain read) and
// before control-flow and operators. Needs nothing but the AST. Produces the rewritten accesses.

import * as t from '../util/babel-types.js';
import { isPure } from '../util/pure.js';
import type { ConvertContext } from '../context.js';
import { some, transform, walk } from '../util/walk.js';
import { expr } from '../util/babel.js';

/** An index that is an expression (not a literal name or number). */
function dynamicIndex(m: t.Node): m is t.MemberExpression & { property: t.Expression } {
  if (!t.isMemberExpression(m) || !m.computed) return false;
  const p = m.property;
  return !(t.isStringLiteral(p) || t.isNumericLiteral(p) || t.isTemplateLiteral(p) || t.isPrivateName(p));
}

/** Names the function declares itself (parameters, variables, functions): those it may assign. */
function ownBindings(root: t.Function): Set<string> {
  const names = new Set<string>();
  walk(root, (n) => {
    if (t.isFunction(n))
      for (const p of n.params) for (const k of Object.keys(t.getBindingIdentifiers(p))) names.add(k);
    if (t.isVariableDeclarator(n)) for (const k of Object.keys(t.getBindingIdentifiers(n.id))) names.add(k);
    if (t.isFunctionDeclaration(n) && n.id) names.add(n.id.name);
    if (t.isCatchClause(n) && n.param) for (const k of Object.keys(t.getBindingIdentifiers(n.param))) names.add(k);
    return undefined;
  });
  names.delete('arguments');
  return names;
}

export function slicesPass(root: t.Function, _ctx: ConvertContext): void {
  // Both rewrites start from an access with a dynamic index: without one there is nothing to do.
  if (!some(root, dynamicIndex)) return;
  const own = ownBindings(root);
  const assigned = new Set<string>();
  // Writes first (statements), so that their targets are not taken for reads.
  transform(root, (n) => {
    if (!t.isExpressionStatement(n) || !t.isAssignmentExpression(n.expression)) return undefined;
    const a = n.expression;
    if (!dynamicIndex(a.left) || !t.isIdentifier(a.left.object) || !own.has(a.left.object.name)) return undefined;
    const z = a.left.object.name;
    const index = a.left.property;
    let value: t.Expression = a.right;
    if (a.operator !== '=') {
      const op = a.operator.slice(0, -1);
      if (!isPure(index) || ['&&', '||', '??'].includes(op)) return undefined;
      value = t.binaryExpression(
        op as t.BinaryExpression['operator'],
        expr('ag__.getItem(%%z%%, %%i%%)', { z, i: t.cloneNode(index, true) }),
        a.right,
      );
    }
    assigned.add(z);
    const call = expr('ag__.setItem(%%z%%, %%i%%, %%x%%)', { z, i: index, x: value });
    const out = t.expressionStatement(
      Object.assign(t.assignmentExpression('=', t.identifier(z), call), { loc: a.loc }),
    );
    call.loc = a.loc;
    out.loc = n.loc;
    out.leadingComments = n.leadingComments;
    return out;
  });
  // Members that destructuring writes to.
  const targets = new Set<t.Node>();
  walk(root, (n) => {
    if (t.isObjectPattern(n) || t.isArrayPattern(n)) walk(n, (m) => void (t.isMemberExpression(m) && targets.add(m)));
  });
  transform(root, (n, where) => {
    if (!dynamicIndex(n) || targets.has(n)) return undefined;
    const p = where.parent;
    // Places that write, delete or bind rather than read.
    if (
      (t.isAssignmentExpression(p) && where.key === 'left') ||
      t.isUpdateExpression(p) ||
      t.isUnaryExpression(p, { operator: 'delete' })
    )
      return undefined;
    if ((t.isForOfStatement(p) || t.isForInStatement(p)) && where.key === 'left') return undefined;
    if (t.isRestElement(p) || (t.isAssignmentPattern(p) && where.key === 'left')) return undefined;
    if (t.isCallExpression(p) && where.key === 'callee') return undefined;
    if (t.isIdentifier(n.object, { name: 'ag__' }) || t.isSuper(n.object)) return undefined;
    return Object.assign(expr('ag__.getItem(%%z%%, %%i%%)', { z: n.object, i: n.property }), { loc: n.loc });
  });
  if (assigned.size === 0) return;
  walk(root, (n) => {
    if (
      t.isVariableDeclaration(n) &&
      n.kind === 'const' &&
      n.declarations.every((d) => t.isIdentifier(d.id)) &&
      n.declarations.some((d) => assigned.has((d.id as t.Identifier).name))
    ) {
      n.kind = 'let';
    }
    return undefined;
  });
}
