// The corpus programs as source text, for tests that need text rather than a function: an app or a
// page written to disk, a module a loader or bundler converts (fn.toString() would give the test
// runner's rewrite of the function, with its import aliases). `sourceOf` reads a program from its
// file here, as written; `programShape` reduces any copy of a program to what it computes, for
// copies.test.ts to compare.
// Needs typescript and @babel/parser, @babel/generator. Produces `sourceOf`, `programShape`, `functionsShaped`.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { parse } from '@babel/parser';
import * as babelGenerator from '@babel/generator';
import type * as t from '@babel/types';

// @babel/generator is CommonJS: its `generate` export is the function its types call the default.
const { generate } = babelGenerator as unknown as { generate: typeof babelGenerator.default };

const CORPUS_FILES = ['seeds.ts', 'scenarios.ts'].map((f) => new URL(`./${f}`, import.meta.url));

/** The declaration of `name` in the corpus files, and its file's parsed text. */
function declarationOf(name: string): { file: ts.SourceFile; decl: ts.FunctionDeclaration } {
  for (const url of CORPUS_FILES) {
    const file = ts.createSourceFile(url.pathname, readFileSync(url, 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const s of file.statements) if (ts.isFunctionDeclaration(s) && s.name?.text === name) return { file, decl: s };
  }
  throw new Error(`no function ${name} in test/corpus`);
}

/** The type annotations a program of the corpus may carry (parameters, variables), as text ranges to cut. */
function typeRanges(decl: ts.FunctionDeclaration): [number, number][] {
  const out: [number, number][] = [];
  if (decl.type || decl.typeParameters)
    throw new Error(`sourceOf: ${decl.name?.text} has a return type or type parameters, which sourceOf does not strip`);
  const visit = (n: ts.Node): void => {
    if ((ts.isParameter(n) || ts.isVariableDeclaration(n)) && n.type) out.push([n.name.end, n.type.end]);
    else if (
      ts.isAsExpression(n) ||
      ts.isNonNullExpression(n) ||
      ts.isSatisfiesExpression(n) ||
      (ts.isFunctionLike(n) && n.type) ||
      ts.isTypeAssertionExpression(n)
    ) {
      throw new Error(
        `sourceOf: ${decl.name?.text} has TypeScript syntax that sourceOf does not strip (${ts.SyntaxKind[n.kind]}): write it with annotations on parameters and variables only`,
      );
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(decl, visit);
  return out.sort((a, b) => b[0] - a[0]);
}

export interface SourceOptions {
  /** Keep the type annotations (default); false gives plain JavaScript. */
  readonly types?: boolean;
  /** Rename the function (the corpus's names are camelCase; a copy may name it as its file does). */
  readonly name?: string;
}

/**
 * A corpus program's source text as written in test/corpus/ (its layout, its line breaks), without
 * `export` and its doc comment; with `{ types: false }` plain JavaScript.
 */
export function sourceOf(fn: { readonly name: string }, opts: SourceOptions = {}): string {
  const { file, decl } = declarationOf(fn.name);
  const start = decl.getStart(file);
  let text = file.text.slice(start, decl.end);
  if (opts.types === false)
    for (const [from, to] of typeRanges(decl)) text = text.slice(0, from - start) + text.slice(to - start);
  text = text.replace(/^export /, '');
  return opts.name ? text.replace(/^function [\w$]+/, `function ${opts.name}`) : text;
}

type Node = t.Node & Record<string, unknown>;

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
]);
const DROPPED = [
  'extra',
  'loc',
  'start',
  'end',
  'range',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'typeAnnotation',
  'returnType',
  'typeParameters',
  'typeArguments',
  'optional',
  'definite',
];
const TYPE_WRAPPERS = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'ParenthesizedExpression',
]);

/**
 * Reduces a tree, in place, to what it computes: no types (annotations, `as`, `!`), no comments or
 * positions or raw literal text, no directives, no braces around a single statement.
 */
