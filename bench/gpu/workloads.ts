// The GPU rows' workloads (B13 on webgpu, B14 on webgl): B2's elementwise chain and B3's Huber
// loss on 1e6 float32, and B5's RNN (50 steps, batch 32, input 64, hidden 128) as a staged loop,
// each timed eager, under jit (the device target) and under jit's interpreter (one kernel per
// node: the fallback the targets replace), with the device's program dispatches per call.
// Written against an injected tfjs and autograph-ts, so the same code runs in Node (webgpu over
// Dawn) and in a Chromium page (webgl). Needs nothing else. Produces `gpuRows`, `GpuRow`.

import type * as tfType from '@tensorflow/tfjs-core';
import type * as agType from '../../src/index.js';

type Tf = typeof tfType;
type Ag = typeof agType;
type T = tfType.Tensor;

export interface GpuRow {
  readonly workload: 'B2' | 'B3' | 'B5';
  readonly label: string;
  /** Milliseconds per call, one per sample (each sample: `calls` calls, then one read). */
  readonly samplesMs: number[];
  readonly dispatchesPerCall: number;
  /** Largest deviation from eager's result (relative to its largest magnitude). */
  readonly maxError: number;
}

export interface GpuRowOptions {
  readonly quick: boolean;
  /** B2's chain as one hand-written program of this backend, a row beside jit's (the bar's yardstick). */
  readonly handWritten?: (x: T) => T;
  /** Device programs run so far (dispatches on webgpu, programs on webgl). */
  readonly dispatches: () => number;
  readonly log?: (line: string) => void;
}

const N = 1_000_000;
const STEPS = 50;
const [B, IN, H] = [32, 64, 128];

function uniform(n: number, lo: number, hi: number, seed: number): Float32Array {
  let s = seed >>> 0;
  return Float32Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return lo + ((hi - lo) * s) / 2 ** 32;
  });
}

interface Workload {
  readonly id: GpuRow['workload'];
  readonly eager: (...xs: T[]) => T;
  readonly jitted: (...xs: T[]) => T;
  readonly inputs: () => T[];
  readonly calls: number;
}

function workloads(tf: Tf, ag: Ag): Workload[] {
  const chain = (x: T): T => tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1);
  const huber = (a: T): T =>
    tf.mean(tf.where(tf.lessEqual(tf.abs(a), 1), tf.div(tf.mul(a, a), 2), tf.sub(tf.abs(a), 0.5)));
  const rnnEager = (x: T, h0: T, wx: T, wh: T, b: T): T =>
    tf.tidy(() => {
      let h = h0;
      for (let t = 0; t < STEPS; t++) h = tf.tanh(tf.add(tf.add(tf.matMul(tf.gather(x, t), wx), tf.matMul(h, wh)), b));
      return h;
    });
  const rnnStaged = (x: T, h0: T, wx: T, wh: T, b: T): T =>
    ag.whileLoop(
      (t) => tf.less(t as T, tf.scalar(STEPS, 'int32')),
      (t, h) => [
        tf.add(t as T, tf.scalar(1, 'int32')),
        tf.tanh(tf.add(tf.add(tf.matMul(tf.gather(x, t as T), wx), tf.matMul(h as T, wh)), b)),
      ],
      [tf.scalar(0, 'int32'), h0],
    )[1] as T;
  return [
    { id: 'B2', eager: chain, jitted: chain, inputs: () => [tf.tensor(uniform(N, -3, 3, 2))], calls: 20 },
    { id: 'B3', eager: huber, jitted: huber, inputs: () => [tf.tensor(uniform(N, -3, 3, 3))], calls: 20 },
    {
      id: 'B5',
      eager: rnnEager,
      jitted: rnnStaged,
      inputs: () => [
        tf.tensor(uniform(STEPS * B * IN, -1, 1, 51), [STEPS, B, IN]),
        tf.tensor(uniform(B * H, -1, 1, 50), [B, H]),
        tf.tensor(uniform(IN * H, -1 / 8, 1 / 8, 52), [IN, H]),
        tf.tensor(uniform(H * H, -1 / Math.sqrt(H), 1 / Math.sqrt(H), 53), [H, H]),
        tf.tensor(uniform(H, -0.1, 0.1, 54), [H]),
      ],
      calls: 5,
    },
  ];
}

/** Times one contender: warm-up, then samples of `calls` calls each, the last result read to finish the device's work. */
async function time(
  f: (...xs: T[]) => T,
  xs: T[],
  calls: number,
  samples: number,
  opts: GpuRowOptions,
): Promise<{ samplesMs: number[]; dispatchesPerCall: number; result: Float32Array }> {
  const warm = f(...xs);
  const result = (await warm.data()) as Float32Array;
  warm.dispose();
  const before = opts.dispatches();
  f(...xs).dispose();
  const dispatchesPerCall = opts.dispatches() - before;
  const samplesMs: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    let last: T | undefined;
    for (let i = 0; i < calls; i++) {
      last?.dispose();
      last = f(...xs);
    }
    await last!.data();
    samplesMs.push((performance.now() - start) / calls);
    last!.dispose();
  }
  return { samplesMs, dispatchesPerCall, result };
}

function maxError(got: Float32Array, want: Float32Array): number {
  let scale = 0;
  for (const w of want) scale = Math.max(scale, Math.abs(w));
  let err = 0;
  for (let i = 0; i < want.length; i++) err = Math.max(err, Math.abs(got[i]! - want[i]!));
  return err / Math.max(scale, 1e-30);
}

/** The rows of every workload on the active tfjs backend: eager, jit, jit's interpreter. */
export async function gpuRows(tf: Tf, ag: Ag, opts: GpuRowOptions): Promise<GpuRow[]> {
  const rows: GpuRow[] = [];
  const samples = opts.quick ? 2 : 7;
  for (const w of workloads(tf, ag)) {
    const xs = w.inputs();
    const contenders: [string, (...xs: T[]) => T][] = [
      ['tfjs eager', w.eager],
      // (functional code: nothing for the converter to do)
      ['jit', ag.jit(w.jitted, { autograph: false }) as unknown as (...xs: T[]) => T],
      [
        'jit, interpreter',
        ag.jit(w.jitted, { autograph: false, executor: 'interpreter' }) as unknown as (...xs: T[]) => T,
      ],
    ];
    if (w.id === 'B2' && opts.handWritten) contenders.push(['hand-written kernel', opts.handWritten]);
    let reference: Float32Array | undefined;
    for (const [label, f] of contenders) {
      const t = await time(f, xs, opts.quick ? Math.max(1, w.calls / 5) : w.calls, samples, opts);
      reference ??= t.result;
      rows.push({
        workload: w.id,
        label,
        samplesMs: t.samplesMs,
        dispatchesPerCall: t.dispatchesPerCall,
        maxError: maxError(t.result, reference),
      });
      opts.log?.(
        `  ${w.id} ${label}: ${Math.min(...t.samplesMs).toFixed(2)} ms/call (best), ${t.dispatchesPerCall} dispatches/call`,
      );
    }
    tf.dispose(xs);
  }
  return rows;
}
