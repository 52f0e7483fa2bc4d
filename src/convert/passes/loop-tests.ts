// Pass `loop-tests`: a loop condition that writes variables (`while (k++ < n)`, `while ((y = y + 1) < n)`,
// a closure call that writes) is evaluated in the loop body instead, into a variable the loop tests:
// `while (T) B` → `let c = T; while (c) { B; c = T; }` (do…while: `do { B; c = T; } while (c)`).
// A staged loop's condition graph keeps no writes; the body's does, as loop variables. After jump
// lowering, so T holds the `!break_` guards that stop it after a break; for loops have no update
// left (for-heads). Needs lazy-writes. Produces loops whose tests write nothing.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { asList, some, transform } from '../util/walk.js';
import { lazyWrites, mayWrite } from '../analysis/lazy-writes.js';

type Loop = t.WhileStatement | t.DoWhileStatement | t.ForStatement;

const hasTest = (n: t.Node): n is Loop =>
  (t.isWhileStatement(n) || t.isDoWhileStatement(n) || t.isForStatement(n)) && !!n.test;

export function loopTestsPass(root: t.Function, ctx: ConvertContext): void {
  if (!some(root, (n) => hasTest(n) && some(n.test!, mayWrite))) return;
  const writes = lazyWrites(root);
  transform(root, (n, where) => {
    if (!hasTest(n) || writes([n.test!], n).length === 0) return undefined;
    const c = ctx.namer.fresh('loop_cond');
    ctx.displayNames.set(c, 'the loop condition');
    const test = n.test!;
    const again = (): t.Statement =>
      Object.assign(t.expressionStatement(t.assignmentExpression('=', t.identifier(c), t.cloneNode(test, true))), {
        loc: test.loc,
      });
    n.body = t.blockStatement([...asList(n.body), again()]);
    const out: t.Statement[] = [];
    if (t.isForStatement(n) && n.init) {
      out.push(t.isVariableDeclaration(n.init) ? n.init : t.expressionStatement(n.init));
      n.init = null;
    }
    const first = t.isDoWhileStatement(n) ? undefined : Object.assign(test, {});
    out.push(t.variableDeclaration('let', [t.variableDeclarator(t.identifier(c), first)]), n);
    n.test = t.identifier(c);
    return where.inList ? [t.blockStatement(out)] : t.blockStatement(out);
  });
}
