// Finds the first stack frame that belongs to user code (not tfjs, not autograph-ts itself), to say
// where a node was created or where a symbolic value was read. Capturing a stack is cheap; formatting
// it (through source maps under tsx/vitest) is not, so `userFrame()` captures now and parses on the
// first read of the result's fields. Needs nothing. Produces `userFrame()` → a lazy NodeSource.

import { resolvedSource, type NodeSource } from '../ir/graph.js';
import type { SourceLocation } from '../errors/ag-error.js';

/** One V8 stack line: `at fn (file:line:col)` or `at file:line:col`. */
export const FRAME = /^\s*at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/;

// This package's own folders, by its real path (a linked install, npm link or a workspace, is not
// under node_modules): dist/ (the built files, in chunks/ or not) and src/ (where the built files'
// source maps point). Frames inside them are never user code.
const OWN_DIRS = ((): string[] => {
  // (Not `new URL('.', import.meta.url)`: bundlers take that for an asset to resolve.)
  const here = decodeURIComponent(new URL(import.meta.url).pathname).replace(/[^/]*$/, '');
  const at = Math.max(here.lastIndexOf('/dist/'), here.lastIndexOf('/src/'));
  const root = at < 0 ? here : here.slice(0, at + 1);
  return [`${root}src/`, `${root}dist/`];
})();

/** Whether a file (a path or file:// URL) is one of autograph-ts's own (src/ or dist/, by real path). */
export function isOwnFile(file: string): boolean {
  const path = file.startsWith('file://') ? decodeURIComponent(new URL(file).pathname) : file;
  return OWN_DIRS.some((d) => path.startsWith(d));
}

/** Whether a stack frame's file is autograph-ts itself, tfjs or Node's own code. */
export function isInternal(file: string): boolean {
  const path = file.startsWith('file://') ? decodeURIComponent(new URL(file).pathname) : file;
  // Frames of tfjs itself, also when source maps show its own src/ files instead of node_modules.
  return (
    isOwnFile(path) ||
    /[\\/]node_modules[\\/]|[\\/]tfjs-[a-z-]+[\\/]src[\\/]|@tensorflow[\\/]/.test(path) ||
    path.startsWith('node:')
  );
}

/** Maps a frame in generated code to the user's source; registered by the converter. */
export type FrameMapper = (file: string, line: number, column: number, functionName?: string) => NodeSource | undefined;

const mappers: FrameMapper[] = [];

/** Lets a stage that generates code (the converter) map its frames back to the user's source. */
export function registerFrameMapper(mapper: FrameMapper): void {
  mappers.push(mapper);
}

/** The user's position for a frame of generated code (converted functions), if a mapper knows it. */
export function mapFrame(file: string, line: number, column: number, functionName?: string): NodeSource | undefined {
  for (const map of mappers) {
    const mapped = map(file, line, column, functionName);
    if (mapped) return { ...mapped, functionName: mapped.functionName ?? functionName };
  }
  return undefined;
}

function parse(stack: string): NodeSource | undefined {
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const file = m[2]!;
    if (isInternal(file)) continue;
    const fn = m[1]?.replace(/^(?:Object\.|async )/, '') || undefined;
    const at = { file, line: Number(m[3]), column: Number(m[4]), functionName: fn };
    return mapFrame(at.file, at.line, at.column, fn) ?? at;
  }
  return undefined;
}

/** A NodeSource whose fields are parsed from a captured stack when first read. */
class LazyFrame implements NodeSource {
  private parsed: NodeSource | undefined | null = null;
  constructor(private readonly holder: { stack?: string }) {}
  private get resolved(): NodeSource | undefined {
    if (this.parsed === null) this.parsed = parse(this.holder.stack ?? '');
    return this.parsed;
  }
  get file(): string | undefined {
    return this.resolved?.file;
  }
  get line(): number {
    return this.resolved?.line ?? 0;
  }
  get column(): number {
    return this.resolved?.column ?? 0;
  }
  get functionName(): string | undefined {
    return this.resolved?.functionName;
  }
  get frame(): string | undefined {
    return this.resolved?.frame;
  }
  /** Whether a user frame was found at all. */
  get known(): boolean {
    return this.resolved !== undefined;
  }
  toJSON(): NodeSource | undefined {
    return this.resolved;
  }
}

/** Where the user's code is now (lazily resolved); `undefined` fields when no user frame exists. */
export function userFrame(): NodeSource | undefined {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, userFrame);
  Error.stackTraceLimit = saved;
  return new LazyFrame(holder);
}

export { resolvedSource } from '../ir/graph.js';

/**
 * Where a captured stack (an error's, also one already told in the user's terms, its frames of
 * converted code marked `[converted]`) first reaches the user's code, or undefined.
 */
export function stackSource(stack: string | undefined): NodeSource | undefined {
  return parse((stack ?? '').replace(/\) \[converted\]$/gm, ')'));
}

/** An error location for `source` (default: where the user's code is now), or undefined if unknown. */
export function userLocation(source: NodeSource | undefined = userFrame()): SourceLocation | undefined {
  return resolvedSource(source);
}
