// The interpreter executor: runs a graph on the active real tfjs backend (cpu, wasm, webgl, webgpu …)
// by walking it (ir/walk.ts `walkSteps`): each kernel goes through the engine (random nodes draw with
// tfjs's own ops), Cond/While evaluate their subgraphs (interpreter-control-flow.ts), and every
// intermediate is freed right after its last use (also when a kernel throws). The walk is a
// generator that yields the host reads it needs (interpreter-reads.ts): `run` answers them with
// `dataSync`, `runAsync` awaits `data()`; on webgpu, which has no sound synchronous read, `run`
// refuses a graph that reads before it starts.
// Fused nodes a device target compiled run as its programs.
// Needs the IR, its walk and liveness. Produces `Interpreter` (one per concrete function: it caches constants).

import * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node, Value } from '../ir/graph.js';
import { lastUses } from './liveness.js';
import { RtList, stackList } from './rt-list.js';
import { runFused } from './run-fused.js';
import { OP, type StructuralOp } from '../ir/ops.js';
import { walkSteps, type StepHandler, type StepTable } from '../ir/walk.js';
import { agError } from '../errors/catalogue.js';
import { runAssert, runPrintValues, type AssertError, type PrintPart } from '../trace/effects.js';
import type { DType } from '../ir/types.js';
import { isRandomNode } from '../ir/random.js';
import { drawRandom } from './random-draw.js';
import {
  checkSyncReads,
  driveAsync,
  driveSync,
  type HostRead,
  type HostValues,
  type Steps,
} from './interpreter-reads.js';
import { cloneValue, runCond, runWhile, type RtValue } from './interpreter-control-flow.js';
import type { DeviceKernel } from './targets/device-target.js';

/** One top-level call: the tensors its lists hold, freed when it ends (each call its own, so calls may overlap). */
class Call {
  readonly arena: tf.Tensor[] = [];
  constructor(readonly interpreter: Interpreter) {}

  inArena(x: tf.Tensor): tf.Tensor {
    this.arena.push(x);
    return x;
  }
}

export class Interpreter {
  /** Const nodes materialized once as kept tensors. */
  private readonly constants = new Map<Node, tf.Tensor>();

  /** `device`: Fused nodes a device target compiled (exec/targets/device-program.ts); the others run step by step. */
  constructor(readonly device: ReadonlyMap<Node, DeviceKernel> = new Map()) {}

  /** Runs `graph` on `inputs` (params then captures); the caller owns the returned tensors. */
  run(graph: Graph, inputs: readonly tf.Tensor[]): tf.Tensor[] {
    const backend = tf.getBackend();
    checkSyncReads(graph, backend);
    return driveSync(this.call(graph, inputs), backend);
  }

  /**
   * Like `run`, reading tensors with `await data()` (on webgpu: mapAsync). The inputs are held from
   * the call on (a later dispose or assign does not reach the run); the work starts a microtask
   * later, outside any tf.tidy the caller is in.
   */
  async runAsync(graph: Graph, inputs: readonly tf.Tensor[]): Promise<tf.Tensor[]> {
    const held = inputs.map((t) => tf.keep(tf.clone(t)));
    try {
      await Promise.resolve();
      return await driveAsync(this.call(graph, held));
    } finally {
      tf.dispose(held);
    }
  }

  private *call(graph: Graph, inputs: readonly tf.Tensor[]): Steps<tf.Tensor[]> {
    const call = new Call(this);
    try {
      return (yield* runGraph(graph, inputs, call)) as tf.Tensor[];
    } finally {
      tf.dispose(call.arena);
    }
  }

