// Where a function's source text stands in its module's original file: the function's location in
// the running script (V8's [[FunctionLocation]], read through node:inspector), the script's text and
// its source map (tsx and vitest inline one), so a line/column of `fn.toString()` maps back to the
// user's .ts/.js file. Node only; elsewhere positions stay relative to the function text.
// Needs node:inspector, node:fs, node:url and @jridgewell/trace-mapping, all loaded on first use.
// Produces `originalLocation`, `fileLocation`, `importAliases`, `scriptOf`, `foreignReason`.

import type { TraceMap } from '@jridgewell/trace-mapping';
import type * as TraceMapping from '@jridgewell/trace-mapping';
import type * as Fs from 'node:fs';
import type * as Url from 'node:url';
import type { SourceLocation } from '../errors/ag-error.js';
import { nodeBuiltin, requireFrom } from '../platform/node.js';
import { codeFrame } from './util/babel.js';

interface Session {
  connect(): void;
  disconnect(): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post(method: string, params: object, cb: (err: Error | null, res: any) => void): void;
  on(event: string, cb: (m: any) => void): void; // eslint-disable-line @typescript-eslint/no-explicit-any
}

interface Origin {
  readonly url: string;
  /** 0-based line and column of the function text's first character in the script. */
  readonly line0: number;
  readonly col0: number;
  readonly map: TraceMap | undefined;
  /** The running script's text (as transformed by tsx/vitest). */
  readonly text: string;
  /** Offset of the function text in `text`. */
  readonly start: number;
  /** The script is an ES module (strict code throughout). */
  readonly isModule: boolean;
}

const origins = new WeakMap<object, Origin | null>();

interface ScriptInfo {
  readonly url: string;
  readonly sourceMapURL?: string;
  readonly isModule?: boolean;
  text?: string;
}
/** What the debugger told of each script, by script id (ids are not reused within a process). */
const scriptsSeen = new Map<string, ScriptInfo>();

function inspectorModule(): { Session: new () => Session } | undefined {
  return nodeBuiltin<{ Session: new () => Session }>('node:inspector');
}

let traceMapping: typeof TraceMapping | undefined;
/** @jridgewell/trace-mapping, required on first use (only Node reaches this module's callers). */
const tm = (): typeof TraceMapping =>
  (traceMapping ??= requireFrom(import.meta.url)!('@jridgewell/trace-mapping') as typeof TraceMapping);

const fileURLToPath = (url: string): string => nodeBuiltin<typeof Url>('node:url')?.fileURLToPath(url) ?? url;

// A fresh global name per lookup (a counter: Math.random would shift a user's seeded random stream).
let lookups = 0;

