// Pass `logical-expressions`: `a && b`, `a || b` become lazy `ag__.and(() => a, () => b)` /
// `ag__.or(…)`, and `!a` becomes `ag__.not(a)`: JS semantics on JS values; on tensors the value of
// `a && b` is an operand (as in JS: `2 && 3` is 3). Where only the truthiness of the result is read
// (the test of an if, loop or ternary, the operand of `!`, and the operands of a logical
// expression in such a place) the call gets a third argument `true`, and a staged result may be the
// bool truthiness instead (so `x && i > 0` works with a float32 x). A right operand that writes
// variables (`k > 0 && (n = n - 1)`, a closure call) passes them as state, which a staged Cond
// carries out. Logical assignment `a ||= b` is first `a || (a = b)` (so for `&&=`, and `??=`
// becomes `a ?? (a = b)`); `??` is left alone: a tensor is never null or undefined.
// Needs the AST after the control-flow and conditional-expressions passes. Produces the rewritten expressions.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { some, transform, walk } from '../util/walk.js';
import { expr } from '../util/babel.js';
import { lazyWrites, mayWrite } from '../analysis/lazy-writes.js';
import { stateArgs } from '../util/state-args.js';
import { declareTemps, logicalAssignment } from './logical-assignment.js';

/** Whether the pass has anything to rewrite below `root`. */
const rewrites = (n: t.Node): boolean =>
  (t.isLogicalExpression(n) && n.operator !== '??') ||
  (t.isUnaryExpression(n) && n.operator === '!') ||
  (t.isAssignmentExpression(n) && ['&&=', '||=', '??='].includes(n.operator));

export function logicalExpressionsPass(root: t.Function, ctx: ConvertContext): void {
  if (!some(root, rewrites)) return;
  const temps: string[] = [];
  transform(root, (n) => logicalAssignment(n, ctx, temps));
  declareTemps(root, temps);
  const tests = testPositions(root);
  const writes = some(root, (n) => t.isLogicalExpression(n) && n.operator !== '??' && some(n.right, mayWrite))
    ? lazyWrites(root)
    : undefined;
  let varsName: string | undefined;
  transform(root, (n) => {
    if (t.isLogicalExpression(n) && n.operator !== '??') {
      const f = n.operator === '&&' ? 'and' : 'or';
      const state = writes?.([n.right], n) ?? [];
      const args: t.Expression[] = [t.arrowFunctionExpression([], n.left), t.arrowFunctionExpression([], n.right)];
      if (tests.has(n) || state.length) args.push(t.booleanLiteral(tests.has(n)));
      if (state.length)
        args.push(
          ...stateArgs(state, (s) => ctx.displayNames.get(s.name) ?? s.name, (varsName ??= ctx.namer.fresh('vars_'))),
        );
      return Object.assign(t.callExpression(expr(`ag__.${f}`), args), { loc: n.loc });
    }
    if (t.isUnaryExpression(n) && n.operator === '!') {
      return Object.assign(expr('ag__.not(%%a%%)', { a: n.argument }), { loc: n.loc });
    }
    return undefined;
  });
}

/** Runtime calls whose first argument is only tested for truthiness. */
const TESTED_FIRST = new Set(['ifStmt', 'ifExp', 'jsCond']);

function runtimeCallee(n: t.Node): string | undefined {
  if (!t.isCallExpression(n) || !t.isMemberExpression(n.callee) || n.callee.computed) return undefined;
  const { object, property } = n.callee;
  return t.isIdentifier(object, { name: 'ag__' }) && t.isIdentifier(property) ? property.name : undefined;
}

/** The logical expressions whose value is only tested for truthiness (see the header). */
function testPositions(root: t.Function): Set<t.Node> {
  // Loop tests are `const loop_test = () => cond` passed by name to ag__.whileStmt; the extra test
  // of a for…of is an arrow passed inline as forStmt's second argument.
  const loopTests = new Set<string>();
  const roots: t.Node[] = [];
  walk(root, (n) => {
    const f = runtimeCallee(n);
    if (!f) return;
    const args = (n as t.CallExpression).arguments;
    if (TESTED_FIRST.has(f) && args[0]) roots.push(args[0]);
    if (f === 'whileStmt' && t.isIdentifier(args[0])) loopTests.add(args[0].name);
    if (f === 'forStmt' && t.isArrowFunctionExpression(args[1]) && t.isExpression(args[1].body))
      roots.push(args[1].body);
  });
  walk(root, (n) => {
    if (
      t.isVariableDeclarator(n) &&
      t.isIdentifier(n.id) &&
      loopTests.has(n.id.name) &&
      t.isArrowFunctionExpression(n.init) &&
      t.isExpression(n.init.body)
    )
      roots.push(n.init.body);
    if (t.isUnaryExpression(n) && n.operator === '!') roots.push(n.argument);
  });
  const tests = new Set<t.Node>();
  const mark = (n: t.Node): void => {
    if (!t.isLogicalExpression(n) || n.operator === '??' || tests.has(n)) return;
    tests.add(n);
    mark(n.left);
    mark(n.right);
  };
  roots.forEach(mark);
  return tests;
}
