// The converted copy of one function of a module (its "twin"): the function as written stays for
// plain calls, and the copy, run through the same pass pipeline as run-time conversion, is what
// converted code runs. Methods are converted as function expressions; `super.x` (which the passes
// do not take) is hidden behind a placeholder during conversion and put back after. `fuse` puts the
// copy into the function itself, behind the check `ag__twinState.depth`. Needs src/convert.
// Produces `convertedCopy`, `fuse`, `mentionsRuntime`, `CopyContext`, `MODE`.

import * as t from '../convert/util/babel-types.js';
import type { ParserPlugin } from '@babel/parser';
import { ConvertContext } from '../convert/context.js';
import { runPipeline } from '../convert/pipeline.js';
import { some, walk } from '../convert/util/walk.js';
import { babel } from '../convert/util/babel-load.js';
import { generateCode } from '../convert/util/babel.js';

/** What a fused function reads to know that converted code runs: `ag__twinState.depth > 0` (twin-runtime.ts). */
export const MODE = 'ag__twinState';
/** The check of a fused getter or setter (also true while a trace runs: a property read is no call). */
export const MODE_READ = 'ag__twinModeRead';

export type Method = t.ObjectMethod | t.ClassMethod | t.ClassPrivateMethod;
export type Convertible = t.FunctionDeclaration | t.FunctionExpression | t.ArrowFunctionExpression | Method;

/** Makes the conversion context of a copy (error locations in the module's original file). */
export type CopyContext = (name: string, root: t.Node) => ConvertContext;

/** Options of the copies of one module. */
export interface CopyOptions {
  readonly context: CopyContext;
  /** Parser plugins of the module: with them, `check` parses each copy (a pass may emit invalid code). */
  readonly check?: readonly ParserPlugin[];
}

/** Whether converted code calls the runtime: else conversion changed nothing that matters. */
export function mentionsRuntime(n: t.Node): boolean {
  return some(n, (x) => t.isIdentifier(x, { name: 'ag__' }));
}

/** Nodes the passes rewrite: without any, conversion changes nothing (checked before converting). */
const REWRITTEN = new Set([
  'IfStatement',
  'WhileStatement',
  'DoWhileStatement',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'SwitchStatement',
  'TryStatement',
  'ConditionalExpression',
  'LogicalExpression',
  'BinaryExpression',
  'UnaryExpression',
  'UpdateExpression',
  'CallExpression',
  'OptionalCallExpression',
]);

/** Whether converting `fn` may change it (it has control flow, an operator, a call or an index). */
function mayStage(fn: t.Function): boolean {
  return some(
    fn.body,
    (n) =>
      REWRITTEN.has(n.type) ||
      (t.isAssignmentExpression(n) && n.operator !== '=') ||
      (t.isMemberExpression(n) && n.computed),
  );
}

const SUPER = '__ag_super_';

/**
 * `super.m(…)` → `__ag_super_N.call(this, …)` and `super.x` → `__ag_super_N`, in the copy; the
 * member expressions, by placeholder name. Null when a `super` cannot be hidden (an assignment to
 * `super.x`, a computed `super[e]` with a key that is not a literal).
 */
function hideSuper(fn: t.Function): Map<string, t.MemberExpression> | null {
  const hidden = new Map<string, t.MemberExpression>();
  let ok = true;
  const hide = (m: t.MemberExpression): t.Identifier => {
    const name = `${SUPER}${hidden.size}`;
    hidden.set(name, m);
    return Object.assign(t.identifier(name), { loc: m.loc, start: m.start, end: m.end });
  };
  const visit = (n: t.Node): void => {
    const rec = n as unknown as Record<string, unknown>;
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const child = rec[k];
      const list = Array.isArray(child) ? child : [child];
      list.forEach((c, i) => {
        if (!c || typeof c !== 'object') return;
        const node = c as t.Node;
        const put = (x: t.Node): void => {
          if (Array.isArray(child)) child[i] = x;
          else rec[k] = x;
        };
        if (t.isMemberExpression(node) && t.isSuper(node.object)) {
          if (
            (node.computed && !t.isStringLiteral(node.property) && !t.isNumericLiteral(node.property)) ||
            (t.isAssignmentExpression(n) && k === 'left') ||
            t.isUpdateExpression(n)
          ) {
            ok = false;
            return;
          }
          if (t.isCallExpression(n) && k === 'callee') {
            put(t.memberExpression(hide(node), t.identifier('call')));
            n.arguments.unshift(t.thisExpression());
          } else put(hide(node));
          return;
        }
        visit(node);
      });
    }
  };
  visit(fn);
  return ok ? hidden : null;
}

/** Puts the hidden `super` member expressions back in place of their placeholders. */
function restoreSuper(fn: t.Node, hidden: Map<string, t.MemberExpression>): void {
  if (hidden.size === 0) return;
  walk(fn, (n) => {
    const rec = n as unknown as Record<string, unknown>;
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const child = rec[k];
      if (Array.isArray(child))
        child.forEach((c, i) => {
          if (t.isIdentifier(c) && hidden.has(c.name)) child[i] = t.cloneNode(hidden.get(c.name)!, true, false);
        });
      else if (t.isIdentifier(child as t.Node) && hidden.has((child as t.Identifier).name))
        rec[k] = t.cloneNode(hidden.get((child as t.Identifier).name)!, true, false);
    }
  });
}

