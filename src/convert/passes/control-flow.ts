// Pass `control-flow`: if/while/do…while/for/for…of/for…in become calls of the runtime's ifStmt,
// whileStmt and forStmt, with the bodies as closures and the modified symbols as explicit state
// (get/set closures plus names), as TF AutoGraph's control_flow converter does. Requires jump
// lowering (no break/continue/return inside the bodies) and runs scopes, activity and liveness
// analysis itself. Statements inside `try` blocks are converted like any other; a try block with a
// catch marks where it starts and ends (runtime/js-only), and every catch first rethrows what is
// not the user's to catch.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { analyzeScopes, type ScopeInfo } from '../analysis/scopes.js';
import { activityOf, stateSyms, visibleAt, type Sym } from '../analysis/activity.js';
import { analyzeClosures, type ClosureWrites } from '../analysis/closures.js';
import { analyzeLiveness, type Liveness } from '../analysis/liveness.js';
import { asList, transform, walk } from '../util/walk.js';
import { constArrow, expr, stmt } from '../util/babel.js';
import { stateArgs } from '../util/state-args.js';

/**
 * Names the runtime recognizes as the return slot: of a function that always ends in a return
 * (a branch without a return may then be filled with a placeholder), or that may fall through.
 */
export const RETURN_VALUE_NAME = '<return value>';
export const MAYBE_RETURN_VALUE_NAME = '<return value or undefined>';

/**
 * What the flags and slots the jump passes add are called in graphs and messages: JS keywords,
 * which no user variable can be named, instead of the generated identifiers (`break_`, `do_return`).
 */
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  break_: 'break',
  continue_: 'continue',
  do_return: 'return',
  switch_value: 'switch',
};

interface State {
  readonly syms: Sym[];
  readonly nouts: number;
}

/**
 * `for (x of tf.range(a, n))`: the call as `ag__.rangeOf(tf.range, tf, [a, n])`, which stages a
 * counted loop when a bound is a symbolic tensor, as `ag.range` does (any `o.range(…)` is passed;
 * the runtime knows tfjs's by identity).
 */
function rangeCall(e: t.Expression): t.Expression | null {
  if (!t.isCallExpression(e)) return null;
  // The call-trees pass made `ns.range(…)` of a namespace not named `tf` a convertedCall.
  const [f, self, args] = e.arguments;
  if (
    t.isMemberExpression(e.callee) &&
    t.isIdentifier(e.callee.object, { name: 'ag__' }) &&
    t.isIdentifier(e.callee.property, { name: 'convertedCall' }) &&
    t.isMemberExpression(f) &&
    !f.computed &&
    t.isIdentifier(f.property, { name: 'range' }) &&
    t.isExpression(self) &&
    t.isArrayExpression(args)
  ) {
    return Object.assign(expr('ag__.rangeOf(%%f%%, %%self%%, %%args%%)', { f, self, args }), { loc: e.loc });
  }
  // `(0, o.range)(…)`: how bundlers and test runners call an imported namespace's function.
  const c = t.isSequenceExpression(e.callee) && e.callee.expressions.length === 2 ? e.callee.expressions[1]! : e.callee;
  if (!t.isMemberExpression(c) || c.computed || !t.isIdentifier(c.property, { name: 'range' })) return null;
  if (!t.isIdentifier(c.object) || e.arguments.some((a) => !t.isExpression(a))) return null;
  return Object.assign(
    expr('ag__.rangeOf(%%f%%, %%self%%, %%args%%)', {
      f: c,
      self: t.cloneNode(c.object),
      args: t.arrayExpression(e.arguments as t.Expression[]),
    }),
    { loc: e.loc },
  );
}

/** Whether `nodes` assign one of `names` (over-approximated: shadowing is not looked at). */
function writesAny(nodes: readonly t.Node[], names: Set<string>): boolean {
  let found = false;
  for (const n of nodes) {
    walk(n, (m) => {
      if (found) return false;
      if (t.isAssignmentExpression(m) && Object.keys(t.getBindingIdentifiers(m.left)).some((k) => names.has(k)))
        found = true;
      if (t.isUpdateExpression(m) && t.isIdentifier(m.argument) && names.has(m.argument.name)) found = true;
      return undefined;
    });
  }
  return found;
}

/** Whether `e` holds an identifier named as one of `names`. */
function mentionsAny(e: t.Node, names: Set<string>): boolean {
  let found = false;
  walk(e, (m) => {
    if (t.isIdentifier(m) && names.has(m.name)) found = true;
  });
  return found;
}

