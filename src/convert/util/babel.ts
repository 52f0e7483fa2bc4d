// ESM/CJS interop for the Babel packages, plus the quasi-quote helpers every pass builds code with.
// Needs @babel/template, @babel/generator, @babel/code-frame. Produces `stmts`, `stmt`, `expr`,
// `generateCode`, `codeFrame`.

import templateModule from '@babel/template';
import generatorModule from '@babel/generator';
import * as codeFrameModule from '@babel/code-frame';
import type * as t from '@babel/types';
import type { GeneratorOptions, GeneratorResult } from '@babel/generator';

type TemplateMod = typeof templateModule;
const template: TemplateMod =
  (templateModule as unknown as { statements?: unknown }).statements !== undefined
    ? templateModule
    : (templateModule as unknown as { default: TemplateMod }).default;

type GenerateFn = (ast: t.Node, opts?: GeneratorOptions, code?: string) => GeneratorResult;
const generate: GenerateFn =
  typeof generatorModule === 'function'
    ? (generatorModule as unknown as GenerateFn)
    : (generatorModule as unknown as { default: GenerateFn }).default;

const codeFrameColumns =
  codeFrameModule.codeFrameColumns ??
  (codeFrameModule as unknown as { default: typeof codeFrameModule }).default.codeFrameColumns;

const OPTS = { syntacticPlaceholders: true, preserveComments: false } as const;

// Templates are parsed once per code string and reused.
const cache = new Map<string, (r?: Record<string, unknown>) => unknown>();
function cached<R>(kind: 'statements' | 'statement' | 'expression', code: string): (r?: Record<string, unknown>) => R {
  const key = `${kind}:${code}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = template[kind](code, OPTS) as (r?: Record<string, unknown>) => unknown));
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

/** One expression from a quasi-quote. */
export function expr(code: string, repl: Record<string, unknown> = {}): t.Expression {
  return cached<t.Expression>('expression', code)(repl);
}

export function generateCode(ast: t.Node, opts: GeneratorOptions, source?: string): GeneratorResult {
  return generate(ast, opts, source);
}

/** A plain-text code frame of `source` at 1-based `line`, 0-based `column`. */
export function codeFrame(source: string, line: number, column: number, message?: string): string {
  return codeFrameColumns(source, { start: { line, column: column + 1 } }, { highlightCode: false, message });
}
