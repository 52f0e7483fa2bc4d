// Pass `functions`: rejects what cannot be converted (the node types the language table refuses or
// never meets, generators, async, eval, a block function named outside its block) with a located
// error, and normalizes every function of the tree for the later passes: `var`
// declarations become `let` at the top of their function, function declarations move to the top
// of their block (where JS hoists them anyway). Needs ConvertContext, the language
// table. Produces the normalized AST.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { walk } from '../util/walk.js';
import { LANGUAGE, refusedNodeTypes, type LanguageEntry, type NodeType, type Refusal } from '../language.js';
import { ROOT_SUPER } from '../language/forms.js';

/** How to keep the awaits of an async program outside the converted code. */
const ASYNC_INSTEAD =
  'jit a synchronous step and await in an async loop around it: ' +
  'const step = ag.jit((x) => { … return y; }); for (…) { y = step(x); await tf.nextFrame(); }';

/** The node types the language table refuses, and those it says a converted function never holds. */
let refused: ReadonlyMap<string, Refusal> | undefined;
function refusalOf(type: string): Refusal | undefined {
  refused ??= new Map<string, Refusal>([
    ...(Object.entries(LANGUAGE) as [NodeType, LanguageEntry][])
      .filter(([, e]) => e.status === 'not-met')
      .map(([type]): [string, Refusal] => [
        type,
        {
          error: 'convert/unsupported-syntax',
          construct: `syntax the converter does not know (${type})`,
          instead: 'write it in standard ECMAScript',
        },
      ]),
    ...refusedNodeTypes(),
  ]);
  return refused.get(type);
}

/**
 * A function declared in a block (not at the top of a function body) and named outside that block:
 * in sloppy code the name is also a variable of the function (Annex B), in strict code another
 * binding; the converted blocks (closures) cannot keep either.
 */
function blockFunctionUsedOutside(fn: t.Function): t.FunctionDeclaration | null {
  if (!t.isBlockStatement(fn.body)) return null;
  let found: t.FunctionDeclaration | null = null;
  const top = new Set<t.Node>(fn.body.body);
  walk(fn.body, (n) => {
    if (found || (t.isFunction(n) && n !== fn) || t.isClass(n)) return false;
    if (!(t.isBlockStatement(n) || t.isSwitchCase(n) || t.isStaticBlock(n))) return undefined;
    const list = t.isSwitchCase(n) ? n.consequent : n.body;
    for (const d of list) {
      if (!t.isFunctionDeclaration(d) || !d.id || top.has(d)) continue;
      const name = d.id.name;
      let outside = false;
      walk(fn.body, (m, parent, key) => {
        if (outside || m === n) return false;
        if (
          t.isIdentifier(m, { name }) &&
          !(t.isMemberExpression(parent) && key === 'property' && !parent.computed) &&
          !(t.isObjectProperty(parent) && key === 'key' && !parent.computed)
        )
          outside = true;
        return undefined;
      });
      if (outside) found = d;
    }
    return undefined;
  });
  return found;
}

function checkSupported(root: t.Function, ctx: ConvertContext): void {
  // Methods and classes of the converted source convert in place with it: `super` is theirs to
  // use; the root's own `super` (a method converted from its text) has no home object.
  const homed = new Set<t.Node>();
  walk(root, (n) => {
    if (n !== root && (t.isClass(n) || t.isObjectMethod(n) || t.isClassMethod(n) || t.isClassPrivateMethod(n)))
      walk(n, (m) => void homed.add(m));
    if (t.isSuper(n) && !homed.has(n))
      throw ctx.error(ROOT_SUPER.error, { construct: ROOT_SUPER.construct, instead: ROOT_SUPER.instead } as never, n);
    if (t.isFunction(n)) {
      if (n.generator) {
        throw ctx.error(
          'convert/unsupported-syntax',
          { construct: 'a generator function', instead: 'return an array, or build the values in a loop' } as never,
          n,
        );
      }
      if (n.async) {
        throw ctx.error(
          'convert/unsupported-syntax',
          { construct: 'an async function', instead: ASYNC_INSTEAD } as never,
          n,
        );
      }
    }
    const u = refusalOf(n.type);
    if (u) throw ctx.error(u.error, { construct: u.construct, instead: u.instead } as never, n);
    if (t.isFunction(n)) {
      const d = blockFunctionUsedOutside(n);
      if (d) {
        throw ctx.error(
          'convert/unsupported-syntax',
          {
            construct: `function '${d.id!.name}' declared in a block and named outside it`,
            instead: `declare '${d.id!.name}' at the top of the function, or as a const in the block`,
          } as never,
          d,
        );
      }
    }
    if (t.isCallExpression(n) && t.isIdentifier(n.callee, { name: 'eval' })) {
      throw ctx.error(
        'convert/unsupported-syntax',
        { construct: 'eval', instead: 'write the code directly' } as never,
        n,
      );
    }
    if (t.isIdentifier(n) && n.name === 'ag__') throw ctx.error('convert/reserved-name', { name: 'ag__' } as never, n);
    return undefined;
  });
}

