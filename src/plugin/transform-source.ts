// The in-place transform on source text, without @babel/core: parse → convertProgram → generate,
// with a source map composed with the input's (given, or inline `//# sourceMappingURL=data:`, as tsx
// emits). Used by the Node loader and the Vite plugin. Needs @babel/parser, @babel/generator,
// @jridgewell/trace-mapping, convert-in-place. Produces `transformSource`, `mightNeedTransform`.

import { existsSync, readFileSync } from 'node:fs';
import type { ParserPlugin } from '@babel/parser';
import { TraceMap, originalPositionFor, sourceContentFor } from '@jridgewell/trace-mapping';
import { generateCode, codeFrame } from '../convert/util/babel.js';
import { babel, ensureBabelTypes } from '../convert/util/babel-load.js';
import { convertProgram, type ConvertProgramOptions, type LineColumn } from './convert-in-place.js';
import { DIRECTIVE } from './find-targets.js';

/**
 * A source map object (version 3), as Babel's generator, Vite and tsx give them. Declared here, not
 * taken from @babel/generator, which ships no types: the published declarations must compile in
 * apps that do not have them.
 */
export interface RawSourceMap {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  sourcesContent?: string[];
  sourceRoot?: string;
  file?: string;
}

export interface TransformOptions extends Omit<
  ConvertProgramOptions,
  'originalLocation' | 'originalSource' | 'filename'
> {
  readonly filename?: string;
  /** Source map of `code` (when `code` is itself generated); else an inline map is used if present. */
  readonly inputSourceMap?: RawSourceMap | string | null;
  /** A map used only to locate conversion errors in the original file (not composed into the output). */
  readonly locationSourceMap?: RawSourceMap | null;
  readonly parserPlugins?: ParserPlugin[];
}

export interface TransformResult {
  readonly code: string;
  readonly map: RawSourceMap | null;
  /** Names of the functions converted in place (jit/toGraph targets, 'use autograph' functions). */
  readonly converted: readonly string[];
  /** How many other functions got a converted twin. */
  readonly twins: number;
}

const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json[^,]*base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * Cheap pre-check: does the text mention autograph-ts (or a configured source) or the directive?
 * With twins (the default) every module that may hold a function is transformed.
 */
export function mightNeedTransform(
  code: string,
  opts: Pick<TransformOptions, 'importSources' | 'twins'> = {},
): boolean {
  if (code.includes(DIRECTIVE) || code.includes('autograph-ts')) return true;
  if (opts.twins !== false && /=>|\bfunction\b|\(/.test(code)) return true;
  // A RegExp matches import sources, not text: parse and let find-targets decide.
  return (opts.importSources ?? []).some((s) => (typeof s === 'string' ? code.includes(s) : true));
}

function inputMap(code: string, given: TransformOptions['inputSourceMap']): { code: string; map: RawSourceMap | null } {
  if (given) return { code, map: typeof given === 'string' ? (JSON.parse(given) as RawSourceMap) : given };
  const m = INLINE_MAP.exec(code);
  if (!m) return { code, map: null };
  return {
    code: code.slice(0, m.index),
    map: JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8')) as RawSourceMap,
  };
}

/** The original file's text (the input map of tsx/esbuild may omit sourcesContent). */
function readOriginal(file: string | undefined): string | null {
  try {
    return file && existsSync(file) ? readFileSync(file, 'utf8') : null;
  } catch {
    return null;
  }
}

/**
 * The original file's whole lines from `start` to `end` of the generated code (a function's extent),
 * through `map`; undefined where either end does not map into one file that can be read.
 */
function originalLines(
  map: TraceMap,
  start: LineColumn,
  end: LineColumn,
  filename: string | undefined,
): { firstLine: number; text: string } | undefined {
  const a = originalPositionFor(map, { line: start.line, column: start.column });
  // The last mapped token at or before the function's end (its closing brace).
  const b = originalPositionFor(map, { line: end.line, column: Math.max(0, end.column - 1) });
  if (a.line === null || b.line === null || a.source !== b.source || b.line < a.line) return undefined;
  const content = (a.source ? sourceContentFor(map, a.source) : null) ?? readOriginal(filename);
  if (content === null) return undefined;
  return {
    firstLine: a.line,
    text: content
      .split(/\r?\n/)
      .slice(a.line - 1, b.line)
      .join('\n'),
  };
}

/** Returns null when the module has nothing to convert (leave it untouched). */
export function transformSource(code0: string, opts: TransformOptions = {}): TransformResult | null {
  if (!mightNeedTransform(code0, opts)) return null;
  const out = transformOnce(code0, opts);
  // A twin that does not parse (a pass emitting invalid code) must not break the module: then each
  // twin is parsed on its own and those that fail are left out (they run as written, as before).
  if (!out || out.twins === 0 || parsesAsModule(out.code, opts)) return out;
  return transformOnce(code0, { ...opts, checkTwins: opts.parserPlugins ?? [] });
}

function parsesAsModule(code: string, opts: TransformOptions): boolean {
  try {
    babel('parser').parse(code, { sourceType: 'module', plugins: opts.parserPlugins ?? [] });
    return true;
  } catch {
    return false;
  }
}

function transformOnce(code0: string, opts: TransformOptions): TransformResult | null {
  const { code, map: inMap } = inputMap(code0, opts.inputSourceMap);
  ensureBabelTypes();
  const file = babel('parser').parse(code, {
    sourceType: 'module',
    sourceFilename: opts.filename,
    plugins: opts.parserPlugins ?? [],
    allowReturnOutsideFunction: false,
  }) as unknown as import('@babel/types').File;
  const locMap = opts.locationSourceMap ?? inMap;
  const traced = locMap ? new TraceMap(locMap as never) : null;
  const originalLocation = traced
    ? (line: number, column: number) => {
        const p = originalPositionFor(traced, { line, column });
        if (p.line === null || p.column === null) return undefined;
        const content = (p.source ? sourceContentFor(traced, p.source) : null) ?? readOriginal(opts.filename);
        return {
          file: opts.filename,
          line: p.line,
          column: p.column,
          frame: content ? codeFrame(content, p.line, p.column) : undefined,
        };
      }
    : undefined;
  const originalSource = traced
    ? (start: LineColumn, end: LineColumn) => originalLines(traced, start, end, opts.filename)
    : undefined;
  const { converted, twins } = convertProgram(file, code, { ...opts, originalLocation, originalSource });
  if (converted.length === 0 && twins === 0) return null;
  const gen = generateCode(
    file,
    {
      sourceMaps: true,
      sourceFileName: opts.filename ?? 'module.js',
      comments: true,
      ...(inMap ? { inputSourceMap: inMap } : {}),
    } as never,
    code,
  );
  return { code: gen.code, map: gen.map, converted, twins };
}

/** `code` with its map appended inline (what a Node load hook returns). */
export function withInlineMap(result: TransformResult): string {
  if (!result.map) return result.code;
  return `${result.code}\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify(result.map)).toString('base64')}\n`;
}
