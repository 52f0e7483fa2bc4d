// Pass `call-trees`: calls go through `ag__.convertedCall(f, thisArg, [args])`, which converts user
// functions recursively at run time and leaves tfjs, built-ins and doNotConvert functions alone.
// `console.log(…)` becomes `ag__.print(…)`. Calls on `tf.*` (but its random ops, which are staged
// there), `Math.*` (left to the operators pass), `Number.*` (but `Number.isNaN` & co., which, like the
// globals `isNaN` and `isFinite`, go through convertedCall to be staged on tensors),
// well-known globals, `ag__` and functions defined inside the converted source stay direct.
// Needs ConvertContext. Produces the rewritten calls.

import * as t from '../util/babel-types.js';
import { isPure } from '../util/pure.js';
import type { ConvertContext } from '../context.js';
import { transform } from '../util/walk.js';
import { expr } from '../util/babel.js';
import { DIRECT_FUNCTIONS, DIRECT_ROOTS, rootName } from '../util/known-callees.js';

/** tfjs random ops: called through convertedCall even on `tf`, so that an unseeded draw is staged (trace/random-draws). */
export const RANDOM_OPS: ReadonlySet<string> = new Set([
  'randomNormal',
  'randomStandardNormal',
  'truncatedNormal',
  'randomUniform',
  'randomUniformInt',
  'randomGamma',
]);
/** `Number.isNaN` & co. and the globals `isNaN`, `isFinite`: through convertedCall, which stages them on tensors (runtime/number-checks). */
const NUMBER_CHECKS: ReadonlySet<string> = new Set(['isNaN', 'isFinite', 'isInteger', 'isSafeInteger']);
/**
 * `call` (an `ag__.*` call made from user call `n`) located at `n`, and its `ag__.x` callee at the
 * user's callee name: V8 reports a call at its callee's property, so a stack frame in the converted
 * code maps to the same column as the unconverted call would report (`matMul` in `tf.matMul(a)`).
 */
function atCall(call: t.Expression, n: t.CallExpression): t.Expression {
  const callee = t.isSequenceExpression(n.callee) ? n.callee.expressions[n.callee.expressions.length - 1]! : n.callee;
  const name = t.isMemberExpression(callee) ? callee.property : callee;
  if (t.isCallExpression(call) && t.isMemberExpression(call.callee)) call.callee.property.loc = name.loc;
  return Object.assign(call, { loc: n.loc });
}

export function callTreesPass(root: t.Function, ctx: ConvertContext): void {
  // Names declared in the converted source (functions defined here are converted with it).
  const local = new Set<string>();
  transform(root, (n) => {
    if (t.isFunctionDeclaration(n) && n.id) local.add(n.id.name);
    if (t.isVariableDeclarator(n) && t.isIdentifier(n.id) && n.init && t.isFunction(n.init)) local.add(n.id.name);
    return undefined;
  });
  const shadowed = (name: string): boolean => ctx.namer.has(name) && local.has(name);
  transform(root, (n) => {
    if (!t.isCallExpression(n)) return undefined;
    const callee = n.callee;
    if (t.isSuper(callee) || t.isImport(callee) || t.isV8IntrinsicIdentifier(callee)) return undefined;
    if (t.isFunction(callee)) return undefined; // an IIFE: converted with this source
    const args = t.arrayExpression(n.arguments as (t.Expression | t.SpreadElement)[]);
    if (t.isMemberExpression(callee)) {
      // `super.f(x)`: the parent's method through convertedCall with this `this` (so that the fields
      // it writes are reported to a staged construct around the call).
      if (t.isSuper(callee.object)) {
        return atCall(expr('ag__.convertedCall(%%f%%, this, %%args%%)', { f: callee, args }), n);
      }
      const r = rootName(callee);
      if (
        r === 'console' &&
        !callee.computed &&
        t.isIdentifier(callee.property, { name: 'log' }) &&
        t.isIdentifier(callee.object)
      ) {
        return Object.assign(expr('ag__.print(%%args%%)', { args: n.arguments }), { loc: n.loc });
      }
      const randomOp =
        r === 'tf' && !callee.computed && t.isIdentifier(callee.property) && RANDOM_OPS.has(callee.property.name);
      const numberCheck =
        r === 'Number' &&
        !callee.computed &&
        t.isIdentifier(callee.property) &&
        NUMBER_CHECKS.has(callee.property.name);
      if (r && DIRECT_ROOTS.has(r) && !shadowed(r) && !randomOp && !numberCheck) return undefined;
      if (isPure(callee.object)) {
        return atCall(
          expr('ag__.convertedCall(%%f%%, %%self%%, %%args%%)', {
            f: callee,
            self: t.cloneNode(callee.object, true),
            args,
          }),
          n,
        );
      }
      const prop = callee.computed
        ? (callee.property as t.Expression)
        : t.stringLiteral((callee.property as t.Identifier).name);
      return atCall(expr('ag__.callMethod(%%obj%%, %%prop%%, %%args%%)', { obj: callee.object, prop, args }), n);
    }
    if (t.isIdentifier(callee)) {
      if (local.has(callee.name) && !t.isIdentifier(callee, { name: 'ag__' })) {
        // Defined in this source, hence already converted: call it directly.
        return undefined;
      }
      if (DIRECT_FUNCTIONS.has(callee.name) && !NUMBER_CHECKS.has(callee.name)) return undefined;
    }
    // `(0, mod.f)(x)` (what bundlers emit for named imports) is a call without `this`.
    const f =
      t.isSequenceExpression(callee) && callee.expressions.length === 2 && t.isNumericLiteral(callee.expressions[0])
        ? callee.expressions[1]!
        : callee;
    return atCall(expr('ag__.convertedCall(%%f%%, undefined, %%args%%)', { f, args }), n);
  });
}
