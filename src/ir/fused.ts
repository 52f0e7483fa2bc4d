// The contract of fused elementwise nodes (op `Fused`), made by the fusion pass and run by every
// executor: a small straight-line program of elementwise kernels over the node's inputs, with
// broadcasting. Needs the IR types. Produces `FusedStep`, `FusedProgram`, `FUSED_OP`.

import type { DType, Shape } from './types.js';
import { OP, type KernelName } from './ops.js';

export const FUSED_OP = OP.Fused;

export interface FusedStep {
  /** A tfjs elementwise kernel name (Add, Multiply, Abs, Select, Cast …). */
  readonly op: KernelName;
  /**
   * Operands: an index below the node's input count refers to that node input; index
   * `inputs.length + k` refers to the result of step k.
   */
  readonly args: readonly number[];
  /** The kernel's attrs (e.g. Cast's dtype, LeakyRelu's alpha). */
  readonly attrs: Readonly<Record<string, unknown>>;
  /** The input names tfjs expects for this kernel, in the order of `args` (e.g. ['a','b']). */
  readonly argNames: readonly string[];
  readonly dtype: DType;
  readonly shape: Shape;
}

/** `node.attrs.steps` of a Fused node; the node's single output is the last step's result. */
export interface FusedProgram {
  readonly steps: readonly FusedStep[];
}
