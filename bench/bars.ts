// What a bar compares and its verdict: medians and ratios, the references a bar names (eager on a
// backend, the onnxruntime peer, a labelled row), which rows bars apply to by default, and the
// judgement of one bar on one row. Needs the harness's types. Produces `median`, `speedup`,
// `slowdown`, `refs`, `defaultJit*`, `threadedJit*`, `judge`.

import type { BackendName, Bar, BarResult, Contender, Ref, RowResult } from './harness.js';

// ── statistics and ratios ──────────────────────────────────────────────────────────────────────

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** How many times faster `row` is than `ref` (ref time / row time). */
export function speedup(row: { median?: number }, ref: { median?: number }): number | undefined {
  return row.median && ref.median ? ref.median / row.median : undefined;
}

/** `row` time as a multiple of `ref` time. */
export function slowdown(row: { median?: number }, ref: { median?: number }): number | undefined {
  return row.median && ref.median ? row.median / ref.median : undefined;
}

// ── references for bars ────────────────────────────────────────────────────────────────────────

export const refs = {
  eager(backend: BackendName): Ref {
    return {
      name: `tfjs eager ${backend}`,
      pick: (_row, all) => all.find((c) => c.kind === 'eager' && c.backend === backend),
    };
  },
  eagerSameBackend: {
    name: 'tfjs eager (same backend)',
    pick: (row: Contender, all: readonly Contender[]) =>
      all.find((c) => c.kind === 'eager' && c.backend === row.backend),
  } as Ref,
  label(label: string, name = label): Ref {
    return { name, pick: (_row, all) => all.find((c) => c.label === label) };
  },
  /** The onnxruntime peer (float32 kernels, contenders.ts `onnx`), not a row shown beside it. */
  onnx: {
    name: 'onnxruntime',
    pick: (_row: Contender, all: readonly Contender[]) =>
      all.find((c) => c.kind === 'onnxruntime' && c.judged !== false),
  } as Ref,
  /** A peer library's row (onnxruntime-web, jax-js) by the start of its label. */
  peer(labelStart: string, name = labelStart): Ref {
    return {
      name,
      pick: (_row, all) => all.find((c) => c.kind === 'peer' && c.label.startsWith(labelStart) && c.judged !== false),
    };
  },
  /** The same jit row on one thread (executor, backend, source form and process; not a row shown beside). */
  oneThread: {
    name: 'jit on 1 thread',
    pick: (row: Contender, all: readonly Contender[]) =>
      all.find(
        (c) =>
          c.kind === 'jit' &&
          c.executor === row.executor &&
          c.backend === row.backend &&
          c.variant === row.variant &&
          (c.threads ?? 1) === 1 &&
          c.host === row.host &&
          c.judged !== false,
      ),
  } as Ref,
  /** The compiled jit row of the same source form on the cpu backend. */
  compiledOnCpu: {
    name: 'jit compiled on cpu',
    pick: (row: Contender, all: readonly Contender[]) =>
      all.find(
        (c) => c.kind === 'jit' && c.executor === 'compiled' && c.backend === 'cpu' && c.variant === row.variant,
      ),
  } as Ref,
};

/**
 * Bars apply, unless told otherwise, to `jit` with the default executor on the cpu backend, on one
 * thread, in the bench process (the rows with threads, and their one-thread reference in the same
 * child process, have bars of their own: `threadedJit`).
 */
export const defaultJit = (c: Contender): boolean =>
  c.kind === 'jit' && c.executor === 'compiled' && (c.threads ?? 1) === 1 && c.host === undefined;
export const defaultJitOnCpu = (c: Contender): boolean => defaultJit(c) && c.backend === 'cpu';
export const defaultJitOnWasm = (c: Contender): boolean => defaultJit(c) && c.backend === 'wasm';
/** jit with the default executor and threads (B10's 2-thread rows). */
export const threadedJit = (c: Contender): boolean =>
  c.kind === 'jit' && c.executor === 'compiled' && (c.threads ?? 1) > 1;
export const threadedJitOnWasm = (c: Contender): boolean => threadedJit(c) && c.backend === 'wasm';

export function judge(
  bar: Bar,
  c: Contender,
  r: RowResult,
  all: readonly Contender[],
  rows: Map<Contender, RowResult>,
): BarResult {
  const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  if (bar.kind === 'under') {
    const text = `≤ ${bar.us} µs`;
    if (!r.judged || r.median === undefined) return { text, ok: undefined };
    return { text, ok: r.median <= bar.us, value: r.median, byCpuTime: r.cpuMedian };
  }
  const refC = (bar.kind === 'faster' ? bar.than : bar.of).pick(c, all);
  const refName = (bar.kind === 'faster' ? bar.than : bar.of).name;
  const text = bar.kind === 'faster' ? `≥ ${bar.factor}× ${refName}` : `≤ ${bar.factor}× ${refName}`;
  const refRow = refC ? rows.get(refC) : undefined;
  if (!r.judged || !refRow || refRow.median === undefined || r.median === undefined) {
    return { text: `${text}${refRow?.status === 'pending' ? ' (pending)' : ''}`, ok: undefined };
  }
  const cpu = { row: { median: r.cpuMedian }, ref: { median: refRow.cpuMedian } };
  if (bar.kind === 'faster') {
    const s = speedup(r, refRow)!;
    const sc = speedup(cpu.row, cpu.ref);
    return {
      text: `${text}: ${fmt(s)}×${sc ? ` (cpu ${fmt(sc)}×)` : ''}`,
      ok: s >= bar.factor,
      value: s,
      byCpuTime: sc,
    };
  }
  const s = slowdown(r, refRow)!;
  const sc = slowdown(cpu.row, cpu.ref);
  return { text: `${text}: ${fmt(s)}×${sc ? ` (cpu ${fmt(sc)}×)` : ''}`, ok: s <= bar.factor, value: s, byCpuTime: sc };
}
