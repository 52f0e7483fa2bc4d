// Shape/dtype rules of the contraction kernels: BatchMatMul and _FusedMatMul (transposeA/B, broadcast batch
// dims, optional bias/prelu weights) and Einsum (explicit `->` equations, at most two operands, as tfjs supports).
// Needs support/shape-util. Produces `MATMUL_RULES`; an inner-dimension mismatch is an error naming both shapes.

import * as tf from '@tensorflow/tfjs-core';
import type { Shape } from '../../ir/types.js';
import type { RuleArgs, ShapeRule } from './support/rule-types.js';
import type { KernelTable } from '../../ir/kernels/index.js';
import { arg, broadcastShapes, checkShape, fail, fmt, out, unifyDim, upcast } from './support/shape-util.js';

function matmulShape(kernel: string, a: Shape, b: Shape, transposeA: boolean, transposeB: boolean): number[] {
  checkShape(kernel, a);
  checkShape(kernel, b);
  if (a.length < 2 || b.length < 2) fail(kernel, `inputs must have rank >= 2, got ${fmt(a)} and ${fmt(b)}`);
  const ra = a.length;
  const rb = b.length;
  const innerA = transposeA ? a[ra - 2]! : a[ra - 1]!;
  const innerB = transposeB ? b[rb - 1]! : b[rb - 2]!;
  const outerA = transposeA ? a[ra - 1]! : a[ra - 2]!;
  const outerB = transposeB ? b[rb - 2]! : b[rb - 1]!;
  unifyDim(
    kernel,
    innerA,
    innerB,
    `inner dimensions of ${fmt(a)} and ${fmt(b)} (transposeA=${transposeA}, transposeB=${transposeB}) must match`,
  );
  const batch = broadcastShapes(kernel, a.slice(0, -2), b.slice(0, -2));
  return [...batch, outerA, outerB];
}

const batchMatMul: ShapeRule = (args) => {
  const k = tf.BatchMatMul;
  const a = arg(k, args, 'a');
  const b = arg(k, args, 'b');
  return out(
    matmulShape(k, a.shape, b.shape, args.attrs.transposeA === true, args.attrs.transposeB === true),
    upcast(a.dtype, b.dtype),
  );
};

/** _FusedMatMul(a, b, bias?, preluActivationWeights?): the matmul shape, broadcast with the bias. */
const fusedMatMul: ShapeRule = (args: RuleArgs) => {
  const k = tf._FusedMatMul;
  const a = arg(k, args, 'a');
  const b = arg(k, args, 'b');
  let shape = matmulShape(k, a.shape, b.shape, args.attrs.transposeA === true, args.attrs.transposeB === true);
  const bias = args.inputs.bias;
  if (bias) {
    const withBias = broadcastShapes(k, shape, bias.shape);
    if (withBias.length !== shape.length)
      fail(k, `bias ${fmt(bias.shape)} has a higher rank than the product ${fmt(shape)}`);
    shape = withBias;
  }
  return out(shape, upcast(a.dtype, b.dtype));
};

/** Einsum over an array of operands, e.g. 'bij,bjk->bik'. */
const einsum: ShapeRule = ({ list, attrs }) => {
  const k = tf.Einsum;
  const equation = attrs.equation;
  if (typeof equation !== 'string') fail(k, `attr 'equation' must be a string, got ${JSON.stringify(equation)}`);
  const eq = equation.replace(/\s/g, '');
  const parts = eq.split('->');
  if (parts.length !== 2) fail(k, `equation '${equation}' must contain exactly one '->'`);
  if (eq.includes('...')) fail(k, `equation '${equation}': the ellipsis notation is not supported`);
  const terms = parts[0]!.split(',');
  const outTerm = parts[1]!;
  if (terms.length !== list.length)
    fail(k, `equation '${equation}' expects ${terms.length} operands, got ${list.length}`);
  const sizes = new Map<string, number>();
  terms.forEach((term, i) => {
    const shape = checkShape(k, list[i]!.shape);
    if (term.length !== shape.length)
      fail(k, `operand ${i} has shape ${fmt(shape)} but term '${term}' has ${term.length} labels`);
    if (new Set(term).size !== term.length) fail(k, `term '${term}' repeats a label (not supported)`);
    [...term].forEach((label, j) => {
      const prev = sizes.get(label);
      sizes.set(
        label,
        prev === undefined
          ? shape[j]!
          : unifyDim(
              k,
              prev,
              shape[j]!,
              `label '${label}' has different sizes in ${list.map((x) => fmt(x.shape)).join(', ')}`,
            ),
      );
    });
  });
  const shape = [...outTerm].map((label) => {
    const size = sizes.get(label);
    if (size === undefined) fail(k, `output label '${label}' of '${equation}' is not in the inputs`);
    return size;
  });
  return out(shape, list.map((x) => x.dtype).reduce(upcast));
};

export const MATMUL_RULES = {
  [tf.BatchMatMul]: batchMatMul,
  [tf._FusedMatMul]: fusedMatMul,
  [tf.Einsum]: einsum,
} satisfies KernelTable<ShapeRule>;
