// The GEMM thread pool's shared protocol and the code every thread runs, as JavaScript text: the
// workers run it (a Node `worker_threads` worker evaluates it, a browser worker loads it from a Blob
// URL), and the calling thread evaluates the same text for its own share (gemm-pool.ts), so one
// text is the whole parallel loop. It is a string rather than a function's `toString()` because
// transpilers (tsx names functions with a helper, coverage tools instrument them) would change the
// text, and a bundler copies a string as it is, with no worker file to resolve.
//
// A job is a set of chunks of the OUTPUT (blocks of rows, or panels of columns, of one batch entry):
// each chunk is one call of the GEMM driver over its part, so every output element is summed by the
// same tile code in the same order whichever thread takes it (bit-identical to one thread). Threads
// claim chunks with a compare-exchange on one word (total << 16 | next: a claim that succeeds is a
// chunk of the job now published, whose parameters stay put until every chunk is done), count each
// finished chunk in DONE, and the calling thread waits for DONE to reach the total. Needs nothing.
// Produces `CTL`, `MAX_THREADS`, `MAX_CHUNKS`, `SPLIT_ROWS`, `SPLIT_COLS`, `WORKER_SOURCE`, `makeRunner`.

/** The control block (an Int32Array over a SharedArrayBuffer): what each index holds. */
export const CTL = {
  /** Bumped for every job; idle workers wait on it. */
  SEQ: 0,
  /** total << 16 | next chunk to claim (no chunk when next ≥ total). */
  WORD: 1,
  /** Chunks finished in this job. */
  DONE: 2,
  /** Set when a chunk threw (the caller then redoes the job on one thread). */
  ERROR: 3,
  /** Set to make workers leave their loop. */
  STOP: 4,
  /** Threads with an id below this take part in the job (the caller is thread 0). */
  ACTIVE: 5,
  // The job's parameters (byte offsets in the shared memory; the driver's arguments).
  KERNEL: 8,
  M: 9,
  N: 10,
  K: 11,
  A: 12,
  A_BATCH: 13,
  BATCH_A: 14,
  /** Bytes between A's rows when A is read where it lies (mmDirect); 0: A is packed. */
  LDA: 15,
  B: 16,
  B_BATCH: 17,
  BATCH_B: 18,
  OUT: 19,
  OUT_BATCH: 20,
  O_ROW: 21,
  K_BLOCK: 22,
  SPLIT: 23,
  /** Rows (or columns) per chunk. */
  SIZE: 24,
  PER_BATCH: 25,
  /** Bytes per packed element (4 or 8). */
  ELEM: 26,
  /** Each thread's scratch is at SCRATCH + thread · 128. */
  SCRATCH: 27,
  /** READY + thread: 1 once the worker's kernels are instantiated, -1 if that failed. */
  READY: 32,
  /** CHUNKS + thread: chunks the thread has run (tests read it). */
  CHUNKS: 48,
  LENGTH: 64,
} as const;

export const MAX_THREADS = 16;
/** The word holds the total in 15 bits. */
export const MAX_CHUNKS = 4096;
export const SPLIT_ROWS = 0;
export const SPLIT_COLS = 1;

/** The kernels one thread calls, by kernel id (gemm-pool.ts `KERNELS`): the driver over packed A, and over A where it lies. */
export interface ThreadKernels {
  readonly mm: (...args: number[]) => void;
  readonly direct?: (...args: number[]) => void;
}

const C = CTL;

