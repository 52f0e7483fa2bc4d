// Pass `switch`: rewrites `switch` so that a switch on a tensor is staged as conds like any if.
// A switch whose cases each end in a jump (empty cases falling into the next allowed, `default`
// anywhere) becomes an `if/else if` chain on `===`, the default's body last. Any other switch
// (fall-through, a `break` inside a case) becomes the general form: the index of the case entered
// (`switch_case`, found by the tests in order, the default's when none matches), then each case's
// body guarded by `switch_case <= k` in a labelled block that the switch's breaks leave. A name a
// case declares (`let`, `const`, `class`, `function`) and another case or test uses cannot keep its
// one switch-wide binding and is refused. Needs ConvertContext. Produces a switch-free AST.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { transform, walk } from '../util/walk.js';

function endsInJump(body: readonly t.Statement[]): boolean {
  const last = body[body.length - 1];
  if (!last) return false;
  if (t.isBlockStatement(last)) return endsInJump(last.body);
  return (
    t.isBreakStatement(last) || t.isReturnStatement(last) || t.isThrowStatement(last) || t.isContinueStatement(last)
  );
}

/** The unlabelled breaks in `body` that leave the switch (not those of loops or switches inside). */
function switchBreaks(body: readonly t.Node[]): t.BreakStatement[] {
  const found: t.BreakStatement[] = [];
  const visit = (n: t.Node): void => {
    if (t.isFunction(n) || t.isClass(n) || t.isLoop(n) || t.isSwitchStatement(n)) return;
    if (t.isBreakStatement(n) && !n.label) found.push(n);
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node));
      else if (c && typeof c === 'object') visit(c as t.Node);
    }
  };
  body.forEach(visit);
  return found;
}

function stripFinalBreak(body: t.Statement[]): t.Statement[] {
  const last = body[body.length - 1];
  if (last && t.isBreakStatement(last) && !last.label) return body.slice(0, -1);
  if (last && t.isBlockStatement(last)) return [...body.slice(0, -1), t.blockStatement(stripFinalBreak(last.body))];
  return body;
}

/** Names declared at the top level of a case (they belong to the whole switch block in JS). */
function declaredNames(c: t.SwitchCase): string[] {
  const out: string[] = [];
  for (const s of c.consequent) {
    if (t.isVariableDeclaration(s) && s.kind !== 'var') out.push(...Object.keys(t.getBindingIdentifiers(s)));
    else if ((t.isFunctionDeclaration(s) || t.isClassDeclaration(s)) && s.id) out.push(s.id.name);
  }
  return out;
}

/** A name one case declares that another case (or a test) names: its binding spans the switch. */
function sharedDeclaration(sw: t.SwitchStatement): { name: string; node: t.Node } | null {
  for (const c of sw.cases) {
    const names = new Set(declaredNames(c));
    if (names.size === 0) continue;
    for (const other of sw.cases) {
      const parts: t.Node[] = other === c ? [] : [...other.consequent];
      if (other.test) parts.push(other.test);
      for (const p of parts) {
        let hit: t.Identifier | null = null;
        walk(p, (n) => {
          if (!hit && t.isIdentifier(n) && names.has(n.name)) hit = n;
        });
        if (hit) return { name: (hit as t.Identifier).name, node: hit };
      }
    }
  }
  return null;
}

interface Group {
  tests: t.Expression[];
  body: t.Statement[];
  isDefault: boolean;
  node: t.SwitchCase;
}

/** The cases as groups for the if chain, or null when the switch needs the general form. */
function chainGroups(sw: t.SwitchStatement): Group[] | null {
  const groups: Group[] = [];
  let pending: t.SwitchCase[] = [];
  for (const [i, c] of sw.cases.entries()) {
    const isLast = i === sw.cases.length - 1;
    if (c.consequent.length === 0 && !isLast) {
      pending.push(c);
      continue;
    }
    if (!isLast && !endsInJump(c.consequent)) return null;
    const body = stripFinalBreak(c.consequent);
    if (switchBreaks(body).length) return null;
    const all = [...pending, c];
    const isDefault = all.some((x) => !x.test);
    // A test grouped with the default is only skipped when evaluating it could not be seen.
    if (isDefault && all.some((x) => x.test && !t.isLiteral(x.test))) return null;
    groups.push({ tests: all.flatMap((x) => (x.test ? [x.test] : [])), body, isDefault, node: c });
    pending = [];
  }
  return groups;
}

