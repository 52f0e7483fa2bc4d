// The child process of thread-rows.ts: the compiled executor's rows with threads and their
// one-thread reference, in a process that runs nothing else (no other row's heap to collect, no
// peer's threads spinning beside it), so that 1 → N threads measures the GEMM pool and not the
// bench process around it. Takes the program's name and the calls' values over IPC, makes each row
// as the bench process makes its jit rows (contenders.ts `jitted`), times batches here with the
// harness's own timing (wall-clock and this process's CPU time) and sends the results back.
// Needs tfjs (cpu, wasm), contenders, harness, programs.ts.

import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { functional, jitted, perBackend } from '../contenders.js';
import { timeBatches, type BackendName, type Contender } from '../harness.js';
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
      backend: BackendName;
      threads: number;
      calls: ThreadInput[][];
    }
  | { kind: 'time'; row: number; batches: number }
  | { kind: 'result'; row: number }
  | { kind: 'exit' };

interface Row {
  readonly backend: BackendName;
  readonly contender: Contender;
}

const rows = new Map<number, Row>();
const reply = (m: unknown): void => void process.send!(m);

async function use(backend: BackendName): Promise<void> {
  if (tf.getBackend() !== backend) await tf.setBackend(backend);
}

async function handle(m: ThreadMessage): Promise<void> {
  switch (m.kind) {
    case 'init': {
      await use(m.backend);
      const calls = perBackend(() => m.calls.map((call) => call.map((x) => tf.tensor(x.data, x.shape))));
      const contender = jitted('compiled', m.backend, functional(THREAD_PROGRAMS[m.program]), calls, {
        threads: m.threads,
      });
      // traces and compiles, and with threads has the pool ready, before any timing
      await contender.prepare!();
      rows.set(m.row, { backend: m.backend, contender });
      return reply({ kind: 'ready', threads: m.threads });
    }
    case 'time': {
      const row = rows.get(m.row)!;
      await use(row.backend);
      return reply({ kind: 'timed', ...(await timeBatches(row.contender, m.batches)) });
    }
    case 'result': {
      const row = rows.get(m.row)!;
      await use(row.backend);
      return reply({ kind: 'result', values: await row.contender.result!() });
    }
    case 'exit':
      process.exit(0);
  }
}

process.on('message', (m: ThreadMessage) => {
  handle(m).catch((e: unknown) => reply({ kind: 'error', message: String((e as Error)?.stack ?? e) }));
});
process.on('disconnect', () => process.exit(0));
