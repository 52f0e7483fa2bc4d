// ONNX rules of the contraction kernels: BatchMatMul and _FusedMatMul (transposeA/B as Transpose of
// the last two axes, then MatMul; bias and activation after) and Einsum; int32 matMul in doubles
// summed in tfjs's order and wrapped, as its cpu kernel computes it.
// Needs support/rule-types, support/activation and the builder. Produces `MATMUL_RULES`.

import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { applyActivation } from './support/activation.js';
import {
  arg,
  args,
  finish,
  optionalArg,
  out,
  outType,
  type Arg,
  type KernelCall,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';
import { doubleToInt32, toDouble } from './support/tfjs-numerics.js';

/** `x` with its last two axes swapped when `transpose`. */
function maybeTranspose(b: OnnxGraphBuilder, x: Arg, transpose: unknown): string {
  if (!transpose) return x.name;
  const r = x.shape.length;
  const perm = [...Array(r).keys()];
  [perm[r - 2], perm[r - 1]] = [perm[r - 1]!, perm[r - 2]!];
  return b.op('Transpose', [x.name], { perm });
}

/** The product; int32 operands are multiplied and summed in doubles and wrapped, as tfjs's kernel does. */
function product(b: OnnxGraphBuilder, k: KernelCall): string {
  const d = outType(k).dtype;
  const a = arg(k, 'a');
  const c = arg(k, 'b');
  const x = b.cast(maybeTranspose(b, a, k.attrs.transposeA), a.dtype, d);
  const y = b.cast(maybeTranspose(b, c, k.attrs.transposeB), c.dtype, d);
  if (d === 'int32') return int32Product(b, x, y, a.shape[a.shape.length - (k.attrs.transposeA ? 2 : 1)]!);
  return b.op('MatMul', [x, y]);
}

/** The block of the shared dimension tfjs's cpu matMul sums in doubles before adding into its output. */
const TFJS_BLOCK = 48;

/**
 * int32 matMul as tfjs's cpu kernel computes it: each product in doubles, summed in order over
 * blocks of 48 along the shared dimension (a CumSum, whose order is fixed), each block's sum added
 * into the int32 output (wrapping). `shared` is the shared dimension's size (-1: one block).
 */
function int32Product(b: OnnxGraphBuilder, x: string, y: string, shared: number): string {
  if (shared === 0) return b.op('MatMul', [x, y]); // zeros
  const products = b.op('Mul', [
    b.op('Unsqueeze', [toDouble(b, x), b.int64([-1])]),
    b.op('Unsqueeze', [toDouble(b, y), b.int64([-3])]),
  ]);
  const blockSum = (block: string) =>
    b.op('Gather', [b.op('CumSum', [block, b.int64([-2], true)]), b.int64([-1], true)], { axis: -2 });
  if (shared < 0) return doubleToInt32(b, blockSum(products), true);
  let acc: string | undefined;
  for (let k0 = 0; k0 < shared; k0 += TFJS_BLOCK) {
    const block = b.op('Slice', [products, b.int64([k0]), b.int64([Math.min(shared, k0 + TFJS_BLOCK)]), b.int64([-2])]);
    const s = blockSum(block);
    acc = doubleToInt32(b, acc === undefined ? s : b.op('Add', [toDouble(b, acc), s]), true);
  }
  return acc!;
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
  const equation = { equation: String(k.attrs.equation).replace(/\s/g, '') };
  // int32: products and sums wrap (tfjs multiplies in doubles, so a product beyond 2^53 can differ).
  b.op('Einsum', xs, equation, out(k));
};

export const MATMUL_RULES: OnnxRuleTable = {
  BatchMatMul: batchMatMul,
  _FusedMatMul: fusedMatMul,
  Einsum: einsum,
};
