// The parameter names of a function, read from its source text without a parser (the runtime never
// loads Babel): `function f(a, b = 1, ...rest)`, `(x, y) => …`, `x => …`, methods. Destructured
// parameters have no single name (undefined); for a function converted in place, the names the
// transform recorded. Needs split-top-level, in-place-source. Produces `paramNames(fn)`.

import { splitTopLevel } from './split-top-level.js';
import { inPlaceSource } from '../runtime/in-place-source.js';

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** The text without comments (a `//` or `/*` inside a string default value is rare enough to ignore). */
function stripComments(s: string): string {
  return s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

/** The text between the parentheses that open at `open`, or undefined when they do not close. */
function balanced(s: string, open: number): string | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return s.slice(open + 1, i);
    }
  }
  return undefined;
}

/**
 * One name per declared parameter (undefined where the parameter is a pattern; `...rest` for a rest
 * parameter); [] when unreadable.
 */
export function paramNames(fn: (...args: never[]) => unknown): (string | undefined)[] {
  // Converted in place: the names as written (a minifier may have renamed them since).
  const recorded = inPlaceSource(fn)?.params;
  if (recorded) return recorded.map((p) => p ?? undefined);
  let src: string;
  try {
    src = stripComments(Function.prototype.toString.call(fn));
  } catch {
    return [];
  }
  const arrow = /^\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(src);
  if (arrow) return [arrow[1]];
  const open = src.indexOf('(');
  if (open < 0) return [];
  const list = balanced(src, open);
  if (list === undefined || /^\s*class\b/.test(src)) return [];
  // An empty list `()`, or a trailing comma `(a, b,)`, leaves an empty last part: no parameter.
  const parts = splitTopLevel(list, ',', '"\'`');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.map((p) => {
    const rest = p.startsWith('...');
    const name = p
      .replace(/^\.\.\./, '')
      .replace(/=[\s\S]*$/, '')
      .trim();
    return IDENT.test(name) ? `${rest ? '...' : ''}${name}` : undefined;
  });
}
