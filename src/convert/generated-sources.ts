// Registry of generated code: for each converted function's script URL (`autograph:///name.js`),
// its original source and the generator's mappings, so that a stack frame in generated code maps
// back to a line/column of the function's source (issue 5 composes this with module source maps).
// Needs util/babel's code frames. Produces `registerGenerated`, `originalPosition`, `locateCaller`.

import type { SourceLocation } from '../errors/ag-error.js';
import { codeFrame } from './util/babel.js';
import { registerFrameMapper } from '../trace/user-frame.js';
import { originalLocation } from './function-origin.js';

export interface Mapping {
  readonly generated: { readonly line: number; readonly column: number };
  readonly original?: { readonly line: number; readonly column: number };
}

interface Entry {
  readonly name: string;
  readonly source: string;
  readonly mappings: readonly Mapping[];
  /** Lines and columns the script adds before the generated code (new Function's header). */
  readonly lineOffset: number;
  /** The user's function the code was converted from (to find its place in its file). */
  readonly fn?: object;
  readonly columnOffset: number;
}

const registry = new Map<string, Entry>();
let counter = 0;

/** A fresh script URL for a converted function named `name`. */
export function scriptUrl(name: string): string {
  return `autograph:///${encodeURIComponent(name)}-${++counter}.js`;
}

export function registerGenerated(url: string, entry: Entry): void {
  registry.set(url, entry);
}

/** Line (1-based) / column (0-based) in the function's source for a position in its script. */
export function originalPosition(url: string, line: number, column: number): { name: string; source: string; line: number; column: number; fn?: object } | undefined {
  const e = registry.get(url);
  if (!e) return undefined;
  const gl = line - e.lineOffset;
  const gc = gl === 1 ? column - e.columnOffset : column;
  let best: Mapping | undefined;
  for (const m of e.mappings) {
    if (!m.original || m.generated.line !== gl) continue;
    if (m.generated.column <= gc && (!best || m.generated.column >= best.generated.column)) best = m;
  }
  best ??= e.mappings.find((m) => m.original && m.generated.line === gl);
  if (!best?.original) return undefined;
  return { name: e.name, source: e.source, line: best.original.line, column: best.original.column, fn: e.fn };
}

// Frames of converted code (stack traces, node sources) point at the user's function source.
registerFrameMapper((file, line, column) => {
  if (!file.startsWith('autograph:///')) return undefined;
  const p = originalPosition(file, line, column);
  if (!p) return undefined;
  // In the user's file where the function's place in it can be found; else in the function's text.
  const inFile = p.fn ? originalLocation(p.fn, p.line, p.column + 1, p.name) : undefined;
  return inFile ?? { file: `${p.name} (converted function source)`, line: p.line, column: p.column + 1, functionName: p.name };
});

const FRAME = /\(?(autograph:\/\/\/[^:\s)]+):(\d+):(\d+)\)?$/;

/** The source location of the innermost converted-code frame of the current stack. */
export function locateCaller(): SourceLocation | undefined {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = saved;
  for (const line of stack.split('\n')) {
    const m = FRAME.exec(line.trim());
    if (!m) continue;
    const pos = originalPosition(m[1]!, Number(m[2]), Number(m[3]) - 1);
    if (!pos) continue;
    const inFile = pos.fn ? originalLocation(pos.fn, pos.line, pos.column + 1, pos.name) : undefined;
    return inFile ?? { line: pos.line, column: pos.column + 1, functionName: pos.name, frame: codeFrame(pos.source, pos.line, pos.column) };
  }
  return undefined;
}