/**
 * `(() => { const iterable = e; return iterable; let x; })()`: `e` sees `x` uninitialized, as JS
 * does — and so does a closure it makes, forever (the declaration is never reached).
 */
function inDeadZone(e: t.Expression, names: Set<string>, temp: string): t.Expression {
  const body = t.blockStatement([
    t.variableDeclaration('const', [t.variableDeclarator(t.identifier(temp), e)]),
    t.returnStatement(t.identifier(temp)),
    t.variableDeclaration(
      'let',
      [...names].map((n) => t.variableDeclarator(t.identifier(n))),
    ),
  ]);
  return Object.assign(t.callExpression(t.arrowFunctionExpression([], body), []), { loc: e.loc });
}

class Converter {
  private readonly info: ScopeInfo;
  private readonly closures: ClosureWrites;
  private readonly live: Liveness;
  private readonly returnNames: Map<string, boolean>;
  private readonly varsName: string;
  private readonly markers: [t.ForOfStatement | t.ForInStatement, t.Statement][];

  constructor(
    private readonly root: t.Function,
    private readonly ctx: ConvertContext,
  ) {
    // The extra tests of for…of loops (from break/return lowering) run before each iteration: the
    // analysis sees them as a first statement of the body, removed again once states are known.
    this.markers = [];
    for (const [loop, tests] of ctx.extraTests) {
      if (!t.isForOfStatement(loop) && !t.isForInStatement(loop)) continue;
      const marker = t.expressionStatement(t.sequenceExpression([...tests]));
      loop.body = t.blockStatement([marker, ...asList(loop.body)]);
      this.markers.push([loop, marker]);
    }
    this.info = analyzeScopes(root);
    this.closures = analyzeClosures(root, this.info, activityOf);
    this.live = analyzeLiveness(root, this.info);
    this.returnNames = new Map([...ctx.returnVars.values()].map((r) => [r.value, r.always]));
    this.varsName = ctx.namer.fresh('vars_');
  }

  /** States are computed on the original tree, before any statement is rewritten. */
  private readonly states = new Map<t.Node, State>();

  run(): void {
    walk(this.root, (n) => {
      if (t.isIfStatement(n)) this.states.set(n, this.ifState(n));
      else if (t.isWhileStatement(n) || t.isDoWhileStatement(n))
        this.states.set(n, this.loopState(n, [n.test, n.body]));
      else if (t.isForStatement(n)) this.states.set(n, this.loopState(n, [n.test, n.update, n.body]));
      else if (t.isForOfStatement(n) || t.isForInStatement(n)) this.states.set(n, this.loopState(n, [n]));
      return undefined;
    });
    for (const [loop, marker] of this.markers)
      (loop.body as t.BlockStatement).body = (loop.body as t.BlockStatement).body.filter((x) => x !== marker);
    transform(this.root, (n, where) => this.convert(n, where.inList));
  }

  private isLive(s: Sym, set: Set<string> | undefined): boolean {
    if (s.path.length > 0) return true; // object mutations outlive the function
    return (set?.has(s.key) ?? false) || this.live.always.has(s.key);
  }

  private modified(nodes: (t.Node | null | undefined)[], at: t.Node): Sym[] {
    return visibleAt(stateSyms(activityOf(nodes, this.info, this.closures).modified), at);
  }

  private ifState(n: t.IfStatement): State {
    const out = this.live.liveOut.get(n);
    const syms = this.modified([n.consequent, n.alternate], n);
    const outs = syms.filter((s) => this.isLive(s, out));
    return { syms: [...outs, ...syms.filter((s) => !outs.includes(s))], nouts: outs.length };
  }

  private loopState(n: t.Loop, parts: (t.Node | null | undefined)[]): State {
    const out = this.live.liveOut.get(n);
    const head = this.live.liveHead.get(n);
    const syms = this.modified(parts, n).filter((s) => this.isLive(s, out) || this.isLive(s, head));
    return { syms, nouts: syms.length };
  }

  /** GET, SET and NAMES, as call arguments. */
  private stateList(st: State): t.Expression[] {
    return stateArgs(st.syms, (s) => this.displayName(s), this.varsName);
  }

