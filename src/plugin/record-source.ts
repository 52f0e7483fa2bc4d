// What the in-place transform records beside a function it converts: its name, file (relative to
// the project), first line, original text (whole lines of the original file, before tsx or Vite
// stripped its types) and parameter names, as one JSON string (runtime/in-place-source.ts reads it),
// so the viewer shows the source and names as written also after a minifier ran over the bundle.
// Needs babel types, find-targets' Target. Produces `recordedSource`.

import * as t from '../convert/util/babel-types.js';
import type { InPlaceSource } from '../runtime/in-place-source.js';
import type { Target } from './find-targets.js';
import type { ConvertProgramOptions } from './convert-in-place.js';

/** A parameter's name as `paramNames` gives it: `...rest`, the name of `x = 1`, null for a pattern. */
function paramName(p: t.Node): string | null {
  if (t.isIdentifier(p)) return p.name;
  if (t.isAssignmentPattern(p) && t.isIdentifier(p.left)) return p.left.name;
  if (t.isRestElement(p) && t.isIdentifier(p.argument)) return `...${p.argument.name}`;
  return null;
}

/**
 * The JSON of `tg`'s InPlaceSource (parsed from `code`, in `file` as pictures name it), or undefined
 * where its place is unknown.
 */
export function recordedSource(
  tg: Target,
  code: string,
  file: string | undefined,
  opts: ConvertProgramOptions,
): string | undefined {
  const fn = tg.node;
  const loc = fn.loc;
  if (!loc) return undefined;
  // In the original file where `code` is generated (tsx, Vite's TS step); else `code`'s own lines.
  const original = opts.originalSource?.(loc.start, loc.end);
  const firstLine = original?.firstLine ?? loc.start.line;
  const text =
    original?.text ??
    code
      .split(/\r?\n/)
      .slice(loc.start.line - 1, loc.end.line)
      .join('\n');
  const params = fn.params.map(paramName);
  const source: InPlaceSource = { name: tg.name, file, line: firstLine, text, params };
  return JSON.stringify(source);
}
