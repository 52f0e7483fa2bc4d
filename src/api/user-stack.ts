// Rewrites the stack trace of an error leaving a converted or jit function so that it reads in the
// user's terms: frames of generated code (`autograph:///…`) become the user's original
// file:line:column (through the converter's mappings, composed with the module's own source map
// under tsx/vitest) and are marked `[converted]`; frames of autograph-ts and tfjs internals, and of
// built-ins (`Array.forEach`), are dropped; user frames reached from converted code that were not converted are marked
// `[not converted]`; frames of code converted in place (in the user's own file) are named after
// the user's function and marked `[converted]` too. The message lines are kept as they are.
// Idempotent. With AG_DEBUG=1 stacks are left whole.
// Also registers the catalogue's default error locator: an error built without a location points at
// the user's code now on the stack (for usage errors, the line that called the API), with a frame.
// Needs trace/user-frame's frame parsing and mappers. Produces `withUserStack`, `deepStacks`.

import { FRAME, isInternal, mapFrame, userLocation } from '../trace/user-frame.js';
import { fileLocation } from '../convert/function-origin.js';
import { setErrorLocator } from '../errors/catalogue.js';
import type { SourceLocation } from '../errors/ag-error.js';

const done = new WeakSet<object>();

function debugging(): boolean {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.AG_DEBUG === '1';
}

/** How many frames errors keep while converted code runs (V8's default of 10 loses the user's). */
const DEPTH = 64;

/** Runs `f` with deep stack traces, so errors thrown inside keep the user's frames. */
export function deepStacks<T>(f: () => T): T {
  const saved = Error.stackTraceLimit;
  if (saved >= DEPTH) return f();
  Error.stackTraceLimit = DEPTH;
  try {
    return f();
  } finally {
    Error.stackTraceLimit = saved;
  }
}

const NATIVE_FRAME = /^\s*at (?:.* )?\((?:<anonymous>|native)\)$/;

/** The functions the converter makes of a statement's parts (`if_body`, `loop_test_1`): only converted code has them. */
const HELPER = /^(?:if_body|else_body|loop_body|loop_test|loop_cond)(?:_\d+)?$/;

interface Frame {
  text: string;
  /** A stack frame (not a line of text between them). */
  readonly frame: boolean;
  /** One of converted code. */
  converted: boolean;
  readonly fn?: string;
  /** Where it is: the file, and `file:line:column`. */
  readonly file?: string;
  readonly where?: string;
  /** Called by autograph-ts itself (the frame below it in the raw stack was internal). */
  calledByUs?: boolean;
}

function rewriteLines(stack: string): string {
  const lines = stack.split('\n');
  const first = lines.findIndex((l) => FRAME.test(l));
  if (first < 0) return stack;
  const out = lines.slice(0, first);
  const frames: Frame[] = [];
  let previous: Frame | undefined; // the frame of the line just before, if it was kept
  for (const line of lines.slice(first)) {
    const m = FRAME.exec(line);
    const kept = frames.length;
    if (!m) {
      // Frames of built-ins (`at Array.forEach (<anonymous>)`, `at new Promise (<anonymous>)`).
      if (!NATIVE_FRAME.test(line)) frames.push({ text: line, frame: false, converted: false });
    } else {
      const file = m[2]!;
      const fn = m[1]?.replace(/^(?:Object\.|async )/, '') || undefined;
      if (file.startsWith('autograph:///')) {
        const at = mapFrame(file, Number(m[3]), Number(m[4]), fn);
        if (at) {
          const where = `${at.file ?? '<converted function>'}:${at.line}:${at.column}`;
          const name = at.functionName ?? fn;
          frames.push({
            text: `    at ${name ? `${name} (${where})` : where} [converted]`,
            frame: true,
            converted: true,
          });
        }
      } else if (isInternal(file)) {
        if (previous) previous.calledByUs = true;
      } else {
        frames.push({ text: line, frame: true, converted: false, fn, file, where: `${file}:${m[3]}:${m[4]}` });
      }
    }
    previous = frames.length > kept ? frames[frames.length - 1] : undefined;
  }
  markInPlace(frames);
  // User frames inside the outermost converted frame ran as plain JS: say so.
  const outermost = frames.reduce((last, f, i) => (f.converted ? i : last), -1);
  for (let i = 0; i < outermost; i++) {
    const f = frames[i]!;
    if (f.frame && !f.converted) f.text += ' [not converted]';
  }
  // An error from nowhere near the user's code keeps its full stack (it is ours to debug).
  if (!frames.some((f) => f.frame)) return stack;
  return [...out, ...frames.map((f) => f.text)].join('\n');
}

/**
 * Frames of code converted in place (the Node loader, the Babel and Vite plugins) are in the user's
 * own file: a statement's part (`if_body`, called by autograph-ts) takes the name of the function it
 * is in (the next frame of that file), and both are marked `[converted]`, as generated code is.
 */
function markInPlace(frames: Frame[]): void {
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i]!;
    if (!f.frame || f.converted || !f.calledByUs || !HELPER.test(f.fn ?? '')) continue;
    const j = frames.findIndex((g, k) => k > i && g.frame && g.file === f.file && !HELPER.test(g.fn ?? ''));
    if (j < 0) continue;
    const name = frames[j]!.fn;
    for (let k = i; k <= j; k++) {
      const g = frames[k]!;
      if (!g.frame || g.file !== f.file || g.converted) continue;
      g.converted = true;
      g.text = `    at ${name ? `${name} (${g.where})` : g.where} [converted]`;
    }
    i = j;
  }
}

/**
 * `e` with its stack rewritten to the user's source (see the module header); other values are
 * returned unchanged. Errors whose stack cannot be written (frozen objects) are left as they are.
 */
export function withUserStack(e: unknown): unknown {
  if (!(e instanceof Error) || done.has(e)) return e;
  done.add(e);
  const stack = e.stack;
  if (typeof stack !== 'string' || debugging()) return e;
  try {
    Object.defineProperty(e, 'stack', { value: rewriteLines(stack), writable: true, configurable: true });
  } catch {
    // A non-configurable stack property: keep the original.
  }
  return e;
}

/** `at` with a code frame of its file, where it has none and the file can be read. */
function withFrame(at: SourceLocation): SourceLocation {
  if (at.frame || !at.file || !at.line) return at;
  const located = fileLocation(at.file, at.line, at.column, at.functionName);
  return located.frame ? located : at;
}

setErrorLocator({
  find: () => {
    const at = userLocation();
    return at && withFrame(at);
  },
  complete: withFrame,
});
