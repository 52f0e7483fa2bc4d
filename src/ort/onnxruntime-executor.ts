// The onnxruntime executor: exports a graph to ONNX once, opens one onnxruntime-node session for it
// (intraOpNumThreads 1 by default, graph optimizations 'all'), and per call converts tfjs tensors in
// and out; variables are fed as inputs and written back from the model's `<variable>_new` outputs;
// staged prints and asserts come back as effect outputs and are replayed (replay-effects.ts).
// `run` is synchronous (native binding); `runAsync` uses the public promise API.
// Needs the ONNX exporter, ort-loader, tensor-convert. Produces `OnnxRuntimeExecutor`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../ir/graph.js';
import { exportOnnxModel, type OnnxExport } from '../export/onnx/export-onnx.js';
import {
  asOrtTensor,
  loadOrt,
  loadSyncBinding,
  type OrtTensor,
  type SessionOptions,
  type SyncSession,
} from './ort-loader.js';
import { fromOrt, toOrt } from './tensor-convert.js';
import { replayEffects } from './replay-effects.js';
import type { OnnxRuntimeOptions } from './options.js';
import type * as OrtModule from 'onnxruntime-node';

export type { OnnxRuntimeOptions };

interface Prepared {
  readonly model: OnnxExport;
  sync?: SyncSession;
  async?: Promise<OrtModule.InferenceSession>;
}

export class OnnxRuntimeExecutor {
  private readonly prepared = new Map<Graph, Prepared>();

  constructor(private readonly options: OnnxRuntimeOptions = {}) {}

  /** The exported model of `graph` (exporting it on first use). */
  model(graph: Graph): OnnxExport {
    return this.prepare(graph).model;
  }

  /** Runs `graph` on `inputs` (params, then captures) synchronously; the caller owns the results. */
  run(graph: Graph, inputs: readonly tf.Tensor[]): tf.Tensor[] {
    const p = this.prepare(graph);
    if (!p.sync) {
      const binding = loadSyncBinding();
      if (!binding) throw new Error('this onnxruntime-node has no synchronous native binding: use runAsync');
      binding.initOrt();
      const session = new binding.binding.InferenceSession();
      const bytes = p.model.bytes;
      session.loadModel(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength, this.sessionOptions());
      p.sync = session;
    }
    const fetches: Record<string, null> = {};
    for (const name of this.fetchNames(p.model)) fetches[name] = null;
    const raw = p.sync.run(this.feeds(p.model, inputs), fetches, {});
    const results: Record<string, OrtTensor> = {};
    for (const name of Object.keys(raw)) results[name] = asOrtTensor(raw[name]!);
    return this.collect(p.model, results);
  }

  /**
   * Runs through the public (promise) API of onnxruntime-node. The inputs are copied before the
   * returned promise is made, so changing or disposing them afterwards does not reach the run.
   */
  runAsync(graph: Graph, inputs: readonly tf.Tensor[]): Promise<tf.Tensor[]> {
    let p: Prepared;
    let feeds: Record<string, OrtTensor>;
    try {
      p = this.prepare(graph);
      feeds = this.feeds(p.model, inputs, true);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.finishAsync(p, feeds);
  }

  private async finishAsync(p: Prepared, feeds: Record<string, OrtTensor>): Promise<tf.Tensor[]> {
    p.async ??= loadOrt().InferenceSession.create(p.model.bytes, this.sessionOptions());
    const session = await p.async;
    const results = await session.run(feeds, this.fetchNames(p.model));
    return this.collect(p.model, results as Record<string, OrtTensor>);
  }

  dispose(): void {
    for (const p of this.prepared.values()) {
      p.sync?.dispose();
      void p.async?.then((s) => s.release()).catch(() => undefined);
    }
    this.prepared.clear();
  }

  private prepare(graph: Graph): Prepared {
    let p = this.prepared.get(graph);
    if (!p) {
      const { numerics, onWarning } = this.options;
      p = {
        model: exportOnnxModel(graph, {
          variablesAsInputs: true,
          effectsAsOutputs: true,
          onWarning,
          ...(numerics ? { numerics } : {}),
        }),
      };
      this.prepared.set(graph, p);
    }
    return p;
  }

  private sessionOptions(): SessionOptions {
    const o = this.options;
    return {
      intraOpNumThreads: o.intraOpNumThreads ?? 1,
      ...(o.interOpNumThreads !== undefined ? { interOpNumThreads: o.interOpNumThreads } : {}),
      graphOptimizationLevel: o.graphOptimizationLevel ?? 'all',
      ...(o.executionProviders ? { executionProviders: o.executionProviders } : {}),
    };
  }

  /** The model's feeds; `copy` snapshots the values (for runs that finish later). */
  private feeds(model: OnnxExport, inputs: readonly tf.Tensor[], copy = false): Record<string, OrtTensor> {
    const feeds: Record<string, OrtTensor> = {};
    for (const { name, index } of model.inputs) feeds[name] = toOrt(inputs[index]!, copy);
    return feeds;
  }

  private fetchNames(model: OnnxExport): string[] {
    const e = model.effects;
    return [...model.outputs, ...model.assignments.map((a) => a.output), ...(e ? [e.log, e.f32, e.i32, e.dims] : [])];
  }

  /**
   * The function's outputs as tfjs tensors, after its effects: assigned variables take their new
   * values and, where the graph prints or asserts, the logged effects are replayed in program order
   * (a failed assertion throws its catalogued error there, as the other executors do).
   */
  private collect(model: OnnxExport, results: Record<string, OrtTensor>): tf.Tensor[] {
    if (model.effects) replayEffects(model, results, (i) => this.assign(model, results, i));
    else model.assignments.forEach((_, i) => this.assign(model, results, i));
    return model.outputs.map((name) => fromOrt(results[name]!));
  }

  private assign(model: OnnxExport, results: Record<string, OrtTensor>, i: number): void {
    const a = model.assignments[i]!;
    const t = fromOrt(results[a.output]!);
    a.variable.assign(t);
    t.dispose();
  }
}
