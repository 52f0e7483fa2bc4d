// ESM/CJS interop for the Babel packages, plus the quasi-quote helpers every pass builds code with.
// The packages load on first use (babel-load), not when this module is imported.
// Needs babel-load. Produces `stmts`, `stmt`, `expr`, `constArrow`, `generateCode`, `codeFrame`.

import type templateModule from '@babel/template';
import type * as t from '@babel/types';
import type { GeneratorOptions, GeneratorResult } from '@babel/generator';
import { babel } from './babel-load.js';

type TemplateMod = typeof templateModule;
type GenerateFn = (ast: t.Node, opts?: GeneratorOptions, code?: string) => GeneratorResult;
type CodeFrameFn = typeof import('@babel/code-frame').codeFrameColumns;

/** A module's default export, whether it came as an ESM namespace or as CommonJS exports. */
function defaultOf<T>(m: unknown, isIt: (v: unknown) => boolean): T {
  return (isIt(m) ? m : (m as { default: T }).default) as T;
}

let template: TemplateMod | undefined;
let generate: GenerateFn | undefined;
let codeFrameColumns: CodeFrameFn | undefined;

const templates = (): TemplateMod =>
  (template ??= defaultOf<TemplateMod>(
    babel('template'),
    (m) => (m as { statements?: unknown }).statements !== undefined,
  ));

const OPTS = { syntacticPlaceholders: true, preserveComments: false } as const;

// Templates are parsed once per code string and reused.
const cache = new Map<string, (r?: Record<string, unknown>) => unknown>();
function cached<R>(kind: 'statements' | 'statement' | 'expression', code: string): (r?: Record<string, unknown>) => R {
  const key = `${kind}:${code}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = templates()[kind](code, OPTS) as (r?: Record<string, unknown>) => unknown));
  return f as (r?: Record<string, unknown>) => R;
}

/** Statements from a quasi-quote with `%%name%%` placeholders. */
export function stmts(code: string, repl: Record<string, unknown> = {}): t.Statement[] {
  return cached<t.Statement[]>('statements', code)(repl);
}

/** One statement from a quasi-quote. */
export function stmt(code: string, repl: Record<string, unknown> = {}): t.Statement {
  return cached<t.Statement>('statement', code)(repl);
}

// `ag__.ifStmt`, `ag__.Math.floor`: a dotted path of names, built directly (the most common
// quasi-quote), as the template would build it (parsed in parentheses).
const DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

function dotted(code: string): t.Expression {
  const names = code.split('.');
  let e = { type: 'Identifier', name: names[0]! } as t.Expression;
  for (let i = 1; i < names.length; i++) {
    e = {
      type: 'MemberExpression',
      object: e,
      property: { type: 'Identifier', name: names[i]! },
      computed: false,
    } as t.MemberExpression;
  }
  (e as { extra?: unknown }).extra = { parenthesized: true, parenStart: 0 };
  return e;
}

/** One expression from a quasi-quote. */
export function expr(code: string, repl?: Record<string, unknown>): t.Expression {
  if (repl === undefined && DOTTED.test(code)) return dotted(code);
  return cached<t.Expression>('expression', code)(repl ?? {});
}

/** `const name = () => body;`, as the quasi-quote `const %%name%% = () => %%body%%;` builds it. */
export function constArrow(name: string, body: t.BlockStatement | t.Expression): t.VariableDeclaration {
  const init = { type: 'ArrowFunctionExpression', params: [], generator: false, async: false, body };
  const declarator = { type: 'VariableDeclarator', id: { type: 'Identifier', name }, init };
  return { type: 'VariableDeclaration', kind: 'const', declarations: [declarator] } as unknown as t.VariableDeclaration;
}

export function generateCode(ast: t.Node, opts: GeneratorOptions, source?: string): GeneratorResult {
  generate ??= defaultOf<GenerateFn>(babel('generator'), (m) => typeof m === 'function');
  return generate(ast, opts, source);
}

/** A plain-text code frame of `source` at 1-based `line`, 0-based `column`. */
export function codeFrame(source: string, line: number, column: number, message?: string): string {
  if (!codeFrameColumns) {
    const m = babel('codeFrame') as { codeFrameColumns?: CodeFrameFn; default?: { codeFrameColumns: CodeFrameFn } };
    codeFrameColumns = m.codeFrameColumns ?? m.default!.codeFrameColumns;
  }
  return codeFrameColumns(source, { start: { line, column: column + 1 } }, { highlightCode: false, message });
}
