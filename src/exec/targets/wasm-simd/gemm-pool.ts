// The GEMM thread pool, as tfjs-wasm's `setThreadsCount` and onnxruntime-web's `numThreads` offer:
// worker threads (Node's `worker_threads`, or browser workers) that instantiate the GEMM kernels
// over one SHARED WebAssembly memory, driven synchronously by the calling thread through a shared
// Int32Array (gemm-worker-source.ts: the caller publishes a job, wakes the workers with
// Atomics.notify, runs chunks itself, and waits with Atomics.wait until every chunk is done).
// Started once, lazily, by the first product large enough (until its workers are ready such calls
// run on one thread); ended when the last kernel site that used it is disposed. Workers are unref'd,
// so they never keep Node alive. Where threads cannot run (no SharedArrayBuffer: a page that is not
// cross-origin isolated; Atomics.wait refused: a browser's main thread; no workers; no shared
// WebAssembly memory) products run on one thread, said once at verbosity 1. Also a first-fit
// allocator over the shared memory (operands are copied in, results out). Needs gemm,
// gemm-worker-source, platform. Produces `setThreadCount`, `threadCount`, `gemmPool`, `startedPool`, `GemmPool`,
// `poolState`, `poolReady`, `resetThreads`, `KERNEL_IDS`, `THREAD_MIN_MACS`.

import { GEMM_SCRATCH, gemmInstance, gemmModules, type Gemm, type GemmLane, type GemmModules } from './gemm.js';
import { CTL, MAX_THREADS, WORKER_SOURCE, makeRunner, type ThreadKernels } from './gemm-worker-source.js';
import { wasmRelaxedSimdAvailable } from './encoder.js';
import { log } from '../../../platform/log.js';
import { nodeBuiltin } from '../../../platform/node.js';

/**
 * Products of fewer multiply-adds run on one thread: waking a worker and copying the operands cost
 * about as much as they save up to ~2^20 (96³ measured on an idle 2-core machine: 1.0× on wasm; 128³,
 * 2^21: 1.2×; 160³: 1.4×).
 */
export const THREAD_MIN_MACS = 1 << 21;
/** The shared memory's maximum (1 GiB): products whose operands do not fit run on one thread. */
const MAX_PAGES = 16384;
/** How long the calling thread spins for a job's last chunks before it sleeps (ms). */
const WAIT_SPIN_MS = 5;

// ── the setting ───────────────────────────────────────────────────────────────────────────────

let requested: number | undefined;

/** Sets the threads large products use (1: one thread, no worker); undefined: the default. */
export function setThreadCount(n: number | undefined): void {
  requested = n === undefined ? undefined : Math.min(MAX_THREADS, n);
}

/** The threads large products use: setThreads's, else min(4, the processor's cores). */
export function threadCount(): number {
  return requested ?? Math.min(4, hardwareThreads());
}

let cores: number | undefined;

/** The processor's cores as the host reports them (asked once). */
function hardwareThreads(): number {
  if (cores === undefined) {
    const nav = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator;
    const n =
      nav?.hardwareConcurrency ?? nodeBuiltin<{ availableParallelism(): number }>('node:os')?.availableParallelism();
    cores = Math.max(1, n ?? 1);
  }
  return cores;
}

// ── the kernels workers run ───────────────────────────────────────────────────────────────────

/** Kernel ids of a job (CTL.KERNEL): the lane and whether products are fused multiply-adds. */
export const KERNEL_IDS = { f64: 0, f32: 1, 'f32-fma': 2 } as const;
const KERNEL_KINDS: readonly { lane: GemmLane; fma: boolean }[] = [
  { lane: 'f64', fma: false },
  { lane: 'f32', fma: false },
  { lane: 'f32', fma: true },
];

// ── availability ──────────────────────────────────────────────────────────────────────────────

interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): unknown;
}
interface NodeWorker extends WorkerLike {
  unref(): void;
  on(event: 'error' | 'exit', f: (e?: unknown) => void): void;
}
type NodeWorkerThreads = { Worker: new (code: string, options: { eval: true }) => NodeWorker };
type BrowserWorker = WorkerLike & { onerror: ((e: unknown) => void) | null };

/** Why threads cannot run here, or undefined. */
function unavailable(): string | undefined {
  const g = globalThis as { crossOriginIsolated?: boolean; Worker?: unknown };
  if (typeof SharedArrayBuffer === 'undefined' || g.crossOriginIsolated === false)
    return 'SharedArrayBuffer is missing (a page must be cross-origin isolated)';
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
  } catch {
    return "Atomics.wait is not allowed on this thread (a browser's main thread; run tfjs in a worker)";
  }
  if (!nodeBuiltin('node:worker_threads') && typeof g.Worker !== 'function') return 'there are no worker threads here';
  return undefined;
}

