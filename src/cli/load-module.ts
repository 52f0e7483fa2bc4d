// Loads the CLI's target `file[#export]`: imports the module once, converted in place as the Node
// loader converts it (load-hooks.ts: closures stay lexical, top-level jit calls work), with what its
// top-level code prints sent to stderr (stdout carries only the command's output); picks the
// function (an export, or a top-level function by name) and builds the scope for run-time conversion.
// Needs load-hooks, scope-hooks.mjs, tfjs, the library. Produces `loadTarget`, `Target`, `loadFailure`.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import * as ag from '../index.js';
import { cliError } from './messages.js';
import { registerLoadHooks } from './load-hooks.js';
import { isTypeScriptFile, registerTsx } from '../plugin/tsx.js';
import { babel, ensureBabelTypes } from '../convert/util/babel-load.js';
import { codeFrame } from '../convert/util/babel.js';

const SCOPE_EXPORT = '__autographScope__';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => any;

export interface Target {
  /** The path as the user wrote it. */
  readonly file: string;
  /** The export's name ('default' for the default export). */
  readonly exportName: string;
  /** The name to show: the export's, or the function's own for a default export. */
  readonly name: string;
  readonly fn: AnyFn;
  /** Free variables for run-time conversion: tf, ag, the module's exports and top-level bindings. */
  readonly scope: Record<string, unknown>;
}

/** Splits `path/to/file.ts#name` into the file and the export name. */
export function splitTarget(target: string): { file: string; exportName?: string } {
  const hash = target.lastIndexOf('#');
  if (hash <= 0 || existsSync(target)) return { file: target };
  return { file: target.slice(0, hash), exportName: target.slice(hash + 1) || undefined };
}

export async function loadTarget(target: string): Promise<Target> {
  const { file, exportName } = splitTarget(target);
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw cliError('cli/missing-file', { file });
  const url = pathToFileURL(path).href;
  const tsx = await registerTsx();
  if (!tsx && isTypeScriptFile(path)) throw cliError('cli/needs-tsx', { file });
  registerLoadHooks(url, tsx);
  let mod: Record<string, unknown>;
  try {
    mod = await withStdoutOnStderr(async () => (await import(url)) as Record<string, unknown>);
  } catch (e) {
    throw cliError('cli/load-failed', { file, reason: loadFailure(e, path) }, e);
  }
  const exports = Object.fromEntries(Object.entries(mod).filter(([k]) => k !== SCOPE_EXPORT && k !== 'default'));
  const topLevel =
    typeof mod[SCOPE_EXPORT] === 'function' ? ((mod[SCOPE_EXPORT] as () => Record<string, unknown>)() ?? {}) : {};
  const name = exportName ?? pickExport(file, mod);
  // An export, else a function declared at the module's top level (the README's app.ts exports none).
  const has = (o: Record<string, unknown>): boolean =>
    Object.prototype.hasOwnProperty.call(o, name) && name !== SCOPE_EXPORT;
  if (!has(mod) && !(has(topLevel) && typeof topLevel[name] === 'function')) {
    throw cliError('cli/missing-export', { file, name, available: functionNames(mod, topLevel).join(', ') });
  }
  const fn = has(mod) ? mod[name] : topLevel[name];
  if (typeof fn !== 'function')
    throw cliError('cli/not-a-function', { file, name, got: fn === null ? 'null' : typeof fn });
  const scope: Record<string, unknown> = { tf, ag, ...exports, ...topLevel };
  const shown = name === 'default' ? (fn as AnyFn).name || 'default' : name;
  return { file, exportName: name, name: shown, fn: fn as AnyFn, scope };
}

/**
 * Runs `load` with process.stdout written to stderr: what the module's top-level code prints (its
 * own jit calls, console.log) stays visible but out of the command's output.
 */
async function withStdoutOnStderr<T>(load: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    return await load();
  } finally {
    process.stdout.write = write;
  }
}

/** The module's function exports, then its other top-level functions (for the missing-export hint). */
function functionNames(mod: Record<string, unknown>, topLevel: Record<string, unknown>): string[] {
  const exported = functionExports(mod);
  // (Not the helpers a compiler adds, such as esbuild's `__name`.)
  const others = Object.keys(topLevel).filter(
    (k) => !(k in mod) && !k.startsWith('__') && typeof topLevel[k] === 'function',
  );
  return [...exported, ...others];
}

/** The names of the module's function exports (the default export last, as 'default'). */
function functionExports(mod: Record<string, unknown>): string[] {
  const names = Object.keys(mod).filter((k) => k !== SCOPE_EXPORT && k !== 'default' && typeof mod[k] === 'function');
  return typeof mod.default === 'function' ? [...names, 'default'] : names;
}

/** The export to use when none is named: the default export, or the only function exported. */
function pickExport(file: string, mod: Record<string, unknown>): string {
  if (typeof mod.default === 'function') return 'default';
  const fns = functionExports(mod);
  if (fns.length === 1) return fns[0]!;
  if (fns.length === 0) throw cliError('cli/no-function', { file });
  throw cliError('cli/ambiguous-export', { file, available: fns.join(', '), first: fns[0]! });
}

/**
 * Why a module failed to load, with where: tsx/esbuild's "Transform failed with 1 error:" is followed
 * by the file:line:column and the error; for Node's SyntaxError (whose position an import does not
 * carry) the file is parsed again to find it, and a code frame shows the line.
 */
export function loadFailure(e: unknown, path?: string): string {
  if (!(e instanceof Error)) return String(e);
  const lines = e.message.split('\n').filter((l) => l.trim() !== '');
  if (/^Transform failed with \d+ errors?:?$/.test(lines[0] ?? '') && lines.length > 1)
    return lines.slice(1).join('\n  ');
  const at = e instanceof SyntaxError && path ? syntaxErrorAt(path) : undefined;
  // Babel's message (the loader parses first) ends with its own `(line:column)`: the position follows here.
  const first = at ? (lines[0] ?? '').replace(/ \(\d+:\d+\)$/, '') : lines[0];
  return at ? `${e.name}: ${first} at ${path}:${at.line}:${at.column + 1}\n${at.frame}` : (first ?? e.name);
}

/** The position and code frame of the first syntax error in the file, found with Babel's parser. */
function syntaxErrorAt(path: string): { line: number; column: number; frame: string } | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    ensureBabelTypes();
    try {
      babel('parser').parse(text, { sourceType: 'module', plugins: isTypeScriptFile(path) ? ['typescript'] : [] });
    } catch (p) {
      const loc = (p as { loc?: { line: number; column: number } }).loc;
      if (loc) return { ...loc, frame: codeFrame(text, loc.line, loc.column) };
    }
  } catch {
    // Unreadable file, or Babel missing: the message alone.
  }
  return undefined;
}
