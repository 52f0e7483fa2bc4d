// The benchmark harness: for one workload, prepares every contender on its tfjs backend, verifies
// each result against the reference (tfjs eager cpu) once, warms up, then times repetitions of a
// batch with contenders interleaved per repetition; statistics in µs per call, bars, a markdown table.
// Needs tfjs and bars (ratios, references, verdicts; re-exported). Produces `runWorkload` and the
// Contender/Workload/Bar types.

import * as tf from '@tensorflow/tfjs';
import { defaultJitOnCpu, judge, median, speedup } from './bars.js';

export {
  defaultJit,
  defaultJitOnCpu,
  defaultJitOnWasm,
  median,
  refs,
  slowdown,
  speedup,
  threadedJit,
  threadedJitOnWasm,
} from './bars.js';

export type BackendName = 'cpu' | 'wasm';
export type Kind = 'plain' | 'eager' | 'jit' | 'onnxruntime' | 'peer' | 'trace' | 'convert' | 'import' | 'check';

export interface Contender {
  /** Shown in the table, unique within a workload. */
  readonly label: string;
  readonly kind: Kind;
  /** jit contenders: the executor. */
  readonly executor?: 'compiled' | 'interpreter' | 'onnxruntime';
  /** jit contenders: which source form was staged ('functional' ag.cond/whileLoop, later 'converted'). */
  readonly variant?: string;
  /** The tfjs backend active while it is prepared, verified and timed (plain JS runs with cpu active). */
  readonly backend: BackendName;
  /** Calls in one batch; times are reported per call. */
  readonly callsPerBatch: number;
  /** Not run: why (e.g. 'pending (export issue)'). */
  readonly pending?: string;
  /** A remark printed in the table (e.g. what a proxy measures). */
  readonly note?: string;
  /**
   * Whether bars are judged on this row (false for proxies of a workload not yet expressible), and
   * whether it may be a bar's reference (false for a row shown beside the reference, refs.onnx).
   */
  readonly judged?: boolean;
  /**
   * 'same-backend': the result is checked against the tfjs eager row of its own backend instead of
   * eager cpu (a program whose eager result differs between backends, e.g. seeded random draws);
   * that eager row, marked so too, is then the reference of its backend and is not checked itself.
   */
  readonly verify?: 'same-backend';
  /** Its own verification tolerance (default: the workload's), e.g. a row within documented bounds of the reference. */
  readonly tolerance?: { readonly rtol: number; readonly atol: number };
  /** Creates inputs and traces; runs with the contender's backend active. */
  prepare?(): void | Promise<void>;
  /** One batch of `callsPerBatch` calls; every output disposed. */
  batch?(): void | Promise<void>;
  /**
   * Warm-up without running whole batches (for batches of many slow calls): calls until `ms`
   * have passed or the batch is done; returns the calls made and the time they took.
   */
  warm?(ms: number): { calls: number; ms: number };
  /** The values one batch computes, for verification (outputs disposed before returning). */
  result?(): number[] | Promise<number[]>;
  /**
   * Times `batches` batches itself (wall-clock and CPU ms), instead of the harness timing `batch`:
   * a contender that runs in a process of its own (onnxruntime-web with threads, whose thread count
   * is fixed per process) measures there, without the messages to it.
   */
  timeBatches?(batches: number): Promise<{ ms: number; cpuMs: number }>;
  /** jit contenders: the threads its large matMuls use (ag.setThreads while it runs; the bench runs everything else on 1). */
  readonly threads?: number;
  /**
   * A row run in a process of its own with others of the same host (threads/thread-rows.ts): a
   * bar against "the same row on one thread" takes the one-thread row of that process.
   */
  readonly host?: string;
  /**
   * Milliseconds its threads stay busy after a run (onnxruntime's intra-op pool spins ~40 ms
   * waiting for more work): the harness waits that long after each of its samples, so that the
   * next row does not share the machine with them.
   */
  readonly settleMs?: number;
  dispose?(): void;
}

/** Which row a bar is measured against. */
export interface Ref {
  readonly name: string;
  pick(row: Contender, all: readonly Contender[]): Contender | undefined;
}

export type Bar =
  | {
      readonly kind: 'faster';
      readonly than: Ref;
      readonly factor: number;
      readonly applies?: (c: Contender) => boolean;
    }
  | { readonly kind: 'within'; readonly of: Ref; readonly factor: number; readonly applies?: (c: Contender) => boolean }
  | { readonly kind: 'under'; readonly us: number; readonly applies?: (c: Contender) => boolean };

