// ONNX rules of the contraction kernels: BatchMatMul and _FusedMatMul (transposeA/B as Transpose of
// the last two axes, then MatMul; bias and activation after) and Einsum.
// Needs rule-types, activation and the builder. Produces `MATMUL_RULES`.

import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { applyActivation } from './activation.js';
import { arg, args, finish, optionalArg, out, outType, type Arg, type KernelCall, type OnnxRule } from './rule-types.js';

/** `x` with its last two axes swapped when `transpose`. */
function maybeTranspose(b: OnnxGraphBuilder, x: Arg, transpose: unknown): string {
  if (!transpose) return x.name;
  const r = x.shape.length;
  const perm = [...Array(r).keys()];
  [perm[r - 2], perm[r - 1]] = [perm[r - 1]!, perm[r - 2]!];
  return b.op('Transpose', [x.name], { perm });
}

function product(b: OnnxGraphBuilder, k: KernelCall): string {
  const d = outType(k).dtype;
  const a = arg(k, 'a', 0);
  const c = arg(k, 'b', 1);
  const x = b.cast(maybeTranspose(b, a, k.attrs.transposeA), a.dtype, d);
  const y = b.cast(maybeTranspose(b, c, k.attrs.transposeB), c.dtype, d);
  return b.op('MatMul', [x, y]);
}

const batchMatMul: OnnxRule = (b, k) => finish(b, k, product(b, k), outType(k).dtype);

const fusedMatMul: OnnxRule = (b, k) => {
  let y = product(b, k);
  const bias = optionalArg(k, 'bias');
  if (bias) y = b.op('Add', [y, bias.name]);
  const prelu = optionalArg(k, 'preluActivationWeights');
  y = applyActivation(b, y, k.attrs.activation, prelu?.name, k.attrs.leakyreluAlpha);
  finish(b, k, y, outType(k).dtype);
};

const einsum: OnnxRule = (b, k) => {
  const d = outType(k).dtype;
  const xs = args(k).map((x) => b.cast(x.name, x.dtype, d));
  b.op('Einsum', xs, { equation: String(k.attrs.equation).replace(/\s/g, '') }, out(k));
};

export const MATMUL_RULES: Readonly<Record<string, OnnxRule>> = {
  BatchMatMul: batchMatMul,
  _FusedMatMul: fusedMatMul,
  Einsum: einsum,
};
