// `setThreads(n)` and `threads()`: how many threads the compiled executor's large matMuls use (the
// GEMM thread pool of exec/targets/wasm-simd/gemm-pool.ts), as tfjs-wasm's `setThreadsCount` and
// onnxruntime-web's `env.wasm.numThreads`. Needs the catalogue, the pool's setting. Produces
// `setThreads`, `threads`.

import { agError } from '../errors/catalogue.js';
import { MAX_THREADS } from '../exec/targets/wasm-simd/gemm-worker-source.js';
import { setThreadCount, threadCount } from '../exec/targets/wasm-simd/gemm-pool.js';

/**
 * Sets how many threads the compiled executor's float32 matMuls of at least 2^21 multiply-adds use
 * on the cpu and wasm backends, the calling thread included (1 to 16; no argument: the default,
 * min(4, the processor's cores)). The output is split between the threads, never a sum, so results
 * are the same bytes for any count. Threads need SharedArrayBuffer (in a browser, a cross-origin
 * isolated page) and a thread that may block (Node, or a browser worker; not a page's main thread);
 * elsewhere matMuls run on one thread, said once at verbosity 1. A smaller count than the pool's
 * uses fewer of its workers; the workers end when the functions that used them are disposed.
 */
export function setThreads(n?: number): void {
  if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > MAX_THREADS))
    throw agError('api/bad-threads', { got: typeof n === 'number' ? String(n) : (JSON.stringify(n) ?? String(n)) });
  setThreadCount(n);
}

/** The threads large matMuls use now: setThreads's count, or the default min(4, the processor's cores). */
export function threads(): number {
  return threadCount();
}
