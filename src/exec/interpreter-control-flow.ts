// How the interpreter runs Cond and While: a Cond reads its predicate and walks one branch; a
// counted While (ir/counted-loop.ts) reads its start and bound at most once and runs its
// body that many times, its counter kept on the host (the body's increment is not run); on a GPU
// backend a loop whose body may run past its end reads its conditions in batches; any other While reads its condition before every iteration. Reads are
// yielded to the driver (interpreter-reads.ts), so the same code runs synchronously or awaits them.
// Loop variables are freed as soon as the next iteration's replace them (also when a step throws).
// Needs tfjs, the IR, the reads and the counted-loop analysis. Produces `RtValue`, `cloneValue`,
// `runCond`, `runWhile`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node, Value } from '../ir/graph.js';
import type { SubgraphSteps } from '../ir/walk.js';
import { RtList } from './rt-list.js';
import type { HostRead, HostValues, Steps } from './interpreter-reads.js';
import { countedLoop, tripCount, type CountedLoop } from '../ir/counted-loop.js';
import { speculableLoop } from '../ir/speculable-loop.js';

/** What a value holds at run time: a tensor, or a tensor list. */
export type RtValue = tf.Tensor | RtList<tf.Tensor>;

/** A subgraph walk of the interpreter, in a call context `C`. */
export type Subgraph<C> = SubgraphSteps<RtValue, C, HostRead, HostValues>;

export function cloneValue<T extends RtValue>(x: T): T {
  return (x instanceof RtList ? x : tf.clone(x)) as T;
}

export function* runCond<C>(node: Node, args: RtValue[], c: C, subgraph: Subgraph<C>): Steps<RtValue[]> {
  const [pred, ...operands] = args;
  const [value] = yield { node, tensors: [pred as tf.Tensor] };
  return yield* subgraph(value![0] ? node.subgraphs!.then! : node.subgraphs!.else!, operands, c);
}

/** Evaluates the loop's condition on `inputs` and reads it. */
function* holds<C>(node: Node, cond: Graph, inputs: RtValue[], c: C, subgraph: Subgraph<C>): Steps<boolean> {
  const [t] = (yield* subgraph(cond, inputs, c)) as tf.Tensor[];
  try {
    const [value] = yield { node, tensors: [t!] };
    return value![0] !== 0;
  } finally {
    t!.dispose();
  }
}

/** A counted loop's trip count and its counter's start (reading them where they are not static), or undefined. */
function* countOf(
  node: Node,
  args: RtValue[],
  max: number | undefined,
): Steps<{ loop: CountedLoop; trips: number; start: number } | undefined> {
  const loop = countedLoop(node);
  if (!loop) return undefined;
  const read = loop.reads.length > 0 ? yield { node, tensors: loop.reads.map((j) => args[j] as tf.Tensor) } : [];
  const trips = tripCount(loop, read, max);
  return trips === undefined
    ? undefined
    : { loop, trips, start: 'value' in loop.start ? loop.start.value : read[0]![0]! };
}

/**
 * The counter of a counted loop on the host: the body's `counter + step` is not run; its value
 * (the same float32 or int32 sum the kernel makes) is bound as a new scalar, one per iteration.
 */
class HostCounter {
  private value: number;
  private readonly step: Value;
  constructor(
    private readonly loop: CountedLoop,
    body: Graph,
    start: number,
  ) {
    this.value = start;
    this.step = body.outputs[loop.counter]!;
  }
  /** The body's preset for the next iteration: the counter's next value. */
  next(): ReadonlyMap<Value, RtValue> {
    const sum = this.value + this.loop.step;
    this.value = this.loop.dtype === 'int32' ? sum : Math.fround(sum);
    return new Map([[this.step, tf.scalar(this.value, this.loop.dtype)]]);
  }
}

/** Backends where a read is a round trip to a GPU: there loops that allow it run ahead of their reads. */
const DEVICE_BACKENDS: ReadonlySet<string> = new Set(['webgpu', 'webgl']);
/** The largest batch of iterations run ahead of one read. */
const MAX_AHEAD = 16;

/**
 * A loop whose iterations may run past its end (ir/speculable-loop.ts), in batches of 1, 2, 4 …
 * MAX_AHEAD iterations: each batch evaluates the condition before every iteration and the body
 * after it without reading, then reads the batch's conditions at once; the loop's result is the
 * state before the first false one (later states are dropped). A loop of n iterations reads about
 * log2(n) + n/16 times instead of n + 1.
 */
function* runAhead<C>(
  node: Node,
  start: RtValue[],
  invariants: RtValue[],
  c: C,
  subgraph: Subgraph<C>,
): Steps<RtValue[]> {
  const { cond, body } = node.subgraphs!;
  let vars = start;
  let owned = false;
  try {
    for (let batch = 1; ; batch = Math.min(2 * batch, MAX_AHEAD)) {
      const states: RtValue[][] = [vars];
      const tests: tf.Tensor[] = [];
      try {
        for (let j = 0; j < batch; j++) {
          tests.push(((yield* subgraph(cond!, [...states[j]!, ...invariants], c)) as tf.Tensor[])[0]!);
          states.push(yield* subgraph(body!, [...states[j]!, ...invariants], c));
        }
        // one tensor, one read (a read per tensor would be a round trip each)
        if (tests.length > 1) tests.push(tf.stack(tests.splice(0)));
        const [read] = yield { node, tensors: [tests[0]!] };
        const stop = Array.prototype.findIndex.call(read!, (v: number) => v === 0);
        const end = stop < 0 ? batch : stop;
        states.forEach((s, k) => {
          if (k !== end && (k > 0 || owned)) for (const t of s) t.dispose();
        });
        vars = states[end]!;
        owned ||= end > 0;
        if (stop >= 0) break;
      } finally {
        tf.dispose(tests);
      }
    }
    const result = owned ? vars : vars.map(cloneValue);
    owned = false;
    return result;
  } finally {
    if (owned) for (const t of vars) t.dispose();
  }
}

export function* runWhile<C>(node: Node, args: RtValue[], c: C, subgraph: Subgraph<C>): Steps<RtValue[]> {
  const n = node.outputs.length;
  const invariants = args.slice(n);
  const max = node.attrs.maximumIterations as number | undefined;
  const { cond, body } = node.subgraphs!;
  const counted = yield* countOf(node, args, max);
  if (
    !counted &&
    DEVICE_BACKENDS.has(tf.getBackend()) &&
    speculableLoop(node) &&
    args.every((a) => a instanceof tf.Tensor)
  ) {
    return yield* runAhead(node, args.slice(0, n), invariants, c, subgraph);
  }
  const counter = counted && new HostCounter(counted.loop, body!, counted.start);
  let vars = args.slice(0, n);
  let ownsVars = false;
  try {
    for (let iter = 0; max === undefined || iter < max; iter++) {
      if (counted ? iter >= counted.trips : !(yield* holds(node, cond!, [...vars, ...invariants], c, subgraph))) break;
      const next = yield* subgraph(body!, [...vars, ...invariants], c, counter?.next());
      if (ownsVars) for (const t of vars) t.dispose();
      vars = next;
      ownsVars = true;
    }
    const result = ownsVars ? vars : vars.map(cloneValue);
    ownsVars = false;
    return result;
  } finally {
    if (ownsVars) for (const t of vars) t.dispose();
  }
}
