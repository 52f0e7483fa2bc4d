// The graph backend: a tfjs KernelBackend whose kernels do not compute but record a node into the
// graph being traced and return symbolic tensor infos, typed by the shape rules of ./rules.
// Needs the context, capture, rules. Produces `GRAPH_BACKEND` (its name) and `ensureGraphBackend()`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type ConstValues, type Graph } from '../ir/graph.js';
import type { DType } from '../ir/types.js';
import { shapeToString } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { currentGraph, rootGraph, SymbolicId } from './context.js';
import { valueIn } from './capture.js';
import { SHAPE_RULES, shapeRuleFor } from './rules/index.js';
import { kernelOf, type KernelName } from '../ir/kernels/index.js';
import type { ArgInfo } from './rules/support/rule-types.js';
import { userFrame, userLocation } from './user-frame.js';
import { freshMultinomialSeed, markFrozen, substituteDraw, takeDraw } from './random-draws.js';
import { OP } from '../ir/ops.js';
import { engineState, kernelRegistrySize } from '../engine/tfjs-engine.js';

export const GRAPH_BACKEND = 'autograph';

/** Whether nodes remember the user source line that created them (costs a stack walk per node). */
export const traceOptions = { recordSources: true };

class GraphBackend extends tf.KernelBackend {
  private dataIds = 0;

  override write(values: tf.backend_util.BackendValues, shape: number[], dtype: tf.DataType): object {
    const graph = currentGraph();
    if (!graph) throw new Error('internal: the graph backend is active outside a trace');
    this.dataIds++;
    // Values an unseeded random op drew while tracing: a draw node instead, drawn on every run.
    const draw = takeDraw(shape, dtype as DType);
    if (draw && 'op' in draw) {
      const substitute = substituteDraw(dtype as DType, shape);
      if (substitute) return new SymbolicId(substitute);
      const node = graph.addNode(new Node(graph, draw.op, [], [], { ...draw.attrs }, { source: sourceHere() }));
      return new SymbolicId(node.addOutput(dtype as DType, shape));
    }
    const node = graph.addNode(
      new Node(graph, OP.Const, [], [], {}, { values: copyValues(values, dtype), source: sourceHere() }),
    );
    if (draw) markFrozen(node, draw.frozen);
    const v = node.addOutput(dtype as DType, shape);
    return new SymbolicId(v);
  }

  override move(): void {
    throw agError('trace/symbolic-escaped', {});
  }

  override readSync(dataId: object): tf.backend_util.BackendValues {
    if (dataId instanceof SymbolicId) {
      const node = dataId.value.node;
      if (node?.op === OP.Const && node.options.values) return node.options.values as tf.backend_util.BackendValues;
    }
    // A value of no trace running now was kept past the end of its trace.
    if (dataId instanceof SymbolicId && !isCurrentTrace(dataId.value.graph))
      throw agError('trace/symbolic-escaped', {});
    throw symbolicRead(readerOf(new Error().stack ?? ''));
  }