  private displayName(s: Sym): string {
    const always = s.path.length === 0 ? this.returnNames.get(s.name) : undefined;
    if (always !== undefined) return always ? RETURN_VALUE_NAME : MAYBE_RETURN_VALUE_NAME;
    const base = s.path.length === 0 ? this.ctx.namer.baseOf(s.name) : undefined;
    return (
      (base !== undefined ? DISPLAY_NAMES[base] : undefined) ??
      (s.path.length === 0 ? this.ctx.displayNames.get(s.name) : undefined) ??
      s.name
    );
  }

  private finish(orig: t.Statement, out: t.Statement[], inList: boolean, wrap = false): t.Statement | t.Statement[] {
    const call = out[out.length - 1]!;
    call.loc = orig.loc;
    if (orig.leadingComments) out[0]!.leadingComments = orig.leadingComments;
    if (orig.trailingComments) call.trailingComments = orig.trailingComments;
    return wrap || !inList ? t.blockStatement(out) : out;
  }

  private convert(n: t.Node, inList: boolean): t.Node | t.Node[] | undefined {
    if (t.isCatchClause(n)) return this.guardCatch(n);
    if (t.isTryStatement(n)) return this.markTry(n);
    if (t.isIfStatement(n)) return this.convertIf(n, inList);
    if (t.isWhileStatement(n) || t.isDoWhileStatement(n)) return this.convertWhile(n, inList);
    if (t.isForStatement(n)) return this.convertFor(n, inList);
    if (t.isForOfStatement(n) || t.isForInStatement(n)) return this.convertForOf(n, inList);
    return undefined;
  }

  private convertIf(n: t.IfStatement, inList: boolean): t.Statement | t.Statement[] {
    const st = this.states.get(n)!;
    const body = this.ctx.namer.fresh('if_body');
    const out: t.Statement[] = [constArrow(body, t.blockStatement(asList(n.consequent)))];
    let orelse: t.Expression = t.nullLiteral();
    if (n.alternate) {
      const name = this.ctx.namer.fresh('else_body');
      out.push(constArrow(name, t.blockStatement(asList(n.alternate))));
      orelse = t.identifier(name);
    }
    out.push(
      t.expressionStatement(
        t.callExpression(expr('ag__.ifStmt'), [
          n.test,
          t.identifier(body),
          orelse,
          ...this.stateList(st),
          t.numericLiteral(st.nouts),
          ...this.site(n),
        ]),
      ),
    );
    return this.finish(n, out, inList);
  }

  /** The loop's options, then its site (an empty options object when only the site is there). */
  private options(n: t.Loop): t.Expression[] {
    let opts = this.ctx.loopOptions.get(n);
    if (t.isForStatement(n)) {
      // A C-style for loop runs through whileStmt: `statement` lets its messages say "for loop".
      const mark = t.objectProperty(t.identifier('statement'), t.stringLiteral('for'));
      opts = t.objectExpression([
        ...(opts ? (t.isObjectExpression(opts) ? opts.properties : [t.spreadElement(opts)]) : []),
        mark,
      ]);
    }
    const site = this.site(n);
    return opts ? [opts, ...site] : site.length ? [t.objectExpression([]), ...site] : [];
  }

  /**
   * `"while (a != 1)"`: the construct as the user wrote it, for the labels of the Cond/While it
   * becomes; `"while (a != 1) @ src/app.ts:12"` where the converter knows the file and line
   * (in-place conversion: in a bundle, stack frames no longer tell).
   */
  private site(n: t.Statement): t.Expression[] {
    const code = this.ctx.sites.get(n);
    if (!code) return [];
    const start = n.loc?.start;
    const at = start ? this.ctx.locate?.(start.line, start.column) : undefined;
    return [t.stringLiteral(at?.file ? `${code} @ ${at.file}:${at.line}` : code)];
  }

  private convertWhile(n: t.WhileStatement | t.DoWhileStatement, inList: boolean): t.Statement | t.Statement[] {
    const st = this.states.get(n)!;
    const test = this.ctx.namer.fresh('loop_test');
    const body = this.ctx.namer.fresh('loop_body');
    const out: t.Statement[] = [constArrow(test, n.test), constArrow(body, t.blockStatement(asList(n.body)))];
    if (t.isDoWhileStatement(n)) out.push(stmt('%%body%%();', { body }));
    out.push(this.whileCall(test, body, st, n));
    return this.finish(n, out, inList);
  }

  private whileCall(test: string, body: string, st: State, n: t.Loop): t.Statement {
    const call = t.callExpression(expr('ag__.whileStmt'), [
      t.identifier(test),
      t.identifier(body),
      ...this.stateList(st),
      ...this.options(n),
    ]);
    return t.expressionStatement(call);
  }

