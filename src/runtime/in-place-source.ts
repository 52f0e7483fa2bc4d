// The user's source of a function converted in place (Node loader, Babel and Vite plugins): the
// transform records the function's name, file, first line, original text and parameter names as one
// JSON string beside it (`markInPlace`'s last argument), so a minifier running after the transform
// cannot lose them. The viewer's source pane, the jit title and its parameter names read them here;
// stack frames inside such a function are named after it (not `loop_body`, not a minified name).
// Needs trace/user-frame's frame mappers. Produces `recordInPlaceSource`, `inPlaceSource`, `InPlaceSource`.

import { registerFrameMapper } from '../trace/user-frame.js';

/** What the transform recorded about a function it converted where it stands. */
export interface InPlaceSource {
  /** The name the function has in the source (its declaration, or the variable it is bound to). */
  readonly name: string;
  /** The file, relative to the folder the transform ran in (never an absolute path: bundles carry it). */
  readonly file?: string;
  /** The 1-based line of the text's first line in `file`. */
  readonly line: number;
  /** The function's lines as written (whole lines, TypeScript types and all). */
  readonly text: string;
  /** One name per parameter (null for a destructured one; `...rest` for a rest parameter). */
  readonly params: readonly (string | null)[];
}

const SOURCE = Symbol.for('autograph-ts.inPlaceSource');

/** Recorded sources not yet parsed (parsed on the first frame lookup or read). */
const pending: string[] = [];
const parsed: InPlaceSource[] = [];

function parse(json: string): InPlaceSource | undefined {
  try {
    const v = JSON.parse(json) as Partial<InPlaceSource>;
    if (
      typeof v.name !== 'string' ||
      typeof v.text !== 'string' ||
      typeof v.line !== 'number' ||
      !Array.isArray(v.params)
    )
      return undefined;
    return {
      name: v.name,
      file: typeof v.file === 'string' ? v.file : undefined,
      line: v.line,
      text: v.text,
      params: v.params,
    };
  } catch {
    return undefined;
  }
}

/** Records what the transform wrote about `fn` (a JSON string of an InPlaceSource). */
export function recordInPlaceSource(fn: object, json: string): void {
  if (typeof fn !== 'function' || Object.prototype.hasOwnProperty.call(fn, SOURCE)) return;
  let value: InPlaceSource | null | undefined;
  Object.defineProperty(fn, SOURCE, { get: () => (value === undefined ? (value = parse(json) ?? null) : value) });
  pending.push(json);
}

/** What the transform recorded about `fn`, or undefined (not converted in place, or recorded nothing). */
export function inPlaceSource(fn: unknown): InPlaceSource | undefined {
  if (typeof fn !== 'function') return undefined;
  return ((fn as unknown as Record<symbol, unknown>)[SOURCE] as InPlaceSource | null | undefined) ?? undefined;
}

/** Whether a stack frame's file (a path or file:// URL) is the recorded `file` (relative to some folder). */
export function sameFile(frameFile: string, file: string): boolean {
  const a = (
    frameFile.startsWith('file://') ? decodeURIComponent(frameFile.slice('file://'.length)) : frameFile
  ).replace(/\\/g, '/');
  const b = file.replace(/\\/g, '/');
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}

// Closures converted code wraps statements in, and frames without a name: named after the function.
const GENERATED_FN = /^(?:loop_body|loop_test|if_body|else_body)(?:_\d+)?$/;

// A frame inside a function converted in place (the innermost recorded one around it) is in that
// function: `in collatz`, where V8 says `loop_body` or nothing.
registerFrameMapper((file, line, column, functionName) => {
  if (functionName && !GENERATED_FN.test(functionName)) return undefined;
  for (const json of pending.splice(0)) {
    const s = parse(json);
    if (s?.file) parsed.push(s);
  }
  let best: InPlaceSource | undefined;
  for (const s of parsed) {
    const last = s.line + s.text.split('\n').length - 1;
    if (line < s.line || line > last || !sameFile(file, s.file!)) continue;
    if (!best || s.line >= best.line) best = s;
  }
  return best && best.name !== 'anonymous' ? { file, line, column, functionName: best.name } : undefined;
});
