// `ag__.print(...)` (what `console.log` in converted code becomes). Outside a trace it prints like
// console.log, with concrete tensors shown as their values (`3`, `[1, 2]`). While tracing, JS
// values print at trace time; symbolic tensors go to a staged printer when one is installed
// (issue 4, by the trace layer), otherwise they print as placeholders at trace time.
// Needs tensors.ts. Produces `print`, `setStagedPrint`.

import { isSymbolic, isTensor, isTracing } from './tensors.js';

type Printer = (values: unknown[]) => void;
let staged: Printer | undefined;

/** Installs the staged printer (a Print node) used when an argument is symbolic. */
export function setStagedPrint(p: Printer | undefined): void {
  staged = p;
}

function show(x: unknown): unknown {
  if (isSymbolic(x)) return `<symbolic ${x.dtype}[${x.shape.join(',')}]>`;
  if (isTensor(x)) return x.rank === 0 ? x.dataSync()[0] : x.arraySync();
  return x;
}

export function print(...values: unknown[]): void {
  if (isTracing() && values.some(isSymbolic) && staged) return staged(values);
  console.log(...values.map(show));
}
