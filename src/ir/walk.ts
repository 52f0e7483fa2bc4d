// The one walk over an IR graph that its consumers share (the interpreter, the ONNX and GraphModel
// lowerings, the gradient replay): each node in order gets its inputs resolved from a value
// environment, goes to the consumer's handler (`Record<StructuralOp, …>` for structural ops, one
// leaf handler for kernels and draws), and its outputs are bound. A consumer that wants Fused nodes
// as their steps asks with `expandFused`; Cond/While handlers walk their subgraphs through the
// callback they are given. `walkSteps` is the same walk as a generator, for a consumer whose
// structural handlers pause for their driver (the interpreter's host reads, run synchronously or
// awaited). Needs the IR and ir/ops. Produces `walk`, `walkSteps`, `walkGraph`, `expandFused`.

import type { Graph, Node, Value } from './graph.js';
import type { FusedProgram, FusedStep } from './fused.js';
import { isStructuralOp, type StructuralOp } from './ops.js';
import type { TensorType } from './types.js';

/** Where a walk reads and binds the values of IR values (a Map, or a consumer's own scope). */
export interface ValueEnv<V> {
  get(v: Value): V | undefined;
  set(v: Value, x: V): void;
}

/** Walks `graph` with `inputs` bound to its inputs (params, then captures) in context `c`; returns its outputs. */
export type SubgraphWalk<V, C> = (graph: Graph, inputs: readonly V[], c: C) => V[];

/** Handles one node: its resolved inputs in, one value per output out (fewer leaves the rest unbound). */
export type NodeHandler<V, C> = (node: Node, inputs: V[], c: C, subgraph: SubgraphWalk<V, C>) => readonly V[];

/** A consumer's handlers: every structural op (a new op does not compile until it is here), and the leaf ops. */
export interface WalkTable<V, C> {
  /** Who walks, as internal errors name it. */
  readonly consumer: string;
  readonly structural: { readonly [K in StructuralOp]: NodeHandler<V, C> };
  /** Kernels and random draws. */
  readonly leaf: NodeHandler<V, C>;
  /** How handlers walk a subgraph; by default `walkGraph` with this table and a fresh environment. */
  readonly subgraph?: SubgraphWalk<V, C>;
  /** Given what a handler threw, the error to throw instead (an exporter names the node's kernel). */
  readonly failed?: (error: unknown, node: Node) => unknown;
}

export interface WalkHooks<V> {
  /** Nodes passed over (their outputs are in the environment already). */
  readonly skip?: (node: Node) => boolean;
  /** Called once node `index` has bound its outputs. */
  readonly after?: (node: Node, index: number, outputs: readonly V[]) => void;
}

/** The value bound to `v`; an internal error when the walk reads it before its definition. */
export function resolve<V>(env: ValueEnv<V>, v: Value, consumer: string): V {
  const x = env.get(v);
  if (x === undefined) throw new Error(`internal: ${consumer} met value #${v.id} before its definition`);
  return x;
}

/** Visits `graph`'s nodes in order: inputs from `env`, the table's handler, outputs into `env`. */
export function walk<V, C>(graph: Graph, env: ValueEnv<V>, table: WalkTable<V, C>, c: C, hooks?: WalkHooks<V>): void {
  const subgraph: SubgraphWalk<V, C> = table.subgraph ?? ((g, inputs, c2) => walkGraph(g, inputs, table, c2));
  const nodes = graph.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (hooks?.skip?.(node)) continue;
    const inputs = node.inputs.map((v) => resolve(env, v, table.consumer));
    const handler = isStructuralOp(node.op) ? table.structural[node.op] : table.leaf;
    let outs: readonly V[];
    try {
      outs = handler(node, inputs, c, subgraph);
    } catch (e) {
      throw table.failed ? table.failed(e, node) : e;
    }
    const outputs = node.outputs;
    for (let k = 0; k < outputs.length; k++) {
      const x = outs[k];
      if (x !== undefined) env.set(outputs[k]!, x);
    }
    hooks?.after?.(node, i, outs);
  }
}

