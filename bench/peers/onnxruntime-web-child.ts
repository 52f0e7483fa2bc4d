// The child process of onnxruntime-web-threads.ts: onnxruntime-web (its WebAssembly build) with
// `numThreads` threads, which it fixes when it first starts — so a row with threads needs a process
// of its own. Takes the model and the feeds over IPC, then times batches here (wall-clock and this
// process's CPU time) and sends the results back. Needs onnxruntime-web.

import * as ort from 'onnxruntime-web';

interface Feed {
  readonly type: 'float32' | 'int32' | 'bool';
  readonly data: Float32Array | Int32Array | Uint8Array;
  readonly dims: readonly number[];
}
type Message =
  | { kind: 'init'; model: Uint8Array; calls: Feed[][]; threads: number }
  | { kind: 'time'; batches: number }
  | { kind: 'result' }
  | { kind: 'exit' };

let session: ort.InferenceSession | undefined;
let feeds: Record<string, ort.Tensor>[] = [];

const reply = (m: unknown): void => void process.send!(m);

async function runBatch(): Promise<ort.InferenceSession.OnnxValueMapType[]> {
  const out: ort.InferenceSession.OnnxValueMapType[] = [];
  for (const f of feeds) out.push(await session!.run(f));
  return out;
}

async function handle(m: Message): Promise<void> {
  switch (m.kind) {
    case 'init': {
      ort.env.wasm.numThreads = m.threads;
      ort.env.logLevel = 'error';
      session = await ort.InferenceSession.create(m.model, {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
      const names = session.inputNames;
      feeds = m.calls.map((call) =>
        Object.fromEntries(names.map((n, i) => [n, new ort.Tensor(call[i]!.type, call[i]!.data, call[i]!.dims)])),
      );
      return reply({ kind: 'ready', threads: ort.env.wasm.numThreads });
    }
    case 'time': {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let b = 0; b < m.batches; b++) await runBatch();
      const ms = performance.now() - t0;
      const cu = process.cpuUsage(c0);
      return reply({ kind: 'timed', ms, cpuMs: (cu.user + cu.system) / 1000 });
    }
    case 'result': {
      const outs = await runBatch();
      return reply({
        kind: 'result',
        values: outs.flatMap((o) =>
          session!.outputNames.flatMap((n) => Array.from(o[n]!.data as ArrayLike<number>, Number)),
        ),
      });
    }
    case 'exit':
      await session?.release();
      process.exit(0);
  }
}

process.on('message', (m: Message) => {
  handle(m).catch((e: unknown) => reply({ kind: 'error', message: String((e as Error)?.stack ?? e) }));
});
process.on('disconnect', () => process.exit(0));
