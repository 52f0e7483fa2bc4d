// Splits text at a separator outside brackets and quoted strings: the parameter lists that
// param-names reads from a function's source, and the CLI's `--args`/`--spec` descriptions.
// Needs nothing. Produces `splitTopLevel`.

/**
 * `text` split at each `sep` outside (), [], {} and strings quoted by one of `quotes` (a backslash
 * escapes inside them); each part trimmed, empty parts kept.
 */
export function splitTopLevel(text: string, sep = ',', quotes = `"'`): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (quotes.includes(c)) quote = c;
    else if (c === '[' || c === '{' || c === '(') depth++;
    else if (c === ']' || c === '}' || c === ')') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}
