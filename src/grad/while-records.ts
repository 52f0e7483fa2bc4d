// The records a differentiated While keeps for its gradient: augmenting the loop (in place) with
// a trip counter and, per loop variable, a list of its value at the start of every iteration (for a
// list loop variable: its length; none for lists the body only appends to), and later, from the
// reverse loop's step, records of the forward values its backward nodes use, read back by index so
// the replayed forward nodes die. Needs the IR, clone, list-grad, the tape.
// Produces `Augmented`, `augmentWhile`, `reuseForward`.

import * as tf from '@tensorflow/tfjs-core';
import { Graph, type Node, type Value } from '../ir/graph.js';
import { LIST_DTYPE, type DType, type Shape } from '../ir/types.js';
import { cloneNodesInto } from '../ir/clone.js';
import { symbolicValue } from '../trace/context.js';
import { valueIn } from '../trace/capture.js';
import { inGraph, symbolicTensor } from '../trace/subgraph.js';
import { withoutTape } from './tape.js';
import { listNode, listTypeOfValue, type ListAttrs } from './list-grad.js';
import { OP } from '../ir/ops.js';

export interface Augmented {
  /** The loop variables the user's loop has (before the added ones). */
  readonly n: number;
  /** The body as traced, to replay, and for each of its values the forward body's own. */
  readonly body: Graph;
  readonly forwardOf: Map<Value, Value>;
  /** Element types of list loop variables (by index). */
  readonly listTypes: (ListAttrs | undefined)[];
  readonly counter: Value;
  /** Per loop variable: the list of its values (lengths, for lists) at the start of each iteration. */
  readonly accs: Value[];
  readonly accTypes: ListAttrs[];
  /** The loop variable each record is of (lists the body only appends to need none). */
  readonly accSlots: number[];
}

/** True when the body only appends to list param `index` (its earlier contents never matter). */
function onlyAppended(body: Graph, index: number): boolean {
  let cur: Value = body.params[index]!;
  for (;;) {
    const users = body.nodes.filter((nd) => nd.inputs.includes(cur));
    const outAt = body.outputs.flatMap((o, k) => (o === cur ? [k] : []));
    if (users.length === 0) return outAt.length === 1 && outAt[0] === index;
    if (outAt.length || users.length !== 1) return false;
    const user = users[0]!;
    if (user.op !== OP.ListPush || user.inputs[0] !== cur || user.inputs.indexOf(cur, 1) >= 0) return false;
    cur = user.outputs[0]!;
  }
}

const handleType = { dtype: LIST_DTYPE, shape: [] as Shape };

function cloneWithMap(g: Graph, parent: Graph): { copy: Graph; map: Map<Value, Value> } {
  const copy = new Graph(g.name, parent);
  const map = new Map<Value, Value>();
  for (const p of g.params) map.set(p, copy.addParam(p.dtype, p.shape, p.name));
  cloneNodesInto(g.nodes, copy, map);
  copy.outputs = g.outputs.map((v) => map.get(v)!);
  copy.outputNames = [...g.outputNames];
  return { copy, map };
}

/**
 * Adds loop variables to While `node` that record `values` (of its body) at the end of every
 * iteration; returns the node's outputs holding the records (lists, one element per iteration).
 */
function addRecords(node: Node, values: readonly Value[]): Value[] {
  return withoutTape(() => {
    const parent = node.graph;
    const { cond, body } = node.subgraphs as { cond: Graph; body: Graph };
    const at = node.outputs.length;
    const types = values.map((v) => ({ elementDtype: v.dtype as DType, elementShape: [...v.shape] }));
    const before = parent.nodes.length;
    const inits = inGraph(parent, () =>
      types.map((t) => valueIn(parent, listNode(OP.ListEmpty, [], { ...t }, [handleType])[0]!)),
    );
    parent.nodes.splice(parent.nodes.indexOf(node), 0, ...parent.nodes.splice(before));
    const insert = (g: Graph) => {
      const made = inits.map(() => g.addParam(LIST_DTYPE, []));
      g.params.splice(g.params.length - made.length, made.length);
      g.params.splice(at, 0, ...made);
      return made;
    };
    insert(cond);
    const params = insert(body);
    inGraph(body, () => {
      params.forEach((p, k) => {
        body.outputs.push(
          valueIn(
            body,
            listNode(OP.ListPush, [symbolicTensor(p), symbolicTensor(values[k]!)], { ...types[k]! }, [handleType])[0]!,
          ),
        );
        body.outputNames.push(`saved_${k}`);
      });
    });
    node.inputs.splice(at, 0, ...inits);
    const nVars = at + inits.length;
    node.inputNames = node.inputs.map((_, i) => (i < nVars ? `var${i}` : `input${i - nVars}`));
    return inits.map((v) => node.addOutput(v.dtype, v.shape));
  });
}

/**
 * Instead of recomputing them, the backward nodes of a reverse-loop step (graph `g`, nodes from
 * `from` on) read the forward values they use from records the forward loop keeps: for each value
 * of the replayed forward body (`env`) that they take, the forward loop gets a record, and the
 * step reads its element `step`. Constants and loop states stay as they are.
 */
