// The onnxruntime-web peer: the workload's exported ONNX model (the functional form, float32 kernels
// as deployed: `numerics: 'float32'`, like the onnxruntime-node row) in onnxruntime-web's WebAssembly
// build, one thread, in this Node process. Its `run` is asynchronous, so the batch is awaited; inputs
// become ort tensors once in `prepare` (as the jit rows take tfjs tensors made before the timing).
// Needs harness, contenders, autograph-ts, onnxruntime-web. Produces `onnxWeb`, `exportModel`, `ORT_WEB_LABEL`.

import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-web';
import * as ag from '../../src/index.js';
import type { Contender } from '../harness.js';
import type { Calls, Variant } from '../contenders.js';

export const ORT_WEB_LABEL = 'onnxruntime-web (wasm, 1 thread)';

/** onnxruntime-web's version, for the bench header. */
export function ortWebVersion(): string {
  return ort.env.versions.web ?? '?';
}

/** The model of `variant` traced on `args` (a jit call, then its one concrete function's export). */
export function exportModel(variant: Variant, args: readonly unknown[]): Uint8Array {
  const f = ag.jit(variant.fn, { ...variant.options });
  tf.dispose(f(...args) as tf.TensorContainer);
  const [cf] = f.concreteFunctions();
  const bytes = cf!.toONNX({ numerics: 'float32' });
  for (const c of f.concreteFunctions()) c.dispose();
  return bytes;
}

function ortTensor(t: tf.Tensor): ort.Tensor {
  const data = t.dataSync();
  if (t.dtype === 'int32') return new ort.Tensor('int32', Int32Array.from(data), t.shape);
  if (t.dtype === 'bool') return new ort.Tensor('bool', Uint8Array.from(data), t.shape);
  return new ort.Tensor('float32', Float32Array.from(data), t.shape);
}

/**
 * One row: the first variant's model in onnxruntime-web, `threads` WebAssembly threads (1 by default;
 * onnxruntime-web fixes its thread count when it first starts, so rows with threads run in a process
 * of their own: onnxruntime-web-threads.ts).
 */
export function onnxWeb(variants: readonly Variant[], calls: Calls, threads = 1): Contender {
  let session: ort.InferenceSession | undefined;
  let feeds: Record<string, ort.Tensor>[] = [];
  const run = async (): Promise<ort.InferenceSession.OnnxValueMapType[]> => {
    const out: ort.InferenceSession.OnnxValueMapType[] = [];
    for (const f of feeds) out.push(await session!.run(f));
    return out;
  };
  return {
    label: threads === 1 ? ORT_WEB_LABEL : `onnxruntime-web (wasm, ${threads} threads)`,
    kind: 'peer',
    backend: 'cpu',
    get callsPerBatch() {
      return feeds.length || 1;
    },
    async prepare() {
      const list = calls.get();
      ort.env.wasm.numThreads = threads;
      ort.env.logLevel = 'error';
      session = await ort.InferenceSession.create(exportModel(variants[0]!, list[0]!), {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
      const names = session.inputNames;
      feeds = list.map((args) => {
        const tensors = (args as tf.Tensor[]).slice(0, names.length);
        return Object.fromEntries(names.map((n, i) => [n, ortTensor(tensors[i]!)]));
      });
    },
    async batch() {
      await run();
    },
    async result() {
      const outs = await run();
      return outs.flatMap((o) =>
        session!.outputNames.flatMap((n) => Array.from(o[n]!.data as ArrayLike<number>, Number)),
      );
    },
    dispose() {
      void session?.release();
    },
  };
}
