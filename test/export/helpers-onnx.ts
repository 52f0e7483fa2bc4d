// Helpers of the ONNX export tests: trace a function with jit (autograph off), export its graph, run the
// model in onnxruntime-node (graph optimizations 'all', one thread) and compare with eager tfjs
// (int32/bool exactly, float32 within a relative 1e-5). Needs vitest, tfjs, onnxruntime-node, src.
// Produces `traceGraph`, `runOrt`, `expectClose`, `checkOnnx`.

import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { expect } from 'vitest';
import * as ag from '../../src/index.js';
import type { Graph } from '../../src/ir/graph.js';
import { exportOnnxModel, type OnnxExport } from '../../src/export/onnx/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => any;

export function traceGraph(fn: AnyFn, args: readonly unknown[]): Graph {
  const f = ag.jit(fn, { autograph: false, name: fn.name || 'fn' });
  const cf = f.getConcreteFunction(...args);
  ag.verify(cf.graph);
  return cf.graph;
}

function toOrtTensor(t: tf.Tensor): ort.Tensor {
  const dims = [...t.shape];
  if (t.dtype === 'float32') return new ort.Tensor('float32', Float32Array.from(t.dataSync()), dims);
  if (t.dtype === 'int32') return new ort.Tensor('int32', Int32Array.from(t.dataSync()), dims);
  if (t.dtype === 'bool') return new ort.Tensor('bool', Uint8Array.from(t.dataSync()), dims);
  throw new Error(`no ort tensor for ${t.dtype}`);
}

export interface OrtResult {
  readonly dtype: string;
  readonly shape: number[];
  readonly values: number[];
}

/** Loads `model` in onnxruntime-node and runs it on the graph inputs (params, then captures). */
export async function runOrt(model: OnnxExport, inputs: readonly tf.Tensor[]): Promise<OrtResult[]> {
  const session = await ort.InferenceSession.create(model.bytes, {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: 1,
  });
  try {
    const feeds: Record<string, ort.Tensor> = {};
    for (const { name, index } of model.inputs) feeds[name] = toOrtTensor(inputs[index]!);
    const out = await session.run(feeds);
    return [...model.outputs, ...model.assignments.map((a) => a.output)].map((name) => {
      const t = out[name]!;
      const dtype = t.type === 'float32' ? 'float32' : t.type === 'bool' ? 'bool' : t.type;
      return { dtype, shape: [...t.dims], values: Array.from(t.data as ArrayLike<number>, Number) };
    });
  } finally {
    await session.release();
  }
}

/** int32/bool exactly; float32 within `rtol` relative (and 1e-6 absolute near zero); NaN matches NaN. */
export function expectClose(got: OrtResult, want: tf.Tensor, what: string, rtol = 1e-5): void {
  expect(got.shape, `${what}: shape`).toEqual([...want.shape]);
  expect(got.dtype, `${what}: dtype`).toBe(want.dtype);
  const w = Array.from(want.dataSync() as ArrayLike<number>, Number);
  if (want.dtype !== 'float32') {
    expect(got.values, `${what}: values`).toEqual(w);
    return;
  }
  got.values.forEach((g, i) => {
    const e = w[i]!;
    if (Number.isNaN(e)) return expect(Number.isNaN(g), `${what}[${i}]: NaN`).toBe(true);
    if (!Number.isFinite(e)) return expect(g, `${what}[${i}]`).toBe(e);
    const ok = Math.abs(g - e) <= 1e-6 + rtol * Math.abs(e);
    expect(ok, `${what}[${i}]: got ${g}, want ${e}`).toBe(true);
  });
}

function flatTensors(x: unknown): tf.Tensor[] {
  if (x instanceof tf.Tensor) return [x];
  if (Array.isArray(x)) return x.flatMap(flatTensors);
  if (x && typeof x === 'object') return Object.values(x).flatMap(flatTensors);
  return [];
}

export interface CheckOptions {
  /** Run the optimizer first (exports Fused nodes), when it is available. */
  readonly optimize?: (g: Graph) => Graph;
  readonly rtol?: number;
  /** What to compare with: eager `fn` (default), or the traced graph run by the interpreter executor. */
  readonly reference?: 'eager' | 'interpreter';
}

/**
 * Traces `fn` on `args` (tensors), exports, runs in onnxruntime and compares each output with eager
 * `fn(...args)`. Returns the exported model for further checks.
 */
export async function checkOnnx(fn: AnyFn, args: readonly tf.Tensor[], opts: CheckOptions = {}): Promise<OnnxExport> {
  let graph = traceGraph(fn, args);
  if (opts.optimize) graph = opts.optimize(graph);
  const model = exportOnnxModel(graph, { onWarning: () => undefined });
  const captures = graph.captures.map((c) =>
    c.source.kind === 'variable' ? c.source.variable : c.source.kind === 'tensor' ? c.source.tensor : undefined,
  );
  const got = await runOrt(model, [...args, ...(captures as tf.Tensor[])]);
  const want = flatTensors(
    opts.reference === 'interpreter' ? ag.jit(fn, { autograph: false, executor: 'interpreter' })(...args) : fn(...args),
  );
  expect(model.outputs.length, 'number of outputs').toBe(want.length);
  want.forEach((w, i) => expectClose(got[i]!, w, `${fn.name || 'fn'} output ${i}`, opts.rtol));
  tf.dispose(want.filter((t) => !args.includes(t)));
  return model;
}
