// GraphModel rules of the contraction kernels: BatchMatMul (MatMul for rank 2, else BatchMatMulV2),
// _FusedMatMul (the plain product + bias + activation, as tfjs's cpu kernel computes it), Einsum
// (its equation lower-cased, as tfjs-converter reads it). Needs support/rule-types, support/activation.
// Produces `MATMUL_RULES`.

import { attr } from '../graph-def.js';
import { biasAndActivation } from './support/activation.js';
import {
  tAttr,
  type GraphModelRule,
  type GraphModelTable,
  type GraphModelBuilder,
  type KernelCall,
} from './support/rule-types.js';

function matMul(b: GraphModelBuilder, k: KernelCall, x: string, y: string): string {
  const ta = k.attrs.transposeA === true;
  const tb = k.attrs.transposeB === true;
  const rank2 = k.typeOf(0).shape.length === 2 && k.typeOf(1).shape.length === 2;
  return rank2
    ? b.emit('MatMul', [x, y], { ...tAttr(k), transpose_a: attr.bool(ta), transpose_b: attr.bool(tb) })
    : b.emit('BatchMatMulV2', [x, y], { ...tAttr(k), adj_x: attr.bool(ta), adj_y: attr.bool(tb) });
}

const einsum: GraphModelRule = (b, k) => {
  const eq = String(k.attrs.equation);
  const letters = (s: string) => new Set(s.replace(/[^A-Za-z]/g, '')).size;
  // tfjs-converter lower-cases string attrs, so 'aA' would become 'aa'.
  if (letters(eq) !== letters(eq.toLowerCase()))
    b.fail(`equation '${eq}' mixes upper and lower case of one letter (tfjs-converter lower-cases it)`);
  return [
    b.emit('Einsum', k.inputs, { ...tAttr(k), N: attr.int(k.inputs.length), equation: attr.str(eq.toLowerCase()) }),
  ];
};

export const MATMUL_RULES: GraphModelTable = {
  BatchMatMul: (b, k) => [matMul(b, k, k.input('a'), k.input('b'))],
  _FusedMatMul: (b, k) => [biasAndActivation(b, k, matMul(b, k, k.input('a'), k.input('b')))],
  Einsum: einsum,
};
