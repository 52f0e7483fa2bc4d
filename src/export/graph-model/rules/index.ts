// The GraphModel rule table: every tfjs kernel the exporter can write, keyed by kernel name, one
// place to see the coverage. Needs the rule files. Produces `GRAPH_MODEL_RULES`, `graphModelKernels()`.
// Files: one per ir/kernels family with GraphModel rules, named exactly like it (`nn.ts`, `indexing.ts` …;
// a family too big for one file would be split as `<family>-<part>.ts`), each holding the rules of that
// family's kernels only, gradient kernels included (MaxPoolGrad is in nn.ts, as its record says); helpers
// that are not rules (the rule contract, nhwc, activation) live in `support/`. test/ir/rule-files.test.ts
// checks it.

import { joinTables, kernelsIn, ruleOf } from '../../../ir/kernels/index.js';
import type { GraphModelRule, GraphModelTable } from './support/rule-types.js';
import { ELEMENTWISE_RULES } from './elementwise.js';
import { COMPLEX_RULES } from './complex.js';
import { REDUCTION_RULES } from './reduction.js';
import { MATMUL_RULES } from './matmul.js';
import { SHAPE_OP_RULES } from './shape-ops.js';
import { INDEXING_RULES } from './indexing.js';
import { CREATION_RULES } from './creation.js';
import { RANDOM_RULES } from './random.js';
import { CONV_RULES } from './conv.js';
import { NN_RULES } from './nn.js';
import { IMAGE_RULES } from './image.js';

// Pure (no effect but the table), so a bundle that never exports leaves the rules out. A kernel with
// rules in two files is an error at load time (no file's rule silently replaces another's). The files
// by name, in KERNEL_FAMILIES order.
export const GRAPH_MODEL_RULES: GraphModelTable = /* @__PURE__ */ joinTables('GraphModel', {
  elementwise: ELEMENTWISE_RULES,
  complex: COMPLEX_RULES,
  reduction: REDUCTION_RULES,
  matmul: MATMUL_RULES,
  'shape-ops': SHAPE_OP_RULES,
  indexing: INDEXING_RULES,
  creation: CREATION_RULES,
  random: RANDOM_RULES,
  conv: CONV_RULES,
  nn: NN_RULES,
  image: IMAGE_RULES,
});

/** The GraphModel rule of kernel `kernel` (a graph node's op), or undefined. */
export function graphModelRuleFor(kernel: string): GraphModelRule | undefined {
  return ruleOf(GRAPH_MODEL_RULES, kernel);
}

/** The tfjs kernels with a GraphModel rule, sorted (for coverage reports and tests). */
export function graphModelKernels(): string[] {
  return kernelsIn(GRAPH_MODEL_RULES);
}

export type { GraphModelBuilder, GraphModelRule, GraphModelTable, KernelCall } from './support/rule-types.js';