  dispose(): void {
    for (const t of this.constants.values()) t.dispose();
    this.constants.clear();
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

/**
 * Runs one graph or subgraph, freeing each intermediate right after its last use. `preset` values
 * (owned by the walk from here on) are bound first and the nodes making them are not run.
 */
function* runGraph(
  graph: Graph,
  inputs: readonly RtValue[],
  call: Call,
  preset?: ReadonlyMap<Value, RtValue>,
): Steps<RtValue[]> {
  const env = new Map<Value, RtValue>();
  graph.inputs.forEach((v, i) => env.set(v, inputs[i]!));
  const owned = new Set<RtValue>(preset?.values());
  for (const [v, t] of preset ?? []) env.set(v, t);
  const dead = lastUses(graph);
  try {
    yield* walkSteps(graph, env, INTERPRETER, call, {
      skip: preset ? (node) => node.outputs.length > 0 && node.outputs.every((v) => preset.has(v)) : undefined,
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

type Handler = StepHandler<RtValue, Call, HostRead, HostValues>;

const tensors = (values: RtValue[]) => values as tf.Tensor[];
const listOf = (values: RtValue[]) => values[0] as RtList<tf.Tensor>;

/** The host value of a list op's index (its second input). */
function* indexOf(node: Node, values: RtValue[]): Steps<number> {
  const [index] = yield { node, tensors: [tensors(values)[1]!] };
  return index![0]!;
}

/** How the interpreter runs each structural op (ir/ops.ts); those that read yield the read. */
/* eslint-disable require-yield -- every handler is a generator (Handler); only those that read yield */
const STRUCTURAL: Record<StructuralOp, Handler> = {
  *Const(node, _, call) {
    return [call.interpreter.constant(node)];
  },
  Cond: runCond,
  While: runWhile,
  *AssignVariable(node, values) {
    node.options.variable!.assign(tensors(values)[0]!);
    return [];
  },
  *Fused(node, values, call) {
    const compiled = call.interpreter.device.get(node);
    return [
      conformDType(compiled ? compiled(tensors(values)) : runFused(node, tensors(values)), node.outputs[0]!.dtype),
    ];
  },
  *Print(node, values) {
    const ts = tensors(values);
    const read = yield { node, tensors: ts };
    runPrintValues(
      node.attrs.parts as PrintPart[],
      ts.map((t, i) => ({ values: read[i]!, shape: t.shape, dtype: t.dtype as DType })),
    );
    return [];
  },
  *Assert(node, values) {
    const [cond] = yield { node, tensors: [tensors(values)[0]!] };
    runAssert(
      cond![0] !== 0,
      node.attrs.message as string,
      node.options.source,
      node.attrs.error as AssertError | undefined,
    );
    return [];
  },
  *ListEmpty() {
    return [RtList.empty<tf.Tensor>()];
  },
  *ListPush(_, values, call) {
    return [listOf(values).push(call.inArena(tf.clone(tensors(values)[1]!)))];
  },
  *ListPop(node, values) {
    const [rest, x] = listOf(values).pop(node.options.source);
    return [rest, tf.clone(x)];
  },
  *ListLength(_, values) {
    return [tf.scalar(listOf(values).length, 'int32')];
  },
  *ListGet(node, values) {
    const i = yield* indexOf(node, values);
    return [tf.clone(listOf(values).get(i, node.options.source))];
  },
  *ListSetItem(node, values, call) {
    const i = yield* indexOf(node, values);
    return [listOf(values).set(i, call.inArena(tf.clone(tensors(values)[2]!)), node.options.source)];
  },
  *ListStack(node, values) {
    return [stackList(listOf(values), node.outputs[0]!.dtype, node.attrs.elementShape as number[] | null)];
  },
};
/* eslint-enable require-yield */

/** The interpreter's handlers for the walk (ir/walk.ts): leaf ops go to the engine (draws to tfjs's ops), a subgraph runs through `runGraph`. */
const INTERPRETER: StepTable<RtValue, Call, HostRead, HostValues> = {
  consumer: 'the interpreter',
  structural: STRUCTURAL,
  leaf: (node, values) => {
    const args = values as tf.Tensor[];
    if (isRandomNode(node)) return [conformDType(drawRandom(node.op, node.attrs, args), node.outputs[0]!.dtype)];
    return runKernel(node, args);
  },
  subgraph: runGraph,
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