function reduce(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(reduce);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  for (const k of DROPPED) delete n[k];
  if (n.type === 'BlockStatement') n.directives = [];
  for (const [k, v] of Object.entries(n)) {
    let child = v as Node | undefined;
    while (child && TYPE_WRAPPERS.has(child.type)) child = child.expression as Node;
    // A block of one statement as an if's branch or a loop's body is that statement.
    if (
      child?.type === 'BlockStatement' &&
      (child.body as unknown[]).length === 1 &&
      ['consequent', 'alternate', 'body'].includes(k) &&
      !FUNCTION_TYPES.has(n.type)
    ) {
      child = (child.body as Node[])[0];
    }
    if (child !== v) n[k] = child;
    if (Array.isArray(v))
      v.forEach((e, i) => {
        let c = e as Node | null;
        while (c && TYPE_WRAPPERS.has(c.type)) c = c.expression as Node;
        v[i] = c;
      });
  }
  for (const v of Object.values(n)) reduce(v);
}

/** A function's shape: its parameters and body printed on one line (after reduce), its name left out. */
function shapeOf(fn: t.Function): string {
  const body =
    fn.body.type === 'BlockStatement'
      ? fn.body
      : ({
          type: 'BlockStatement',
          body: [{ type: 'ReturnStatement', argument: fn.body }],
          directives: [],
        } as unknown as t.BlockStatement);
  const copy = {
    type: 'FunctionExpression',
    id: null,
    params: fn.params,
    body,
    async: fn.async,
    generator: fn.generator,
  } as unknown as t.FunctionExpression;
  return generate(copy, { comments: false, compact: true }).code;
}

function parseModule(text: string): t.File {
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  reduce(ast);
  return ast;
}

/** The function `name` declared at the top of a module (exported or not, or a const bound to a function). */
function findFunction(program: t.Program, name: string): t.Function | undefined {
  for (let s of program.body as t.Node[]) {
    if ((s.type === 'ExportNamedDeclaration' || s.type === 'ExportDefaultDeclaration') && s.declaration)
      s = s.declaration;
    if (s.type === 'FunctionDeclaration' && s.id?.name === name) return s;
    if (s.type === 'VariableDeclaration') {
      for (const d of s.declarations) {
        if (
          d.id.type === 'Identifier' &&
          d.id.name === name &&
          (d.init?.type === 'FunctionExpression' || d.init?.type === 'ArrowFunctionExpression')
        )
          return d.init;
      }
    }
  }
  return undefined;
}

/**
 * What function `name` of a module's text computes, as one line of normalized JavaScript: its types,
 * its own name, 'use autograph', comments, parentheses and braces around single statements dropped.
 * Two copies of a program have the same shape when they differ only in those.
 */
export function programShape(moduleText: string, name: string): string {
  const fn = findFunction(parseModule(moduleText).program, name);
  if (!fn) throw new Error(`programShape: no function ${name} at the top of the module`);
  return shapeOf(fn);
}

/** The shape of a corpus program (see programShape). */
export const corpusShape = (fn: { readonly name: string }): string => programShape(sourceOf(fn), fn.name);

/** Every function of a module's text (at any depth) whose shape is one of `shapes`: its shape and line. */
export function functionsShaped(moduleText: string, shapes: ReadonlySet<string>): { shape: string; line: number }[] {
  const ast = parse(moduleText, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  const found: t.Function[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (FUNCTION_TYPES.has(n.type)) found.push(n as unknown as t.Function);
    for (const [k, v] of Object.entries(n)) if (k !== 'loc' && k !== 'extra') walk(v);
  };
  walk(ast.program);
  const lines = found.map((f) => f.loc?.start.line ?? 0);
  reduce(ast);
  return found.flatMap((f, i) => {
    const shape = shapeOf(f);
    return shapes.has(shape) ? [{ shape, line: lines[i]! }] : [];
  });
}