/** Synchronous inspector calls (a same-thread session answers before post returns). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function call(s: Session, method: string, params: object): any {
  let out: unknown;
  let error: Error | null = null;
  s.post(method, params, (e, r) => {
    error = e;
    out = r;
  });
  if (error) throw error;
  return out;
}

function findOrigin(fn: object): Origin | null {
  const mod = inspectorModule();
  if (!mod) return null;
  const s = new mod.Session();
  s.connect();
  const key = `__autograph_origin_${++lookups}`;
  try {
    (globalThis as Record<string, unknown>)[key] = fn;
    const obj = call(s, 'Runtime.evaluate', { expression: `globalThis.${key}` });
    const props = call(s, 'Runtime.getProperties', { objectId: obj.result.objectId });
    const loc = props.internalProperties?.find((p: { name: string }) => p.name === '[[FunctionLocation]]')?.value
      ?.value;
    if (!loc) return null;
    // Enabling the debugger replays every loaded script (slow): what it told is kept per script.
    let script = scriptsSeen.get(loc.scriptId);
    if (!script || (script.url && script.text === undefined)) {
      s.on('Debugger.scriptParsed', (m) => {
        const { url, sourceMapURL, isModule } = m.params as ScriptInfo;
        if (!scriptsSeen.has(m.params.scriptId)) scriptsSeen.set(m.params.scriptId, { url, sourceMapURL, isModule });
      });
      call(s, 'Debugger.enable', {});
      script = scriptsSeen.get(loc.scriptId);
      if (script?.url && script.text === undefined)
        script.text = call(s, 'Debugger.getScriptSource', { scriptId: loc.scriptId })?.scriptSource as
          string | undefined;
      call(s, 'Debugger.disable', {});
    }
    const text = script?.text;
    if (!script?.url || !text) return null;
    // The function text starts at or before V8's location (which may be at the parameter list).
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < loc.lineNumber; i++) offset += lines[i]!.length + 1;
    const source = Function.prototype.toString.call(fn);
    const start = text.lastIndexOf(source, offset + loc.columnNumber);
    if (start < 0) return null;
    const before = text.slice(0, start).split('\n');
    let map: TraceMap | undefined;
    const m = /^data:application\/json(?:;charset=[^;]+)?;base64,(.*)$/.exec(script.sourceMapURL ?? '');
    if (m) map = new (tm().TraceMap)(Buffer.from(m[1]!, 'base64').toString('utf8'), script.url);
    return {
      url: script.url,
      line0: before.length - 1,
      col0: before[before.length - 1]!.length,
      map,
      text,
      start,
      isModule: script.isModule === true,
    };
  } catch {
    return null;
  } finally {
    delete (globalThis as Record<string, unknown>)[key];
    s.disconnect();
  }
}

function originOf(fn: object): Origin | null {
  let origin = origins.get(fn);
  if (origin === undefined) origins.set(fn, (origin = findOrigin(fn)));
  return origin;
}

// A bundler's name for a module import in the running script (vitest: `const __vi_import_0__ = await
// __vi_ssr_import__("./m.js", …)`; tsx/esbuild: `var import_m = require("./m.js")`), and the user's
// own import declarations in the original source.
const ALIAS_DECL =
  /(?:const|var|let)\s+(__vi_import_\d+__|__vite_ssr_import_\d+__|import_[\w$]+)\s*=\s*(?:await\s+)?[\w$]+\(\s*["']([^"']+)["']/g;
const USER_IMPORT = /import\s+(?:\*\s+as\s+([\w$]+)|([\w$]+))\s+from\s+["']([^"']+)["']/g;

const defaultImports = new WeakMap<Map<string, string>, Set<string>>();

/** Whether `alias` (of a map importAliases made) stands for a default import (`import x from …`). */
export function isDefaultImport(aliases: Map<string, string>, alias: string): boolean {
  return defaultImports.get(aliases)?.has(alias) ?? false;
}

/**
 * For the module `fn` is defined in: each bundler alias of a namespace or default import, mapped to
 * the name the user's source gives that import (`__vi_import_1__` → `ag`). Empty where unknown.
 */
export function importAliases(fn: object): Map<string, string> {
  const out = new Map<string, string>();
  defaultImports.set(out, new Set());
  const origin = originOf(fn);
  const original = origin?.map?.sourcesContent?.[0];
  if (!origin || !original) return out;
  const file = origin.url.startsWith('file://') ? fileURLToPath(origin.url) : origin.url;
  const imports = [...original.matchAll(USER_IMPORT)].map((m) => ({
    name: (m[1] ?? m[2])!,
    spec: m[3]!,
    isDefault: m[2] !== undefined,
  }));
  for (const m of origin.text.matchAll(ALIAS_DECL)) {
    const hits = imports.filter((i) => sameModule(i.spec, m[2]!, file));
    if (hits.length === 1) {
      out.set(m[1]!, hits[0]!.name);
      if (hits[0]!.isDefault) defaultImports.get(out)!.add(m[1]!);
    }
  }
  return out;
}

const stripExt = (p: string): string => p.replace(/\.(?:[cm]?[jt]sx?)$/, '').replace(/\/index$/, '');

/** Whether the user's import specifier (in `file`) and the bundler's resolved one name one module. */
function sameModule(user: string, resolved: string, file: string): boolean {
  if (user === resolved) return true;
  if (user.startsWith('.')) {
    const abs = stripExt(new URL(user, `file://${file}`).pathname);
    const r = stripExt(resolved.startsWith('file://') ? fileURLToPath(resolved) : resolved);
    return r.length > 1 && abs.endsWith(r);
  }
  return resolved.includes(`/node_modules/${user}/`);
}

/**
 * The user's file location of 1-based `line` / 1-based `column` of `fn.toString()`, with a code
 * frame of that file; undefined where it cannot be told (browsers, eval'd functions).
 */
export function originalLocation(
  fn: object,
  line: number,
  column: number,
  functionName?: string,
): SourceLocation | undefined {
  const origin = originOf(fn);
  if (!origin) return undefined;
  const scriptLine = origin.line0 + line - 1;
  const scriptCol = line === 1 ? origin.col0 + column - 1 : column - 1;
  let file = origin.url;
  let outLine = scriptLine + 1;
  let outCol = scriptCol;
  if (origin.map) {
    const p = tm().originalPositionFor(origin.map, { line: scriptLine + 1, column: scriptCol });
    if (p.line == null || !p.source) return undefined;
    file = p.source;
    outLine = p.line;
    outCol = p.column ?? 0;
  }
  return fileLocation(file, outLine, outCol + 1, functionName);
}

