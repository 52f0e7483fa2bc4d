// Pass `switch`: rewrites `switch` into an `if/else if` chain on `===`, so that a switch on a
// tensor is staged as chained conds like any if. Supported: cases that end in break/return/
// throw/continue (or the last one), empty cases falling into the next, `default` last.
// Anything else is a located error. Needs ConvertContext. Produces a switch-free AST.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { transform, walk } from '../util/walk.js';

function endsInJump(body: readonly t.Statement[]): boolean {
  const last = body[body.length - 1];
  if (!last) return false;
  if (t.isBlockStatement(last)) return endsInJump(last.body);
  return t.isBreakStatement(last) || t.isReturnStatement(last) || t.isThrowStatement(last) || t.isContinueStatement(last);
}

/** Does `body` hold a `break` targeting the switch other than a final one? */
function innerBreak(body: readonly t.Statement[]): t.Node | null {
  let found: t.Node | null = null;
  const visit = (n: t.Node, loops: number): void => {
    if (found || t.isFunction(n)) return;
    if (t.isBreakStatement(n) && !n.label && loops === 0) found = n;
    const nested = t.isLoop(n) || t.isSwitchStatement(n) ? 1 : 0;
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node, loops + nested));
      else if (c && typeof c === 'object') visit(c as t.Node, loops + nested);
    }
  };
  body.forEach((s) => visit(s, 0));
  return found;
}

function stripFinalBreak(body: t.Statement[]): t.Statement[] {
  const last = body[body.length - 1];
  if (last && t.isBreakStatement(last) && !last.label) return body.slice(0, -1);
  if (last && t.isBlockStatement(last)) return [...body.slice(0, -1), t.blockStatement(stripFinalBreak(last.body))];
  return body;
}

function desugar(sw: t.SwitchStatement, ctx: ConvertContext): t.Statement {
  const unsupported = (why: string, node: t.Node): Error =>
    ctx.error('convert/unsupported-syntax', { construct: `switch with ${why}`, instead: 'write it as an if/else if chain' } as never, node);
  const value = ctx.namer.fresh('switch_value');
  const groups: { tests: t.Expression[]; body: t.Statement[]; isDefault: boolean; node: t.Node }[] = [];
  let pending: t.Expression[] = [];
  sw.cases.forEach((c, i) => {
    const isLast = i === sw.cases.length - 1;
    if (c.consequent.length === 0 && !isLast) {
      if (!c.test) throw unsupported('an empty default case', c);
      pending.push(c.test);
      return;
    }
    if (!isLast && !endsInJump(c.consequent)) throw unsupported('a case falling through into the next', c);
    const body = stripFinalBreak(c.consequent);
    const br = innerBreak(body);
    if (br) throw unsupported('a break before the end of a case', br);
    if (!c.test && !isLast) throw unsupported('a default case that is not the last', c);
    groups.push({ tests: c.test ? [...pending, c.test] : pending, body, isDefault: !c.test, node: c });
    pending = [];
  });
  let chain: t.Statement | null = null;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    const block = t.blockStatement(g.body);
    if (g.isDefault && g.tests.length === 0) {
      chain = block;
      continue;
    }
    if (g.isDefault) {
      // `case a: default: …` — the default matches everything anyway.
      chain = block;
      continue;
    }
    const test = g.tests
      .map((x) => t.binaryExpression('===', t.identifier(value), x) as t.Expression)
      .reduce((a, b) => t.logicalExpression('||', a, b));
    chain = Object.assign(t.ifStatement(test, block, chain), { loc: g.node.loc });
    const cases = [...sw.cases.filter((c) => c.consequent.length === 0 && g.tests.includes(c.test!)), g.node];
    const label = cases.map((c) => ctx.sites.get(c)).filter(Boolean).join(' ');
    if (label) ctx.sites.set(chain, label);
  }
  const decl = t.variableDeclaration('const', [t.variableDeclarator(t.identifier(value), sw.discriminant)]);
  decl.loc = sw.loc;
  return t.blockStatement(chain ? [decl, chain] : [decl]);
}

export function switchPass(root: t.Function, ctx: ConvertContext): void {
  let any = false;
  walk(root, (n) => {
    if (t.isSwitchStatement(n)) any = true;
  });
  if (!any) return;
  transform(root, (n) => (t.isSwitchStatement(n) ? desugar(n, ctx) : undefined), (n) => t.isClass(n));
}
