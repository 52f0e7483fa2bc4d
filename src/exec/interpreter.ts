// The interpreter executor: runs a graph on the active real tfjs backend (cpu, wasm, webgl …) by
// walking it (ir/walk.ts): each kernel goes through the engine (random nodes draw with tfjs's own
// ops), Cond/While evaluate their subgraphs, and every intermediate is freed right after its last
// use (also when a kernel throws).
// Needs the IR, its walk and liveness. Produces `Interpreter` (one per concrete function: it caches constants).

import * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node, Value } from '../ir/graph.js';
import { lastUses } from './liveness.js';
import { RtList, stackList } from './rt-list.js';
import { runFused } from './run-fused.js';
import { OP, type StructuralOp } from '../ir/ops.js';
import { walk, type NodeHandler, type SubgraphWalk, type WalkTable } from '../ir/walk.js';
import { agError } from '../errors/catalogue.js';
import { runAssert, runPrint, type AssertError, type PrintPart } from '../trace/effects.js';
import { isRandomNode } from '../ir/random.js';
import { drawRandom } from './random-draw.js';

/** What a value holds at run time: a tensor, or a tensor list. */
type RtValue = tf.Tensor | RtList<tf.Tensor>;

function cloneValue<T extends RtValue>(x: T): T {
  return (x instanceof RtList ? x : tf.clone(x)) as T;
}

export class Interpreter {
  /** Const nodes materialized once as kept tensors. */
  private readonly constants = new Map<Node, tf.Tensor>();
  /** Tensors held by lists during the current top-level call, freed when it ends. */
  private arena: tf.Tensor[] | undefined;

  /** Runs `graph` on `inputs` (params then captures); the caller owns the returned tensors. */
  run(graph: Graph, inputs: readonly tf.Tensor[]): tf.Tensor[] {
    if (this.arena) return this.runGraph(graph, inputs) as tf.Tensor[];
    this.arena = [];
    try {
      return this.runGraph(graph, inputs) as tf.Tensor[];
    } finally {
      tf.dispose(this.arena);
      this.arena = undefined;
    }
  }

  /** Runs one graph or subgraph, freeing each intermediate right after its last use. */
  runGraph(graph: Graph, inputs: readonly RtValue[]): RtValue[] {
    const env = new Map<Value, RtValue>();
    graph.inputs.forEach((v, i) => env.set(v, inputs[i]!));
    const owned = new Set<RtValue>();
    const dead = lastUses(graph);
    try {
      walk(graph, env, INTERPRETER, this, {
        after: (node, i, outs) => {
          if (node.op !== OP.Const) for (const t of outs) owned.add(t);
          for (const v of dead[i]!) {
            const t = env.get(v);
            env.delete(v);
            if (t && owned.delete(t)) t.dispose();
          }
        },
      });
      return graph.outputs.map((v) => {
        const t = env.get(v)!;
        if (owned.delete(t)) return t; // hand over ownership
        return cloneValue(t); // a param, capture, constant, or a value returned twice
      });
    } finally {
      for (const t of owned) t.dispose();
    }
  }

  dispose(): void {
    for (const t of this.constants.values()) t.dispose();
    this.constants.clear();
  }

  /** Tensors a list holds during the current top-level call: freed when it ends. */
  inArena(x: tf.Tensor): tf.Tensor {
    this.arena!.push(x);
    return x;
  }

  constant(node: Node): tf.Tensor {
    let t = this.constants.get(node);
    if (!t || t.isDisposed) {
      const v = node.outputs[0]!;
      t = tf.keep(tf.tensor(node.options.values as never, [...v.shape], v.dtype));
      this.constants.set(node, t);
    }
    return t;
  }
}

function runCond(node: Node, args: RtValue[], run: Interpreter, subgraph: SubgraphWalk<RtValue, Interpreter>): RtValue[] {
  const [pred, ...operands] = args;
  const branch = (pred as tf.Tensor).dataSync()[0] ? node.subgraphs!.then! : node.subgraphs!.else!;
  return subgraph(branch, operands, run);
}

