// In-place conversion of one module's AST: every target function (find-targets) is run through the
// SAME pass pipeline as run-time conversion (src/convert/pipeline.ts), where it stands, so its free
// variables stay lexical (helpers a target calls convert too, or stay as written if they cannot);
// `ag__` and the marker come from one import of the plugin runtime. With `errorsAtCall` (the Node
// loader) a target that fails to convert stays as written, marked with its error, which jit/toGraph
// raise when it is called: importing the module always works.
// Needs src/convert, find-targets. Produces `convertProgram` (mutates the File; returns what it did).

import type { ParserPlugin } from '@babel/parser';
import * as t from '../convert/util/babel-types.js';
import { ensureBabelTypes } from '../convert/util/babel-load.js';
import { ConvertContext } from '../convert/context.js';
import { runPipeline } from '../convert/pipeline.js';
import { generateCode } from '../convert/util/babel.js';
import { AutographError } from '../errors/ag-error.js';
import { findTargets, type FindOptions, type Target } from './find-targets.js';
import { addTwins } from './twins.js';
import { recordedSource } from './record-source.js';
import { walk } from '../convert/util/walk.js';

export interface ConvertProgramOptions extends FindOptions {
  /** Module that exports `ag__` and `markInPlace` (default 'autograph-ts/runtime'). */
  readonly runtimeModule?: string;
  /** File name for error locations. */
  readonly filename?: string;
  /**
   * Also record each converted function's generated code as text beside it, so that `toCode` shows
   * it readable in a minified bundle (costs that text in the bundle; off by default).
   */
  readonly keepCode?: boolean;
  /**
   * A target that cannot be converted stays as written and its catalogued error is raised when it is
   * called (by jit/toGraph), as with run-time conversion; by default the transform throws it.
   */
  readonly errorsAtCall?: boolean;
  /**
   * Also record each converted function's source as written (name, file, first line, text, parameter
   * names) beside it, which the viewer's source pane, the jit title and parameter names read (default
   * true; false keeps the original text out of the bundle).
   */
  readonly keepSource?: boolean;
  /** The original lines from `start` to `end` of `code` (when `code` is itself generated, e.g. by tsx). */
  readonly originalSource?: (start: LineColumn, end: LineColumn) => { firstLine: number; text: string } | undefined;
  /** Maps a location of `code` to the original file (when `code` is itself generated, e.g. by tsx). */
  readonly originalLocation?: (
    line: number,
    column: number,
  ) => { file?: string; line: number; column: number; frame?: string } | undefined;
  /**
   * Give every other function of the module that has something to stage a converted twin, which
   * converted code calls while plain calls run the function as written (default true).
   */
  readonly twins?: boolean;
  /** Parse each twin (with these parser plugins) and drop those that do not parse. */
  readonly checkTwins?: readonly ParserPlugin[];
}

/** A 1-based line and 0-based column, as Babel's locations give them. */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

export const RUNTIME_MODULE = 'autograph-ts/runtime';
export const MARK = 'ag__markInPlace';
export const MARK_FAILED = 'ag__markConversionFailed';

/** What `convertProgram` did to a module. */
export interface ProgramResult {
  /** Names of the targets rewritten (converted, or with `errorsAtCall` left as written and marked). */
  readonly converted: string[];
  /** How many functions got a converted twin (`twins`). */
  readonly twins: number;
}

/**
 * Converts the targets of `file` (parsed from `code`) in place and, unless `opts.twins` is false,
 * gives every other function with something to stage a converted twin (twins.ts).
 */
export function convertProgram(file: t.File, code: string, opts: ConvertProgramOptions = {}): ProgramResult {
  ensureBabelTypes();
  const runtime = opts.runtimeModule ?? RUNTIME_MODULE;
  if (file.program.body.some((s) => t.isImportDeclaration(s) && s.source.value === runtime))
    return { converted: [], twins: 0 };
  // A module that names `ag__…` itself (the runtime, or code that breaks the rule) gets no twins.
  const twins = opts.twins !== false && !namesRuntime(file.program);
  const targets = findTargets(file, opts);
  const outcomes = targets.map((tg) => convertOne(tg, code, opts));
  const done = targets.filter((_, i) => outcomes[i] !== 'left');
  const failed = outcomes.includes('failed');
  const skip = new Set<t.Node>(done.map((tg) => tg.node));
  const copies = {
    context: (name: string, root: t.Node) => contextFor(code, name, root, opts),
    check: opts.checkTwins,
  };
  const twinned = !twins ? { used: new Set<string>(), count: 0 } : addTwins(file.program, copies, skip);
  if (done.length === 0 && twinned.count === 0) return { converted: [], twins: 0 };
  const specifiers = [t.importSpecifier(t.identifier('ag__'), t.identifier('ag__'))];
  if (done.length) specifiers.push(t.importSpecifier(t.identifier(MARK), t.identifier('markInPlace')));
  if (failed) specifiers.push(t.importSpecifier(t.identifier(MARK_FAILED), t.identifier('markConversionFailed')));
  for (const name of twinned.used)
    specifiers.push(t.importSpecifier(t.identifier(name), t.identifier(name.replace(/^ag__/, ''))));
  file.program.body.unshift(t.importDeclaration(specifiers, t.stringLiteral(runtime)));
  return { converted: done.map((tg) => tg.name), twins: twinned.count };
}

