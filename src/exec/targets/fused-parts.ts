// What the device targets (wgsl/, glsl/) read off a Fused node the same way, whatever language they
// write: the sizes of a product-headed program (opt/fuse-matmul-epilogue.ts puts the BatchMatMul
// first, on inputs 0 and 1), and each elementwise step's operands in its kernel's own order (a,
// b, c) as the expressions of node inputs, earlier steps or the head's value; and a float32's
// decimal as both languages write a float literal.
// Needs the IR and the elementwise kernel table. Produces `ProductDims`, `productDims`, `stepOperands`,
// `float32Digits`.

import type { Node } from '../../ir/graph.js';
import type { FusedStep } from '../../ir/fused.js';
import { isKnownShape } from '../../ir/types.js';
import { elementwiseKernel } from '../../opt/elementwise-kernels.js';

export interface ProductDims {
  readonly m: number;
  readonly n: number;
  readonly k: number;
  readonly batch: number;
  readonly batchA: number;
  readonly batchB: number;
  /** The operands' rank: 2 or 3. */
  readonly rank: number;
  readonly transposeA: boolean;
  readonly transposeB: boolean;
}

/** The product's sizes, when its operands are node inputs 0 and 1 of known rank-2 or rank-3 shapes whose batches broadcast. */
export function productDims(node: Node): ProductDims | undefined {
  const head = (node.attrs.steps as readonly FusedStep[])[0]!;
  const ia = head.args[head.argNames.indexOf('a')];
  const ib = head.args[head.argNames.indexOf('b')];
  const [a, b] = [node.inputs[0], node.inputs[1]];
  if (ia !== 0 || ib !== 1 || !a || !b) return undefined;
  const rank = a.shape.length;
  if (rank !== b.shape.length || (rank !== 2 && rank !== 3) || !isKnownShape(a.shape) || !isKnownShape(b.shape))
    return undefined;
  const transposeA = Boolean(head.attrs.transposeA);
  const transposeB = Boolean(head.attrs.transposeB);
  const [r, c] = [rank - 2, rank - 1];
  const [m, ka] = transposeA ? [a.shape[c]!, a.shape[r]!] : [a.shape[r]!, a.shape[c]!];
  const [kb, n] = transposeB ? [b.shape[c]!, b.shape[r]!] : [b.shape[r]!, b.shape[c]!];
  const batchA = rank === 3 ? a.shape[0]! : 1;
  const batchB = rank === 3 ? b.shape[0]! : 1;
  if (ka !== kb || (batchA !== batchB && batchA !== 1 && batchB !== 1)) return undefined;
  return { m, n, k: ka, batch: Math.max(batchA, batchB), batchA, batchB, rank, transposeA, transposeB };
}

/** The shortest decimal of `v` rounded to float32, with a `.` or an exponent (a float literal in WGSL and GLSL alike); `v` finite. */
export function float32Digits(v: number): string {
  const s = String(Math.fround(v));
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/**
 * Step `s`'s operands in its kernel's order (a, b, c), found by the names the step passes them
 * under, as expressions: operand `i` below `inputs` is `operand(i)`; operand `inputs + k` is step
 * k's value, `r<k>`, or `head` for a step before `first` (a matMul's sum).
 */
export function stepOperands(
  s: FusedStep,
  inputs: number,
  operand: (i: number) => string,
  first: number,
  head: string,
): string[] {
  const names = elementwiseKernel(s.op)!.inputs;
  return names.map((name) => {
    const a = s.args[s.argNames.indexOf(name)]!;
    return a < inputs ? operand(a) : a - inputs < first ? head : `r${a - inputs}`;
  });
}
