// The onnxruntime-web peer with threads (`env.wasm.numThreads`), as onnxruntime-web.ts's row but in a
// child process (onnxruntime-web-child.ts): onnxruntime-web fixes its thread count when it first
// starts, and this process's rows use one thread. The model is exported here, the feeds sent once;
// the child times each sample's batches itself (`timeBatches`: wall-clock and its own CPU time, no
// message in between), so the row measures what a user of onnxruntime-web pays per call.
// Needs harness, contenders, onnxruntime-web.ts's export, node:child_process. Produces `onnxWebThreads`.

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import type { Contender } from '../harness.js';
import { ORT_SPIN_MS, type Calls, type Variant } from '../contenders.js';
import { exportModel } from './onnxruntime-web.js';
import { askChild } from '../child-rows.js';

const CHILD = fileURLToPath(new URL('./onnxruntime-web-child.ts', import.meta.url));

function feed(t: tf.Tensor): { type: string; data: ArrayLike<number>; dims: number[] } {
  const data = t.dataSync();
  if (t.dtype === 'int32') return { type: 'int32', data: Int32Array.from(data), dims: t.shape };
  if (t.dtype === 'bool') return { type: 'bool', data: Uint8Array.from(data), dims: t.shape };
  return { type: 'float32', data: Float32Array.from(data), dims: t.shape };
}

/** A row: the first variant's model in onnxruntime-web with `threads` threads, in a child process. */
export function onnxWebThreads(variants: readonly Variant[], calls: Calls, threads: number): Contender {
  let child: ChildProcess | undefined;
  let count = 1;
  const ask = <T>(message: object): Promise<T> => askChild<T>(child!, 'onnxruntime-web child', message);
  return {
    label: `onnxruntime-web (wasm, ${threads} threads)`,
    kind: 'peer',
    backend: 'cpu',
    // its intra-op threads spin after a run as onnxruntime-node's do
    settleMs: ORT_SPIN_MS,
    get callsPerBatch() {
      return count;
    },
    async prepare() {
      const list = calls.get();
      count = list.length;
      const model = exportModel(variants[0]!, list[0]!);
      child = fork(CHILD, [], {
        execArgv: ['--import', 'tsx'],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      // the model's inputs are the call's leading tensors (the child names them with the session's input names)
      const feeds = list.map((args) => (args as tf.Tensor[]).map(feed));
      const r = await ask<{ threads: number }>({ kind: 'init', model, calls: feeds, threads });
      if (r.threads !== threads) throw new Error(`onnxruntime-web runs ${r.threads} threads, not ${threads}`);
    },
    async batch() {
      await ask({ kind: 'time', batches: 1 });
    },
    async timeBatches(batches) {
      const r = await ask<{ ms: number; cpuMs: number }>({ kind: 'time', batches });
      return { ms: r.ms, cpuMs: r.cpuMs };
    },
    async result() {
      return (await ask<{ values: number[] }>({ kind: 'result' })).values;
    },
    dispose() {
      child?.send({ kind: 'exit' });
      child = undefined;
    },
  };
}
