// Where tracing meets tfjs's gradient tape, without knowing gradients: when a staged op made now
// counts as taped (a gradient started inside the subgraph being traced), and the hooks grad/ fills
// to push a tape entry for a staged Cond or While (as tensor lists do through `listTape`).
// Needs the engine state, the context, capture. Produces `tapeActive`, `withTapeBase`, `controlFlowTape`,
// `operandTensors`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node, Value } from '../ir/graph.js';
import type { DType, Shape } from '../ir/types.js';
import { engineState } from '../engine/tfjs-engine.js';
import { symbolicValue } from './context.js';
import { valueIn } from './capture.js';

/** The gradient depth at which each open subgraph trace began (Infinity: tape off for staged ops). */
const bases: number[] = [];

/** True when a staged op made now must push a tape entry: a gradient was started inside the current subgraph. */
export function tapeActive(): boolean {
  const s = engineState();
  if (!(s.gradientDepth > 0 && s.kernelDepth === 0 && s.activeTape)) return false;
  return s.gradientDepth > (bases[bases.length - 1] ?? 0);
}

/** Runs `fn` (the tracing of a subgraph) with the tape off for staged ops, unless a gradient starts inside. */
export function withTapeBase<T>(fn: () => T, depth = engineState().gradientDepth): T {
  bases.push(depth);
  try {
    return fn();
  } finally {
    bases.pop();
  }
}

/** The element type of a list loop variable, as the gradient records it. */
export interface ListTypeAttrs {
  readonly elementDtype: DType;
  readonly elementShape: Shape | null;
}

/**
 * Filled by grad/ (cond-grad.ts, while-grad.ts): pushes the tape entry of a staged Cond or While
 * made while `tapeActive()`. `operands[k]` are the tensors standing for the node's operand k.
 */
export const controlFlowTape: {
  cond?: (node: Node, operands: readonly tf.Tensor[][], outs: tf.Tensor[]) => void;
  while?: (
    node: Node,
    listTypes: readonly (ListTypeAttrs | undefined)[],
    inits: readonly tf.Tensor[][],
    operands: readonly tf.Tensor[][],
    outs: tf.Tensor[],
  ) => void;
} = {};

/** The hook `kind`, which a taped Cond/While needs: grad/ is loaded with the api (api/jit.ts). */
export function tapeHook<K extends keyof typeof controlFlowTape>(kind: K): NonNullable<(typeof controlFlowTape)[K]> {
  const hook = controlFlowTape[kind];
  if (!hook)
    throw new Error(`internal: a staged ${kind} was made under a gradient tape, but grad/install.ts is not loaded`);
  return hook;
}

/** For each operand of a node: the tensors (observed while its subgraphs were traced) that stand for it. */
export function operandTensors(
  parent: Graph,
  operands: readonly Value[],
  observed: Iterable<tf.Tensor>,
): tf.Tensor[][] {
  const out: tf.Tensor[][] = operands.map(() => []);
  for (const t of observed) {
    const sv = symbolicValue(t);
    if (sv && !parent.isWithin(sv.graph)) continue;
    const k = operands.indexOf(valueIn(parent, t));
    if (k >= 0 && !out[k]!.includes(t)) out[k]!.push(t);
  }
  return out;
}
