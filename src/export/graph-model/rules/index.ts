// The GraphModel rule table: every tfjs kernel the exporter can write, keyed by kernel name, one
// place to see the coverage. Needs the rule files. Produces `GRAPH_MODEL_RULES`, `graphModelKernels()`.

import { joinTables, kernelsIn, ruleOf } from '../../../ir/kernels/index.js';
import type { GraphModelRule, GraphModelTable } from './support/rule-types.js';
import { ELEMENTWISE_RULES } from './elementwise.js';
import { REDUCTION_RULES } from './reduction.js';
import { SHAPE_OP_RULES } from './shape-ops.js';
import { CREATION_RULES } from './creation.js';
import { NN_RULES } from './nn.js';
import { GRADIENT_RULES } from './conv.js';
import { RANDOM_RULES } from './random.js';

// Pure (no effect but the table), so a bundle that never exports leaves the rules out. A kernel with
// rules in two files is an error at load time (no file's rule silently replaces another's).
export const GRAPH_MODEL_RULES: GraphModelTable = /* @__PURE__ */ joinTables('GraphModel', {
  elementwise: ELEMENTWISE_RULES,
  reduction: REDUCTION_RULES,
  'shape-ops': SHAPE_OP_RULES,
  creation: CREATION_RULES,
  nn: NN_RULES,
  gradients: GRADIENT_RULES,
  random: RANDOM_RULES,
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