function ifChain(groups: Group[], value: string, ctx: ConvertContext, sw: t.SwitchStatement): t.Statement | null {
  const fallback = groups.find((g) => g.isDefault);
  let chain: t.Statement | null = fallback ? t.blockStatement(fallback.body) : null;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g.isDefault) continue;
    const test = g.tests
      .map((x) => t.binaryExpression('===', t.identifier(value), x) as t.Expression)
      .reduce((a, b) => t.logicalExpression('||', a, b));
    chain = Object.assign(t.ifStatement(test, t.blockStatement(g.body), chain), { loc: g.node.loc });
    const cases = [...sw.cases.filter((c) => c.consequent.length === 0 && c.test && g.tests.includes(c.test)), g.node];
    const label = cases
      .map((c) => ctx.sites.get(c))
      .filter(Boolean)
      .join(' ');
    if (label) ctx.sites.set(chain, label);
  }
  return chain;
}

/** The general form: the index of the case entered, then every body guarded by it (see header). */
function generalForm(sw: t.SwitchStatement, value: string, ctx: ConvertContext): t.Statement[] {
  const index = ctx.namer.fresh('switch_case');
  const label = ctx.namer.fresh('switch_');
  const n = sw.cases.length;
  const dflt = sw.cases.findIndex((c) => !c.test);
  const set = (k: number): t.Statement =>
    t.expressionStatement(t.assignmentExpression('=', t.identifier(index), t.numericLiteral(k)));
  let match: t.Statement = set(dflt >= 0 ? dflt : n);
  for (let k = n - 1; k >= 0; k--) {
    const c = sw.cases[k]!;
    if (!c.test) continue;
    match = Object.assign(t.ifStatement(t.binaryExpression('===', t.identifier(value), c.test), set(k), match), {
      loc: c.loc,
    });
    if (ctx.sites.get(c)) ctx.sites.set(match, ctx.sites.get(c)!);
  }
  const bodies = sw.cases.flatMap((c, k) => {
    if (c.consequent.length === 0) return [];
    for (const b of switchBreaks(c.consequent)) b.label = t.identifier(label);
    const guard = t.ifStatement(
      t.binaryExpression('<=', t.identifier(index), t.numericLiteral(k)),
      t.blockStatement(c.consequent),
    );
    return [Object.assign(guard, { loc: c.loc })];
  });
  return [
    t.variableDeclaration('let', [t.variableDeclarator(t.identifier(index))]),
    match,
    t.labeledStatement(t.identifier(label), t.blockStatement(bodies)),
  ];
}

function desugar(sw: t.SwitchStatement, ctx: ConvertContext): t.Statement {
  const shared = sharedDeclaration(sw);
  if (shared) {
    throw ctx.error(
      'convert/unsupported-syntax',
      {
        construct: `a switch whose cases share the declaration of '${shared.name}'`,
        instead: `declare '${shared.name}' before the switch`,
      } as never,
      shared.node,
    );
  }
  const value = ctx.namer.fresh('switch_value');
  const decl = t.variableDeclaration('const', [t.variableDeclarator(t.identifier(value), sw.discriminant)]);
  decl.loc = sw.loc;
  const groups = chainGroups(sw);
  if (groups) {
    const chain = ifChain(groups, value, ctx, sw);
    return t.blockStatement(chain ? [decl, chain] : [decl]);
  }
  return t.blockStatement([decl, ...generalForm(sw, value, ctx)]);
}

export function switchPass(root: t.Function, ctx: ConvertContext): void {
  let any = false;
  walk(root, (n) => {
    if (t.isSwitchStatement(n)) any = true;
  });
  if (!any) return;
  transform(root, (n) => (t.isSwitchStatement(n) ? desugar(n, ctx) : undefined));
}
