// Expressions that can be evaluated twice without a difference: the receiver of a method call that
// convertedCall gets separately, a compound assignment's target read and then written. Names,
// literals, `this`, and member reads of those (also on `super`). Needs @babel/types.
// Produces `isPure`.

import * as t from './babel-types.js';

export function isPure(e: t.Node): boolean {
  if (t.isIdentifier(e) || t.isLiteral(e) || t.isThisExpression(e)) return true;
  if (t.isMemberExpression(e)) return (t.isSuper(e.object) || isPure(e.object)) && (!e.computed || isPure(e.property));
  return false;
}