let said = false;
/** The one verbosity-1 line saying why products run on one thread. */
function sayOneThread(reason: string): void {
  if (said) return;
  said = true;
  log(1, `AutoGraph: large matMuls run on one thread: ${reason}`);
}

// ── the pool ──────────────────────────────────────────────────────────────────────────────────

/** A live block of the shared memory: [start, end) bytes. */
interface Block {
  readonly start: number;
  readonly end: number;
}

export class GemmPool {
  readonly memory: WebAssembly.Memory;
  readonly ctl: Int32Array;
  /** The calling thread's kernels over the shared memory, by kernel id (undefined: not compiled here). */
  readonly kernels: readonly (Gemm | undefined)[];
  private readonly runner: () => void;
  private readonly workers: WorkerLike[] = [];
  private readonly urls: string[] = [];
  private readonly holders = new Set<object>();
  private readonly blocks: Block[] = [];
  private isReady = false;
  /** Set when a worker failed: the pool is then ended and never used again. */
  failed: string | undefined;

  constructor(
    readonly size: number,
    memory: WebAssembly.Memory,
    modules: readonly (GemmModules | undefined)[],
  ) {
    this.memory = memory;
    this.ctl = new Int32Array(new SharedArrayBuffer(CTL.LENGTH * 4));
    this.kernels = KERNEL_KINDS.map((k, i) => (modules[i] ? gemmInstance(k.lane, memory, k.fma) : undefined));
    const own: (ThreadKernels | undefined)[] = this.kernels.map(
      (g) => g && { mm: g.mm as ThreadKernels['mm'], direct: g.mmDirect as ThreadKernels['direct'] },
    );
    this.runner = makeRunner(this.ctl, own, 0);
    this.ctl[CTL.SCRATCH] = 16;
    this.blocks.push({ start: 0, end: 16 + MAX_THREADS * GEMM_SCRATCH });
    for (let t = 1; t < size; t++) this.workers.push(this.spawn(t, modules));
  }

  private spawn(thread: number, modules: readonly (GemmModules | undefined)[]): WorkerLike {
    const wt = nodeBuiltin<NodeWorkerThreads>('node:worker_threads');
    let w: WorkerLike;
    if (wt) {
      const nw = new wt.Worker(WORKER_SOURCE, { eval: true });
      nw.unref();
      nw.on('error', (e) => this.fail(`a worker failed: ${String(e)}`));
      w = nw;
    } else {
      const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      this.urls.push(url);
      const bw = new (globalThis as unknown as { Worker: new (url: string) => BrowserWorker }).Worker(url);
      bw.onerror = (e) => this.fail(`a worker failed: ${String((e as { message?: string }).message ?? e)}`);
      w = bw;
    }
    w.postMessage({ memory: this.memory, control: this.ctl.buffer, kernels: modules, thread });
    return w;
  }

  private fail(reason: string): void {
    this.failed ??= reason;
  }

  /** Whether every worker has its kernels (checked on the shared block: no event loop needed). */
  ready(): boolean {
    if (this.isReady) return true;
    for (let t = 1; t < this.size; t++) {
      const r = Atomics.load(this.ctl, CTL.READY + t);
      if (r < 0) this.fail('a worker could not instantiate the GEMM kernels');
      if (r !== 1) return false;
    }
    return (this.isReady = true);
  }

  /** Chunks each thread has run so far (tests check that workers take part). */
  chunksRun(): number[] {
    return Array.from({ length: this.size }, (_, t) => Atomics.load(this.ctl, CTL.CHUNKS + t));
  }

  hold(holder: object): void {
    this.holders.add(holder);
  }

  /** The holder is done with the pool; the last one ends it. */
  release(holder: object): void {
    if (this.holders.delete(holder) && this.holders.size === 0 && pool === this) endPool();
  }

