// The compiled executor's rows with threads, and the one-thread row they are judged against, run in
// one child process of their own (thread-child.ts). In the bench process, N threads share the
// machine with the other rows' leftovers (a heap of hundreds of MB being collected, onnxruntime's
// intra-op threads spinning after their run); in a process that runs only these rows, 1 → N
// threads measures the GEMM pool. The child times each sample's batches itself (no message in
// between). Needs harness, contenders, programs, node:child_process. Produces `jitThreadRows`.

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import type { BackendName, Contender } from '../harness.js';
import type { Calls } from '../contenders.js';
import type { ThreadInput, ThreadMessage } from './thread-child.js';
import type { ThreadProgram } from './programs.js';
import { askChild } from '../child-rows.js';

const CHILD = fileURLToPath(new URL('./thread-child.ts', import.meta.url));

/** What `host` is on these rows: refs.oneThread pairs a row with threads with the one-thread row of its own process. */
export const THREAD_HOST = 'own process';

/** One child process, shared by the rows of a workload; started by the first row to prepare, ended by the last to go. */
class Child {
  private proc: ChildProcess | undefined;
  private users = 0;

  ask<T>(message: ThreadMessage): Promise<T> {
    if (!this.proc) {
      // the bench's own flags (relaxed SIMD, tsx) for the child too
      this.proc = fork(CHILD, [], {
        execArgv: process.execArgv,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    }
    return askChild<T>(this.proc, "thread rows' child", message);
  }

  hold(): void {
    this.users++;
  }

  release(): void {
    if (--this.users > 0 || !this.proc) return;
    this.proc.send({ kind: 'exit' } satisfies ThreadMessage);
    this.proc = undefined;
  }
}

const inputOf = (t: tf.Tensor): ThreadInput => ({ data: Float32Array.from(t.dataSync()), shape: t.shape });

/**
 * Rows of `program` jitted (compiled executor) in one child process: for each backend, one row per
 * thread count (a count of 1 is the reference of the others). The calls' float32 values are sent to
 * the child once.
 */
export function jitThreadRows(
  program: ThreadProgram,
  calls: Calls,
  backends: readonly BackendName[],
  threads: readonly number[],
): Contender[] {
  const child = new Child();
  let id = 0;
  const rows: Contender[] = [];
  for (const backend of backends) {
    for (const n of threads) {
      const row = id++;
      let count = 1;
      rows.push({
        label: `jit compiled, ${n} thread${n === 1 ? '' : 's'} (${THREAD_HOST})`,
        kind: 'jit',
        executor: 'compiled',
        variant: 'functional',
        backend,
        threads: n,
        host: THREAD_HOST,
        get callsPerBatch() {
          return count;
        },
        async prepare() {
          const list = calls.get() as tf.Tensor[][];
          count = list.length;
          child.hold();
          await child.ask({
            kind: 'init',
            row,
            program,
            backend,
            threads: n,
            calls: list.map((args) => args.map(inputOf)),
          });
        },
        async batch() {
          await child.ask({ kind: 'time', row, batches: 1 });
        },
        async timeBatches(batches) {
          const r = await child.ask<{ ms: number; cpuMs: number }>({ kind: 'time', row, batches });
          return { ms: r.ms, cpuMs: r.cpuMs };
        },
        async result() {
          return (await child.ask<{ values: number[] }>({ kind: 'result', row })).values;
        },
        dispose() {
          child.release();
        },
      });
    }
  }
  return rows;
}
