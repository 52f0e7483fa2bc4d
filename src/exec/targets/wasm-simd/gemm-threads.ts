// One matMul site's products on the GEMM thread pool (gemm-pool.ts): the operands copied into the
// pool's shared memory (B packed there once and kept while B's tensor lives, A copied each call and
// packed where the kernel needs it packed), the output split into chunks of whole row blocks (or
// column panels, for few rows) that the threads share, the result copied out. Each output element
// is computed by the same tile code over the same k order as on one thread, so the bytes are the
// same for any thread count. Needs gemm, gemm-pool, compiled/matmul-dims. Produces `ThreadedGemm`,
// `planChunks`, `Strides`.

import { GEMM_MR, GEMM_NR, packedABytes, packedBBytes, type GemmLane } from './gemm.js';
import { gemmPool, KERNEL_IDS, startedPool, THREAD_MIN_MACS, threadCount, type GemmPool } from './gemm-pool.js';
import { CTL, MAX_CHUNKS, SPLIT_COLS, SPLIT_ROWS } from './gemm-worker-source.js';
import type { MatMulDims } from '../../compiled/matmul-dims.js';

/** Byte strides of A's (row, k) and B's (k, column) elements. */
export interface Strides {
  readonly aRow: number;
  readonly aK: number;
  readonly bK: number;
  readonly bN: number;
}

/** Chunks a thread gets on average (more than one: a thread descheduled a while is made up for by the others). */
const CHUNKS_PER_THREAD = 4;

export interface ChunkPlan {
  readonly split: typeof SPLIT_ROWS | typeof SPLIT_COLS;
  /** Rows (a multiple of MR) or columns (a multiple of NR) per chunk. */
  readonly size: number;
  readonly perBatch: number;
}

/** How a product's output is cut for `threads` threads; undefined: too many batch entries to cut. */
export function planChunks(
  lane: GemmLane,
  m: number,
  n: number,
  batch: number,
  threads: number,
): ChunkPlan | undefined {
  if (batch > MAX_CHUNKS) return undefined;
  const target = Math.min(
    Math.floor(MAX_CHUNKS / batch),
    Math.max(1, Math.ceil((CHUNKS_PER_THREAD * threads) / batch)),
  );
  const roundUp = (x: number, q: number) => Math.ceil(x / q) * q;
  const NR = GEMM_NR[lane];
  if (m >= GEMM_MR * target || m / GEMM_MR >= n / NR) {
    const size = Math.max(GEMM_MR, roundUp(Math.ceil(m / target), GEMM_MR));
    return { split: SPLIT_ROWS, size, perBatch: Math.ceil(m / size) };
  }
  const size = Math.max(NR, roundUp(Math.ceil(n / target), NR));
  return { split: SPLIT_COLS, size, perBatch: Math.ceil(n / size) };
}

/** What a packed copy of B was made from (matmul.ts compares it with the B of a call). */
export type BKey = object;

/** The operands of one product, as the site has them. */
export interface ThreadedCall {
  readonly d: MatMulDims;
  readonly st: Strides;
  readonly kBlock: number;
  /** A's float32 values (all batch entries), read after the output is allocated. */
  readonly a: () => Float32Array;
  readonly b: () => Float32Array;
  /** Whether the packed copy made for `key` is B's. */
  readonly sameB: (key: BKey | undefined) => boolean;
  readonly bKey: () => BKey;
  /** Where the result goes (batch · m · n float32). */
  readonly out: () => Float32Array;
}

/** The pool-side state of one matMul site: its packed B in the shared memory. */
export class ThreadedGemm {
  private pool: GemmPool | undefined;
  private packedB: { ptr: number; key: BKey } | undefined;

  constructor(
    private readonly lane: GemmLane,
    private readonly fma: boolean,
  ) {}

  /**
   * The pool if this product should use it (and is ready to), else undefined. The site holds the
   * pool from the product that started it, ready or not, so disposing the site before the workers
   * were ready still ends them.
   */
  poolFor(d: MatMulDims): GemmPool | undefined {
    const macs = d.batch * d.m * d.n * d.k;
    const p = gemmPool(macs);
    const started = p ?? (macs >= THREAD_MIN_MACS && threadCount() > 1 ? startedPool() : undefined);
    if (started && started !== this.pool) {
      this.pool?.release(this);
      this.packedB = undefined;
      this.pool = started;
      started.hold(this);
    }
    return p;
  }

