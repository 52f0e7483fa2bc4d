// The GraphModel rule table: every tfjs kernel the exporter can write, keyed by kernel name, one
// place to see the coverage. Needs the rule files. Produces `GRAPH_MODEL_RULES`, `graphModelKernels()`.

import type { GraphModelTable } from './rule-types.js';
import { ELEMENTWISE_RULES } from './elementwise.js';
import { REDUCTION_RULES } from './reduction.js';
import { SHAPE_OP_RULES } from './shape-ops.js';
import { CREATION_RULES } from './creation.js';
import { NN_RULES } from './nn.js';
import { GRADIENT_RULES } from './gradients.js';
import { RANDOM_RULES } from './random.js';

// Pure (no effect but the table), so a bundle that never exports leaves the rules out.
export const GRAPH_MODEL_RULES: GraphModelTable = /* @__PURE__ */ Object.assign(
  {},
  ELEMENTWISE_RULES,
  REDUCTION_RULES,
  SHAPE_OP_RULES,
  CREATION_RULES,
  NN_RULES,
  GRADIENT_RULES,
  RANDOM_RULES,
);

/** The tfjs kernels with a GraphModel rule, sorted (for coverage reports and tests). */
export function graphModelKernels(): string[] {
  return Object.keys(GRAPH_MODEL_RULES).sort();
}

export type { GraphModelRule, GraphModelTable, KernelCall, RuleContext } from './rule-types.js';
