// Pass `functions`: rejects what cannot be converted (generators, async, with, eval, super…)
// with a located error, and normalizes every function of the tree for the later passes: `var`
// declarations become `let` at the top of their function, function declarations move to the top
// of their block (where JS hoists them anyway). Needs ConvertContext. Produces the normalized AST.

import * as t from '../util/babel-types.js';
import type { ConvertContext } from '../context.js';
import { walk } from '../util/walk.js';

/** How to keep the awaits of an async program outside the converted code. */
const ASYNC_INSTEAD =
  'jit a synchronous step and await in an async loop around it: ' +
  'const step = ag.jit((x) => { … return y; }); for (…) { y = step(x); await tf.nextFrame(); }';

const UNSUPPORTED: Partial<Record<string, [string, string]>> = {
  WithStatement: ['the with statement', 'access the object properties explicitly'],
  YieldExpression: ['yield', 'return arrays or use a loop that pushes to an array'],
  AwaitExpression: ['await', 'traced code is synchronous: ' + ASYNC_INSTEAD],
  Super: ['super', 'call the parent method from a method that is not converted, or mark it with doNotConvert'],
  ForAwaitStatement: ['for await', 'traced code is synchronous'],
  ClassPrivateProperty: ['private class fields in converted code', 'use ordinary properties'],
  Import: ['dynamic import()', 'import the module outside the converted function'],
};

function checkSupported(root: t.Function, ctx: ConvertContext): void {
  walk(root, (n) => {
    if (t.isFunction(n)) {
      if (n.generator) {
        throw ctx.error('convert/unsupported-syntax', { construct: 'a generator function', instead: 'return an array, or build the values in a loop' } as never, n);
      }
      if (n.async) {
        throw ctx.error('convert/unsupported-syntax', { construct: 'an async function', instead: ASYNC_INSTEAD } as never, n);
      }
    }
    if (t.isClass(n)) return false; // class bodies are converted method by method when called
    const u = UNSUPPORTED[n.type === 'ForOfStatement' && (n as t.ForOfStatement).await ? 'ForAwaitStatement' : n.type];
    if (u) throw ctx.error('convert/unsupported-syntax', { construct: u[0], instead: u[1] } as never, n);
    if (t.isCallExpression(n) && t.isIdentifier(n.callee, { name: 'eval' })) {
      throw ctx.error('convert/unsupported-syntax', { construct: 'eval', instead: 'write the code directly' } as never, n);
    }
    if (t.isIdentifier(n) && n.name === 'ag__') throw ctx.error('convert/reserved-name', { name: 'ag__' } as never, n);
    return undefined;
  });
}

/** `var` → `let` hoisted to the top of the function; returns the names hoisted. */
function hoistVars(fn: t.Function): void {
  if (!t.isBlockStatement(fn.body)) return;
  const params = new Set<string>();
  for (const p of fn.params) for (const n of Object.keys(t.getBindingIdentifiers(p))) params.add(n);
  const names: string[] = [];
  const toAssign = (d: t.VariableDeclaration): t.Expression | null => {
    const parts: t.Expression[] = [];
    for (const decl of d.declarations) {
      for (const n of Object.keys(t.getBindingIdentifiers(decl.id))) if (!params.has(n) && !names.includes(n)) names.push(n);
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
    const decl = t.variableDeclaration('let', names.map((n) => t.variableDeclarator(t.identifier(n))));
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

export function functionsPass(root: t.Function, ctx: ConvertContext): void {
  checkSupported(root, ctx);
  walk(root, (n) => {
    if (t.isClass(n)) return false;
    if (t.isFunction(n)) hoistVars(n);
    return undefined;
  });
  hoistFunctionDecls(root);
}
