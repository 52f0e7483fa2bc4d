// The code the HTML viewer shows beside a jit function's graph: the user's function as written
// (from its file where it can be found, else its text; for a function converted in place, what the
// transform recorded) and the generated code, with the source line of each generated line. Needs
// the run-time converter (when installed), function-origin, in-place-source, the plugin marker.
// Produces `codeOf(fn)` → ViewerCode.

import { sourceConverter } from '../convert/registry.js';
import { originalLocation, originalText } from '../convert/function-origin.js';
import { originalOf } from '../runtime/do-not-convert.js';
import { inPlaceSource, sameFile } from '../runtime/in-place-source.js';
import type { ViewerCode } from '../export/viewer/viewer-model.js';

const IN_PLACE = Symbol.for('autograph-ts.convertedInPlace');
/** The generated code the transform kept (its `keepCode` option). */
const CODE = Symbol.for('autograph-ts.generatedCode');

/**
 * A function converted in place: its text is the generated code. The source as written is what the
 * transform recorded (or, in Node, its file through the running script's source map); each generated
 * line maps to its source line through that map where the function runs in Node.
 */
function inPlaceCode(user: (...args: never[]) => unknown, text: string): ViewerCode {
  const recorded = inPlaceSource(user);
  const inFile = recorded ? undefined : originalText(user);
  const source = recorded ? { text: recorded.text, file: recorded.file, firstLine: recorded.line } : inFile;
  const kept = (user as unknown as Record<symbol, unknown>)[CODE];
  if (typeof kept === 'string') return { source, generated: { text: kept } };
  const lines = text.split('\n');
  const file = source?.file;
  const sourceLines =
    file === undefined
      ? undefined
      : lines.map((l, i) => {
          const at = originalLocation(user, i + 1, l.length - l.trimStart().length + 1);
          return at?.file && sameFile(at.file, file) ? at.line : null;
        });
  return { source, generated: { text, sourceLines } };
}

/** The source and generated code of `fn` (the function given to jit); empty where unreadable. */
export function codeOf(fn: (...args: never[]) => unknown, autograph: boolean): ViewerCode {
  const user = (originalOf(fn) as typeof fn | undefined) ?? fn;
  const text = Function.prototype.toString.call(user);
  if ((user as unknown as Record<symbol, unknown>)[IN_PLACE]) return inPlaceCode(user, text);
  const inFile = originalText(user);
  const source = inFile
    ? { text: inFile.text, file: inFile.file, firstLine: inFile.firstLine }
    : { text, firstLine: 1 };
  if (!autograph) return { source };
  let conv;
  try {
    conv = sourceConverter().convertSource(text, user.name || 'anonymous'); // none in a bundle without the converter
  } catch {
    return { source };
  }
  // Per generated line, the original line of its leftmost mapped token.
  const first = new Map<number, { col: number; line: number; column: number }>();
  for (const m of conv.mappings) {
    if (!m.original) continue;
    const seen = first.get(m.generated.line);
    if (!seen || m.generated.column < seen.col)
      first.set(m.generated.line, { col: m.generated.column, line: m.original.line, column: m.original.column });
  }
  const sourceLines = conv.code.split('\n').map((_, i) => {
    const at = first.get(i + 1);
    if (!at) return null;
    return inFile ? (originalLocation(user, at.line, at.column + 1)?.line ?? null) : at.line;
  });
  return { source, generated: { text: conv.code, sourceLines } };
}
