// Builders of the contenders every workload shares: tfjs eager (in tf.tidy), `jit` with each
// executor (call + output tensor + dispose, per call), plain JS and onnxruntime (the exported model
// with onnxruntime's float32 kernels, `numerics: 'float32'`, as deployed; `onnxExact` the default
// float64-exact form beside it; `jitWithoutRelaxedSimd` jit on wasm without fused multiply-add;
// `jitFastNumerics` jit with `numerics: 'fast'` on cpu and wasm).
// Inputs are made once per tfjs backend so that no contender pays for moving tensors between backends.
// Needs harness, tfjs, autograph-ts. Produces `perBackend`, `eager`, `jitted`, `plain`, `onnx`,
// `onnxExact`, `jitWithoutRelaxedSimd`, `jitFastNumerics`, `Variant`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';
import type { JitOptions } from '../src/index.js';
import { wasmRelaxedSimdAvailable } from '../src/exec/targets/wasm-simd/encoder.js';
import { poolReady } from '../src/exec/targets/wasm-simd/gemm-pool.js';
import { readAndDispose, type BackendName, type Contender } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFn = (...args: any[]) => unknown;

/**
 * One source form of a workload for `jit`: the functional `ag.cond`/`ag.whileLoop` form traced with
 * `{ autograph: false }`, or `{ name: 'converted', fn: <plain if/while source>, options: { scope } }`,
 * which `jit` converts; the latter's rows are labelled `jit compiled [converted]`.
 */
export interface Variant {
  readonly name: 'functional' | 'converted' | string;
  readonly fn: AnyFn;
  readonly options: JitOptions;
}

export const functional = (fn: AnyFn): Variant => ({ name: 'functional', fn, options: { autograph: false } });

const live = new Set<PerBackend<unknown>>();

/** Frees every workload input made so far (run.ts calls it after each workload). */
export function disposeInputs(): void {
  for (const p of live) p.dispose();
  live.clear();
}

/** Values built lazily, once per tfjs backend, with that backend active. */
export class PerBackend<T> {
  private readonly made = new Map<string, T>();
  /** How a value is freed (default tf.dispose; models with variables pass their own). */
  private readonly free: (value: unknown) => void;
  constructor(
    private readonly make: () => T,
    free?: (value: T) => void,
  ) {
    this.free = (free ?? ((v: T) => tf.dispose(v as tf.TensorContainer))) as (value: unknown) => void;
  }
  get(): T {
    const b = tf.getBackend();
    let v = this.made.get(b);
    if (v === undefined) {
      this.made.set(b, (v = this.make()));
      live.add(this as PerBackend<unknown>);
    }
    return v;
  }
  dispose(): void {
    for (const v of this.made.values()) this.free(v);
    this.made.clear();
  }
}

export function perBackend<T>(make: () => T, free?: (value: T) => void): PerBackend<T> {
  return new PerBackend(make, free);
}

/** The argument lists of one batch (tensors), per backend. */
export type Calls = PerBackend<unknown[][]>;

/**
 * Warm-up on single calls for `ms` (at least one call): the calls are spread over the batch
 * (a stride coprime with most batch sizes), so the time per call is a fair estimate of the batch's.
 */
function warmOn(n: number, call: (i: number) => void, ms: number): { calls: number; ms: number } {
  const t0 = performance.now();
  let calls = 0;
  let elapsed = 0;
  while (calls < 1 || elapsed < ms) {
    call((calls * 397) % n);
    calls++;
    elapsed = performance.now() - t0;
  }
  return { calls, ms: elapsed };
}

/** tfjs eager: the same function, run op by op, intermediates freed by tf.tidy. */
export function eager(backend: BackendName, fn: AnyFn, calls: Calls, label = `tfjs eager`): Contender {
  let list: unknown[][] = [];
  return {
    label,
    kind: 'eager',
    backend,
    get callsPerBatch() {
      return list.length || 1;
    },
    prepare() {
      list = calls.get();
    },
    batch() {
      for (const args of list) tf.dispose(tf.tidy(() => fn(...args) as tf.TensorContainer));
    },
    warm: (ms) => warmOn(list.length, (i) => tf.dispose(tf.tidy(() => fn(...list[i]!) as tf.TensorContainer)), ms),
    result() {
      return list.flatMap((args) => readAndDispose(tf.tidy(() => fn(...args) as tf.TensorContainer)));
    },
  };
}

