// `setLoopOptions({ maximumIterations })` (TF's autograph.experimental.set_loop_options): a directive
// the converter reads when it is the first statement of a loop body and passes to the staged loop.
// Run unconverted it only checks its argument. Needs the catalogue. Produces `setLoopOptions`.

import { agError } from '../errors/catalogue.js';

export interface LoopOptions {
  /** The staged loop stops after this many iterations. */
  readonly maximumIterations?: number;
}

export function setLoopOptions(opts: LoopOptions): void {
  const max = opts?.maximumIterations;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0)) throw agError('while/max-iterations', { value: String(max) });
}
