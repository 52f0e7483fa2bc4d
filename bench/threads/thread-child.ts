// The child process of thread-rows.ts: the compiled executor's rows with threads and their
// one-thread reference, in a process that runs nothing else (no other row's heap to collect, no
// peer's threads spinning beside it), so that 1 → N threads measures the GEMM pool and not the
// bench process around it. Takes the program's name and the calls' values over IPC, then times
// batches here (wall-clock and this process's CPU time) and sends the results back.
// Needs tfjs (cpu, wasm), autograph-ts's source, programs.ts.

import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import * as ag from '../../src/index.js';
import { poolReady } from '../../src/exec/targets/wasm-simd/gemm-pool.js';
import { THREAD_PROGRAMS, type ThreadProgram } from './programs.js';

export interface ThreadInput {
  readonly data: Float32Array;
  readonly shape: number[];
}
export type ThreadMessage =
  | {
      kind: 'init';
      row: number;
      program: ThreadProgram;
      backend: 'cpu' | 'wasm';
      threads: number;
      calls: ThreadInput[][];
    }
  | { kind: 'time'; row: number; batches: number }
  | { kind: 'result'; row: number }
  | { kind: 'exit' };

interface Row {
  readonly backend: 'cpu' | 'wasm';
  readonly threads: number;
  readonly f: ag.JitFunction;
  readonly calls: tf.Tensor[][];
}

const rows = new Map<number, Row>();
const reply = (m: unknown): void => void process.send!(m);

/** Runs `f` on the row's backend with the row's thread count. */
async function on<T>(row: Row, f: () => T): Promise<T> {
  if (tf.getBackend() !== row.backend) await tf.setBackend(row.backend);
  ag.setThreads(row.threads);
  try {
    return f();
  } finally {
    ag.setThreads(1);
  }
}

const runBatch = (row: Row): void => {
  for (const args of row.calls) tf.dispose(row.f(...args) as tf.Tensor);
};

async function handle(m: ThreadMessage): Promise<void> {
  switch (m.kind) {
    case 'init': {
      await tf.setBackend(m.backend);
      const calls = m.calls.map((call) => call.map((x) => tf.tensor(x.data, x.shape)));
      const row: Row = { backend: m.backend, threads: m.threads, f: ag.jit(THREAD_PROGRAMS[m.program]), calls };
      rows.set(m.row, row);
      // trace and compile outside the timing; with threads, the pool is ready before timing
      await on(row, () => tf.dispose(row.f(...calls[0]!) as tf.Tensor));
      if (m.threads > 1) await poolReady();
      return reply({ kind: 'ready', threads: m.threads });
    }
    case 'time': {
      const row = rows.get(m.row)!;
      const { ms, cpuMs } = await on(row, () => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        for (let b = 0; b < m.batches; b++) runBatch(row);
        const wall = performance.now() - t0;
        const cu = process.cpuUsage(c0);
        return { ms: wall, cpuMs: (cu.user + cu.system) / 1000 };
      });
      return reply({ kind: 'timed', ms, cpuMs });
    }
    case 'result': {
      const row = rows.get(m.row)!;
      const values = await on(row, () =>
        row.calls.flatMap((args) => {
          const y = row.f(...args) as tf.Tensor;
          const v = Array.from(y.dataSync(), Number);
          y.dispose();
          return v;
        }),
      );
      return reply({ kind: 'result', values });
    }
    case 'exit':
      process.exit(0);
  }
}

process.on('message', (m: ThreadMessage) => {
  handle(m).catch((e: unknown) => reply({ kind: 'error', message: String((e as Error)?.stack ?? e) }));
});
process.on('disconnect', () => process.exit(0));