/** `jit(fn)` with one executor; the timed call includes the output tensor and its disposal. */
export interface JitExtra extends Partial<Omit<Contender, 'label' | 'callsPerBatch'>> {
  /** Appended to the label (e.g. ', proxy'). */
  readonly suffix?: string;
  /** Added to the variant's jit options (e.g. the onnxruntime executor's options). */
  readonly jitOptions?: JitOptions;
  /**
   * Threads: for jit, what ag.setThreads is while the row prepares, runs and is checked (the bench
   * keeps 1 otherwise); for onnxruntime, its intraOpNumThreads. Labelled ', N threads' (jit) or
   * 'onnxruntime (N threads)'.
   */
  readonly threads?: number;
}

/** Runs `f` with ag.setThreads(n), then back to the bench's one thread. */
function onThreads<T>(n: number, f: () => T): T {
  if (n === 1) return f();
  ag.setThreads(n);
  try {
    const r = f();
    if (r instanceof Promise) return r.finally(() => ag.setThreads(1)) as T;
    ag.setThreads(1);
    return r;
  } catch (e) {
    ag.setThreads(1);
    throw e;
  }
}

export function jitted(
  executor: 'compiled' | 'interpreter' | 'onnxruntime',
  backend: BackendName,
  variant: Variant,
  calls: Calls,
  extra: JitExtra = {},
): Contender {
  let list: unknown[][] = [];
  let f: ag.JitFunction | undefined;
  const { suffix = '', jitOptions = {}, threads = 1, ...rest } = extra;
  const ort = executor === 'onnxruntime';
  // jit's threads are ag.setThreads while the row runs; onnxruntime's its session's intraOpNumThreads
  const t = ort ? 1 : threads;
  const options: JitOptions =
    ort && threads > 1
      ? { ...jitOptions, onnxruntime: { ...jitOptions.onnxruntime, intraOpNumThreads: threads } }
      : jitOptions;
  const threadText = threads === 1 ? '' : `, ${threads} threads`;
  return {
    label: `${ort ? `onnxruntime (${threads} thread${threads === 1 ? '' : 's'})` : `jit ${executor}`}${variant.name === 'functional' ? '' : ` [${variant.name}]`}${ort ? '' : threadText}${suffix}`,
    kind: ort ? 'onnxruntime' : 'jit',
    executor,
    variant: variant.name,
    backend,
    threads,
    get callsPerBatch() {
      return list.length || 1;
    },
    async prepare() {
      list = calls.get();
      f = ag.jit(variant.fn, { ...variant.options, ...options, executor });
      // trace (and compile) outside the timing; with threads, the pool this call starts is ready before timing
      onThreads(t, () => tf.dispose(f!(...list[0]!) as tf.TensorContainer));
      if (t > 1) await poolReady();
    },
    batch() {
      onThreads(t, () => {
        for (const args of list) tf.dispose(f!(...args) as tf.TensorContainer);
      });
    },
    warm: (ms) => onThreads(t, () => warmOn(list.length, (i) => tf.dispose(f!(...list[i]!) as tf.TensorContainer), ms)),
    result() {
      return onThreads(t, () => list.flatMap((args) => readAndDispose(f!(...args))));
    },
    dispose() {
      for (const cf of f?.concreteFunctions() ?? []) cf.dispose();
    },
    ...rest,
  };
}

