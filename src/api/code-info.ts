// The code the HTML viewer shows beside a jit function's graph: the user's function as written
// (from its file where it can be found, else its text) and the generated code, with the source line
// of each generated line. Needs the run-time converter (when installed), function-origin, the plugin marker.
// Produces `codeOf(fn)` → ViewerCode.

import { sourceConverter } from '../convert/registry.js';
import { originalLocation, originalText } from '../convert/function-origin.js';
import { originalOf } from '../runtime/do-not-convert.js';
import type { ViewerCode } from '../export/viewer/viewer-model.js';

const IN_PLACE = Symbol.for('autograph-ts.convertedInPlace');

/** The source and generated code of `fn` (the function given to jit); empty where unreadable. */
export function codeOf(fn: (...args: never[]) => unknown, autograph: boolean): ViewerCode {
  const user = (originalOf(fn) as typeof fn | undefined) ?? fn;
  const text = Function.prototype.toString.call(user);
  // Converted in place at build time: its text is the generated code; the original is not at hand.
  if ((user as unknown as Record<symbol, unknown>)[IN_PLACE]) return { generated: { text } };
  const inFile = originalText(user);
  const source = inFile ? { text: inFile.text, file: inFile.file, firstLine: inFile.firstLine } : { text, firstLine: 1 };
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
    if (!seen || m.generated.column < seen.col) first.set(m.generated.line, { col: m.generated.column, line: m.original.line, column: m.original.column });
  }
  const sourceLines = conv.code.split('\n').map((_, i) => {
    const at = first.get(i + 1);
    if (!at) return null;
    return inFile ? (originalLocation(user, at.line, at.column + 1)?.line ?? null) : at.line;
  });
  return { source, generated: { text: conv.code, sourceLines } };
}
