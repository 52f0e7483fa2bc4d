// `ag__.print(...)` (what `console.log` in converted code becomes): the staged print of the trace
// layer (a Print node when an argument is symbolic, printing on every call; plain printing
// otherwise). Needs src/trace/effects. Produces `print`.

import { print as stagedPrint } from '../trace/effects.js';

export function print(...values: unknown[]): void {
  stagedPrint(...values);
}
