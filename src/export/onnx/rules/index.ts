// The table of ONNX rules, keyed by tfjs kernel name: one place to see what exports (and a coverage
// test can list the gaps against the tracer's shape rules). A kernel with rules in two families is an
// error at load time. Needs the rule files. Produces `ONNX_RULES`, `onnxRuleFor`, `onnxKernels`.

import type { OnnxRule, OnnxRuleTable } from './rule-types.js';
import { UNARY_RULES } from './unary.js';
import { BINARY_RULES } from './binary.js';
import { REDUCTION_RULES } from './reduction.js';
import { MATMUL_RULES } from './matmul.js';
import { SHAPE_OP_RULES } from './shape-ops.js';
import { SLICING_RULES } from './slicing.js';
import { CREATION_RULES } from './creation.js';
import { NN_RULES } from './nn.js';
import { GRADIENT_RULES } from './gradients.js';
import { IMAGE_SCATTER_RULES } from './image-scatter.js';
import { RANDOM_RULES } from './random.js';

const FAMILIES: Readonly<Record<string, OnnxRuleTable>> = {
  unary: UNARY_RULES,
  binary: BINARY_RULES,
  reduction: REDUCTION_RULES,
  matmul: MATMUL_RULES,
  'shape-ops': SHAPE_OP_RULES,
  slicing: SLICING_RULES,
  creation: CREATION_RULES,
  nn: NN_RULES,
  gradients: GRADIENT_RULES,
  'image-scatter': IMAGE_SCATTER_RULES,
  random: RANDOM_RULES,
};

function assemble(): OnnxRuleTable {
  const table: Record<string, OnnxRule> = {};
  const owner: Record<string, string> = {};
  for (const [family, rules] of Object.entries(FAMILIES)) {
    for (const [kernel, rule] of Object.entries(rules)) {
      if (owner[kernel]) throw new Error(`internal: kernel ${kernel} has ONNX rules in both ${owner[kernel]} and ${family}`);
      owner[kernel] = family;
      table[kernel] = rule;
    }
  }
  return Object.freeze(table);
}

export const ONNX_RULES: OnnxRuleTable = /* @__PURE__ */ assemble();

export function onnxRuleFor(kernel: string): OnnxRule | undefined {
  return Object.prototype.hasOwnProperty.call(ONNX_RULES, kernel) ? ONNX_RULES[kernel] : undefined;
}

/** The kernels with an ONNX rule, sorted. */
export function onnxKernels(): string[] {
  return Object.keys(ONNX_RULES).sort();
}