  /** `bytes` bytes of the shared memory (16-aligned), or undefined past its maximum. */
  alloc(bytes: number): number | undefined {
    const size = (bytes + 15) & ~15;
    let at = 16;
    let i = 0;
    for (; i < this.blocks.length; i++) {
      const b = this.blocks[i]!;
      if (b.start - at >= size) break;
      at = Math.max(at, (b.end + 15) & ~15);
    }
    const end = at + size;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = Math.ceil((end - have) / 65536);
      if (have / 65536 + pages > MAX_PAGES) return undefined;
      this.memory.grow(pages);
    }
    this.blocks.splice(i, 0, { start: at, end });
    return at;
  }

  free(ptr: number): void {
    const i = this.blocks.findIndex((b) => b.start === ptr);
    if (i > 0) this.blocks.splice(i, 1);
  }

  /**
   * Runs the job whose parameters `setParams` wrote into the control block: `total` chunks on
   * `active` threads (this one included). False if a chunk threw (nothing is then known of the output).
   */
  run(total: number, active: number, setParams: (ctl: Int32Array) => void): boolean {
    const c = this.ctl;
    setParams(c);
    c[CTL.DONE] = 0;
    c[CTL.ERROR] = 0;
    c[CTL.ACTIVE] = Math.min(active, this.size);
    Atomics.store(c, CTL.WORD, total << 16); // publishes the job
    Atomics.add(c, CTL.SEQ, 1);
    Atomics.notify(c, CTL.SEQ);
    this.runner();
    // The caller has nothing else to do until the job ends: it spins (a sleeping thread wakes tens
    // of µs late, a large part of a 256³ product), and sleeps only past WAIT_SPIN_MS.
    const start = performance.now();
    for (let spins = 0; ; spins++) {
      const done = Atomics.load(c, CTL.DONE);
      if (done >= total) break;
      if ((spins & 1023) === 1023 && performance.now() - start > WAIT_SPIN_MS) Atomics.wait(c, CTL.DONE, done, 20);
    }
    return Atomics.load(c, CTL.ERROR) === 0;
  }

  /** Ends the workers (none is running a job: jobs end before `run` returns). */
  terminate(): void {
    Atomics.store(this.ctl, CTL.STOP, 1);
    Atomics.add(this.ctl, CTL.SEQ, 1);
    Atomics.notify(this.ctl, CTL.SEQ);
    for (const w of this.workers) void w.terminate();
    this.workers.length = 0;
    for (const u of this.urls) URL.revokeObjectURL(u);
    this.urls.length = 0;
    this.holders.clear();
  }
}

let pool: GemmPool | undefined;
/** Why threads cannot run here, once found (then never asked again). */
let blocked: string | undefined;

function endPool(): void {
  pool?.terminate();
  pool = undefined;
}

function startPool(size: number): GemmPool | undefined {
  blocked ??= unavailable();
  if (blocked) return undefined;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: 16, maximum: MAX_PAGES, shared: true });
  } catch {
    blocked = 'WebAssembly has no shared memory here (the threads feature)';
    return undefined;
  }
  const relaxed = wasmRelaxedSimdAvailable();
  const modules = KERNEL_KINDS.map((k) => (k.fma && !relaxed ? undefined : gemmModules(k.lane, k.fma, true)));
  if (!modules[KERNEL_IDS.f32] || !modules[KERNEL_IDS.f64]) {
    blocked = 'WebAssembly SIMD kernels over a shared memory did not compile';
    return undefined;
  }
  try {
    return new GemmPool(size, memory, modules);
  } catch (e) {
    blocked = `the workers did not start (${String(e)})`;
    return undefined;
  }
}

/**
 * The pool for a product of `macs` multiply-adds, ready to run, or undefined: one thread asked for,
 * too small a product, threads unavailable here (said once at verbosity 1), or the workers still
 * starting (started here on the first call that wants them).
 */
export function gemmPool(macs: number): GemmPool | undefined {
  const n = threadCount();
  if (n <= 1 || macs < THREAD_MIN_MACS) return undefined;
  if (pool?.failed) {
    blocked = pool.failed;
    endPool();
  }
  if (!pool || pool.size < n) {
    endPool();
    pool = blocked === undefined ? startPool(n) : undefined;
    if (!pool) {
      sayOneThread(blocked!);
      return undefined;
    }
  }
  return pool.ready() && !pool.failed ? pool : undefined;
}

/** The pool, ready or still starting (a site holds it from its first product that wants it). */
export function startedPool(): GemmPool | undefined {
  return pool;
}

/** Whether a pool exists, and its threads (the caller's included); for tests. */
export function poolState(): { readonly started: boolean; readonly size: number } {
  return { started: pool !== undefined, size: pool?.size ?? 0 };
}

/** Resolves once the pool started by a product is ready (false: none, or it failed); for tests and the bench. */
export async function poolReady(timeoutMs = 10_000): Promise<boolean> {
  const t0 = Date.now();
  while (pool && !pool.ready() && !pool.failed && Date.now() - t0 < timeoutMs)
    await new Promise((r) => setTimeout(r, 5));
  return !!pool && pool.ready() && !pool.failed;
}

/** Ends the pool now and forgets what was found out about threads here (tests). */
export function resetThreads(): void {
  endPool();
  blocked = undefined;
  said = false;
}
