// Registry of generated code: for each converted function's script URL (`autograph:///name.js`),
// its original source and the generator's mappings, so that a stack frame in generated code maps
// back to a line/column of the function's source (issue 5 composes this with module source maps).
// An entry lives as long as the generated function it describes: mappings are read on the first
// lookup (making them converts the function again) and packed into one Int32Array, the user's
// function is held weakly, and the entry is dropped once the generated
// function is collected — a process converting many thousands of functions stays flat. (A weak
// reference keeps its target until the current job ends, so a synchronous loop that converts
// without ever yielding to the event loop frees these entries only once it does.)
// Needs util/babel's code frames. Produces `registerGenerated`, `originalPosition`, `locateCaller`.

import type { SourceLocation } from '../errors/ag-error.js';
import { codeFrame } from './util/babel.js';
import { registerFrameMapper } from '../trace/user-frame.js';
import { fileLocation, originalLocation } from './function-origin.js';

export interface Mapping {
  readonly generated: { readonly line: number; readonly column: number };
  readonly original?: { readonly line: number; readonly column: number };
}

interface Generated {
  readonly name: string;
  readonly source: string;
  /** Read on the first lookup of a position in the script. */
  readonly mappings: () => readonly Mapping[];
  /** Lines and columns the script adds before the generated code (new Function's header). */
  readonly lineOffset: number;
  /** The user's function the code was converted from (to find its place in its file). */
  readonly fn?: object;
  readonly columnOffset: number;
}

interface Entry {
  readonly name: string;
  readonly source: string;
  /** Mappings that have an original position, 4 ints each: generated line, column, original line, column. */
  packed?: Int32Array;
  /** Until the first lookup: where the mappings come from. */
  mappings?: () => readonly Mapping[];
  readonly lineOffset: number;
  readonly columnOffset: number;
  readonly fn?: WeakRef<object>;
}

const registry = new Map<string, Entry>();
const forget = new FinalizationRegistry<string>((url) => registry.delete(url));
let counter = 0;

function pack(mappings: readonly Mapping[]): Int32Array {
  const withOriginal = mappings.filter((m) => m.original);
  const packed = new Int32Array(withOriginal.length * 4);
  withOriginal.forEach((m, i) =>
    packed.set([m.generated.line, m.generated.column, m.original!.line, m.original!.column], i * 4),
  );
  return packed;
}

/** A fresh script URL for a converted function named `name`. */
export function scriptUrl(name: string): string {
  return `autograph:///${encodeURIComponent(name)}-${++counter}.js`;
}

/** Records `generated`'s mappings under `url` for as long as `owner` (the function evaluated from it) lives. */
export function registerGenerated(url: string, generated: Generated, owner: object): void {
  const { name, source, mappings, lineOffset, columnOffset, fn } = generated;
  registry.set(url, { name, source, mappings, lineOffset, columnOffset, fn: fn && new WeakRef(fn) });
  forget.register(owner, url);
}

/** How many generated scripts are registered (memory tests). */
export function registeredCount(): number {
  return registry.size;
}

/** Line (1-based) / column (0-based) in the function's source for a position in its script. */
export function originalPosition(
  url: string,
  line: number,
  column: number,
): { name: string; source: string; line: number; column: number; fn?: object } | undefined {
  const e = registry.get(url);
  if (!e) return undefined;
  const gl = line - e.lineOffset;
  const gc = gl === 1 ? column - e.columnOffset : column;
  if (!e.packed) {
    e.packed = pack(e.mappings!());
    e.mappings = undefined;
  }
  const p = e.packed;
  // The mapping on that line with the largest generated column at or before `gc`, else its first.
  let best = -1;
  let first = -1;
  for (let i = 0; i < p.length; i += 4) {
    if (p[i] !== gl) continue;
    if (first < 0) first = i;
    if (p[i + 1]! <= gc && (best < 0 || p[i + 1]! >= p[best + 1]!)) best = i;
  }
  if (best < 0) best = first;
  if (best < 0) return undefined;
  return { name: e.name, source: e.source, line: p[best + 2]!, column: p[best + 3]!, fn: e.fn?.deref() };
}

// Frames of converted code (stack traces, node sources) point at the user's function source.
registerFrameMapper((file, line, column) => {
  if (!file.startsWith('autograph:///')) return undefined;
  const p = originalPosition(file, line, column);
  if (!p) return undefined;
  // In the user's file where the function's place in it can be found; else in the function's text.
  const inFile = p.fn ? originalLocation(p.fn, p.line, p.column + 1, p.name) : undefined;
  return (
    inFile ?? {
      file: `${p.name} (converted function source)`,
      line: p.line,
      column: p.column + 1,
      functionName: p.name,
    }
  );
});

const FRAME = /\(?(autograph:\/\/\/[^:\s)]+):(\d+):(\d+)\)?$/;

/** The source location of the innermost converted-code frame of the current stack. */
export function locateCaller(): SourceLocation | undefined {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = saved;
  return locateInStack(stack);
}

const USER_FRAME = /\(?([^()\s]+):(\d+):(\d+)\)? \[converted\]$/;

/**
 * The innermost frame of converted code in a stack trace's text, mapped back to the user's source
 * (also in a stack already rewritten to the user's terms, whose frames are marked `[converted]`).
 */
export function locateInStack(stack: string): SourceLocation | undefined {
  for (const line of stack.split('\n')) {
    const u = USER_FRAME.exec(line.trim());
    if (u && u[1]!.startsWith('/'))
      return fileLocation(u[1]!, Number(u[2]), Number(u[3]), /at ([\w$.]+) \(/.exec(line)?.[1]);
    const m = FRAME.exec(line.trim());
    if (!m) continue;
    const pos = originalPosition(m[1]!, Number(m[2]), Number(m[3]) - 1);
    if (!pos) continue;
    const inFile = pos.fn ? originalLocation(pos.fn, pos.line, pos.column + 1, pos.name) : undefined;
    return (
      inFile ?? {
        line: pos.line,
        column: pos.column + 1,
        functionName: pos.name,
        frame: codeFrame(pos.source, pos.line, pos.column),
      }
    );
  }
  return undefined;
}
