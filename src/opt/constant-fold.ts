// Constant folding: pure kernels whose inputs are all constants run once on the tfjs cpu backend and
// become Const nodes; a Cond with a constant predicate is replaced by its taken branch; a While that
// never runs is replaced by its initial values; small constant operands of Cond/While are pushed
// into their subgraphs so that folding continues there. Needs evaluate-on-cpu, elementwise-kernels, clone, rewrite.
// Produces `constantFold(graph)` (mutates and returns `graph`).

import { Node, type Graph, type Value } from '../ir/graph.js';
import { sameShape, sizeOf } from '../ir/types.js';
import { elementwiseKernel } from './elementwise-kernels.js';
import { cloneNodesInto } from '../ir/clone.js';
import { evaluateOnCpu, type ConstOperand } from './evaluate-on-cpu.js';
import { constOf, graphHasEffects, isPureKernel, setNodes, Substitution } from './rewrite.js';
import { OP } from '../ir/ops.js';

/** Largest result (in elements) that folding materializes as a constant. */
export const FOLD_LIMIT = 100_000;
/** Largest constant operand copied into a Cond/While subgraph. */
const PROPAGATE_LIMIT = 1024;

const FOLDABLE_DTYPES = new Set(['float32', 'int32', 'bool']);

export function constantFold(graph: Graph): Graph {
  foldGraph(graph);
  return graph;
}

function foldGraph(g: Graph): void {
  const subst = new Substitution();
  const kept: Node[] = [];
  const visit = (node: Node): void => {
    subst.applyTo(node);
    if (node.op === OP.Cond) {
      const taken = takenBranch(node);
      if (taken) {
        for (const n of inlineBranch(node, taken, subst)) visit(n);
        return;
      }
    }
    if (node.subgraphs) {
      propagateConstants(node);
      for (const sub of Object.values(node.subgraphs)) foldGraph(sub);
      if (node.op === OP.While && neverRuns(node)) {
        node.outputs.forEach((v, i) => subst.set(v, node.inputs[i]!));
        return;
      }
      kept.push(node);
      return;
    }
    const consts = fold(node);
    if (!consts) {
      kept.push(node);
      return;
    }
    consts.forEach((c, i) => {
      kept.push(c);
      subst.set(node.outputs[i]!, c.outputs[0]!);
    });
  };
  for (const node of [...g.nodes]) visit(node);
  setNodes(g, kept);
  subst.applyToOutputs(g);
}

/** Const nodes replacing every output of `node`, or undefined when it does not fold. */
function fold(node: Node): Node[] | undefined {
  if (!isPureKernel(node) || node.outputs.length === 0) return undefined;
  const operands: ConstOperand[] = [];
  for (const v of node.inputs) {
    const c = constOf(v);
    if (!c || !FOLDABLE_DTYPES.has(v.dtype)) return undefined;
    operands.push({ values: c.options.values!, dtype: v.dtype, shape: v.shape });
  }
  for (const v of node.outputs) {
    const n = sizeOf(v.shape);
    if (n < 0 || n > FOLD_LIMIT || !FOLDABLE_DTYPES.has(v.dtype)) return undefined;
  }
  const results = evaluateOnCpu(node, scalarOperands(node, operands));
  if (!results) return undefined;
  return node.outputs.map((v, i) => makeConst(node.graph, v, results[i]!, node));
}

/** Kernels that broadcast their two operands elementwise (tfjs-cpu: one loop over the result). */
const BROADCASTING = new Set(['binary', 'compare', 'logical']);

/**
 * `operands` with a one-element operand that is broadcast against the other (whose shape is the
 * result's) given as a scalar: every element of the result reads the same value either way, but
 * tfjs-cpu's kernels compute a broadcast of shape [1, 1] through per-element index arithmetic
 * and one of shape [] in a plain loop.
 */
function scalarOperands(node: Node, operands: ConstOperand[]): ConstOperand[] {
  const kernel = elementwiseKernel(node.op);
  if (operands.length !== 2 || !kernel || !BROADCASTING.has(kernel.category) || node.op === 'Prelu') return operands;
  const out = node.outputs[0]!.shape;
  return operands.map((c, i) => {
    const other = operands[1 - i]!;
    if (c.shape.length === 0 || sizeOf(c.shape) !== 1 || sameShape(c.shape, out) || !sameShape(other.shape, out))
      return c;
    return { ...c, shape: [] };
  });
}

function makeConst(g: Graph, like: Value, values: NonNullable<Node['options']['values']>, from?: Node): Node {
  const c = new Node(g, OP.Const, [], [], {}, { values, source: from?.options.source });
  const v = c.addOutput(like.dtype, like.shape);
  v.name = like.name;
  return c;
}

/** The subgraph a Cond with a constant predicate runs, or undefined. */
function takenBranch(node: Node): Graph | undefined {
  const pred = constOf(node.inputs[0]!);
  if (!pred) return undefined;
  const subs = node.subgraphs!;
  return (pred.options.values as Uint8Array)[0] ? subs.then : subs.else;
}

/** Copies `branch` into the Cond's graph (params mapped to operands); maps the Cond's outputs. */
function inlineBranch(node: Node, branch: Graph, subst: Substitution): Node[] {
  const map = new Map<Value, Value>();
  branch.params.forEach((p, i) => map.set(p, node.inputs[i + 1]!));
  const nodes = cloneNodesInto(branch.nodes, node.graph, map, false);
  node.outputs.forEach((v, i) => subst.set(v, map.get(branch.outputs[i]!)!));
  return nodes;
}

/** True when a While's body can never run (so its results are its initial values). */
function neverRuns(node: Node): boolean {
  if (node.attrs.maximumIterations === 0) return true;
  const cond = node.subgraphs!.cond!;
  const c = constOf(cond.outputs[0]!);
  return c !== undefined && !(c.options.values as Uint8Array)[0] && !graphHasEffects(cond);
}

/**
 * Replaces uses of subgraph params fed with small constants by copies of those constants: every
 * operand of a Cond; invariants of a While, and loop variables its body passes through unchanged.
 */
function propagateConstants(node: Node): void {
  const subs = node.subgraphs!;
  if (node.op === OP.Cond) {
    node.inputs.slice(1).forEach((v, j) => {
      for (const sub of Object.values(subs)) inlineConstParam(sub, j, v, true);
    });
  } else if (node.op === OP.While) {
    const n = node.outputs.length;
    node.inputs.forEach((v, j) => {
      if (j < n && subs.body!.outputs[j] !== subs.body!.params[j]) return; // a loop variable that changes
      // The body keeps returning a passed-through loop variable as its param (simplify's cue).
      for (const [label, sub] of Object.entries(subs)) inlineConstParam(sub, j, v, label === 'cond' || j >= n);
    });
  }
}

function inlineConstParam(sub: Graph, index: number, operand: Value, outputsToo: boolean): void {
  const c = constOf(operand);
  if (!c || sizeOf(operand.shape) > PROPAGATE_LIMIT) return;
  const param = sub.params[index]!;
  const users = sub.nodes.filter((n) => n.inputs.includes(param));
  const inOutputs = outputsToo && sub.outputs.includes(param);
  if (users.length === 0 && !inOutputs) return;
  const copy = makeConst(sub, param, c.options.values!, c);
  copy.outputs[0]!.name = undefined;
  sub.nodes.unshift(copy);
  const value = copy.outputs[0]!;
  for (const n of users) n.inputs = n.inputs.map((v) => (v === param ? value : v));
  if (inOutputs) sub.outputs = sub.outputs.map((v) => (v === param ? value : v));
}
