// ConcreteFunction: one trace of a jit function for one input signature. Holds the graph, how to
// rebuild the output structure, and its executor; `call` feeds tensors and captures and returns
// tfjs tensors on the current backend; its exports (`export(format)`, and toONNX, toDot… as its
// shorthands) go to the exporter plug-ins of export/exporter.ts, and the onnxruntime executor comes
// from the executor registry (both filled by src/install/). Needs the IR, the trace result, an
// executor. Produces `ConcreteFunction`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../ir/graph.js';
import type { OutputPlan } from '../trace/trace-function.js';
import { makeExecutor, type Executor, type ExecutorName } from '../exec/executor.js';
import { feedsFor } from '../exec/capture-feeds.js';
import { agError } from '../errors/catalogue.js';
import { signatureOf, type Signature } from './signature.js';
import { optimize } from '../opt/pipeline.js';
import { cloneGraph } from '../ir/clone.js';
import { randomNodesIn } from '../ir/random.js';
import type { GraphModelExportOptions } from '../export/graph-model/index.js';
import type { OnnxExportOptions } from '../export/onnx/index.js';
import type { OnnxRuntimeOptions } from '../ort/index.js';
import type { DotOptions, ViewerApi, ViewerCode, ViewerOptions } from '../export/dot/index.js';
import {
  exporterFor,
  type ExportFormat,
  type ExportFormats,
  type ExportSource,
  type ViewOptions,
} from '../export/exporter.js';
import { formatSteps, optimizationSteps, type PassStep } from '../opt/pass-report.js';
import type { AnyFn, IsAny, JitArgs, Staged } from '../trace/staged-types.js';
import type { TensorSpec } from './tensor-spec.js';

export type { GraphView, ViewOptions, ExportFormat, ExportFormats } from '../export/exporter.js';

export interface PrintViewOptions extends ViewOptions {
  /** Append `// file:line` of the user source that created each node. */
  readonly sources?: boolean;
}

export type { ExecutorName } from '../exec/executor.js';

/**
 * What `getConcreteFunction` accepts where the function takes a `T`: what a call accepts, or a
 * TensorSpec in place of a tensor, number or boolean.
 */
export type SpecArg<T> =
  IsAny<T> extends true
    ? T
    : T extends number | boolean | tf.Tensor
      ? T | tf.Tensor | TensorSpec
      : T extends (...args: never[]) => unknown
        ? T
        : T extends readonly unknown[]
          ? { [K in keyof T]: SpecArg<T[K]> }
          : T extends object
            ? { [K in keyof T]: SpecArg<T[K]> }
            : T;

/** The parameters of `getConcreteFunction` for a function with parameters `P`. */
export type SpecArgs<P extends readonly unknown[]> = { [K in keyof P]: SpecArg<P[K]> };

/** @internal What a ConcreteFunction is made of (jit makes them). */
export interface ConcreteFunctionOptions {
  /** The jit function's name. */
  readonly name: string;
  /** The trace. */
  readonly graph: Graph;
  /** The input signature it was traced for. */
  readonly signature: Signature;
  /** How to rebuild the output structure from the graph's outputs. */
  readonly output: OutputPlan;
  /** The executor that runs the trace (default 'compiled'). */
  readonly executor?: ExecutorName;
  /** Options of the onnxruntime executor. */
  readonly onnx?: OnnxRuntimeOptions;
  /** The trace already optimized (default: optimized here, on a copy). */
  readonly optimized?: Graph;
  /** The user's source and the generated code, for the viewer (jit passes it). */
  readonly code?: () => Promise<ViewerCode>;
  /** The compiled executor's relaxed SIMD (JitOptions.relaxedSimd; default true). */
  readonly relaxedSimd?: boolean;
  /** The compiled executor's numerics (JitOptions.numerics; default 'exact'). */
  readonly numerics?: 'exact' | 'fast';
}

/**
 * One trace of a jit function (TF's ConcreteFunction), typed by the function `F` it traced: `call`
 * takes and returns what the jit function does.
 */
