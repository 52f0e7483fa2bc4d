// Line numbers of a test's own source, found by their text: a test that checks a message names the
// user's line (file:line:col) asks for the line that holds the code instead of writing the number,
// so reformatting or editing the file above it does not break it. Needs node:fs.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The 1-based line of the `nth` line (0 first) of the file at `fileUrl` that contains `text`. */
export function lineOf(fileUrl: string, text: string, nth = 0): number {
  const lines = readFileSync(fileURLToPath(fileUrl), 'utf8').split('\n');
  const found = lines.flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
  const line = found[nth];
  if (line === undefined)
    throw new Error(`${fileUrl}: no line ${nth + 1} holding ${JSON.stringify(text)} (found ${found.length})`);
  return line;
}