  override read(dataId: object): Promise<tf.backend_util.BackendValues> {
    // Thrown now, while the user's line is on the stack (the promise only carries it).
    try {
      return Promise.resolve(this.readSync(dataId));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }

  override disposeData(): boolean {
    return true;
  }
  override incRef(): void {}
  override refCount(): number {
    return 1;
  }
  override numDataIds(): number {
    return this.dataIds;
  }
  override memory(): { unreliable: boolean } {
    return { unreliable: true };
  }
  override floatPrecision(): 16 | 32 {
    return 32;
  }
  override epsilon(): number {
    return 1e-7;
  }
  override time(): Promise<tf.BackendTimingInfo> {
    throw symbolicRead('tf.time');
  }
  override dispose(): void {}

  /** Records one kernel invocation into the current graph. */
  record(
    kernel: string,
    inputs: tf.NamedTensorInfoMap,
    attrs: tf.NamedAttrMap | undefined,
  ): tf.TensorInfo | tf.TensorInfo[] {
    const graph = currentGraph();
    if (!graph) throw new Error(`internal: kernel ${kernel} ran on the graph backend outside a trace`);
    const rule = shapeRuleFor(kernel);
    if (!rule) throw agError('trace/kernel-unsupported', { kernel }, userLocation());
    const arrayInputs = Array.isArray(inputs);
    const names: string[] = [];
    const values = [];
    const named: Record<string, ArgInfo> = {};
    const list: ArgInfo[] = [];
    for (const name of Object.keys(inputs)) {
      const info = inputs[name];
      if (info == null) continue;
      const v = valueIn(graph, info, kernel);
      names.push(name);
      values.push(v);
      const arg = { shape: v.shape, dtype: v.dtype };
      named[name] = arg;
      list.push(arg);
    }
    // An op whose attribute is a tensor (tf.range(0, n) with a tensor n): attributes are fixed
    // when the graph is made, so a value known only when it runs cannot be one.
    const tensorAttr = Object.entries(attrs ?? {}).find(([, v]) => v instanceof tf.Tensor);
    if (tensorAttr) throw agError('trace/tensor-attribute', { kernel, attr: tensorAttr[0] }, userLocation());
    const cleanAttrs = cloneAttrs(attrs ?? {});
    if (kernel === 'Multinomial') {
      // An unseeded multinomial's seed is a token of the trace: the node samples with a new seed per run.
      cleanAttrs.seed = freshMultinomialSeed(cleanAttrs.seed);
      if (cleanAttrs.seed === null) {
        const [logits] = list;
        const substitute = logits && substituteDraw('int32', [logits.shape[0]!, Number(cleanAttrs.numSamples)]);
        if (substitute) return { dataId: new SymbolicId(substitute), shape: [...substitute.shape], dtype: 'int32' };
      }
    }
    // The cpu Cumsum/Cumprod kernels mishandle a negative axis when replayed: store it positive.
    if ((kernel === 'Cumsum' || kernel === 'Cumprod') && typeof cleanAttrs.axis === 'number' && cleanAttrs.axis < 0) {
      cleanAttrs.axis = (cleanAttrs.axis as number) + (list[0]?.shape.length ?? 0);
    }
    let outs: ArgInfo[];
    try {
      outs = rule({ inputs: named, list, attrs: cleanAttrs });
    } catch (e) {
      if (e instanceof AutographError) throw e;
      const shapes = list.map((a) => `${a.dtype}${shapeToString(a.shape)}`).join(', ');
      throw agError('trace/shape-rule-failed', { kernel, shapes, reason: (e as Error).message }, userLocation());
    }
    const multiOutput = kernelOf(kernel)?.multiOutput === true || outs.length !== 1;
    const node = graph.addNode(
      new Node(graph, kernel as KernelName, values, names, cleanAttrs, {
        arrayInputs,
        multiOutput,
        source: sourceHere(),
      }),
    );
    const infos = outs.map((o) => {
      const v = node.addOutput(o.dtype, o.shape);
      this.dataIds++;
      return { dataId: new SymbolicId(v), shape: [...o.shape], dtype: o.dtype };
    });
    return multiOutput ? infos : infos[0]!;
  }
}

/** The last source taken, and the tfjs op call (its outermost `<op>__op` scope, by id) it was taken in. */
let lastSource: { scopeId: number; source: ReturnType<typeof userFrame> } | undefined;

/**
 * Where the user's code is for a node recorded now. No user code runs inside a tfjs op (an `op()`
 * wrapper calls only other ops and kernels), so every node one user-level op call records (a
 * composite op's parts, the copies a gradient tape saves) has the same user frame: the stack is
 * captured once per outermost op scope and shared.
 */
function sourceHere() {
  if (!traceOptions.recordSources) return undefined;
  const scopeId = outermostOpScope();
  if (scopeId === undefined) return userFrame();
  if (lastSource?.scopeId === scopeId) return lastSource.source;
  const source = userFrame();
  lastSource = { scopeId, source };
  return source;
}

/** The id of the outermost open tfjs op scope (`<op>__op`), if any. */
function outermostOpScope(): number | undefined {
  for (const scope of engineState().scopeStack) if (scope.name.endsWith('__op')) return scope.id;
  return undefined;
}

function isCurrentTrace(g: Graph): boolean {
  let root = g;
  while (root.parent) root = root.parent;
  return root === rootGraph();
}

function symbolicRead(what: string): Error {
  if (what === 'toString') return agError('trace/tensor-in-js-operator', {}, userLocation());
  return agError('trace/symbolic-read', { what }, userLocation());
}

/** Which Tensor method asked for the values (`toString`: JS coerced the tensor), from the stack. */
function readerOf(stack: string): string {
  if (/\bat (?:Tensor\.)+toString\b/.test(stack)) return 'toString';
  // The outermost one is what the user called (arraySync calls dataSync).
  const m = [...stack.matchAll(/\bat (?:Tensor\.)+(dataSync|arraySync|data|array|bufferSync|buffer)\b/g)].pop();
  return m ? `${m[1]}()` : 'dataSync/arraySync';
}

function copyValues(values: tf.backend_util.BackendValues, dtype: tf.DataType): ConstValues {
  if (dtype === 'string') return Array.from(values as Uint8Array[], (b) => new TextDecoder().decode(b));
  if (dtype === 'int32') return Int32Array.from(values as ArrayLike<number>);
  if (dtype === 'bool') return Uint8Array.from(values as ArrayLike<number>);
  return Float32Array.from(values as ArrayLike<number>);
}

function cloneAttrs(attrs: tf.NamedAttrMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attrs)) {
    out[k] = Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? [...x] : x)) : v;
  }
  return out;
}