export class ConcreteFunction<F extends AnyFn = AnyFn> {
  private readonly executor: Executor;
  /** The graph the executor runs: the trace after the optimizer's passes. */
  readonly optimizedGraph: Graph;
  /** The function returned one tensor (no structure to rebuild). */
  private readonly singleOutput: boolean;
  /** Where it returned a flat array of tensors (`[a, b]`): the graph output of each item. */
  private readonly arrayOutputs: readonly number[] | undefined;

  readonly name: string;
  readonly graph: Graph;
  readonly signature: Signature;
  /** The executor that runs the trace. */
  readonly executorName: ExecutorName;
  private readonly output: OutputPlan;
  private readonly onnxOptions: OnnxRuntimeOptions;
  private readonly code: (() => Promise<ViewerCode>) | undefined;
  private readonly relaxedSimd: boolean | undefined;
  private readonly numerics: 'exact' | 'fast' | undefined;

  /** @internal Made by jit (`getConcreteFunction`), not by users. */
  constructor(opts: ConcreteFunctionOptions) {
    this.name = opts.name;
    this.graph = opts.graph;
    this.signature = opts.signature;
    this.output = opts.output;
    this.executorName = opts.executor ?? 'compiled';
    this.onnxOptions = opts.onnx ?? {};
    this.code = opts.code;
    this.relaxedSimd = opts.relaxedSimd;
    this.numerics = opts.numerics;
    const { graph, output } = opts;
    // Executors run an optimized copy; `graph` stays as traced (what `graph.toString()` and the exporters use).
    this.optimizedGraph = opts.optimized ?? optimize(cloneGraph(graph));
    this.executor = makeExecutor(this.executorName, this.optimizedGraph, {
      onnx: this.onnxOptions,
      relaxedSimd: this.relaxedSimd,
      numerics: this.numerics,
    });
    this.singleOutput = output.flat.signature === '*' && output.leaves.length === 1 && 'output' in output.leaves[0]!;
    const items = output.leaves.map((l) => ('output' in l ? l.output : -1));
    this.arrayOutputs = /^\[(\*(,\*)*)?\]$/.test(output.flat.signature) && !items.includes(-1) ? items : undefined;
  }

  /** @deprecated Renamed {@link ConcreteFunction.executorName}: it names the executor, not a tfjs backend. */
  get backend(): ExecutorName {
    return this.executorName;
  }

  /** The same trace (and optimized graph) run by another executor: a new ConcreteFunction to dispose. */
  withExecutor(executor: ExecutorName, onnxOptions: OnnxRuntimeOptions = this.onnxOptions): ConcreteFunction<F> {
    const { name, graph, signature, output, code, relaxedSimd, numerics } = this;
    return new ConcreteFunction<F>({
      name,
      graph,
      signature,
      output,
      executor,
      onnx: onnxOptions,
      optimized: this.optimizedGraph,
      code,
      relaxedSimd,
      numerics,
    });
  }

  /** The JS the compiled executor generated for the current tfjs backend, if it compiles. */
  compiledSource(): string | undefined {
    return this.executor.source?.();
  }

  /** Calls the trace on arguments of its signature (tensors of the same dtypes/shapes, equal JS values). */
  call(...args: JitArgs<Parameters<F>>): Staged<ReturnType<F>> {
    return this.callFlat(this.argumentTensors(args)) as Staged<ReturnType<F>>;
  }

  /** The tensor leaves of `args`, checked against the signature. */
  private argumentTensors(args: readonly unknown[]): tf.Tensor[] {
    const sig = signatureOf(this.name, args);
    if (sig.key !== this.signature.key && !this.acceptsRelaxed(sig)) {
      throw agError('api/signature-mismatch', {
        name: this.name,
        index: 0,
        expected: this.describe(),
        got: describeKey(sig),
      });
    }
    return sig.tensorLeaves.map((i) => sig.flat.leaves[i] as tf.Tensor);
  }

  /** Runs the graph on the tensor leaves of the arguments (already checked against the signature). */
  callFlat(tensors: readonly tf.Tensor[]): unknown {
    return this.rebuild(this.executor.run(this.optimizedGraph, feedsFor(this.graph, tensors)));
  }

