// Counted loops: a While whose condition is only `counter < bound` (or <=, >, >=) on a loop variable
// the body steps by a constant — what `for (const i of ag.range(n))`, `for…of` over a tensor and a
// hand-written `while (i < n) { …; i += 1 }` become. Its trip count is known before the loop: from
// constants (no read), or from one read of the start and bound per call, so the interpreter runs the
// body that many times and never evaluates (nor reads) the condition, and a picture can tell the
// length of a list a loop with a static count builds (export/dot/list-lengths.ts). The count replays the
// condition's own arithmetic on the host (int32, float32 rounding), so it is the number of
// iterations the loop as written makes; where the counter would wrap or stall, there is none and
// the loop runs as written. Needs the IR. Produces `CountedLoop`, `countedLoop`, `tripCount`.

import type { Graph, Node, Value } from './graph.js';
import { OP } from './ops.js';
import { numericConstValues } from './const-values.js';

type Compare = 'Less' | 'LessEqual' | 'Greater' | 'GreaterEqual';

const COMPARE: Readonly<Record<Compare, (a: number, b: number) => boolean>> = {
  Less: (a, b) => a < b,
  LessEqual: (a, b) => a <= b,
  Greater: (a, b) => a > b,
  GreaterEqual: (a, b) => a >= b,
};

/** The comparison with its operands swapped (`n > i` is `i < n`). */
const SWAPPED: Readonly<Record<Compare, Compare>> = {
  Less: 'Greater',
  LessEqual: 'GreaterEqual',
  Greater: 'Less',
  GreaterEqual: 'LessEqual',
};

/** A start or bound: known statically, or the While input read once per call. */
export type Operand = { readonly value: number } | { readonly input: number };

export interface CountedLoop {
  /** The loop variable that counts (a scalar). */
  readonly counter: number;
  /** The loop goes on while `counter <compare> bound`. */
  readonly compare: Compare;
  /** What the body adds to the counter on every iteration (non-zero, toward the bound). */
  readonly step: number;
  readonly dtype: 'int32' | 'float32';
  readonly start: Operand;
  readonly bound: Operand;
  /** The While inputs read before the loop (start's, then bound's, where not static). */
  readonly reads: readonly number[];
}

const isCompare = (op: string): op is Compare => op in COMPARE;

const scalarConst = (v: Value | undefined): number | undefined => {
  const values = numericConstValues(v);
  return values && values.length === 1 ? values[0] : undefined;
};

/** What the body adds to loop variable `k` each iteration (`k + c`, `c + k`, `k - c` with a constant c), if that is all it does. */
function stepOf(body: Graph, k: number): number | undefined {
  const x = body.inputs[k];
  const m = body.outputs[k]?.node;
  if (!m || m.inputs.length !== 2) return undefined;
  const [a, b] = m.inputs;
  let step: number | undefined;
  if (m.op === 'Add') step = a === x ? scalarConst(b) : b === x ? scalarConst(a) : undefined;
  else if (m.op === 'Sub' && a === x) step = -(scalarConst(b) ?? NaN);
  return step !== undefined && Number.isFinite(step) && step !== 0 ? step : undefined;
}

/** The bound `v` of the condition: a constant, an invariant of the loop, or a loop variable the body passes through. */
function boundOf(node: Node, v: Value, n: number): Operand | undefined {
  const { cond, body } = node.subgraphs!;
  const value = scalarConst(v);
  if (value !== undefined) return { value };
  const j = cond.inputs.indexOf(v);
  if (j < 0 || (j < n && body.outputs[j] !== body.inputs[j])) return undefined;
  return operandAt(node, j);
}

/** While input `j`: its value when a Const makes it, else read at run time. */
function operandAt(node: Node, j: number): Operand {
  const value = scalarConst(node.inputs[j]);
  return value !== undefined ? { value } : { input: j };
}

function analyze(node: Node): CountedLoop | undefined {
  const { cond, body } = node.subgraphs!;
  const n = node.outputs.length;
  const test = cond.outputs.length === 1 ? cond.outputs[0]!.node : undefined;
  if (!test || !isCompare(test.op)) return undefined;
  // Nothing else runs in the condition (no effects, no other work): skipping it changes nothing.
  if (cond.nodes.some((m) => m !== test && m.op !== OP.Const)) return undefined;
  const [a, b] = test.inputs as [Value, Value];
  const sides: [Value, Value, Compare][] = [
    [a, b, test.op],
    [b, a, SWAPPED[test.op]],
  ];
  for (const [mine, other, compare] of sides) {
    const counter = cond.inputs.indexOf(mine);
    if (counter < 0 || counter >= n || mine.shape.length !== 0 || other.dtype !== mine.dtype) continue;
    const dtype = mine.dtype;
    if (dtype !== 'int32' && dtype !== 'float32') continue;
    const step = stepOf(body, counter);
    // The counter must move toward its bound; any other loop reads its condition as written.
    if (step === undefined || compare.startsWith('Less') !== step > 0) continue;
    const bound = boundOf(node, other, n);
    if (!bound) continue;
    const start = operandAt(node, counter);
    const reads = [start, bound].flatMap((o) => ('input' in o ? [o.input] : []));
    return { counter, compare, step, dtype, start, bound, reads };
  }
  return undefined;
}

const analyses = new WeakMap<Node, CountedLoop | null>();

/** The While node's counted form, if it is a counted loop. */
export function countedLoop(node: Node): CountedLoop | undefined {
  let loop = analyses.get(node);
  if (loop === undefined) {
    loop = analyze(node) ?? null;
    analyses.set(node, loop);
  }
  return loop ?? undefined;
}

/**
 * How many times the loop's body runs, given the values read for `loop.reads` (in order) and the
 * loop's maximumIterations; undefined where the counter would wrap (int32) or stop moving (float32).
 */
export function tripCount(
  loop: CountedLoop,
  read: readonly ArrayLike<number>[],
  max: number | undefined,
): number | undefined {
  let r = 0;
  const valueOf = (o: Operand): number => ('value' in o ? o.value : read[r++]![0]!);
  let i = valueOf(loop.start);
  const bound = valueOf(loop.bound);
  const go = COMPARE[loop.compare];
  const limit = max ?? Infinity;
  const int = loop.dtype === 'int32';
  let count = 0;
  while (count < limit && go(i, bound)) {
    const next = int ? i + loop.step : Math.fround(i + loop.step);
    if (int ? next !== (next | 0) : next === i) return undefined;
    i = next;
    count++;
  }
  return count;
}
