// Finds the first stack frame that belongs to user code (not tfjs, not autograph-ts itself),
// to say where a node was created or where a symbolic value was read. Needs nothing.
// Produces `userFrame()` → { file, line, column, functionName } or undefined.

import type { NodeSource } from '../ir/graph.js';

const FRAME = /^\s*at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/;
// This package's own source folder (src/ or dist/): frames inside it are never user code.
const OWN_DIR = decodeURIComponent(new URL('..', import.meta.url).pathname);

function isInternal(file: string): boolean {
  const path = file.startsWith('file://') ? decodeURIComponent(new URL(file).pathname) : file;
  return path.startsWith(OWN_DIR) || /[\\/]node_modules[\\/]/.test(path) || path.startsWith('node:');
}

export function userFrame(): NodeSource | undefined {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = saved;
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const file = m[2]!;
    if (isInternal(file)) continue;
    const fn = m[1]?.replace(/^(?:Object\.|async )/, '');
    return { file, line: Number(m[3]), column: Number(m[4]), functionName: fn || undefined };
  }
  return undefined;
}