/** `makeRunner(ctl, kernels, thread)` → a function that claims and runs chunks until none is left. */
const RUNNER_SOURCE = `
function makeRunner(ctl, kernels, thread) {
  function runChunk(c) {
    const kernel = kernels[ctl[${C.KERNEL}]];
    const M = ctl[${C.M}], N = ctl[${C.N}], K = ctl[${C.K}], perBatch = ctl[${C.PER_BATCH}], size = ctl[${C.SIZE}];
    const bi = (c / perBatch) | 0, j = c - bi * perBatch;
    const lda = ctl[${C.LDA}], oRow = ctl[${C.O_ROW}], elem = ctl[${C.ELEM}];
    let a = ctl[${C.A}] + (bi % ctl[${C.BATCH_A}]) * ctl[${C.A_BATCH}];
    let b = ctl[${C.B}] + (bi % ctl[${C.BATCH_B}]) * ctl[${C.B_BATCH}];
    let out = ctl[${C.OUT}] + bi * ctl[${C.OUT_BATCH}];
    let m = M, n = N;
    if (ctl[${C.SPLIT}] === ${SPLIT_ROWS}) {
      const r0 = j * size;
      m = Math.min(size, M - r0);
      a += lda ? r0 * lda : r0 * K * elem;
      out += r0 * oRow;
    } else {
      const c0 = j * size;
      n = Math.min(size, N - c0);
      b += c0 * K * elem;
      out += c0 * 4;
    }
    const scratch = ctl[${C.SCRATCH}] + thread * 128;
    if (lda) kernel.direct(m, n, K, a, b, out, oRow, ctl[${C.K_BLOCK}], scratch, lda);
    else kernel.mm(m, n, K, a, b, out, oRow, ctl[${C.K_BLOCK}], scratch);
  }
  return function runChunks() {
    if (thread >= Atomics.load(ctl, ${C.ACTIVE})) return;
    let ran = 0;
    for (;;) {
      const w = Atomics.load(ctl, ${C.WORD});
      const next = w & 0xffff;
      if (next >= w >>> 16) break;
      if (Atomics.compareExchange(ctl, ${C.WORD}, w, w + 1) !== w) continue;
      try {
        runChunk(next);
      } catch (e) {
        Atomics.store(ctl, ${C.ERROR}, 1);
      }
      ran++;
      Atomics.add(ctl, ${C.DONE}, 1);
      Atomics.notify(ctl, ${C.DONE});
    }
    if (ran) Atomics.add(ctl, ${C.CHUNKS} + thread, ran);
  };
}
`;

/**
 * Spins (checks of SEQ, about 0.1 ms) a worker makes before it sleeps after a job: back-to-back
 * products (a loop of matMuls, a training step) then skip a wake-up, which costs tens of µs.
 */
const SPINS = 50000;

/**
 * The worker: its first message is { memory, control, kernels: [{ mm, direct }] (WebAssembly
 * modules, by kernel id), thread }; it instantiates the kernels over the shared memory, says READY,
 * then runs chunks whenever SEQ moves, until STOP.
 */
export const WORKER_SOURCE = `'use strict';
${RUNNER_SOURCE}
function start(init) {
  const ctl = new Int32Array(init.control);
  let run;
  try {
    const imports = { env: { memory: init.memory } };
    const kernels = init.kernels.map((k) => k && {
      mm: new WebAssembly.Instance(k.mm, imports).exports.mm,
      direct: k.direct ? new WebAssembly.Instance(k.direct, imports).exports.mm : undefined,
    });
    run = makeRunner(ctl, kernels, init.thread);
  } catch (e) {
    Atomics.store(ctl, ${C.READY} + init.thread, -1);
    return;
  }
  Atomics.store(ctl, ${C.READY} + init.thread, 1);
  for (;;) {
    const seen = Atomics.load(ctl, ${C.SEQ});
    if (Atomics.load(ctl, ${C.STOP})) return;
    run();
    for (let i = 0; i < ${SPINS} && Atomics.load(ctl, ${C.SEQ}) === seen; i++);
    Atomics.wait(ctl, ${C.SEQ}, seen);
  }
}
if (typeof require === 'function' && typeof process === 'object') {
  require('node:worker_threads').parentPort.once('message', start);
} else {
  self.onmessage = (e) => {
    self.onmessage = null;
    start(e.data);
  };
}
`;

/** The calling thread's runner: the same text, evaluated here (the compiled executor already generates code). */
export function makeRunner(
  ctl: Int32Array,
  kernels: readonly (ThreadKernels | undefined)[],
  thread: number,
): () => void {
  const make = new Function(`${RUNNER_SOURCE}\nreturn makeRunner;`)() as (
    c: Int32Array,
    k: readonly (ThreadKernels | undefined)[],
    t: number,
  ) => () => void;
  return make(ctl, kernels, thread);
}
