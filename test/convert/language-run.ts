// Runs the examples of the language table (src/convert/language.ts): parses one (with its parser
// plugins) to list the node types in it, runs it plain and converted — at run time (toGraph on a
// `new Function`) or in place (the plugins' transform, then TypeScript's stripping for TS/JSX) — and
// reports the outcome of each. Needs src/index, src/plugin, typescript. Produces the helpers below.

import { inspect } from 'node:util';
import ts from 'typescript';
import type { ParserPlugin } from '@babel/parser';
import * as t from '@babel/types';
import * as ag from '../../src/index.js';
import { babel, ensureBabelTypes } from '../../src/convert/util/babel-load.js';
import { generateCode } from '../../src/convert/util/babel.js';
import { convertSource } from '../../src/convert/convert-source.js';
import { transformSync } from '@babel/core';
import autographBabelPlugin from '../../src/plugin/babel-plugin.js';
import { ag__, markInPlace } from '../../src/plugin/runtime-browser.js';
import { AutographError } from '../../src/errors/ag-error.js';

/** What running a body gave: its value (printed), or the class of the error it threw. */
export type Outcome = { readonly value: string } | { readonly threw: string; readonly message: string };

/** The function whose body is an example (line 1 is the header, so the body starts on line 2). */
export const wrap = (body: string): string => `function example() {\n${body}\n}`;

/** Parses `code` with `plugins` (a module when it uses any, so that Flow's `declare export` reads). */
export function parse(code: string, plugins: readonly ParserPlugin[] = []): t.File {
  ensureBabelTypes();
  return babel('parser').parse(code, {
    sourceType: plugins.length ? 'module' : 'script',
    plugins: [...plugins],
  }) as unknown as t.File;
}

const NOT_CHILDREN = new Set([
  'loc',
  'start',
  'end',
  'extra',
  'range',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'comments',
  'tokens',
]);

/** Every node type in `root` (all object properties, so Babel-8-only and plugin nodes count too). */
export function nodeTypes(root: t.Node): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const rec = v as Record<string, unknown>;
    if (typeof rec.type === 'string') out.add(rec.type);
    for (const [k, c] of Object.entries(rec)) if (!NOT_CHILDREN.has(k)) visit(c);
  };
  visit(root);
  return out;
}

/** The printed nodes of type `type` in `root` (to tell whether a pass changed them). */
export function printedNodes(root: t.Node, type: string): string[] {
  const out: string[] = [];
  t.traverseFast(root, (n) => {
    if (n.type === type) out.push(generateCode(n as t.Node, { comments: false }).code);
  });
  return out;
}

export function outcome(run: () => unknown): Outcome {
  try {
    return { value: inspect(run(), { depth: 8, sorted: true }) };
  } catch (e) {
    return {
      threw: (e as Error)?.constructor?.name ?? typeof e,
      message: String((e as Error)?.message ?? e).split('\n')[0]!,
    };
  }
}

/** The same result, or an error of the same class. */
export const same = (a: Outcome, b: Outcome): boolean =>
  'value' in a ? 'value' in b && a.value === b.value : 'threw' in b && a.threw === b.threw;

/** The run-time path: the generated code of a plain JS body, and both outcomes. */
export function runTime(body: string): { code: string; plain: Outcome; converted: Outcome } {
  const fn = new Function(body) as () => unknown;
  const code = convertSource(Function.prototype.toString.call(fn), 'anonymous').code;
  return { code, plain: outcome(fn), converted: outcome(() => ag.toGraph(fn)()) };
}

/** The error converting `body` raises, or null. */
export function conversionError(body: string): AutographError | null {
  try {
    convertSource(wrap(body), 'example');
    return null;
  } catch (e) {
    if (e instanceof AutographError) return e;
    throw e;
  }
}

/** TypeScript's output for `code` (types erased, JSX into calls of `h`); `jsx`: read it as .tsx. */
function strip(code: string, jsx: boolean): string {
  const compilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    jsx: ts.JsxEmit.React,
    jsxFactory: 'h',
  };
  return ts.transpileModule(code, { compilerOptions, fileName: jsx ? 'example.tsx' : 'example.ts' }).outputText;
}

/** Evaluates a module text declaring `example` (and the in-place marker call), and calls it. */
function evaluate(code: string): Outcome {
  return outcome(() =>
    (new Function('ag__', 'ag__markInPlace', `${code}\nreturn example();`) as (...a: unknown[]) => unknown)(
      ag__,
      markInPlace,
    ),
  );
}

/**
 * The in-place path, as the Babel plugin takes it (where TypeScript, Flow and JSX reach the
 * converter): the converted module, without its runtime import, as an AST.
 */
export function inPlaceAst(body: string, plugins: readonly ParserPlugin[]): t.File {
  const src = `function example() {\n'use autograph';\n${body}\n}`;
  const out = transformSync(src, {
    plugins: [[autographBabelPlugin, { runtimeModule: 'autograph-runtime' }]],
    parserOpts: { sourceType: plugins.length ? 'module' : 'script', plugins: [...plugins] },
    babelrc: false,
    configFile: false,
    code: false,
    ast: true,
  });
  const file = out?.ast as t.File | null | undefined;
  if (!file || !file.program.body.some((s) => t.isImportDeclaration(s)))
    throw new Error('the example was not converted in place');
  file.program.body = file.program.body.filter((s) => !t.isImportDeclaration(s));
  return file;
}

/**
 * The in-place path run: the body converted in place and the body as written, both run as JS (for
 * TypeScript and JSX after TypeScript's transpiler has stripped them the same way). A transform that
 * fails is the converted run's outcome (its error).
 */
export function inPlace(
  body: string,
  plugins: readonly ParserPlugin[],
): { code: string; plain: Outcome; converted: Outcome } {
  const typed = plugins.some((p) => p === 'typescript' || p === 'jsx');
  const jsx = plugins.includes('jsx');
  const original = wrap(body);
  const plain = evaluate(typed ? strip(original, jsx) : original);
  let code = '';
  const built = outcome(() => (code = generateCode(inPlaceAst(body, plugins), { comments: false }).code));
  return { code, plain, converted: 'threw' in built ? built : evaluate(typed ? strip(code, jsx) : code) };
}