function runWhile(node: Node, args: RtValue[], run: Interpreter, subgraph: SubgraphWalk<RtValue, Interpreter>): RtValue[] {
  const n = node.outputs.length;
  const invariants = args.slice(n);
  const max = node.attrs.maximumIterations as number | undefined;
  const { cond, body } = node.subgraphs!;
  let vars = args.slice(0, n);
  let ownsVars = false;
  try {
    for (let iter = 0; max === undefined || iter < max; iter++) {
      const [c] = subgraph(cond!, [...vars, ...invariants], run) as tf.Tensor[];
      const go = c!.dataSync()[0] !== 0;
      c!.dispose();
      if (!go) break;
      const next = subgraph(body!, [...vars, ...invariants], run);
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

type Handler = NodeHandler<RtValue, Interpreter>;

const tensors = (values: RtValue[]) => values as tf.Tensor[];
const listOf = (values: RtValue[]) => values[0] as RtList<tf.Tensor>;
const indexOf = (values: RtValue[]) => tensors(values)[1]!.dataSync()[0]!;

/** How the interpreter runs each structural op (ir/ops.ts). */
const STRUCTURAL: Record<StructuralOp, Handler> = {
  Const: (node, _, run) => [run.constant(node)],
  Cond: runCond,
  While: runWhile,
  AssignVariable: (node, values) => {
    node.options.variable!.assign(tensors(values)[0]!);
    return [];
  },
  Fused: (node, values) => [conformDType(runFused(node, tensors(values)), node.outputs[0]!.dtype)],
  Print: (node, values) => {
    runPrint(node.attrs.parts as PrintPart[], tensors(values), node.inputs.map((v) => v.dtype));
    return [];
  },
  Assert: (node, values) => {
    runAssert(tensors(values)[0]!.dataSync()[0] !== 0, node.attrs.message as string, node.options.source, node.attrs.error as AssertError | undefined);
    return [];
  },
  ListEmpty: () => [RtList.empty<tf.Tensor>()],
  ListPush: (_, values, run) => [listOf(values).push(run.inArena(tf.clone(tensors(values)[1]!)))],
  ListPop: (node, values) => {
    const [rest, x] = listOf(values).pop(node.options.source);
    return [rest, tf.clone(x)];
  },
  ListLength: (_, values) => [tf.scalar(listOf(values).length, 'int32')],
  ListGet: (node, values) => [tf.clone(listOf(values).get(indexOf(values), node.options.source))],
  ListSetItem: (node, values, run) => [listOf(values).set(indexOf(values), run.inArena(tf.clone(tensors(values)[2]!)), node.options.source)],
  ListStack: (node, values) => [stackList(listOf(values), node.outputs[0]!.dtype, node.attrs.elementShape as number[] | null)],
};

/** The interpreter's handlers for the walk (ir/walk.ts): leaf ops go to the engine (draws to tfjs's ops), a subgraph runs through `runGraph`. */
const INTERPRETER: WalkTable<RtValue, Interpreter> = {
  consumer: 'the interpreter',
  structural: STRUCTURAL,
  leaf: (node, values) => {
    const args = values as tf.Tensor[];
    if (isRandomNode(node)) return [conformDType(drawRandom(node.op, node.attrs, args), node.outputs[0]!.dtype)];
    return runKernel(node, args);
  },
  subgraph: (graph, inputs, run) => run.runGraph(graph, inputs),
};

function runKernel(node: Node, args: tf.Tensor[]): tf.Tensor[] {
  const inputs = node.kernelInputs(args) as tf.NamedTensorMap;
  let out: tf.Tensor | tf.Tensor[];
  try {
    out = tf.engine().runKernel(node.op, inputs, node.attrs as tf.NamedAttrMap) as tf.Tensor | tf.Tensor[];
  } catch (e) {
    if (/not registered/.test(String((e as Error).message))) {
      throw agError('exec/unknown-op', { op: node.op, executor: `interpreter (${tf.getBackend()})` });
    }
    throw e;
  }
  const outs = Array.isArray(out) ? out : [out];
  return outs.map((t, k) => conformDType(t, node.outputs[k]!.dtype));
}

/**
 * Kernels of some backends return another dtype than the cpu backend, the reference (tfjs-wasm's
 * FloorDiv of float32 gives float32, cpu's int32): the graph's dtype wins, so every backend agrees.
 */
export function conformDType(t: tf.Tensor, dtype: string): tf.Tensor {
  if (t.dtype === dtype || dtype === 'list') return t;
  const c = tf.cast(t, dtype as tf.DataType);
  t.dispose();
  return c;
}
