// Pass `lists` (TF's lists converter): `z.push(x)` as a statement becomes `z = ag__.listPush(z, x)`,
// and `z.pop()` becomes `(z = ag__.listPop(z), ag__.popped(z))`, so that the array is a modified
// symbol — carried through staged if/loops, where the trace layer turns it into a tensor list — and
// `const z` declarations of pushed or popped arrays become `let`; where such an array is stored
// elsewhere, the reference is marked (`ag__.aliasOf(z)`).
// Needs nothing but the AST. Produces the rewritten pushes.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { some, transform, walk } from '../util/walk.js';
import { expr, stmt } from '../util/babel.js';

/** `z.push` / `z.pop` on a name: what both rewrites start from. */
const pushOrPop = (n: t.Node): boolean =>
  t.isMemberExpression(n) &&
  !n.computed &&
  t.isIdentifier(n.object) &&
  (t.isIdentifier(n.property, { name: 'push' }) || t.isIdentifier(n.property, { name: 'pop' }));

export function listsPass(root: t.Function, _ctx: ConvertContext): void {
  if (!some(root, pushOrPop)) return;
  const pushed = new Set<string>();
  transform(root, (n) => {
    if (!t.isExpressionStatement(n) || !t.isCallExpression(n.expression)) return undefined;
    const c = n.expression.callee;
    if (
      !t.isMemberExpression(c) ||
      c.computed ||
      !t.isIdentifier(c.property, { name: 'push' }) ||
      !t.isIdentifier(c.object)
    )
      return undefined;
    pushed.add(c.object.name);
    const out = stmt('%%z%% = ag__.listPush(%%z%%, %%args%%);', { z: c.object.name, args: n.expression.arguments });
    // `%%args%%` splices one node; rebuild the call with every argument.
    const call = ((out as t.ExpressionStatement).expression as t.AssignmentExpression).right as t.CallExpression;
    call.arguments = [t.identifier(c.object.name), ...n.expression.arguments];
    out.loc = n.loc;
    out.leadingComments = n.leadingComments;
    return out;
  });
  // `z.pop()` → `(z = ag__.listPop(z), ag__.popped(z))`: the array is modified state too.
  transform(root, (n) => {
    if (!t.isCallExpression(n) || n.arguments.length !== 0) return undefined;
    const c = n.callee;
    if (
      !t.isMemberExpression(c) ||
      c.computed ||
      !t.isIdentifier(c.property, { name: 'pop' }) ||
      !t.isIdentifier(c.object)
    )
      return undefined;
    if (c.object.name === 'ag__') return undefined;
    pushed.add(c.object.name);
    const z = c.object.name;
    const pop = expr('ag__.listPop(%%z%%)', { z }) as t.CallExpression;
    // V8 reports a call at its callee's property: errors and node sources point at `pop`.
    pop.loc = n.loc;
    (pop.callee as t.MemberExpression).property.loc = c.property.loc;
    const out = t.sequenceExpression([
      t.assignmentExpression('=', t.identifier(z), pop),
      expr('ag__.popped(%%z%%)', { z }),
    ]);
    out.loc = n.loc;
    return out;
  });
  if (pushed.size === 0) return;
  walk(root, (n) => {
    if (
      t.isVariableDeclaration(n) &&
      n.kind === 'const' &&
      n.declarations.every((d) => t.isIdentifier(d.id)) &&
      n.declarations.some((d) => pushed.has((d.id as t.Identifier).name))
    ) {
      n.kind = 'let';
    }
    return undefined;
  });
  markAliases(root, pushed);
}

/**
 * Where a pushed or popped array is stored elsewhere — an object or array literal, another
 * variable, an assignment — the reference becomes `ag__.aliasOf(z)`: a staged statement that later
 * turns `z` into a list warns that those copies keep the array as it was (the runtime cannot see
 * them). A call's arguments are not marked (most calls only read the array).
 */
function markAliases(root: t.Function, pushed: ReadonlySet<string>): void {
  const mark = (e: t.Node | null | undefined): e is t.Identifier => !!e && t.isIdentifier(e) && pushed.has(e.name);
  const wrap = (z: t.Identifier): t.Expression => {
    const call = t.callExpression(t.memberExpression(t.identifier('ag__'), t.identifier('aliasOf')), [
      t.identifier(z.name),
    ]);
    call.loc = z.loc;
    return call;
  };
  walk(root, (n, parent) => {
    // A property of a destructuring pattern binds a name; it stores nothing.
    if (t.isObjectProperty(n) && mark(n.value) && !t.isObjectPattern(parent)) {
      n.value = wrap(n.value);
      n.shorthand = false;
    } else if (n.type === 'ArrayExpression') {
      n.elements = n.elements.map((e) => (mark(e) ? wrap(e) : e));
    } else if (t.isVariableDeclarator(n) && mark(n.init) && !(t.isIdentifier(n.id) && n.id.name === n.init.name)) {
      n.init = wrap(n.init);
    } else if (
      t.isAssignmentExpression(n) &&
      n.operator === '=' &&
      mark(n.right) &&
      !(t.isIdentifier(n.left) && n.left.name === n.right.name)
    ) {
      n.right = wrap(n.right);
    }
    return undefined;
  });
}
