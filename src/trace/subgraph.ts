// Tracing of a function body into a subgraph of the current graph (for Cond branches and While
// cond/body), and the finalization that turns a subgraph's captures into params shared by all
// subgraphs of one node. Needs the context and capture. Produces `traceInto`, `symbolicTensor`,
// `constIn`, `finalizeOperands`, `hasEffects`.

import * as tf from '@tensorflow/tfjs-core';
import { Graph, type Value } from '../ir/graph.js';
import { LIST_DTYPE, type DType, type TensorType } from '../ir/types.js';
import { popGraph, pushGraph, SymbolicId } from './context.js';
import { ensureGraphBackend } from './graph-backend.js';
import { withListLog, type ListLike } from './list-registry.js';
import { withVariableFrame } from './variables.js';
import { withTapeBase } from './tape-hooks.js';
import { markStagedError } from './try-regions.js';

/** A tfjs tensor standing for `v` (tracked by the engine's current scope, so it is disposed with it). */
export function symbolicTensor(v: Value): tf.Tensor {
  // A list handle travels through tfjs as a scalar 'string' tensor (tfjs has no variant dtype).
  const dtype = v.dtype === LIST_DTYPE ? 'string' : v.dtype;
  return tf.engine().makeTensorFromDataId(new SymbolicId(v), [...v.shape], dtype, ensureGraphBackend());
}

/** Runs `fn` with `g` as the graph kernels record into. */
export function inGraph<T>(g: Graph, fn: () => T): T {
  pushGraph(g);
  try {
    return fn();
  } finally {
    popGraph(g);
  }
}

export interface ParamSpec extends TensorType {
  readonly name?: string;
}

/** Creates a subgraph of `parent` with `params`, and runs `fn` on symbolic tensors for them inside it. */
export function traceInto<T>(
  name: string,
  parent: Graph,
  params: readonly ParamSpec[],
  fn: (args: tf.Tensor[]) => T,
): { graph: Graph; result: T; finals: Map<ListLike, tf.Tensor>; variables: Map<tf.Variable, tf.Tensor> } {
  const graph = new Graph(name, parent);
  const values = params.map((p) => graph.addParam(p.dtype, p.shape, p.name));
  // Staged ops inside push no tape entries of their own: the node being built stands for them all.
  const run = (args: tf.Tensor[]): T => {
    try {
      return fn(args);
    } catch (e) {
      // Staged code may not run at all at run time: a catch in converted code must not take its errors.
      markStagedError(e);
      throw e;
    }
  };
  const traced = withTapeBase(() =>
    withVariableFrame(() => withListLog(() => inGraph(graph, () => run(values.map(symbolicTensor))))),
  );
  return { graph, result: traced.result.result, finals: traced.result.finals, variables: traced.finals };
}

/** A Const value of `dtype` holding the JS scalar `x`, recorded into `g`. */
export function constIn(g: Graph, x: number | boolean, dtype: DType): tf.Tensor {
  return inGraph(g, () => tf.scalar(dtype === 'bool' ? Boolean(x) : Number(x), dtype));
}

/**
 * Makes the captures of `subgraphs` (values of their common parent) explicit: returns the list of
 * outer values, and appends one param per outer value to every subgraph, in the same order.
 */
export function finalizeOperands(subgraphs: readonly Graph[]): Value[] {
  const operands: Value[] = [];
  for (const g of subgraphs) {
    for (const c of g.captures) {
      if (c.source.kind !== 'outer') throw new Error('internal: a subgraph captured a non-outer value');
      if (!operands.includes(c.source.value)) operands.push(c.source.value);
    }
  }
  for (const g of subgraphs) {
    const byOuter = new Map<Value, Value>();
    for (const c of g.captures) if (c.source.kind === 'outer') byOuter.set(c.source.value, c.param);
    g.captures.splice(0);
    for (const outer of operands) {
      const p = byOuter.get(outer) ?? g.addParam(outer.dtype, outer.shape, outer.name);
      if (byOuter.has(outer)) g.params.push(p);
    }
  }
  return operands;
}

/** True when the graph or one of its subgraphs holds an effect node. */
export function hasEffects(g: Graph): boolean {
  return g.nodes.some((n) => n.options.effect || Object.values(n.subgraphs ?? {}).some(hasEffects));
}