/** The function `fn` as an expression to convert (a method or a declaration becomes a function expression). */
function asExpression(fn: Convertible): t.FunctionExpression | t.ArrowFunctionExpression {
  const copy = t.cloneNode(fn, true, false);
  if (t.isArrowFunctionExpression(copy) || t.isFunctionExpression(copy)) return copy;
  // A declaration keeps its name (its own binding inside: a recursive call reaches the copy); a
  // method's key is no binding.
  const id = t.isFunctionDeclaration(copy) ? copy.id : null;
  const fe = t.functionExpression(
    id,
    copy.params as t.FunctionExpression['params'],
    copy.body,
    copy.generator,
    copy.async,
  );
  return Object.assign(fe, { loc: copy.loc, start: copy.start, end: copy.end });
}

/**
 * The converted copy of `fn` (a function expression or arrow, positions those of the module), or
 * null when conversion changes nothing that matters (no runtime call: it stages nothing) or fails;
 * `onError` sees the failure.
 */
export function convertedCopy(
  fn: Convertible,
  name: string,
  opts: CopyOptions,
): t.FunctionExpression | t.ArrowFunctionExpression | null {
  if (fn.generator || fn.async || !mayStage(fn)) return null;
  const work = asExpression(fn);
  const supers = hideSuper(work);
  if (!supers) return null;
  try {
    runPipeline(work, opts.context(name, work));
  } catch {
    return null;
  }
  if (!mentionsRuntime(work)) return null;
  restoreSuper(work, supers);
  return opts.check && !parses(work, opts.check) ? null : work;
}

/** Whether the code of `fn` parses (undeclared private names aside: the copy stands outside its class). */
function parses(fn: t.Node, plugins: readonly ParserPlugin[]): boolean {
  const code = generateCode(fn, { comments: false }).code;
  try {
    const r = babel('parser').parse(`(${code})`, {
      sourceType: 'module',
      errorRecovery: true,
      allowSuperOutsideMethod: true,
      plugins: [...plugins],
    });
    return (r.errors ?? []).every((e) => (e as { reasonCode?: string }).reasonCode === 'InvalidPrivateFieldResolution');
  } catch {
    return false;
  }
}

const paramsText = (fn: t.Function): string =>
  fn.params.map((p) => generateCode(p, { comments: false }).code).join(',');

/** The identifiers to pass for `params` when all are plain names (a rest one spread); else null. */
function passable(params: readonly t.Node[]): (t.Identifier | t.SpreadElement)[] | null {
  const out: (t.Identifier | t.SpreadElement)[] = [];
  for (const p of params) {
    if (t.isIdentifier(p)) out.push(t.identifier(p.name));
    else if (t.isRestElement(p) && t.isIdentifier(p.argument)) out.push(t.spreadElement(t.identifier(p.argument.name)));
    else return null;
  }
  return out;
}

/**
 * How the function as written runs its converted copy: `(function (x, y) { …copy }).call(this, x,
 * y)` — a function of its own, made only when run, so that the function as written captures nothing
 * more than before and stays as fast to call — or, where the copy needs the function's own `super`,
 * `arguments` or `new.target` (or the parameters are patterns), the copy's body inline.
 */
function runCopy(
  fn: Convertible,
  copy: t.FunctionExpression | t.ArrowFunctionExpression,
): { inline: t.BlockStatement } | { call: t.Expression } {
  const body = t.isBlockStatement(copy.body) ? copy.body : t.blockStatement([t.returnStatement(copy.body)]);
  const args = passable(fn.params);
  const own = some(copy.body, (n) => t.isSuper(n) || t.isIdentifier(n, { name: 'arguments' }) || t.isMetaProperty(n));
  if (!args || own) return { inline: body };
  const usesThis = some(copy.body, (n) => t.isThisExpression(n));
  // Named as the function as written is, where that name is its own binding (stack frames show it).
  const inner = t.functionExpression(
    t.isFunctionExpression(copy) ? copy.id : null,
    copy.params as t.FunctionExpression['params'],
    body,
  );
  return {
    call: t.callExpression(t.memberExpression(inner, t.identifier('call')), [
      usesThis ? t.thisExpression() : t.identifier('undefined'),
      ...args,
    ]),
  };
}

/**
 * `fn` (as written, in place) runs `copy` while converted code runs:
 * `{ if (ag__twinState.depth) return (function (…) { …copy }).call(this, …); …as written }` (an
 * expression-bodied arrow: `mode ? … : as written`; see runCopy). Returns the check's name;
 * undefined, and `fn` unchanged, when the copy changed the parameters (the two bodies share them).
 */
export function fuse(fn: Convertible, copy: t.FunctionExpression | t.ArrowFunctionExpression): string | undefined {
  if (paramsText(fn) !== paramsText(copy)) return undefined;
  const mode = 'kind' in fn && (fn.kind === 'get' || fn.kind === 'set') ? MODE_READ : MODE;
  const check =
    mode === MODE
      ? t.memberExpression(t.identifier(MODE), t.identifier('depth'))
      : t.callExpression(t.identifier(mode), []);
  const run = runCopy(fn, copy);
  if ('call' in run) {
    if (t.isBlockStatement(fn.body)) fn.body.body.unshift(t.ifStatement(check, t.returnStatement(run.call)));
    else fn.body = babel('types').conditionalExpression(check, run.call, fn.body);
    return mode;
  }
  // Inline: the converted body must not fall through into the body as written.
  const last = run.inline.body[run.inline.body.length - 1];
  const ends = t.isReturnStatement(last) || t.isThrowStatement(last);
  const branch = t.ifStatement(
    check,
    t.blockStatement(ends ? run.inline.body : [...run.inline.body, t.returnStatement()]),
  );
  if (t.isBlockStatement(fn.body)) fn.body.body.unshift(branch);
  else fn.body = t.blockStatement([branch, t.returnStatement(fn.body)]);
  return mode;
}