const texts = new Map<string, string | null>();

/** The text of a file on disk (cached), or null where it cannot be read. */
function readText(path: string): string | null {
  let text = texts.get(path);
  if (text === undefined) {
    try {
      text = nodeBuiltin<typeof Fs>('node:fs')?.readFileSync(path, 'utf8') ?? null;
    } catch {
      text = null;
    }
    texts.set(path, text);
  }
  return text;
}

/**
 * `fn` as written in its file (not as the loader transformed it): the file, the line its text
 * starts on, and the text; undefined where it cannot be told (browsers, eval'd functions).
 */
export function originalText(fn: object): { file: string; firstLine: number; text: string } | undefined {
  const lines = Function.prototype.toString.call(fn).split('\n');
  const first = originalLocation(fn, 1, 1);
  const last = originalLocation(fn, lines.length, Math.max(1, lines[lines.length - 1]!.length));
  if (!first?.file || !last || last.file !== first.file || last.line < first.line) return undefined;
  const text = readText(first.file);
  if (text === null) return undefined;
  return {
    file: first.file,
    firstLine: first.line,
    text: text
      .split('\n')
      .slice(first.line - 1, last.line)
      .join('\n'),
  };
}

/**
 * A location in a file on disk (a path or file:// URL; 1-based line and column) with a code frame
 * of that file; the frame is left out where the file cannot be read.
 */
export function fileLocation(file: string, line: number, column: number, functionName?: string): SourceLocation {
  const path = file.startsWith('file://') ? fileURLToPath(file) : file;
  const text = readText(path);
  const frame = text === null ? undefined : codeFrame(text, line, column - 1);
  return { file: path, line, column, functionName, frame };
}

// Helpers that bundlers and transpilers (esbuild/tsx, TypeScript, Babel, Vite) put into the user's
// own modules: calls of them appear inside converted code, but they are not the user's functions.
const TOOL_HELPERS = new Set([
  '__name',
  '__publicField',
  '__defProp',
  '__defNormalProp',
  '__spreadValues',
  '__spreadProps',
  '__objRest',
  '__async',
  '__await',
  '__require',
  '__toESM',
  '__toCommonJS',
  '__commonJS',
  '__esm',
  '__export',
  '__reExport',
  '__copyProps',
  '__decorateClass',
  '__privateGet',
  '__privateSet',
  '__privateAdd',
  '__privateMethod',
  '__awaiter',
  '__generator',
  '__assign',
  '__rest',
  '__spreadArray',
  '__extends',
  '__decorate',
  '__values',
  '__read',
  '_interopRequireDefault',
  '_interopRequireWildcard',
  '_classCallCheck',
  '_createClass',
  '_defineProperty',
  '_objectSpread',
  '_objectSpread2',
  '_toConsumableArray',
  '_slicedToArray',
  '_asyncToGenerator',
  '__vite_ssr_import__',
  '__vite_ssr_dynamic_import__',
  '__vite_ssr_exportAll__',
  '__vi_ssr_import__',
]);

/**
 * Why `fn` is not the user's own code and must not be converted when converted code calls it: a
 * bundler or transpiler helper, or a function defined in node_modules (e.g. the closure `tf.grad(f)`
 * returns). Undefined for the user's functions, and where the origin cannot be told (browsers).
 */
export function foreignReason(fn: object): string | undefined {
  const name = (fn as { name?: unknown }).name;
  if (typeof name === 'string' && TOOL_HELPERS.has(name)) return `'${name}' is a bundler or transpiler helper`;
  const url = originOf(fn)?.url;
  if (url && /[\\/]node_modules[\\/]/.test(url))
    return `it is defined in a package (${url.replace(/^.*[\\/]node_modules[\\/]/, '')})`;
  return undefined;
}

/**
 * The running script `fn` stands in (its text, the offset of the function in it, whether it is a
 * module); undefined where it cannot be found (browsers, functions made by new Function or eval).
 */
export function scriptOf(
  fn: object,
): { readonly text: string; readonly start: number; readonly isModule: boolean } | undefined {
  return originOf(fn) ?? undefined;
}
