// The per-kernel shape/dtype rule table the graph backend consults while tracing, assembled from its rule files.
// Needs the rule files. Produces `SHAPE_RULES` (keyed by kernel name) and `shapeRuleFor`; a name defined twice is an
// error at load time, so each kernel's rule lives in exactly one file, and a kernel record (ir/kernels) without a
// rule, other than a draw op, does not compile. Every rule is guarded by the contract.
// Files: one per ir/kernels family, named exactly like it (`elementwise.ts`, `data-dependent.ts` …; a family too big
// for one file is split as `<family>-<part>.ts`), each holding the rules of that family's kernels only; helpers that
// are not rules (the rule contract, shape-util) live in `support/`. test/ir/rule-files.test.ts checks it.

import {
  entriesOf,
  joinTables,
  ruleOf,
  type KernelName,
  type KernelsWith,
  type KernelTable,
} from '../../ir/kernels/index.js';
import type { ShapeRule, ShapeTable } from './support/rule-types.js';
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
import { DATA_DEPENDENT_RULES } from './data-dependent.js';

/** The rule files by name, in KERNEL_FAMILIES order. */
const FILES = {
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
  'data-dependent': DATA_DEPENDENT_RULES,
} satisfies Readonly<Record<string, KernelTable<ShapeRule>>>;

/** Kernels with a record but no rule in any file here: never, or the check below fails to compile. */
type WithoutShapeRule = Exclude<
  KernelName,
  KernelsWith<'drawOp'> | { [F in keyof typeof FILES]: keyof (typeof FILES)[F] }[keyof typeof FILES]
>;
/** Does not compile, naming the kernels, when a kernel record (other than a draw op) has no shape rule. */
const EVERY_KERNEL_HAS_A_SHAPE_RULE: [WithoutShapeRule] extends [never]
  ? true
  : { kernelsWithoutAShapeRule: WithoutShapeRule } = true;

const DTYPES = new Set(['float32', 'int32', 'bool', 'complex64', 'string']);

/** Holds every rule to the contract: errors name the kernel; outputs are integer dims >= -1 of a tfjs dtype. */
function guard(kernel: string, rule: ShapeRule): ShapeRule {
  return (args) => {
    let outs: ReturnType<ShapeRule>;
    try {
      outs = rule(args);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (message.startsWith(`${kernel}:`)) throw e;
      throw new Error(`${kernel}: ${message}`, { cause: e });
    }
    for (const o of outs) {
      if (!DTYPES.has(o.dtype) || !Array.isArray(o.shape) || o.shape.some((d) => !Number.isInteger(d) || d < -1))
        throw new Error(`${kernel}: internal: the shape rule produced an invalid output ${JSON.stringify(o)}`);
    }
    return outs;
  };
}

function assemble(): ShapeTable {
  const table: Partial<Record<KernelName, ShapeRule>> = {};
  for (const [kernel, rule] of entriesOf(joinTables('shape', FILES))) table[kernel] = guard(kernel, rule);
  return Object.freeze(table);
}

export const SHAPE_RULES: ShapeTable = EVERY_KERNEL_HAS_A_SHAPE_RULE && assemble();

/** The shape rule of kernel `kernel` (a name from a tfjs call), or undefined. */
export function shapeRuleFor(kernel: string): ShapeRule | undefined {
  return ruleOf(SHAPE_RULES, kernel);
}

export { DATA_DEPENDENT_KERNELS } from './data-dependent.js';
