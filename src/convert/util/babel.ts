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

/** Statements from a quasi-quote with `%%name%%` placeholders. */
export function stmts(code: string, repl: Record<string, unknown> = {}): t.Statement[] {
  return template.statements(code, OPTS)(repl);
}

/** One statement from a quasi-quote. */
export function stmt(code: string, repl: Record<string, unknown> = {}): t.Statement {
  return template.statement(code, OPTS)(repl);
}

/** One expression from a quasi-quote. */
export function expr(code: string, repl: Record<string, unknown> = {}): t.Expression {
  return template.expression(code, OPTS)(repl);
}

export function generateCode(ast: t.Node, opts: GeneratorOptions, source?: string): GeneratorResult {
  return generate(ast, opts, source);
}

/** A plain-text code frame of `source` at 1-based `line`, 0-based `column`. */
export function codeFrame(source: string, line: number, column: number, message?: string): string {
  return codeFrameColumns(source, { start: { line, column: column + 1 } }, { highlightCode: false, message });
}