/** `var` → `let` hoisted to the top of the function; returns the names hoisted. */
function hoistVars(fn: t.Function): void {
  if (!t.isBlockStatement(fn.body)) return;
  // Names bound already: parameters, and functions declared at the top of the body (`var h;
  // function h() {}` is one binding, the function).
  const params = new Set<string>();
  for (const p of fn.params) for (const n of Object.keys(t.getBindingIdentifiers(p))) params.add(n);
  for (const s of fn.body.body) if (t.isFunctionDeclaration(s) && s.id) params.add(s.id.name);
  const names: string[] = [];
  const toAssign = (d: t.VariableDeclaration): t.Expression | null => {
    const parts: t.Expression[] = [];
    for (const decl of d.declarations) {
      for (const n of Object.keys(t.getBindingIdentifiers(decl.id)))
        if (!params.has(n) && !names.includes(n)) names.push(n);
      if (decl.init) parts.push(t.assignmentExpression('=', decl.id as t.LVal, decl.init));
    }
    if (parts.length === 0) return null;
    return parts.length === 1 ? parts[0]! : t.sequenceExpression(parts);
  };
  const rewrite = (n: t.Node): void => {
    if (t.isFunction(n) || t.isClass(n)) return;
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const rec = n as unknown as Record<string, unknown>;
      const c = rec[k];
      if (Array.isArray(c)) {
        rec[k] = c.flatMap((s: t.Node) => {
          if (t.isVariableDeclaration(s) && s.kind === 'var') {
            const e = toAssign(s);
            return e ? [Object.assign(t.expressionStatement(e), { loc: s.loc })] : [];
          }
          if (s && typeof s === 'object') rewrite(s);
          return [s];
        });
      } else if (c && typeof c === 'object') {
        const s = c as t.Node;
        if (t.isVariableDeclaration(s) && s.kind === 'var') {
          if ((t.isForOfStatement(n) || t.isForInStatement(n)) && k === 'left') {
            toAssign(s);
            rec[k] = s.declarations[0]!.id;
          } else {
            const e = toAssign(s);
            rec[k] = t.isStatement(n) && k !== 'init' ? (e ? t.expressionStatement(e) : t.emptyStatement()) : e;
          }
        } else rewrite(s);
      }
    }
  };
  rewrite(fn.body);
  if (names.length) {
    const decl = t.variableDeclaration(
      'let',
      names.map((n) => t.variableDeclarator(t.identifier(n))),
    );
    fn.body.body.unshift(decl);
  }
}

/** Function declarations first in each block (JS hoists them; later passes may drop dead code). */
function hoistFunctionDecls(root: t.Node): void {
  walk(root, (n) => {
    if (t.isBlockStatement(n) || t.isProgram(n)) {
      const fns = n.body.filter((s) => t.isFunctionDeclaration(s));
      const rest = n.body.filter((s) => !t.isFunctionDeclaration(s) && !t.isEmptyStatement(s));
      n.body = [...fns, ...rest];
    }
  });
}

/**
 * `step = (d) => { this.n += d; }` in a class: `step = ag__.fieldArrow(this, (d) => …)`, so that the
 * runtime knows whose fields the arrow writes when it is called detached (`const f = o.step; f(1)`).
 */
function recordFieldArrows(root: t.Function): void {
  walk(root, (n) => {
    if (!t.isClassProperty(n) || n.static || !t.isArrowFunctionExpression(n.value)) return;
    const arrow = n.value;
    n.value = Object.assign(
      t.callExpression(t.memberExpression(t.identifier('ag__'), t.identifier('fieldArrow')), [
        t.thisExpression(),
        arrow,
      ]),
      { loc: arrow.loc },
    );
  });
}

export function functionsPass(root: t.Function, ctx: ConvertContext): void {
  checkSupported(root, ctx);
  recordFieldArrows(root);
  walk(root, (n) => {
    if (t.isFunction(n)) hoistVars(n);
    return undefined;
  });
  hoistFunctionDecls(root);
}