  private drawsRun: { graph: Graph; optimized: Graph; executor: Executor } | undefined;

  /**
   * Like `callFlat`, and also returns the values the call drew at the top level of the graph, in
   * program order (a gradient taken from outside reuses them instead of drawing again).
   */
  callFlatWithDraws(tensors: readonly tf.Tensor[]): { result: unknown; draws: tf.Tensor[] } {
    if (!this.drawsRun) {
      const graph = cloneGraph(this.graph);
      graph.outputs.push(...randomNodesIn(graph).map((n) => n.outputs[0]!));
      const optimized = optimize(cloneGraph(graph));
      // The draws are read in this process: onnxruntime's run leaves them to the compiled executor.
      const executor = makeExecutor(this.executorName === 'interpreter' ? 'interpreter' : 'compiled', optimized, {
        relaxedSimd: this.relaxedSimd,
        numerics: this.numerics,
      });
      this.drawsRun = { graph, optimized, executor };
    }
    const { graph, optimized, executor } = this.drawsRun;
    const outs = executor.run(optimized, feedsFor(graph, tensors));
    const n = this.graph.outputs.length;
    return { result: this.rebuild(outs.slice(0, n)), draws: outs.slice(n) };
  }

  /** The function's return value from the graph's output tensors. */
  private rebuild(outs: readonly tf.Tensor[]): unknown {
    if (this.singleOutput) return outs[0];
    const items = this.arrayOutputs;
    if (items) {
      const result: tf.Tensor[] = new Array(items.length);
      for (let i = 0; i < items.length; i++) result[i] = outs[items[i]!]!;
      return result;
    }
    return this.output.flat.rebuild(this.output.leaves.map((l) => ('output' in l ? outs[l.output] : l.value)));
  }

  private readonly disposers: (() => void)[] = [];

  /** Frees the constants this function keeps on the tfjs backend (and those of its gradient). */
  dispose(): void {
    this.executor.dispose();
    this.drawsRun?.executor.dispose();
    this.drawsRun = undefined;
    for (const d of this.disposers.splice(0)) d();
  }

  /** Runs `d` when this function is disposed (what was made for it, such as its gradient function). */
  addDisposer(d: () => void): void {
    this.disposers.push(d);
  }

  /**
   * The graph as text: by default the optimized graph the executor runs; `{ graph: 'trace' }` the
   * trace (as `cf.graph.toString()`); `{ graph: 'passes' }` the trace, then what each optimizer pass changed.
   */
  toString(opts: PrintViewOptions = {}): string {
    const view = opts.graph ?? 'optimized';
    if (view === 'passes') return formatSteps(this.graph, this.optimizationSteps());
    return (view === 'trace' ? this.graph : this.optimizedGraph).toString({ sources: opts.sources });
  }

  /** Each optimizer pass on a copy of the trace: the graph text before and after, node counts. */
  optimizationSteps(): PassStep[] {
    return optimizationSteps(this.graph);
  }

  private exportSourceMemo: ExportSource | undefined;

  /** @internal What the exporter plug-ins read of this function (`ag.save` hands it to them too). */
  exportSource(): ExportSource {
    return (this.exportSourceMemo ??= {
      name: this.name,
      graph: this.graph,
      view: (view) => {
        if (view === 'passes')
          throw agError('api/bad-graph-view', { view: 'passes', allowed: "'optimized' or 'trace'" });
        return { graph: view === 'trace' ? this.graph : this.optimizedGraph, title: this.title({ graph: view }) };
      },
      viewerCode: () => this.viewerCode(),
    });
  }

  /**
   * The graph in an installed export format — `'onnx'` (bytes), `'graph-model'` (artifacts), `'dot'`,
   * `'svg'`, `'html'` (text; the last two as promises) — with that format's options: what toONNX,
   * toGraphModel, toDot, toSVG and toHTML return. An unknown format is `export/unknown-format`; one a
   * browser bundle did not install, `export/exporter-missing` naming the import that installs it.
   */
  export<K extends ExportFormat>(format: K, options?: ExportFormats[K]['options']): ExportFormats[K]['result'] {
    return exporterFor(format, `export('${format}')`).export(this.exportSource(), options ?? {});
  }

