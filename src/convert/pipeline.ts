// The conversion pipeline, in order. Each pass rewrites the function AST in place; later passes
// rely on what earlier ones established (noted per line). Needs every pass. Produces `PIPELINE`,
// `runPipeline`.

import type * as t from '@babel/types';
import type { ConvertContext, Pass } from './context.js';
import { functionsPass } from './passes/functions.js';
import { effectStatementsPass } from './passes/effect-statements.js';
import { switchPass } from './passes/switch-statements.js';
import { directivesPass } from './passes/directives.js';
import { forHeadsPass } from './passes/for-heads.js';
import { finallyPass } from './passes/finally-jumps.js';
import { breakPass } from './passes/break-statements.js';
import { continuePass } from './passes/continue-statements.js';
import { returnPass } from './passes/return-statements.js';
import { listsPass } from './passes/lists.js';
import { callTreesPass } from './passes/call-trees.js';
import { slicesPass } from './passes/slices.js';
import { loopTestsPass } from './passes/loop-tests.js';
import { controlFlowPass } from './passes/control-flow.js';
import { conditionalExpressionsPass } from './passes/conditional-expressions.js';
import { logicalExpressionsPass } from './passes/logical-expressions.js';
import { operatorsPass } from './passes/operators.js';
import { recordSites } from './util/site.js';
import type { PassName } from './language/entry.js';

export const PIPELINE: readonly (readonly [PassName, Pass])[] = [
  // Reject unsupported syntax (located errors); `var` → `let` at function top; hoist function declarations.
  ['functions', functionsPass],
  // `c ? a : b;`, `a && b;` as statements → the ifs they mean (staged, no one value to make).
  ['effect-statements', effectStatementsPass],
  // switch → if/else-if chains on === (so a switch on a tensor stages as nested conds).
  ['switch', switchPass],
  // Loop directives (setLoopOptions) → ctx.loopOptions.
  ['directives', directivesPass],
  // A for loop's update moves to the end of its body (marked, for the jump passes); `for (let …)`
  // whose closures capture the head's bindings gets a binding per iteration.
  ['for-heads', forHeadsPass],
  // A finally block that jumps: its try statement becomes a block, the finally body and a replay of
  // the try's completion (so that the jump passes see ordinary statements).
  ['finally', finallyPass],
  // Jump lowering, as TF: flags + guards. After these three, no jump crosses an if/loop body.
  ['break', breakPass],
  ['continue', continuePass],
  ['return', returnPass],
  // z.push(x) → z = ag__.listPush(z, x): arrays appended to are state (tensor lists when staged).
  ['lists', listsPass],
  // Calls → ag__.convertedCall (recursive conversion at run time); console.log → ag__.print.
  ['call-trees', callTreesPass],
  // z[i] → ag__.getItem(z, i), z[i] = x → z = ag__.setItem(z, i, x) (i not a literal): staged lists
  // and tensors indexed by tensors.
  ['slices', slicesPass],
  // A loop condition that writes (`while (k++ < n)`) is evaluated in the body, into a variable.
  ['loop-tests', loopTestsPass],
  // if/loops → ag__.ifStmt/whileStmt/forStmt with explicit state (runs scope/activity/liveness analysis).
  ['control-flow', controlFlowPass],
  // Expressions last: they also rewrite the conditions the jump passes added.
  ['conditional-expressions', conditionalExpressionsPass],
  ['logical-expressions', logicalExpressionsPass],
  ['operators', operatorsPass],
];

/** Runs the passes (all, or up to and including `until`). */
export function runPipeline(root: t.Function, ctx: ConvertContext, until?: string): void {
  // Each if/loop's header as written, before any pass rewrites it (labels of the Cond/While it becomes).
  recordSites(root, ctx.sites);
  for (const [name, pass] of PIPELINE) {
    pass(root, ctx);
    if (name === until) return;
  }
}
