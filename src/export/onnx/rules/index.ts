// The table of ONNX rules, keyed by tfjs kernel name: one place to see what exports (and a coverage
// test can list the gaps against the tracer's shape rules). A kernel with rules in two files is an
// error at load time. Needs the rule files. Produces `ONNX_RULES`, `onnxRuleFor`, `onnxKernels`.

import { joinTables, kernelsIn, ruleOf } from '../../../ir/kernels/index.js';
import type { OnnxRule, OnnxRuleTable } from './support/rule-types.js';
import { UNARY_RULES } from './elementwise-unary.js';
import { BINARY_RULES } from './elementwise-binary.js';
import { REDUCTION_RULES } from './reduction.js';
import { MATMUL_RULES } from './matmul.js';
import { SHAPE_OP_RULES } from './shape-ops.js';
import { SLICING_RULES } from './indexing.js';
import { CREATION_RULES } from './creation.js';
import { NN_RULES } from './nn.js';
import { GRADIENT_RULES } from './conv.js';
import { IMAGE_SCATTER_RULES } from './image.js';
import { RANDOM_RULES } from './random.js';

const FILES: Readonly<Record<string, OnnxRuleTable>> = {
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

export const ONNX_RULES: OnnxRuleTable = /* @__PURE__ */ joinTables('ONNX', FILES);

export function onnxRuleFor(kernel: string): OnnxRule | undefined {
  return ruleOf(ONNX_RULES, kernel);
}

/** The kernels with an ONNX rule, sorted. */
export function onnxKernels(): string[] {
  return kernelsIn(ONNX_RULES);
}
