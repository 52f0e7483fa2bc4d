// In-place conversion of one module's AST: every target function (find-targets) is run through the
// SAME pass pipeline as run-time conversion (src/convert/pipeline.ts), where it stands, so its free
// variables stay lexical (helpers a target calls convert too, or stay as written if they cannot);
// `ag__` and the marker come from one import of the plugin runtime.
// Needs src/convert, find-targets. Produces `convertProgram` (mutates the File; returns what it did).

import * as t from '../convert/util/babel-types.js';
import { ensureBabelTypes } from '../convert/util/babel-load.js';
import { ConvertContext } from '../convert/context.js';
import { runPipeline } from '../convert/pipeline.js';
import { generateCode } from '../convert/util/babel.js';
import { AutographError } from '../errors/ag-error.js';
import { findTargets, type FindOptions, type Target } from './find-targets.js';

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
  /** Maps a location of `code` to the original file (when `code` is itself generated, e.g. by tsx). */
  readonly originalLocation?: (line: number, column: number) => { file?: string; line: number; column: number; frame?: string } | undefined;
}

export const RUNTIME_MODULE = 'autograph-ts/runtime';
export const MARK = 'ag__markInPlace';

/** Converts the targets of `file` (parsed from `code`); returns the names converted. */
export function convertProgram(file: t.File, code: string, opts: ConvertProgramOptions = {}): string[] {
  ensureBabelTypes();
  if (file.program.body.some((s) => t.isImportDeclaration(s) && s.source.value === (opts.runtimeModule ?? RUNTIME_MODULE))) return [];
  const targets = findTargets(file, opts);
  if (targets.length === 0) return [];
  const done = targets.filter((tg) => convertOne(tg, code, opts));
  if (done.length === 0) return [];
  const imp = t.importDeclaration(
    [t.importSpecifier(t.identifier('ag__'), t.identifier('ag__')), t.importSpecifier(t.identifier(MARK), t.identifier('markInPlace'))],
    t.stringLiteral(opts.runtimeModule ?? RUNTIME_MODULE),
  );
  file.program.body.unshift(imp);
  return done.map((tg) => tg.name);
}

/** Converts one target where it stands; false for a helper left to the run-time path. */
function convertOne(tg: Target, code: string, opts: ConvertProgramOptions): boolean {
  const fn = tg.node;
  // A helper found through a call converts on a copy: on a conversion error it stays as written.
  const work = tg.implicit ? t.cloneNode(fn, true, false) : fn;
  // Lines of `fn` are lines of the whole module, so located errors point at file:line directly.
  const ctx = new ConvertContext(code, tg.name, work);
  ctx.locate = (line, column) => {
    const orig = opts.originalLocation?.(line, column);
    const file = orig?.file ?? opts.filename;
    return { file: file === undefined ? undefined : projectPath(file), line: orig?.line ?? line };
  };
  try {
    runPipeline(work, ctx);
  } catch (e) {
    // Nobody asked for this helper: whatever stops its conversion, it runs as written (run-time path).
    if (tg.implicit) return false;
    throw e instanceof AutographError ? relocate(e, opts) : e;
  }
  if (work !== fn) Object.assign(fn, work);
  const args: t.Expression[] = [t.stringLiteral(tg.name)];
  if (opts.keepCode) args.push(t.stringLiteral(generateCode(fn, { comments: true }).code));
  const mark = (e: t.Expression): t.CallExpression => t.callExpression(t.identifier(MARK), [e, ...args]);
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
  return true;
}

/**
 * A file as pictures name it: relative to the working folder (the project) when inside it, else
 * its base name; never an absolute path (a bundle carries it to every browser).
 */
export function projectPath(file: string): string {
  const path = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
  const cwd = typeof process !== 'undefined' && typeof process.cwd === 'function' ? process.cwd().replace(/\\/g, '/').replace(/\/+$/, '') : undefined;
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
    ? { ...loc, file: orig.file ?? opts.filename, line: orig.line, column: orig.column + 1, frame: orig.frame ?? loc.frame }
    : { ...loc, file: opts.filename ?? loc.file };
  const err = new AutographError(e.id, e.kind, e.summary, e.hint, location);
  err.stack = `${err.name}: ${err.message}`;
  return err;
}
