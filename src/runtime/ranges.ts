// Ranges for loops: `ag.range(…)` (a JS array, or with tensor bounds while tracing a TensorRange that
// forStmt iterates with a staged counter) and `for (x of tf.range(…))` with a symbolic bound, which
// the converter routes through `rangeOf`. Needs tfjs-core, tensors. Produces `TensorRange`,
// `rangeOf`, `range`.

import * as tf from '@tensorflow/tfjs-core';
import { isSymbolic, isTensor, isTracing } from './tensors.js';

/** `range(start, stop, step)` with tensor bounds: iterated by a staged counter, not materialized. */
export class TensorRange {
  constructor(
    readonly start: unknown,
    readonly stop: unknown,
    readonly step: unknown,
    /** The elements' dtype (`tf.range`'s `dtype`); by default the counter's own. */
    readonly dtype?: tf.DataType,
  ) {}
}

/**
 * The iterable of `for (x of o.range(…))`: `tf.range` with a symbolic bound is a TensorRange (a
 * staged counted loop whose elements have tf.range's dtype, float32 by default); anything else is
 * called as written.
 */
export function rangeOf(f: unknown, self: unknown, args: unknown[]): unknown {
  if (f === tf.range && isTracing() && args.slice(0, 3).some(isSymbolic)) {
    const [start, stop, step = 1, dtype = 'float32'] = args as [unknown, unknown, unknown, tf.DataType | undefined];
    return new TensorRange(start, stop, step, dtype);
  }
  return (f as (...a: unknown[]) => unknown).apply(self, args);
}

/** `ag.range(stop)` / `ag.range(start, stop, step = 1)`: a JS array, or a TensorRange for tensor bounds. */
export function range(a: unknown, b?: unknown, step: unknown = 1): unknown[] | TensorRange {
  const [start, stop] = b === undefined ? [0, a] : [a, b];
  if (isTensor(start) || isTensor(stop) || isTensor(step)) {
    if (isTracing()) return new TensorRange(start, stop, step);
    return range(...([start, stop, step].map((x) => (isTensor(x) ? x.dataSync()[0] : x)) as [number, number, number]));
  }
  const out: number[] = [];
  const [x0, x1, dx] = [start, stop, step] as number[];
  for (let x = x0!; dx! > 0 ? x < x1! : x > x1!; x += dx!) out.push(x);
  return out;
}
