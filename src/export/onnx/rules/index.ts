// The table of ONNX rules, keyed by tfjs kernel name: one place to see what exports (and a coverage
// test can list the gaps against the tracer's shape rules). A kernel with rules in two files is an
// error at load time. Needs the rule files. Produces `ONNX_RULES`, `onnxRuleFor`, `onnxKernels`.
// Files: one per ir/kernels family with ONNX rules, named exactly like it (`nn.ts`, `image.ts` …; a family
// too big for one file is split as `<family>-<part>.ts`: elementwise-unary, elementwise-binary), each
// holding the rules of that family's kernels only, gradient kernels included (ReluGrad goes where its
// record's family is); helpers that are not rules (the rule contract, tfjs-numerics, binary-edges, nchw,
// activation, inexact) live in `support/`. test/ir/rule-files.test.ts checks it.

import { joinTables, kernelsIn, ruleOf } from '../../../ir/kernels/index.js';
import type { OnnxRule, OnnxRuleTable } from './support/rule-types.js';
import { ELEMENTWISE_UNARY_RULES } from './elementwise-unary.js';
import { ELEMENTWISE_BINARY_RULES } from './elementwise-binary.js';
import { REDUCTION_RULES } from './reduction.js';
import { MATMUL_RULES } from './matmul.js';
import { SHAPE_OP_RULES } from './shape-ops.js';
import { INDEXING_RULES } from './indexing.js';
import { CREATION_RULES } from './creation.js';
import { RANDOM_RULES } from './random.js';
import { CONV_RULES } from './conv.js';
import { NN_RULES } from './nn.js';
import { IMAGE_RULES } from './image.js';

/** The rule files by name, in KERNEL_FAMILIES order. */
const FILES: Readonly<Record<string, OnnxRuleTable>> = {
  'elementwise-unary': ELEMENTWISE_UNARY_RULES,
  'elementwise-binary': ELEMENTWISE_BINARY_RULES,
  reduction: REDUCTION_RULES,
  matmul: MATMUL_RULES,
  'shape-ops': SHAPE_OP_RULES,
  indexing: INDEXING_RULES,
  creation: CREATION_RULES,
  random: RANDOM_RULES,
  conv: CONV_RULES,
  nn: NN_RULES,
  image: IMAGE_RULES,
};

export const ONNX_RULES: OnnxRuleTable = /* @__PURE__ */ joinTables('ONNX', FILES);

export function onnxRuleFor(kernel: string): OnnxRule | undefined {
  return ruleOf(ONNX_RULES, kernel);
}

/** The kernels with an ONNX rule, sorted. */
export function onnxKernels(): string[] {
  return kernelsIn(ONNX_RULES);
}
