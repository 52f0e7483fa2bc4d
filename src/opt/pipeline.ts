// The optimizer: runs the passes below in order on a traced graph (recursing into Cond/While
// subgraphs), optionally verifying the IR after each pass and logging it (verbosity 3, AG_DEBUG=1).
// Needs the passes and ir/verify. Produces `optimize(graph, opts)` and `PASSES`.
// Keeps the top graph's params and captures (same values, same order) and its outputs' order and types.

import type { Graph } from '../ir/graph.js';
import { verify } from '../ir/verify.js';
import { log as report, verbosity } from '../platform/log.js';
import { constantFold } from './constant-fold.js';
import { cse } from './cse.js';
import { dce } from './dce.js';
import { fuseElementwise } from './fuse-elementwise.js';
import { pruneControlFlow } from './prune-control-flow.js';
import { simplify } from './simplify.js';

export type Pass = (graph: Graph) => Graph;

export interface OptimizeOptions {
  /** Run `verify()` after every pass (tests do). */
  readonly verify?: boolean;
  /** Called with each pass's name and result (default: print the IR when AG_DEBUG is set). */
  readonly log?: (pass: string, graph: Graph) => void;
  /** Skip passes by name (for tests and debugging). */
  readonly skip?: readonly string[];
}

/** The passes, in order. Each takes a graph and returns the optimized graph. */
export const PASSES: readonly (readonly [name: string, pass: Pass])[] = [
  ['simplify', simplify], //                   1. drop no-ops: Identity, same-dtype Cast, x*1, Neg(Neg(x)) …
  ['constant-fold', constantFold], //          2. evaluate constant expressions; take Conds with constant predicates
  ['simplify', simplify], //                   3. folding exposes new no-ops (x * a computed 1)
  ['cse', cse], //                             4. merge duplicate expressions and constants
  ['dce', dce], //                             5. drop what nothing uses (never effects)
  ['prune-control-flow', pruneControlFlow], // 6. drop unused Cond/While outputs, loop variables, operands
  ['constant-fold', constantFold], //          7. simplified pass-throughs can be constants: fold again
  ['cse', cse], //                             8. … and more duplicates
  ['dce', dce], //                             9.
  ['fuse-elementwise', fuseElementwise], //   10. last: Fused nodes are opaque to the passes above
];

export function optimize(graph: Graph, opts: OptimizeOptions = {}): Graph {
  const log = opts.log ?? (debugEnabled() ? printToConsole : undefined);
  const params = [...graph.params];
  const captures = graph.captures.map((c) => c.param);
  const outputTypes = graph.outputs.map((v) => `${v.dtype}[${v.shape.join(',')}]`);
  let g = graph;
  for (const [name, pass] of PASSES) {
    if (opts.skip?.includes(name)) continue;
    g = pass(g);
    if (opts.verify) {
      verify(g);
      checkInterface(name, g, params, captures, outputTypes);
    }
    log?.(name, g);
  }
  return g;
}

/** The executors feed params and captures by position and read outputs by position. */
function checkInterface(
  pass: string,
  g: Graph,
  params: readonly unknown[],
  captures: readonly unknown[],
  outputTypes: readonly string[],
): void {
  const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (!same(g.params, params)) throw new Error(`optimizer pass '${pass}' changed the params of graph '${g.name}'`);
  if (
    !same(
      g.captures.map((c) => c.param),
      captures,
    )
  )
    throw new Error(`optimizer pass '${pass}' changed the captures of graph '${g.name}'`);
  const types = g.outputs.map((v) => `${v.dtype}[${v.shape.join(',')}]`);
  if (!same(types, outputTypes))
    throw new Error(`optimizer pass '${pass}' changed the outputs of graph '${g.name}': ${types} ≠ ${outputTypes}`);
}

function debugEnabled(): boolean {
  return verbosity() >= 3;
}

/** Verbosity 3: the IR after each pass, on stderr with the other reports. */
function printToConsole(pass: string, g: Graph): void {
  report(3, () => `// ---- ${g.name}: after ${pass} ----\n${g.toString()}`);
}