  /** Runs the product on the pool; false where it could not (memory full, too many batches, a chunk failed): run it on one thread. */
  run(p: GemmPool, call: ThreadedCall): boolean {
    const { d, st } = call;
    const { m, k, n } = d;
    const threads = Math.min(threadCount(), p.size);
    const plan = planChunks(this.lane, m, n, d.batch, threads);
    const kernelId = this.lane === 'f64' ? KERNEL_IDS.f64 : this.fma ? KERNEL_IDS['f32-fma'] : KERNEL_IDS.f32;
    const g = p.kernels[kernelId];
    if (!plan || !g) return false;
    const elem = this.lane === 'f64' ? 8 : 4;
    const direct = this.lane === 'f32' && !!g.mmDirect && st.aRow === k * 4 && st.aK === 4;
    const pb = packedBBytes(this.lane, k, n);
    const pa = packedABytes(this.lane, m, k);
    const bPtr = this.ensureB(p, call, pb);
    const raw = bPtr === undefined ? undefined : p.alloc(d.batchA * m * k * 4);
    const packedA = raw === undefined || direct ? 0 : p.alloc(d.batchA * pa);
    const out = packedA === undefined ? undefined : p.alloc(d.batch * m * n * 4);
    try {
      if (bPtr === undefined || raw === undefined || packedA === undefined || out === undefined) return false;
      new Float32Array(p.memory.buffer).set(call.a(), raw / 4);
      if (!direct)
        for (let bi = 0; bi < d.batchA; bi++) g.packA(raw + bi * m * k * 4, st.aRow, st.aK, m, k, packedA + bi * pa);
      const ok = p.run(d.batch * plan.perBatch, threads, (c) => {
        c[CTL.KERNEL] = kernelId;
        c[CTL.M] = m;
        c[CTL.N] = n;
        c[CTL.K] = k;
        c[CTL.A] = direct ? raw : packedA;
        c[CTL.A_BATCH] = direct ? m * k * 4 : pa;
        c[CTL.BATCH_A] = d.batchA;
        c[CTL.LDA] = direct ? st.aRow : 0;
        c[CTL.B] = bPtr;
        c[CTL.B_BATCH] = pb;
        c[CTL.BATCH_B] = d.batchB;
        c[CTL.OUT] = out;
        c[CTL.OUT_BATCH] = m * n * 4;
        c[CTL.O_ROW] = n * 4;
        c[CTL.K_BLOCK] = call.kBlock;
        c[CTL.SPLIT] = plan.split;
        c[CTL.SIZE] = plan.size;
        c[CTL.PER_BATCH] = plan.perBatch;
        c[CTL.ELEM] = elem;
      });
      if (!ok) return false;
      call.out().set(new Float32Array(p.memory.buffer, out, d.batch * m * n));
      return true;
    } finally {
      for (const ptr of [raw, packedA, out]) if (ptr) p.free(ptr);
    }
  }

  /** B packed in the shared memory (packed now unless this site's copy is B's), or undefined if it does not fit. */
  private ensureB(p: GemmPool, call: ThreadedCall, pb: number): number | undefined {
    if (this.packedB && call.sameB(this.packedB.key)) return this.packedB.ptr;
    if (this.packedB) p.free(this.packedB.ptr);
    this.packedB = undefined;
    const { d, st } = call;
    const { k, n } = d;
    const ptr = p.alloc(d.batchB * pb);
    const raw = ptr === undefined ? undefined : p.alloc(k * n * 4);
    if (ptr === undefined || raw === undefined) {
      if (ptr !== undefined) p.free(ptr);
      return undefined;
    }
    const g = p.kernels[KERNEL_IDS[this.lane === 'f64' ? 'f64' : 'f32']]!;
    const bv = call.b();
    for (let bi = 0; bi < d.batchB; bi++) {
      new Float32Array(p.memory.buffer).set(bv.subarray(bi * k * n, (bi + 1) * k * n), raw / 4);
      g.packB(raw, st.bK, st.bN, k, n, ptr + bi * pb);
    }
    p.free(raw);
    this.packedB = { ptr, key: call.bKey() };
    return ptr;
  }

  /** Frees the packed B and lets go of the pool (the last site to let go ends it). */
  dispose(): void {
    if (this.pool && this.packedB) this.pool.free(this.packedB.ptr);
    this.packedB = undefined;
    this.pool?.release(this);
    this.pool = undefined;
  }
}