  /** The graph as an ONNX model (opset 18, IR version 8) that onnxruntime runs. */
  toONNX(opts: OnnxExportOptions = {}): Uint8Array {
    return exporterFor('onnx', 'toONNX').export(this.exportSource(), opts);
  }

  /**
   * Like `call`, through the executor's asynchronous path where it has one: onnxruntime's, and the
   * interpreter's (the compiled executor's on webgl and webgpu), which reads tensor values with
   * `await data()` — on webgpu the only sound way, so a graph with a Cond, a While that is not a
   * counted loop, an assert or a print runs there only through this path. The arguments and
   * captured variables are read when it is called (a later `assign` or `dispose` does not reach
   * the run); variable writes and staged prints and asserts happen as it runs. Every failure
   * rejects the returned promise.
   */
  callAsync(...args: JitArgs<Parameters<F>>): Promise<Staged<ReturnType<F>>> {
    try {
      return this.callFlatAsync(this.argumentTensors(args)) as Promise<Staged<ReturnType<F>>>;
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** `callFlat` through the executor's asynchronous path (see `callAsync`); the tensors are taken at the call. */
  async callFlatAsync(tensors: readonly tf.Tensor[]): Promise<unknown> {
    if (!this.executor.runAsync) return this.callFlat(tensors);
    return this.rebuild(await this.executor.runAsync(this.optimizedGraph, feedsFor(this.graph, tensors)));
  }

  /** A TF.js GraphModel (model.json topology + weights) that tf.loadGraphModel runs. */
  toGraphModel(opts: GraphModelExportOptions = {}): tf.io.ModelArtifacts {
    return exporterFor('graph-model', 'toGraphModel').export(this.exportSource(), opts);
  }

  /**
   * The optimized graph (or `{ graph: 'trace' }`) as Graphviz DOT: ops with shapes, Cond/While as
   * clusters named after the user's statements, captures and effects marked.
   */
  toDot(opts: DotOptions & ViewOptions = {}): string {
    return exporterFor('dot', 'toDot').export(this.exportSource(), opts);
  }

  /** The optimized graph (or `{ graph: 'trace' }`) as an SVG picture (Graphviz in wasm). */
  toSVG(opts: DotOptions & ViewOptions = {}): Promise<string> {
    return exporterFor('svg', 'toSVG').export(this.exportSource(), opts);
  }

  /**
   * The graph viewer as one self-contained HTML file (no network; its own strict CSP): the optimized
   * graph (or `{ graph: 'trace' }`) with zoom and pan, search, an info panel per node, collapsible
   * Cond/While, and the source and generated code linked to the graph.
   */
  async toHTML(opts: ViewerOptions & ViewOptions = {}): Promise<string> {
    return exporterFor('html', 'toHTML').export(this.exportSource(), opts);
  }

  /**
   * The same viewer inside an element of a page that bundles autograph-ts (works under a CSP
   * without inline scripts or styles; pictures are drawn in the page by Graphviz in wasm).
   */
  async mountViewer(element: HTMLElement, opts: ViewerOptions & ViewOptions = {}): Promise<ViewerApi> {
    return exporterFor('html', 'mountViewer').mount(element, this.exportSource(), opts);
  }

  private async viewerCode(): Promise<ViewerCode> {
    try {
      return (await this.code?.()) ?? {};
    } catch {
      return {}; // the code panes stay empty; the graph is still shown
    }
  }

  private title(opts: ViewOptions = {}): string {
    return `${this.name}(${this.describe()})${opts.graph === 'trace' ? ' · trace' : ''}`;
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
      if (a.kind === 'value' || b.kind === 'value')
        return a.kind === 'value' && b.kind === 'value' && Object.is(a.value, b.value);
      return (
        a.dtype === b.dtype && a.shape.length === b.shape.length && a.shape.every((d, k) => d < 0 || d === b.shape[k])
      );
    });
  }
}

function describeKey(sig: Signature): string {
  return sig.leaves.map((l) => (l.kind === 'tensor' ? `${l.dtype}[${l.shape.join(',')}]` : String(l.value))).join(', ');
}
