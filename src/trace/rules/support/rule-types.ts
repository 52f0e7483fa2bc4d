// The contract of a per-kernel shape/dtype rule, used by the graph backend while tracing.
// Needs the IR types. Produces `ShapeRule` and `ShapeTable` (keyed by kernel name: a misspelled one does not compile).

import type { KernelTable } from '../../../ir/kernels/index.js';
import type { DType, Shape } from '../../../ir/types.js';

/** What a rule knows about one kernel input. Dimensions of -1 are unknown at trace time. */
export interface ArgInfo {
  readonly shape: Shape;
  readonly dtype: DType;
}

export interface RuleArgs {
  /** Inputs by the names the tfjs op passed to `runKernel` (e.g. `a`, `b`, `x`). */
  readonly inputs: Readonly<Record<string, ArgInfo>>;
  /** The same inputs in order (for kernels whose inputs are an array: Concat, AddN, Pack …). */
  readonly list: readonly ArgInfo[];
  readonly attrs: Readonly<Record<string, unknown>>;
}

/** Infers the type of every output of one kernel invocation; throws a plain Error on invalid input. */
export type ShapeRule = (args: RuleArgs) => ArgInfo[];

export type ShapeTable = KernelTable<ShapeRule>;