/** Whether the module (before conversion) has an identifier `ag__…`. */
function namesRuntime(program: t.Program): boolean {
  let found = false;
  walk(program, (n) => {
    if (found) return false;
    if (t.isIdentifier(n) && n.name.startsWith('ag__')) found = true;
    return undefined;
  });
  return found;
}

/** The conversion context of `root` (part of `code`): errors located in the module's original file. */
function contextFor(code: string, name: string, root: t.Node, opts: ConvertProgramOptions): ConvertContext {
  const ctx = new ConvertContext(code, name, root);
  ctx.locate = (line, column) => {
    const orig = opts.originalLocation?.(line, column);
    const file = orig?.file ?? opts.filename;
    return { file: file === undefined ? undefined : projectPath(file), line: orig?.line ?? line };
  };
  return ctx;
}

type Outcome = 'converted' | 'failed' | 'left';

/**
 * Converts one target where it stands: 'left' for a helper left to the run-time path, 'failed' for a
 * target marked with its conversion error (`errorsAtCall`).
 */
function convertOne(tg: Target, code: string, opts: ConvertProgramOptions): Outcome {
  const fn = tg.node;
  const source =
    opts.keepSource === false
      ? undefined
      : recordedSource(tg, code, opts.filename === undefined ? undefined : projectPath(opts.filename), opts); // before the passes change it
  // A helper found through a call converts on a copy: on a conversion error it stays as written
  // (so does a target whose error is raised at its call).
  const work = tg.implicit || opts.errorsAtCall ? t.cloneNode(fn, true, false) : fn;
  // Lines of `fn` are lines of the whole module, so located errors point at file:line directly.
  try {
    runPipeline(work, contextFor(code, tg.name, work, opts));
  } catch (e) {
    // Nobody asked for this helper: whatever stops its conversion, it runs as written (run-time path).
    if (tg.implicit) return 'left';
    const err = e instanceof AutographError ? relocate(e, opts) : e;
    if (!(opts.errorsAtCall && err instanceof AutographError)) throw err;
    const { id, kind, summary, hint, location } = err;
    place(tg, MARK_FAILED, [t.stringLiteral(JSON.stringify({ id, kind, summary, hint, location }))]);
    return 'failed';
  }
  if (work !== fn) Object.assign(fn, work);
  const args: t.Expression[] = [t.stringLiteral(tg.name)];
  if (opts.keepCode || source)
    args.push(
      opts.keepCode
        ? t.stringLiteral(generateCode(fn, { comments: true }).code)
        : t.unaryExpression('void', t.numericLiteral(0)),
    );
  if (source) args.push(t.stringLiteral(source));
  place(tg, MARK, args);
  return 'converted';
}

/** Wraps the target where it stands in a call of the marker `marker` (with `args` after the function). */
function place(tg: Target, marker: string, args: t.Expression[]): void {
  const fn = tg.node;
  const mark = (e: t.Expression): t.CallExpression => t.callExpression(t.identifier(marker), [e, ...args]);
  if (tg.slot) {
    const rec = tg.slot.parent as unknown as Record<string, unknown>;
    if (tg.slot.index === null) rec[tg.slot.key] = mark(fn as t.Expression);
    else (rec[tg.slot.key] as t.Node[])[tg.slot.index] = mark(fn as t.Expression);
  } else if (tg.block && t.isFunctionDeclaration(fn) && fn.id) {
    // Declarations are hoisted: marking at the top of their block runs before any use.
    let at = 0;
    while (at < tg.block.length && t.isImportDeclaration(tg.block[at])) at++;
    tg.block.splice(at, 0, t.expressionStatement(mark(t.identifier(fn.id.name))));
  }
}

/**
 * A file as pictures name it: relative to the working folder (the project) when inside it, else
 * its base name; never an absolute path (a bundle carries it to every browser).
 */
export function projectPath(file: string): string {
  const path = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
  const cwd =
    typeof process !== 'undefined' && typeof process.cwd === 'function'
      ? process.cwd().replace(/\\/g, '/').replace(/\/+$/, '')
      : undefined;
  const norm = path.replace(/\\/g, '/');
  if (cwd && norm.startsWith(`${cwd}/`)) return norm.slice(cwd.length + 1);
  return norm.replace(/^.*\//, '');
}

/** The same error, with the file name and (for generated input) the original position. */
function relocate(e: AutographError, opts: ConvertProgramOptions): AutographError {
  const loc = e.location;
  if (!loc) return e;
  const orig = opts.originalLocation?.(loc.line, loc.column - 1);
  const location = orig
    ? {
        ...loc,
        file: orig.file ?? opts.filename,
        line: orig.line,
        column: orig.column + 1,
        frame: orig.frame ?? loc.frame,
      }
    : { ...loc, file: opts.filename ?? loc.file };
  const err = new AutographError(e.id, e.kind, e.summary, e.hint, location);
  err.stack = `${err.name}: ${err.message}`;
  return err;
}