export function reuseForward(
  node: Node,
  aug: Augmented,
  env: Map<Value, tf.Tensor>,
  g: Graph,
  start: number,
  from: number,
  step: tf.Tensor,
): void {
  const backward = g.nodes.slice(from);
  // tfjs saves a kernel's inputs/outputs for its gradient as Identity copies: see through them.
  const aliases = new Map<Value, Value[]>();
  for (const nd of g.nodes.slice(start, from)) {
    if (nd.op !== 'Identity') continue;
    let root = nd.inputs[0]!;
    for (const [r, list] of aliases) if (list.includes(root)) root = r;
    aliases.set(root, [...(aliases.get(root) ?? []), nd.outputs[0]!]);
  }
  const used = new Set(backward.flatMap((nd) => nd.inputs));
  const wanted: { replayed: Value[]; forward: Value }[] = [];
  for (const [v, t] of env) {
    if (!v.node || v.node.op === OP.Const || v.dtype === LIST_DTYPE) continue;
    const forward = aug.forwardOf.get(v);
    const replayed = symbolicValue(t);
    if (!forward || !replayed || replayed.graph !== g) continue;
    const names = [replayed, ...(aliases.get(replayed) ?? [])];
    if (names.some((x) => used.has(x))) wanted.push({ replayed: names, forward });
  }
  if (!wanted.length) return;
  const records = addRecords(
    node,
    wanted.map((w) => w.forward),
  );
  const before = g.nodes.length;
  const reads = inGraph(g, () =>
    records.map((r, k) => {
      const t = wanted[k]!.forward;
      return valueIn(
        g,
        listNode(OP.ListGet, [symbolicTensor(r), step], { elementDtype: t.dtype, elementShape: [...t.shape] }, [t])[0]!,
      );
    }),
  );
  const made = g.nodes.splice(before);
  g.nodes.splice(from, 0, ...made);
  const replace = new Map(wanted.flatMap((w, k) => w.replayed.map((x) => [x, reads[k]!] as const)));
  for (const nd of backward) nd.inputs = nd.inputs.map((v) => replace.get(v) ?? v);
}

/** Adds the trip counter and the per-iteration records to While `node` (in place). */
export function augmentWhile(node: Node, knownListTypes: readonly (ListAttrs | undefined)[] = []): Augmented {
  return withoutTape(() => {
    const parent = node.graph;
    const { cond, body } = node.subgraphs as { cond: Graph; body: Graph };
    const n = node.outputs.length;
    const { copy: original, map } = cloneWithMap(body, parent);
    const listTypes = node.outputs.map((v, i) =>
      v.dtype === LIST_DTYPE ? (knownListTypes[i] ?? listTypeOfValue(node.inputs[v.index]!)) : undefined,
    );
    const accSlots = node.outputs.flatMap((v, s) => (v.dtype === LIST_DTYPE && onlyAppended(body, s) ? [] : [s]));
    const accTypes: ListAttrs[] = accSlots.map((s) => {
      const v = node.outputs[s]!;
      return v.dtype === LIST_DTYPE
        ? { elementDtype: 'int32', elementShape: [] }
        : { elementDtype: v.dtype as DType, elementShape: [...v.shape] };
    });
    const before = parent.nodes.length;
    const inits = inGraph(parent, () => [
      valueIn(parent, tf.scalar(0, 'int32')),
      ...accTypes.map((t) => valueIn(parent, listNode(OP.ListEmpty, [], { ...t }, [handleType])[0]!)),
    ]);
    // The initial values are made before the loop that takes them.
    const made = parent.nodes.splice(before);
    parent.nodes.splice(parent.nodes.indexOf(node), 0, ...made);
    const added = inits.map((v) => ({ dtype: v.dtype, shape: v.shape }));
    const newParams = (g: Graph) => {
      const made = added.map((t) => g.addParam(t.dtype, t.shape));
      g.params.splice(g.params.length - made.length, made.length);
      g.params.splice(n, 0, ...made);
      return made;
    };
    newParams(cond);
    const [counter, ...accs] = newParams(body);
    inGraph(body, () => {
      const next = tf.add(symbolicTensor(counter!), tf.scalar(1, 'int32'));
      body.outputs.push(valueIn(body, next));
      accs.forEach((acc, k) => {
        const s = accSlots[k]!;
        const p = symbolicTensor(body.params[s]!);
        const item =
          node.outputs[s]!.dtype === LIST_DTYPE
            ? listNode(OP.ListLength, [p], {}, [{ dtype: 'int32', shape: [] }])[0]!
            : p;
        body.outputs.push(
          valueIn(body, listNode(OP.ListPush, [symbolicTensor(acc), item], { ...accTypes[k]! }, [handleType])[0]!),
        );
      });
    });
    body.outputNames.push('trip_count', ...accs.map((_, s) => `record_${s}`));
    node.inputs.splice(n, 0, ...inits);
    node.inputNames = node.inputs.map((_, i) => (i < n + inits.length ? `var${i}` : `input${i - n - inits.length}`));
    const outs = added.map((t) => node.addOutput(t.dtype, t.shape));
    const forwardOf = new Map<Value, Value>();
    for (const [from, to] of map) forwardOf.set(to, from);
    return { n, body: original, forwardOf, listTypes, counter: outs[0]!, accs: outs.slice(1), accTypes, accSlots };
  });
}
