// The writes of code that runs only sometimes inside an expression (the right operand of `&&`/`||`,
// the branches of `?:`): when the expression is staged, those writes must leave its Cond as outputs,
// like an if statement's. Computed on the tree as the expression passes see it (after control-flow),
// on first need. Requires scopes.ts, closures.ts, activity.ts. Produces `lazyWrites`, `mayWrite`.

import * as t from '../util/babel-types.js';
import { some } from '../util/walk.js';
import { analyzeScopes, type ScopeInfo } from './scopes.js';
import { analyzeClosures, type ClosureWrites } from './closures.js';
import { activityOf, stateSyms, visibleAt, type Sym } from './activity.js';

/** Nodes that may write a variable: assignments, updates, calls (a closure may write), `delete`. */
export function mayWrite(n: t.Node): boolean {
  if (t.isAssignmentExpression(n) || t.isUpdateExpression(n) || t.isNewExpression(n) || t.isTaggedTemplateExpression(n))
    return true;
  if (t.isUnaryExpression(n)) return n.operator === 'delete';
  if (!t.isCallExpression(n)) return false;
  const c = n.callee;
  // The runtime's own helpers write nothing of the user's (but the calls of user functions).
  if (t.isMemberExpression(c) && t.isIdentifier(c.object, { name: 'ag__' }) && t.isIdentifier(c.property)) {
    return c.property.name === 'convertedCall' || c.property.name === 'callMethod';
  }
  return true;
}

/**
 * A function of `root` that gives the state symbols the given nodes write. The analysis runs now,
 * before the caller rewrites anything (nodes made later are the converter's, not the user's).
 */
export function lazyWrites(root: t.Function): (nodes: readonly t.Node[], at: t.Node) => Sym[] {
  const info: ScopeInfo = analyzeScopes(root);
  const closures: ClosureWrites = analyzeClosures(root, info, activityOf);
  return (nodes, at) => {
    if (!nodes.some((n) => some(n, mayWrite))) return [];
    return visibleAt(stateSyms(activityOf(nodes, info, closures).modified), at);
  };
}
