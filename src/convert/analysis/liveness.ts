// Liveness analysis: which symbols are live (may be read later) before and after each statement.
// Structured and backward over the statement tree, with a fixpoint for loops; each function is
// analyzed on its own (nothing is live at its end). Requires ScopeInfo (scopes.ts) and, as it runs
// after jump lowering, an AST where break/continue/return no longer cross if/loop bodies.
// Attaches: `liveIn`/`liveOut` per statement and `liveHead` per loop (live at the loop's test),
// keyed by node; keys are Sym keys of activity.ts. Bindings captured by closures count as always live.

import * as t from '../util/babel-types.js';
import { activityOf, bindingKey } from './activity.js';
import type { ScopeInfo } from './scopes.js';

export interface Liveness {
  readonly liveIn: Map<t.Node, Set<string>>;
  readonly liveOut: Map<t.Node, Set<string>>;
  readonly liveHead: Map<t.Node, Set<string>>;
  /** Keys of bindings read by closures: treated as live everywhere. */
  readonly always: Set<string>;
}

const union = (...sets: Iterable<string>[]): Set<string> => {
  const out = new Set<string>();
  for (const s of sets) for (const x of s) out.add(x);
  return out;
};
const minus = (a: Set<string>, b: Set<string>): Set<string> => {
  const out = new Set<string>();
  for (const x of a) if (!b.has(x)) out.add(x);
  return out;
};

export function analyzeLiveness(root: t.Function, info: ScopeInfo): Liveness {
  const lv: Liveness = { liveIn: new Map(), liveOut: new Map(), liveHead: new Map(), always: new Set() };
  for (const b of info.captured) lv.always.add(bindingKey(b, b.name));

  const memo = new Map<t.Node, Set<string>>();
  const reads = (node: t.Node | null | undefined): Set<string> => {
    if (!node) return new Set();
    let r = memo.get(node);
    if (!r) memo.set(node, (r = new Set(activityOf([node], info).read.keys())));
    return r;
  };
  const declKeys = (n: t.Node): Set<string> => {
    const out = new Set<string>();
    for (const id of Object.values(t.getBindingIdentifiers(n, false)).flat()) {
      const r = info.refs.get(id as t.Identifier);
      if (r?.binding) out.add(bindingKey(r.binding, r.binding.name));
    }
    return out;
  };
  const kills = (s: t.Node): Set<string> => {
    if (t.isVariableDeclaration(s)) return declKeys(s);
    if (
      t.isExpressionStatement(s) &&
      t.isAssignmentExpression(s.expression) &&
      s.expression.operator === '=' &&
      t.isIdentifier(s.expression.left)
    ) {
      const r = info.refs.get(s.expression.left);
      return new Set([bindingKey(r?.binding ?? null, s.expression.left.name)]);
    }
    return new Set();
  };
  const targetKeys = (left: t.Node): Set<string> => {
    if (t.isVariableDeclaration(left)) return declKeys(left);
    if (t.isIdentifier(left)) return kills(t.expressionStatement(t.assignmentExpression('=', left, t.nullLiteral())));
    return new Set();
  };
  const fixpoint = (step: (h: Set<string>) => Set<string>, start: Set<string>): Set<string> => {
    let h = start;
    for (let i = 0; i < 50; i++) {
      const next = union(h, step(h));
      if (next.size === h.size) return h; // next ⊇ h: no new key
      h = next;
    }
    return h;
  };

  const list = (stmts: readonly t.Statement[], out: Set<string>): Set<string> => {
    let live = out;
    for (let i = stmts.length - 1; i >= 0; i--) live = stmt(stmts[i]!, live);
    return live;
  };

  const stmt = (s: t.Statement, out: Set<string>): Set<string> => {
    lv.liveOut.set(s, out);
    let live: Set<string>;
    if (t.isBlockStatement(s)) live = list(s.body, out);
    else if (t.isIfStatement(s))
      live = union(reads(s.test), stmt(s.consequent, out), s.alternate ? stmt(s.alternate, out) : out);
    else if (t.isWhileStatement(s)) {
      const head = fixpoint((h) => union(reads(s.test), out, stmt(s.body, h)), union(reads(s.test), out));
      lv.liveHead.set(s, head);
      live = head;
    } else if (t.isDoWhileStatement(s)) {
      const head = fixpoint((h) => union(reads(s.test), out, stmt(s.body, h)), union(reads(s.test), out));
      lv.liveHead.set(s, head);
      live = stmt(s.body, head);
    } else if (t.isForStatement(s)) {
      const head = fixpoint(
        (h) => union(reads(s.test), out, stmt(s.body, union(reads(s.update), h))),
        union(reads(s.test), out),
      );
      lv.liveHead.set(s, head);
      const init = s.init;
      live = init ? union(reads(init), minus(head, t.isVariableDeclaration(init) ? declKeys(init) : new Set())) : head;
    } else if (t.isForOfStatement(s) || t.isForInStatement(s)) {
      const target = targetKeys(s.left);
      const head = fixpoint((h) => union(out, minus(stmt(s.body, h), target)), out);
      lv.liveHead.set(s, head);
      live = union(reads(s.right), head);
    } else if (t.isReturnStatement(s) || t.isThrowStatement(s)) {
      live = reads(s.argument);
    } else if (t.isTryStatement(s)) {
      const fin = s.finalizer ? list(s.finalizer.body, out) : out;
      const handler = s.handler ? list(s.handler.body.body, fin) : new Set<string>();
      live = union(list(s.block.body, union(fin, handler)), handler, fin);
    } else if (t.isLabeledStatement(s)) {
      live = stmt(s.body, out);
    } else if (t.isSwitchStatement(s)) {
      live = union(reads(s.discriminant), out, ...s.cases.map((c) => union(reads(c.test), list(c.consequent, out))));
    } else if (t.isFunctionDeclaration(s) || t.isClassDeclaration(s)) {
      live = out;
    } else if (t.isBreakStatement(s) || t.isContinueStatement(s)) {
      live = out;
    } else {
      live = union(minus(out, kills(s)), reads(s));
    }
    lv.liveIn.set(s, live);
    return live;
  };

  const fnBody = (fn: t.Function): void => {
    if (t.isBlockStatement(fn.body)) list(fn.body.body, new Set());
  };
  // Every function in the tree, each on its own.
  const visitFns = (n: t.Node): void => {
    if (t.isFunction(n)) fnBody(n);
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visitFns(x as t.Node));
      else if (c && typeof c === 'object') visitFns(c as t.Node);
    }
  };
  visitFns(root);
  return lv;
}