/** Every jit contender of a workload: each variant × executor × backend. */
export function jitContenders(
  variants: readonly Variant[],
  calls: Calls,
  backends: readonly BackendName[] = ['cpu'],
  extra: JitExtra = {},
): Contender[] {
  const out: Contender[] = [];
  for (const backend of backends) {
    for (const v of variants) {
      for (const ex of ['interpreter', 'compiled'] as const) out.push(jitted(ex, backend, v, calls, extra));
    }
  }
  return out;
}

export function plain(
  label: string,
  body: { prepare?(): void; batch(): void; result(): number[]; callsPerBatch?: number; note?: string },
): Contender {
  return { label, kind: 'plain', backend: 'cpu', callsPerBatch: body.callsPerBatch ?? 1, ...body };
}

/**
 * The export's warnings in a bench run: the edge-value one (`export/onnx-differs-at-edges`) is what
 * `numerics: 'float32'` is expected to give, and is not printed; any other is.
 */
function benchWarning(message: string): void {
  if (!message.includes('[export/onnx-differs-at-edges]')) console.warn(message);
}

/**
 * The exported ONNX model in onnxruntime-node, through `jit(fn, { executor: 'onnxruntime' })` (the
 * functional form), with `numerics: 'float32'`: onnxruntime's own float32 Exp, Tanh, Pow … (the
 * model a user deploys for speed). The peer the bars compare with.
 */
/** How long onnxruntime's intra-op threads (native and wasm) stay busy after a run, measured: ~40 ms; with a margin. */
export const ORT_SPIN_MS = 60;

export function onnx(variants: readonly Variant[], calls: Calls, threads = 1): Contender {
  // a row with threads is shown beside the peer, never the reference of a bar
  // with threads, onnxruntime's intra-op pool spins ~40 ms after a run: the next row waits for it
  return jitted('onnxruntime', 'cpu', variants[0]!, calls, {
    jitOptions: { onnxruntime: { numerics: 'float32', onWarning: benchWarning } },
    threads,
    ...(threads > 1 ? { judged: false, settleMs: ORT_SPIN_MS } : {}),
  });
}

/**
 * jit compiled on wasm with `relaxedSimd: false`: matMul bit-identical to eager tfjs-wasm (no fused
 * multiply-add), shown beside the default where the engine has relaxed SIMD; no bar judges it.
 */
export function jitWithoutRelaxedSimd(variants: readonly Variant[], calls: Calls): Contender[] {
  if (!wasmRelaxedSimdAvailable()) return [];
  return [
    jitted('compiled', 'wasm', variants[0]!, calls, {
      suffix: ', relaxedSimd: false',
      judged: false,
      jitOptions: { relaxedSimd: false },
    }),
  ];
}

/**
 * jit compiled with `numerics: 'fast'` on cpu and on wasm (the functional form): float32 tanh,
 * sigmoid, exp and log in the fast SIMD kernels, within their documented bounds of the cpu
 * backend's values; shown beside the default, no bar judges it. `tolerance`: its check against the
 * reference, from those bounds (default: the workload's).
 */
export function jitFastNumerics(
  variants: readonly Variant[],
  calls: Calls,
  tolerance?: { rtol: number; atol: number },
): Contender[] {
  return (['cpu', 'wasm'] as const).map((backend) =>
    jitted('compiled', backend, variants[0]!, calls, {
      suffix: ", numerics: 'fast'",
      judged: false,
      jitOptions: { numerics: 'fast' },
      tolerance,
    }),
  );
}

/**
 * The same with the export's default `numerics: 'exact'` (those kernels in float64, rounded once,
 * equal to JS bit for bit): shown beside the peer, never a bar's reference.
 */
export function onnxExact(variants: readonly Variant[], calls: Calls): Contender {
  return jitted('onnxruntime', 'cpu', variants[0]!, calls, { suffix: ', exact numerics', judged: false });
}

/** A deterministic stream of floats in [lo, hi) (mulberry32), so every run sees the same inputs. */
export function uniform(n: number, lo: number, hi: number, seed = 1): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = lo + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * (hi - lo);
  }
  return out;
}

/** A sink that keeps plain-JS results observable, so the optimizer cannot drop the work. */
export const sink = { value: 0 };