export interface Workload {
  readonly id: string;
  readonly title: string;
  /** The bar, in words (bench/README.md lists them all). */
  readonly barText: string;
  readonly bars: readonly Bar[];
  /** Verification tolerance: |x - ref| ≤ atol + rtol·|ref| (default exact). */
  readonly tolerance?: { readonly rtol: number; readonly atol: number };
  /** Builds the contenders (tensors are created later, in `prepare`). */
  contenders(opts: { readonly quick: boolean }): Contender[];
  /** Lines printed under the table. */
  readonly notes?: readonly string[];
  /**
   * A workload that is not calls in this process (fresh processes, a command line): measures its
   * rows itself; `contenders` and `bars` are then unused.
   */
  measure?(opts: RunOptions): Promise<RowResult[]>;
  /** Floating-point operations of one call: rows then show GFLOP/s (from the wall-clock median). */
  readonly flopsPerCall?: number;
}

export interface RunOptions {
  readonly quick: boolean;
  /** Only contenders whose `label (backend)` contains one of these (the eager cpu reference always runs). */
  readonly filter?: readonly string[];
  readonly log: (line: string) => void;
}

export interface BarResult {
  readonly text: string;
  readonly ok: boolean | undefined; // undefined: pending (reference row pending or missing)
  /** The measured ratio (or µs), from wall-clock medians: the verdict uses this. */
  readonly value?: number;
  /** The same from CPU-time medians. */
  readonly byCpuTime?: number;
}

export interface RowResult {
  readonly workload: string;
  readonly label: string;
  readonly kind: Kind;
  readonly executor?: string;
  readonly variant?: string;
  /** (GPU rows, B13/B14, are measured in their own process or page.) */
  readonly backend: BackendName | 'webgpu' | 'webgl';
  callsPerBatch: number;
  status: 'ok' | 'pending' | 'error' | 'wrong';
  message?: string;
  note?: string;
  judged: boolean;
  /** Per sample: wall-clock µs per call (each sample is `batchesPerSample` batches). */
  samples: number[];
  /** Per sample: process CPU time (user + system, all threads) µs per call; steadier than wall-clock on a loaded machine. */
  cpuSamples: number[];
  cpuMedian?: number;
  batchesPerSample?: number;
  median?: number;
  min?: number;
  max?: number;
  /** Reference (eager cpu) median / this median. */
  vsEagerCpu?: number;
  /** The same ratio from CPU-time medians. */
  vsEagerCpuByCpuTime?: number;
  /** Billions of floating-point operations per second at the median (workloads with flopsPerCall). */
  gflops?: number;
  /** Largest deviation from the reference result (verification). */
  maxError?: number;
  /** Tensors left behind per timed sample, summed (0 when memory stays flat). */
  leakedTensors?: number;
  bars: BarResult[];
}

export interface WorkloadResult {
  readonly id: string;
  readonly title: string;
  readonly barText: string;
  readonly rows: RowResult[];
  readonly notes: readonly string[];
  readonly seconds: number;
}

// ── running ────────────────────────────────────────────────────────────────────────────────────

async function use(backend: BackendName): Promise<void> {
  if (tf.getBackend() !== backend) await tf.setBackend(backend);
}

function valuesOf(x: unknown, out: number[] = []): number[] {
  if (x instanceof tf.Tensor) {
    for (const v of x.dataSync()) out.push(Number(v));
  } else if (Array.isArray(x)) {
    for (const y of x) valuesOf(y, out);
  } else if (typeof x === 'number' || typeof x === 'boolean') {
    out.push(Number(x));
  } else if (ArrayBuffer.isView(x)) {
    const a = x as unknown as ArrayLike<number>;
    for (let i = 0; i < a.length; i++) out.push(Number(a[i]));
  } else {
    throw new Error(`cannot read a result of type ${typeof x}`);
  }
  return out;
}

/** The values of (nested) tensors / typed arrays / numbers, then disposes the tensors. */
export function readAndDispose(x: unknown): number[] {
  const v = valuesOf(x);
  tf.dispose(x as tf.TensorContainer);
  return v;
}

function compare(
  got: readonly number[],
  ref: readonly number[],
  tol: { rtol: number; atol: number },
): { ok: boolean; maxError: number; why?: string } {
  if (got.length !== ref.length)
    return { ok: false, maxError: Infinity, why: `${got.length} values, reference has ${ref.length}` };
  let maxError = 0;
  let worst = -1;
  let ok = true;
  for (let i = 0; i < ref.length; i++) {
    const a = got[i]!;
    const b = ref[i]!;
    if (Number.isNaN(a) && Number.isNaN(b)) continue;
    const err = Math.abs(a - b);
    if (!(err <= tol.atol + tol.rtol * Math.abs(b))) {
      if (ok) worst = i;
      ok = false;
    }
    if (err > maxError || Number.isNaN(err)) {
      maxError = Number.isNaN(err) ? Infinity : err;
    }
  }
  return ok ? { ok, maxError } : { ok, maxError, why: `value ${worst}: got ${got[worst]}, reference ${ref[worst]}` };
}

