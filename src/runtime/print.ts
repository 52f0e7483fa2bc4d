// `ag__.print(...)` (what `console.log` in converted code becomes): a staged print when an argument
// holds a symbolic tensor (a Print node, printing on every call); otherwise printed at once, like
// the plain console.log it replaces (at trace time, as TF's Python print). Needs src/trace/effects.
// Produces `print`.

import { isTracing } from '../trace/context.js';
import { printNow, printsSymbolic, stagedPrint } from '../trace/effects.js';

export function print(...values: unknown[]): void {
  if (isTracing() && printsSymbolic(values)) stagedPrint(values);
  else printNow(values);
}
