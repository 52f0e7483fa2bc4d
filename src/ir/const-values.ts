// The numeric payload of a Const node, as the passes, warnings and lowerings that look at a
// constant operand read it. Needs the IR graph. Produces `numericConstValues`, `constWithin`.

import { OP } from './ops.js';
import type { Value } from './graph.js';

/** The values of `v` when a numeric Const node makes it (strings and non-constants: undefined). */
export function numericConstValues(v: Value | undefined): ArrayLike<number> | undefined {
  const values = v?.node?.op === OP.Const ? v.node.options.values : undefined;
  return values && !Array.isArray(values) ? (values as ArrayLike<number>) : undefined;
}

/** `v` is a numeric constant whose values all lie within ±limit (so rounding or wrapping cannot show). */
export function constWithin(v: Value | undefined, limit: number): boolean {
  const values = numericConstValues(v);
  return values !== undefined && Array.prototype.every.call(values, (x: number) => Math.abs(x) <= limit);
}
