// ConcreteFunction: one trace of a jit function for one input signature. Holds the graph, how to
// rebuild the output structure, and its executor; `call` feeds tensors and captures and returns
// tfjs tensors on the current backend. Needs the IR, the trace result, an executor.
// Produces `ConcreteFunction`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../ir/graph.js';
import type { OutputPlan } from '../trace/trace-function.js';
import { Interpreter } from '../exec/interpreter.js';
import { CompiledExecutor } from '../exec/compiled/compiled-executor.js';
import { feedsFor } from '../exec/capture-feeds.js';
import { agError } from '../errors/catalogue.js';
import { signatureOf, type Signature } from './signature.js';
import { optimize } from '../opt/pipeline.js';
import { cloneGraph } from '../opt/clone.js';
import { exportGraphModel, type GraphModelExportOptions } from '../export/graph-model/index.js';
import { exportOnnx, type OnnxExportOptions } from '../export/onnx/index.js';
import { OnnxRuntimeExecutor, type OnnxRuntimeOptions } from '../exec/onnxruntime/index.js';
import { toDot, toHTML, toSVG, type DotOptions } from '../export/dot/index.js';

export type ExecutorName = 'interpreter' | 'compiled' | 'onnxruntime';

interface Executor {
  run(graph: Graph, inputs: readonly tf.Tensor[]): tf.Tensor[];
  dispose(): void;
}

export class ConcreteFunction {
  private readonly executor: Executor;
  /** The graph the executor runs: the trace after the optimizer's passes. */
  readonly optimizedGraph: Graph;
  /** The function returned one tensor (no structure to rebuild). */
  private readonly singleOutput: boolean;

  constructor(
    readonly name: string,
    readonly graph: Graph,
    readonly signature: Signature,
    private readonly output: OutputPlan,
    readonly backend: ExecutorName = 'compiled',
    private readonly onnxOptions: OnnxRuntimeOptions = {},
    optimized?: Graph,
  ) {
    // Executors run an optimized copy; `graph` stays as traced (what toString and the exporters show).
    this.optimizedGraph = optimized ?? optimize(cloneGraph(graph));
    const g = this.optimizedGraph;
    this.executor =
      backend === 'interpreter' ? new Interpreter() : backend === 'onnxruntime' ? new OnnxRuntimeExecutor(onnxOptions) : new CompiledExecutor(g);
    this.singleOutput = output.flat.signature === '*' && output.leaves.length === 1 && 'output' in output.leaves[0]!;
  }

  /** The same trace (and optimized graph) run by another executor: a new ConcreteFunction to dispose. */
  withExecutor(backend: ExecutorName, onnxOptions: OnnxRuntimeOptions = this.onnxOptions): ConcreteFunction {
    return new ConcreteFunction(this.name, this.graph, this.signature, this.output, backend, onnxOptions, this.optimizedGraph);
  }

  /** The JS the compiled executor generated for the current tfjs backend, if it compiles. */
  compiledSource(): string | undefined {
    return this.executor instanceof CompiledExecutor ? this.executor.source() : undefined;
  }

  /** Calls the trace on arguments of its signature (tensors of the same dtypes/shapes, equal JS values). */
  call(...args: unknown[]): unknown {
    return this.callFlat(this.argumentTensors(args));
  }

  /** The tensor leaves of `args`, checked against the signature. */
  private argumentTensors(args: unknown[]): tf.Tensor[] {
    const sig = signatureOf(this.name, args);
    if (sig.key !== this.signature.key && !this.acceptsRelaxed(sig)) {
      throw agError('api/signature-mismatch', { name: this.name, index: 0, expected: this.describe(), got: describeKey(sig) });
    }
    return sig.tensorLeaves.map((i) => sig.flat.leaves[i] as tf.Tensor);
  }

  /** Runs the graph on the tensor leaves of the arguments (already checked against the signature). */
  callFlat(tensors: readonly tf.Tensor[]): unknown {
    return this.rebuild(this.executor.run(this.optimizedGraph, feedsFor(this.graph, tensors)));
  }

  /** The function's return value from the graph's output tensors. */
  private rebuild(outs: readonly tf.Tensor[]): unknown {
    if (this.singleOutput) return outs[0];
    return this.output.flat.rebuild(this.output.leaves.map((l) => ('output' in l ? outs[l.output] : l.value)));
  }

  private readonly disposers: (() => void)[] = [];

  /** Frees the constants this function keeps on the tfjs backend (and those of its gradient). */
  dispose(): void {
    this.executor.dispose();
    for (const d of this.disposers.splice(0)) d();
  }

  /** Runs `d` when this function is disposed (what was made for it, such as its gradient function). */
  addDisposer(d: () => void): void {
    this.disposers.push(d);
  }

  toString(): string {
    return this.graph.toString();
  }

  /** The graph as an ONNX model (opset 18, IR version 8) that onnxruntime runs. */
  toONNX(opts: OnnxExportOptions = {}): Uint8Array {
    return exportOnnx(this.graph, { name: this.name, ...opts });
  }

  /**
   * Like `call`, through the executor's asynchronous path where it has one (onnxruntime's public API).
   * The arguments and captured variables are read when it is called (a later `assign` or `dispose`
   * does not reach the run); variable writes and staged prints and asserts happen when it completes.
   * Every failure rejects the returned promise.
   */
  async callAsync(...args: unknown[]): Promise<unknown> {
    if (!(this.executor instanceof OnnxRuntimeExecutor)) return this.call(...args);
    // Everything before the first await runs at the call: the feeds are copied here.
    const pending = this.executor.runAsync(this.optimizedGraph, feedsFor(this.graph, this.argumentTensors(args)));
    return this.rebuild(await pending);
  }

  /** A TF.js GraphModel (model.json topology + weights) that tf.loadGraphModel runs. */
  toGraphModel(opts: GraphModelExportOptions = {}): tf.io.ModelArtifacts {
    return exportGraphModel(this.graph, opts);
  }

  /** The graph as Graphviz DOT: ops with shapes, Cond/While as clusters, captures and effects marked. */
  toDot(opts: DotOptions = {}): string {
    return toDot(this.graph, { title: this.title(), ...opts });
  }

  /** The graph as an SVG picture (Graphviz in wasm). */
  toSVG(opts: DotOptions = {}): Promise<string> {
    return toSVG(this.graph, { title: this.title(), ...opts });
  }

  /** A self-contained HTML viewer of the graph whose subgraphs can be collapsed. */
  toHTML(opts: DotOptions = {}): Promise<string> {
    return toHTML(this.graph, { title: this.title(), ...opts });
  }

  private title(): string {
    return `${this.name}(${this.describe()})`;
  }

  private describe(): string {
    return describeKey(this.signature);
  }

  /** Signatures with unknown (-1) dims accept any size there. */
  private acceptsRelaxed(sig: Signature): boolean {
    const mine = this.signature;
    if (mine.flat.signature !== sig.flat.signature || mine.leaves.length !== sig.leaves.length) return false;
    return mine.leaves.every((a, i) => {
      const b = sig.leaves[i]!;
      if (a.kind !== b.kind) return false;
      if (a.kind === 'value' || b.kind === 'value') return a.kind === 'value' && b.kind === 'value' && Object.is(a.value, b.value);
      return a.dtype === b.dtype && a.shape.length === b.shape.length && a.shape.every((d, k) => d < 0 || d === b.shape[k]);
    });
  }
}

function describeKey(sig: Signature): string {
  return sig.leaves.map((l) => (l.kind === 'tensor' ? `${l.dtype}[${l.shape.join(',')}]` : String(l.value))).join(', ');
}