let registered = false;
let instance: GraphBackend | undefined;

/** Registers the graph backend and a recording kernel for every kernel name tfjs knows. */
export function ensureGraphBackend(): tf.KernelBackend {
  if (!registered) {
    registered = true;
    tf.registerBackend(GRAPH_BACKEND, () => (instance = new GraphBackend()), -100);
    registerKernels();
  }
  const backend = tf.findBackend(GRAPH_BACKEND);
  if (!backend) throw new Error('internal: the graph backend failed to initialize');
  return backend;
}

const known = new Set<string>();

let backendsToScan = ['cpu', 'wasm', 'webgl', 'webgpu', 'tensorflow'];
/** The registry's size after the last scan (with the recording kernels it added), and what was scanned. */
let scanned: { size: number; backends: string } | undefined;

/**
 * Registers recording kernels for kernel names that appeared since the last call. The first call
 * scans every backend; later ones (one per trace) only `backend`, the user's, to stay cheap, and
 * not at all while tfjs's registry has not changed size since the last scan of that backend.
 */
export function registerKernels(backend?: string): void {
  if (backend !== undefined) backendsToScan = [backend];
  const backends = backendsToScan.join(',');
  const size = kernelRegistrySize();
  if (size !== undefined && scanned?.size === size && scanned.backends === backends) return;
  const names = new Set<string>(Object.keys(SHAPE_RULES));
  for (const b of backendsToScan) {
    for (const k of tf.getKernelsForBackend(b)) names.add(k.kernelName);
  }
  for (const kernelName of names) {
    if (known.has(kernelName)) continue;
    known.add(kernelName);
    tf.registerKernel({
      kernelName,
      backendName: GRAPH_BACKEND,
      kernelFunc: ({ inputs, attrs, backend }) => (backend as GraphBackend).record(kernelName, inputs, attrs),
    });
  }
  const after = kernelRegistrySize();
  scanned = after === undefined ? undefined : { size: after, backends };
  void instance;
}
