// B11: what `import 'autograph-ts'` costs on top of `import '@tensorflow/tfjs'`, in fresh Node
// processes (bench/import-probe.mjs), from the built package (dist/, rebuilt first when src/ is
// newer). Rows: the tfjs import alone, and the autograph-ts import after it (the bar: ≤ 150 ms,
// median). Needs harness, npm run build. Produces `b11`.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensure-built.js';
import { median, type RowResult, type Workload } from '../harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = fileURLToPath(new URL('../import-probe.mjs', import.meta.url));
const BAR_MS = 150;

interface Probe {
  readonly tfjsMs: number;
  readonly autographMs: number;
  readonly babel: boolean;
}

function probe(tfjsOnly: boolean): Probe {
  const out = execFileSync(process.execPath, [PROBE, ...(tfjsOnly ? ['--tfjs-only'] : [])], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Probe;
}

function row(label: string, samplesMs: readonly number[], note: string, bars: RowResult['bars']): RowResult {
  const us = samplesMs.map((ms) => ms * 1000);
  return {
    workload: 'B11',
    label,
    kind: 'import',
    backend: 'cpu',
    callsPerBatch: 1,
    status: 'ok',
    judged: bars.length > 0,
    note,
    samples: us,
    cpuSamples: [],
    median: median(us),
    min: Math.min(...us),
    max: Math.max(...us),
    bars,
  };
}

export const b11: Workload = {
  id: 'B11',
  title: "`import 'autograph-ts'` on top of `import '@tensorflow/tfjs'`, fresh Node processes, built package",
  barText: '≤ 150 ms (median)',
  bars: [],
  contenders: () => [],
  async measure({ quick, log }) {
    ensureBuilt('dist/index.js', log);
    const n = quick ? 3 : 11;
    const alone: number[] = [];
    const onTop: number[] = [];
    let babel = false;
    probe(false); // warms the file cache
    for (let i = 0; i < n; i++) {
      alone.push(probe(true).tfjsMs);
      const p = probe(false);
      onTop.push(p.autographMs);
      babel ||= p.babel;
    }
    const m = median(onTop); // ms
    return [
      row("import '@tensorflow/tfjs'", alone, `${n} processes`, []),
      row("import 'autograph-ts' after it", onTop, `${n} processes; Babel loaded: ${babel ? 'yes' : 'no'}`, [
        { text: `≤ ${BAR_MS} ms`, ok: m <= BAR_MS, value: m },
      ]),
    ];
  },
};