/** Walks a subgraph as a generator that yields `Y` requests and resumes with `R` answers. */
/** `preset`: values bound before the walk; the nodes making them are passed over (the interpreter's host-counted loops). */
export type SubgraphSteps<V, C, Y, R> = (
  graph: Graph,
  inputs: readonly V[],
  c: C,
  preset?: ReadonlyMap<Value, V>,
) => Generator<Y, V[], R>;

/** A structural handler that may pause: it yields requests to the walk's driver and returns the node's outputs. */
export type StepHandler<V, C, Y, R> = (
  node: Node,
  inputs: V[],
  c: C,
  subgraph: SubgraphSteps<V, C, Y, R>,
) => Generator<Y, readonly V[], R>;

/** `WalkTable` for `walkSteps`: structural handlers may pause; leaf handlers run straight through. */
export interface StepTable<V, C, Y, R> {
  readonly consumer: string;
  readonly structural: { readonly [K in StructuralOp]: StepHandler<V, C, Y, R> };
  readonly leaf: (node: Node, inputs: V[], c: C) => readonly V[];
  readonly subgraph: SubgraphSteps<V, C, Y, R>;
}

/** `walk` as a generator: what a structural handler yields passes up to the driver, and its answer back down. */
export function* walkSteps<V, C, Y, R>(
  graph: Graph,
  env: ValueEnv<V>,
  table: StepTable<V, C, Y, R>,
  c: C,
  hooks?: WalkHooks<V>,
): Generator<Y, void, R> {
  const nodes = graph.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (hooks?.skip?.(node)) continue;
    const inputs = node.inputs.map((v) => resolve(env, v, table.consumer));
    const outs = isStructuralOp(node.op)
      ? yield* table.structural[node.op](node, inputs, c, table.subgraph)
      : table.leaf(node, inputs, c);
    const outputs = node.outputs;
    for (let k = 0; k < outputs.length; k++) {
      const x = outs[k];
      if (x !== undefined) env.set(outputs[k]!, x);
    }
    hooks?.after?.(node, i, outs);
  }
}

/** Binds `inputs` to `graph`'s inputs (params, then captures) in `env`, walks it, and returns its outputs. */
export function walkGraph<V, C>(
  graph: Graph,
  inputs: readonly V[],
  table: WalkTable<V, C>,
  c: C,
  env: ValueEnv<V> = new Map(),
  hooks?: WalkHooks<V>,
): V[] {
  graph.inputs.forEach((v, i) => env.set(v, inputs[i]!));
  walk(graph, env, table, c, hooks);
  return graph.outputs.map((v) => resolve(env, v, table.consumer));
}

/** One step of a Fused node, as `expandFused` hands it over: its kernel, operand values and types. */
export interface FusedStepCall<V> {
  readonly step: FusedStep;
  /** The operands' values: node inputs or the results of earlier steps. */
  readonly inputs: readonly V[];
  readonly inputTypes: readonly TensorType[];
  /** The node input behind each operand (undefined for an earlier step's result). */
  readonly operands: readonly (Value | undefined)[];
}

/**
 * The Fused handler of a consumer that lowers a Fused node step by step (the exporters): each step
 * is one elementwise kernel call on node inputs or earlier steps; the node's output is the last.
 */
export function expandFused<V, C>(lowerStep: (call: FusedStepCall<V>, node: Node, c: C) => V): NodeHandler<V, C> {
  return (node, inputs, c) => {
    const program = node.attrs as unknown as FusedProgram;
    const values: V[] = [...inputs];
    const types: TensorType[] = [...node.inputs];
    for (const step of program.steps) {
      const call: FusedStepCall<V> = {
        step,
        inputs: step.args.map((a) => values[a]!),
        inputTypes: step.args.map((a) => types[a]!),
        operands: step.args.map((a) => node.inputs[a]),
      };
      values.push(lowerStep(call, node, c));
      types.push(step);
    }
    return [values[values.length - 1]!];
  };
}