function errorText(e: unknown): string {
  const s = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
  return s.split('\n')[0]!.slice(0, 160);
}

/**
 * Runs `batches` batches; returns wall-clock ms and process CPU ms. A peer whose API is
 * asynchronous (onnxruntime-web, jax-js) returns a promise from `batch`, awaited before the next.
 */
export async function timeBatches(c: Contender, batches: number): Promise<{ ms: number; cpuMs: number }> {
  if (c.timeBatches) return c.timeBatches(batches);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const p = c.batch!();
    if (p) await p;
  }
  const ms = performance.now() - t0;
  const cu = process.cpuUsage(c0);
  return { ms, cpuMs: (cu.user + cu.system) / 1000 };
}

export async function runWorkload(w: Workload, opts: RunOptions): Promise<WorkloadResult> {
  const started = performance.now();
  if (w.measure) {
    const rows = await w.measure(opts);
    return {
      id: w.id,
      title: w.title,
      barText: w.barText,
      rows,
      notes: w.notes ?? [],
      seconds: (performance.now() - started) / 1000,
    };
  }
  const cfg = opts.quick
    ? { warmMs: 50, sampleMs: 10, reps: 2, minReps: 1, budgetMs: 500 }
    : { warmMs: 300, sampleMs: 25, reps: 7, minReps: 3, budgetMs: 4000 };
  const all = w.contenders({ quick: opts.quick });
  const isRef = (c: Contender) => c.kind === 'eager' && c.backend === 'cpu';
  const selected = all.filter(
    (c) => isRef(c) || !opts.filter?.length || opts.filter.some((f) => `${c.label} (${c.backend})`.includes(f)),
  );
  const rows = new Map<Contender, RowResult>();
  for (const c of selected) {
    rows.set(c, {
      workload: w.id,
      label: c.label,
      kind: c.kind,
      executor: c.executor,
      variant: c.variant,
      backend: c.backend,
      callsPerBatch: c.callsPerBatch,
      status: c.pending ? 'pending' : 'ok',
      message: c.pending,
      note: c.note,
      judged: c.judged ?? true,
      samples: [],
      cpuSamples: [],
      bars: [],
    });
  }
  const live = () => selected.filter((c) => rows.get(c)!.status === 'ok' || rows.get(c)!.status === 'wrong');
  const fail = (c: Contender, e: unknown, stage: string) => {
    const r = rows.get(c)!;
    r.status = 'error';
    r.message = `${stage}: ${errorText(e)}`;
    opts.log(`  ${w.id} ${c.label}: ${r.message}`);
  };

  // Prepare (inputs on the contender's backend, traces).
  for (const c of live()) {
    try {
      await use(c.backend);
      await c.prepare?.();
      rows.get(c)!.callsPerBatch = c.callsPerBatch;
    } catch (e) {
      fail(c, e, 'prepare');
    }
  }

  // Verify once against the reference, before any timing.
  const ref = selected.find(isRef);
  let refValues: number[] | undefined;
  if (ref && rows.get(ref)!.status === 'ok' && ref.result) {
    try {
      await use(ref.backend);
      refValues = await ref.result();
      rows.get(ref)!.maxError = 0;
    } catch (e) {
      fail(ref, e, 'run');
    }
  }
  const tol = w.tolerance ?? { rtol: 0, atol: 0 };
  // References of rows checked against their own backend's eager row (computed when first needed).
  const backendRefs = new Map<BackendName, number[] | undefined>();
  const backendRef = async (backend: BackendName): Promise<number[] | undefined> => {
    if (backendRefs.has(backend)) return backendRefs.get(backend);
    const e = selected.find((c) => c.kind === 'eager' && c.backend === backend);
    let values: number[] | undefined;
    if (e?.result && rows.get(e)!.status === 'ok') {
      await use(backend);
      values = e === ref ? refValues : await e.result();
    }
    backendRefs.set(backend, values);
    return values;
  };
  for (const c of live()) {
    if (c === ref || !c.result) continue;
    if (c.verify === 'same-backend' && c.kind === 'eager') continue;
    try {
      const against = c.verify === 'same-backend' ? await backendRef(c.backend) : refValues;
      await use(c.backend);
      const got = await c.result();
      if (!against) continue;
      const cmp = compare(got, against, c.tolerance ?? tol);
      const r = rows.get(c)!;
      r.maxError = cmp.maxError;
      if (!cmp.ok) {
        r.status = 'wrong';
        r.message = `WRONG RESULT (${cmp.why})`;
        opts.log(`  ${w.id} ${c.label}: ${r.message}`);
      }
    } catch (e) {
      fail(c, e, 'run');
    }
  }

  // Warm up and size the samples.
  const plan = new Map<Contender, { batches: number; reps: number }>();
  for (const c of live()) {
    if (!c.batch) continue;
    try {
      await use(c.backend);
      let last = 0;
      if (c.warm) {
        // Warm up on calls; the batch time is estimated from the last second of them.
        const w = c.warm(cfg.warmMs);
        last = (w.ms / w.calls) * c.callsPerBatch;
      } else {
        let spent = 0;
        for (let n = 0; n < 1 || spent < cfg.warmMs; n++) spent += last = (await timeBatches(c, 1)).ms;
      }
      const batches = Math.max(1, Math.ceil(cfg.sampleMs / Math.max(last, 1e-3)));
      const sampleMs = batches * last;
      const reps = Math.max(cfg.minReps, Math.min(cfg.reps, Math.floor(cfg.budgetMs / Math.max(sampleMs, 1e-3))));
      plan.set(c, { batches, reps });
    } catch (e) {
      fail(c, e, 'warm-up');
    }
  }

  // Timed repetitions: per repetition every contender once, grouped by backend (one switch per
  // group), the order inside a group rotated from one repetition to the next.
  const maxReps = Math.max(0, ...[...plan.values()].map((p) => p.reps));
  for (let rep = 0; rep < maxReps; rep++) {
    for (const backend of ['cpu', 'wasm'] as const) {
      const group = live().filter((c) => c.backend === backend && plan.has(c) && rep < plan.get(c)!.reps);
      if (!group.length) continue;
      await use(backend);
      const k = rep % group.length;
      for (const c of [...group.slice(k), ...group.slice(0, k)]) {
        const p = plan.get(c)!;
        const r = rows.get(c)!;
        try {
          const before = tf.memory().numTensors;
          const t = await timeBatches(c, p.batches);
          if (c.settleMs) await new Promise((res) => setTimeout(res, c.settleMs));
          r.leakedTensors = (r.leakedTensors ?? 0) + (tf.memory().numTensors - before);
          r.samples.push((t.ms * 1000) / (p.batches * c.callsPerBatch));
          r.cpuSamples.push((t.cpuMs * 1000) / (p.batches * c.callsPerBatch));
          r.batchesPerSample = p.batches;
        } catch (e) {
          fail(c, e, 'timing');
          plan.delete(c);
        }
      }
    }
  }

  for (const c of selected) {
    try {
      c.dispose?.();
    } catch {
      /* ignore */
    }
  }
  await use('cpu');

  // Statistics, ratios, bars.
  for (const r of rows.values()) {
    if (r.samples.length) {
      r.median = median(r.samples);
      r.min = Math.min(...r.samples);
      r.max = Math.max(...r.samples);
      r.cpuMedian = median(r.cpuSamples);
      if (w.flopsPerCall) r.gflops = w.flopsPerCall / r.median / 1000;
    }
  }
  const refRow = ref ? rows.get(ref) : undefined;
  for (const [c, r] of rows) {
    if (refRow) {
      r.vsEagerCpu = speedup(r, refRow);
      r.vsEagerCpuByCpuTime = speedup({ median: r.cpuMedian }, { median: refRow.cpuMedian });
    }
    for (const bar of w.bars) {
      const applies = bar.applies ?? defaultJitOnCpu;
      // Rows no bar judges (shown beside, e.g. jit without relaxed SIMD) carry no bars.
      if (!applies(c) || c.judged === false) continue;
      r.bars.push(judge(bar, c, r, selected, rows));
    }
  }
  const notes = [...(w.notes ?? [])];
  if (w.flopsPerCall) {
    const rated = [...rows.values()].filter((r) => r.gflops !== undefined);
    notes.push(`${w.id} GFLOP/s: ${rated.map((r) => `${r.label} (${r.backend}) ${r.gflops!.toFixed(1)}`).join(', ')}`);
  }
  return {
    id: w.id,
    title: w.title,
    barText: w.barText,
    rows: [...rows.values()],
    notes,
    seconds: (performance.now() - started) / 1000,
  };
}