  private convertFor(n: t.ForStatement, inList: boolean): t.Statement | t.Statement[] {
    const st = this.states.get(n)!;
    const test = this.ctx.namer.fresh('loop_test');
    const body = this.ctx.namer.fresh('loop_body');
    const out: t.Statement[] = [];
    if (t.isVariableDeclaration(n.init)) out.push(n.init);
    else if (n.init) out.push(t.expressionStatement(n.init));
    const block = [...asList(n.body), ...(n.update ? [t.expressionStatement(n.update)] : [])];
    out.push(
      constArrow(test, n.test ?? t.booleanLiteral(true)),
      constArrow(body, t.blockStatement(block)),
      this.whileCall(test, body, st, n),
    );
    return this.finish(n, out, inList, t.isVariableDeclaration(n.init) && n.init.kind !== 'var');
  }

  private extraTest(n: t.Loop): t.Expression {
    const tests = this.ctx.extraTests.get(n);
    if (!tests?.length) return t.nullLiteral();
    return t.arrowFunctionExpression(
      [],
      tests.reduce((a, b) => t.logicalExpression('&&', a, b)),
    );
  }

  private convertForOf(n: t.ForOfStatement | t.ForInStatement, inList: boolean): t.Statement | t.Statement[] {
    const st = this.states.get(n)!;
    const body = this.ctx.namer.fresh('loop_body');
    let param: t.LVal;
    let block = asList(n.body);
    let right = n.right;
    if (t.isVariableDeclaration(n.left)) {
      param = n.left.declarations[0]!.id as t.LVal;
      const names = new Set(Object.keys(t.getBindingIdentifiers(param)));
      // A `const` binding the body assigns: kept const, so that the assignment throws as in JS.
      if (n.left.kind === 'const' && writesAny(block, names)) {
        const item = this.ctx.namer.fresh('item');
        block = [t.variableDeclaration('const', [t.variableDeclarator(param, t.identifier(item))]), ...block];
        param = t.identifier(item);
      }
      // The head's names are in their temporal dead zone while the iterable is evaluated.
      if (n.left.kind !== 'var' && mentionsAny(right, names))
        right = inDeadZone(right, names, this.ctx.namer.fresh('iterable'));
    } else {
      const itr = this.ctx.namer.fresh('itr');
      param = t.identifier(itr);
      block = [t.expressionStatement(t.assignmentExpression('=', n.left as t.LVal, t.identifier(itr))), ...block];
    }
    const iter = t.isForInStatement(n) ? expr('ag__.forInKeys(%%obj%%)', { obj: right }) : (rangeCall(right) ?? right);
    const out = [
      t.variableDeclaration('const', [
        t.variableDeclarator(
          t.identifier(body),
          t.arrowFunctionExpression([param as t.Identifier], t.blockStatement(block)),
        ),
      ]),
      t.expressionStatement(
        t.callExpression(expr('ag__.forStmt'), [
          iter,
          this.extraTest(n),
          t.identifier(body),
          ...this.stateList(st),
          ...this.options(n),
        ]),
      ),
    ];
    return this.finish(n, out, inList);
  }

  /** A user's catch must not swallow staging errors (e.g. a tensor condition inside the try). */
  private guardCatch(n: t.CatchClause): undefined {
    if (!n.param) n.param = t.identifier(this.ctx.namer.fresh('error_'));
    if (!t.isIdentifier(n.param)) {
      // The pattern in a block of its own, the body in one inside it: a closure in the pattern sees
      // the catch parameter's scope, not the body's declarations (as in JS).
      const e = t.identifier(this.ctx.namer.fresh('error_'));
      n.body.body = [
        t.variableDeclaration('let', [t.variableDeclarator(n.param, t.identifier(e.name))]),
        t.blockStatement(n.body.body),
      ];
      n.param = e;
    }
    n.body.body.unshift(
      stmt('ag__.exitTry();'),
      stmt('ag__.rethrowStagingError(%%e%%);', { e: t.identifier(n.param.name) }),
    );
    return undefined;
  }

  /** A try block with a catch marks where it starts and ends (staged asserts are refused inside). */
  private markTry(n: t.TryStatement): undefined {
    if (n.handler) n.block.body = [stmt('ag__.enterTry();'), ...n.block.body, stmt('ag__.exitTry();')];
    return undefined;
  }
}

export function controlFlowPass(root: t.Function, ctx: ConvertContext): void {
  new Converter(root, ctx).run();
}
