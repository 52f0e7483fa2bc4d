// Random draws in the IR: nodes whose values are drawn afresh each time they run (tfjs's unseeded
// randomNormal, truncatedNormal, randomUniform(Int), randomGamma, and Multinomial without a seed).
// Seeded draws are constants of the graph (the same values on every call, as eager tfjs gives).
// Needs the IR and the kernel records. Produces the draw ops, their attrs, `isRandomNode`, `randomNodesIn`.

import type { Graph, Node } from './graph.js';
import type { DType } from './types.js';
import { kernelOf, kernelsWhere, type KernelsWith } from './kernels/index.js';

/** Ops of draws made from attrs alone (no inputs; records with `drawOp`); each one's output shape and dtype are attrs too. */
export type DrawOp = KernelsWith<'drawOp'>;

/** The draw ops, in `KERNEL_NAMES` order. */
export const DRAW_OPS: readonly DrawOp[] = /* @__PURE__ */ kernelsWhere((k) => k.drawOp === true) as DrawOp[];

/** The attrs of a draw node: the arguments of the tfjs op that makes the same draw eagerly. */
export interface DrawAttrs {
  readonly shape: readonly number[];
  readonly dtype: DType;
  /** RandomNormal, TruncatedNormal. */
  readonly mean?: number;
  readonly stdDev?: number;
  /** RandomUniform (dtype int32: tfjs truncates minval + (maxval - minval) * u toward zero). */
  readonly minval?: number;
  readonly maxval?: number;
  /** RandomGamma. */
  readonly alpha?: number;
  readonly beta?: number;
}

export function isDrawOp(op: string): op is DrawOp {
  return kernelOf(op)?.drawOp === true;
}

/** A Multinomial node without a seed: each run samples with a new seed, as eager tfjs does. */
export function isFreshMultinomial(node: Node): boolean {
  return node.op === 'Multinomial' && node.attrs.seed == null;
}

/** True for a node whose values differ from run to run. */
export function isRandomNode(node: Node): boolean {
  return isDrawOp(node.op) || isFreshMultinomial(node);
}

/** The random nodes of `g` (not of its subgraphs), in program order. */
export function randomNodesIn(g: Graph): Node[] {
  return g.nodes.filter(isRandomNode);
}

/** True when `g` or a subgraph nested in it has a random node. */
export function hasRandomNodes(g: Graph): boolean {
  return g.nodes.some((n) => isRandomNode(n) || Object.values(n.subgraphs ?? {}).some(hasRandomNodes));
}
