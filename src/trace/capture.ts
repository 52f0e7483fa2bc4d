// Resolves a tensor seen by a kernel to an IR value of the graph being traced: its own value, a
// value of an enclosing graph (captured into each graph in between), or a tensor/variable owned by
// another backend (captured by the outermost graph and fed at call time). Needs the context.
// Produces `valueIn(graph, tensorInfo)`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph, Value } from '../ir/graph.js';
import { agError } from '../errors/catalogue.js';
import { rootGraph, SymbolicId } from './context.js';

/** Per graph: what has been captured already (keyed by outer Value, Tensor or Variable). */
const captured = new WeakMap<Graph, Map<object, Value>>();

/**
 * Called with every tensor object a kernel is handed that comes from outside the graph recording
 * it (the gradient tape maps a staged node's captured operands back to the user's tensors).
 */
export const captureObservers: ((t: tf.Tensor) => void)[] = [];

function observe(info: tf.TensorInfo): void {
  if (captureObservers.length && info instanceof tf.Tensor) for (const o of captureObservers) o(info);
}

function captureMap(g: Graph): Map<object, Value> {
  let m = captured.get(g);
  if (!m) captured.set(g, (m = new Map()));
  return m;
}

/** The value standing for `info` in `graph`, capturing it if it comes from outside. */
export function valueIn(graph: Graph, info: tf.TensorInfo, kernel = 'an op'): Value {
  const id = info.dataId;
  if (id instanceof SymbolicId) {
    const v = id.value;
    if (v.graph === graph) return v;
    observe(info);
    if (graph.isWithin(v.graph)) return captureOuter(graph, v);
    let root = v.graph;
    while (root.parent) root = root.parent;
    if (root !== rootGraph()) throw agError('trace/symbolic-escaped', {});
    throw agError('trace/foreign-value', { graph: v.graph.name });
  }
  if (!(info instanceof tf.Tensor)) throw agError('trace/not-a-tensor-capture', { kernel });
  observe(info);
  return captureExternal(graph, info);
}

function captureOuter(graph: Graph, v: Value): Value {
  const map = captureMap(graph);
  const known = map.get(v);
  if (known) return known;
  const parent = graph.parent!;
  const outer = v.graph === parent ? v : captureOuter(parent, v);
  const param = graph.addCapture(v, { kind: 'outer', value: outer }, v.name);
  map.set(v, param);
  return param;
}

function captureExternal(graph: Graph, t: tf.Tensor): Value {
  const root = rootGraph();
  if (!root) throw new Error('internal: kernel recorded with no active trace');
  const map = captureMap(root);
  let v = map.get(t);
  if (!v) {
    const source =
      t instanceof tf.Variable ? { kind: 'variable' as const, variable: t } : { kind: 'tensor' as const, tensor: t };
    v = root.addCapture(
      { dtype: t.dtype, shape: t.shape },
      source,
      t instanceof tf.Variable ? sanitize(t.name) : undefined,
    );
    map.set(t, v);
  }
  return graph === root ? v : captureOuter(graph, v);
}

function sanitize(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}
