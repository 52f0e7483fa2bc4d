// B13: the webgpu backend — B2's chain, B3's Huber loss and B5's staged RNN (bench/gpu/workloads.ts),
// eager vs jit (the WGSL target) vs jit's interpreter (one tfjs kernel per node), with program
// dispatches per call, measured in a fresh Node process over Dawn (bench/gpu/webgpu-rows.ts). Where
// no GPU is present that is SwiftShader, a CPU Vulkan driver: its times mean little, its dispatch
// counts are exact, so only the counts are judged there (gpuWorkloadRows says which bars apply
// where). Needs harness. Produces `b13`, `gpuWorkloadRows`.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, type RowResult, type Workload } from '../harness.js';
import type { GpuRow } from '../gpu/workloads.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = fileURLToPath(new URL('../gpu/webgpu-rows.ts', import.meta.url));

/** The bars on real hardware: jit ÷ eager for B2's chain and B5's loop. */
// (and B2's jit within 1.5× of one hand-written kernel)
const HARDWARE_BARS: Partial<Record<GpuRow['workload'], number>> = { B2: 4, B5: 2 };

/**
 * Bench rows from the GPU rows of one backend. Judged everywhere: jit dispatches fewer programs than
 * eager. On a real GPU also: jit no slower than the interpreter, and B2 ≥ 4×, B5 ≥ 2× eager. On a
 * software driver (SwiftShader) times mean little, so those ratios are shown, not judged.
 */
export function gpuWorkloadRows(
  id: string,
  backend: 'webgpu' | 'webgl',
  device: string,
  rows: readonly GpuRow[],
): RowResult[] {
  const software = /swiftshader|llvmpipe|lavapipe/i.test(device);
  const unit = backend === 'webgl' ? 'programs' : 'dispatches';
  return rows.map((r) => {
    const us = r.samplesMs.map((ms) => ms * 1000);
    const m = median(us);
    const of = (label: string) => rows.find((x) => x.workload === r.workload && x.label === label)!;
    const vsEager = median(of('tfjs eager').samplesMs) / median(r.samplesMs);
    const bars: RowResult['bars'] = [];
    const notes = [`${r.dispatchesPerCall} ${unit}/call`, `${vsEager.toFixed(2)}× eager ${backend}`];
    if (r.label === 'jit') {
      const eager = of('tfjs eager');
      const vsInterp = median(of('jit, interpreter').samplesMs) / median(r.samplesMs);
      bars.push({
        text: `${unit} < eager's ${eager.dispatchesPerCall}`,
        ok: r.dispatchesPerCall < eager.dispatchesPerCall,
        value: r.dispatchesPerCall,
      });
      const wanted = HARDWARE_BARS[r.workload];
      if (software) notes.push(`${vsInterp.toFixed(2)}× the interpreter (not judged on a software driver)`);
      else {
        bars.push({ text: `≥ 1× the interpreter (${vsInterp.toFixed(2)}×)`, ok: vsInterp >= 1, value: vsInterp });
        if (wanted) bars.push({ text: `≥ ${wanted}× eager ${backend}`, ok: vsEager >= wanted, value: vsEager });
        const hand = rows.find((x) => x.workload === r.workload && x.label === 'hand-written kernel');
        if (hand) {
          const vsHand = median(r.samplesMs) / median(hand.samplesMs);
          bars.push({
            text: `within 1.5× a hand-written kernel (${vsHand.toFixed(2)}×)`,
            ok: vsHand <= 1.5,
            value: vsHand,
          });
        }
      }
    }
    return {
      workload: `${id}.${r.workload}`,
      label: `${r.workload}: ${r.label}`,
      kind: r.label === 'tfjs eager' ? 'eager' : r.label === 'hand-written kernel' ? 'plain' : 'jit',
      backend,
      callsPerBatch: 1,
      status: r.maxError <= 1e-4 ? 'ok' : 'wrong',
      ...(r.maxError > 1e-4 ? { message: `differs from eager by ${r.maxError.toExponential(2)} (relative)` } : {}),
      judged: bars.length > 0,
      note: notes.join('; '),
      samples: us,
      cpuSamples: [],
      median: m,
      min: Math.min(...us),
      max: Math.max(...us),
      maxError: r.maxError,
      bars,
    };
  });
}

export const b13: Workload = {
  id: 'B13',
  title: 'webgpu backend (Dawn in Node; SwiftShader where no GPU): B2, B3, B5 eager vs jit vs interpreter',
  barText:
    'jit dispatches fewer programs than eager; on a real GPU also no jit row slower than the interpreter, B2 ≥ 4× and B5 ≥ 2× eager',
  bars: [],
  contenders: () => [],
  async measure({ quick, log }) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', PROBE, ...(quick ? ['--quick'] : [])], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 600_000,
    });
    const result = JSON.parse(out.trim().split('\n').pop()!) as { skipped?: string; device?: string; rows?: GpuRow[] };
    if (result.skipped) {
      log(`  B13 skipped: ${result.skipped}`);
      return [];
    }
    log(`  B13 on ${result.device}`);
    return gpuWorkloadRows('B13', 'webgpu', result.device ?? 'unknown adapter', result.rows!);
  },
};
