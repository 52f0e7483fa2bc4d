// `setLoopOptions({ maximumIterations, shapeInvariants })` (TF's autograph.experimental.set_loop_options):
// a directive the converter reads when it is the first statement of a loop body and passes to the
// staged loop. Run unconverted it only checks its argument. Needs the catalogue. Produces
// `setLoopOptions`.

import { checkLoopOptions } from '../runtime/loops.js';

export interface LoopOptions {
  /** The staged loop stops after this many iterations. */
  readonly maximumIterations?: number;
  /**
   * `[value, shape]` pairs: the loop variable whose value before the loop is `value` keeps `shape`
   * from one iteration to the next, where `null` dimensions may change (TF's shape_invariants).
   */
  readonly shapeInvariants?: readonly (readonly [unknown, readonly (number | null)[]])[];
}

export function setLoopOptions(opts: LoopOptions): void {
  checkLoopOptions(opts);
}
