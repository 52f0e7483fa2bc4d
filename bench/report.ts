// Prints what the harness measured: the markdown table (one row per workload × contender, with
// the bars' ✓/✗) and the list of misses and open items. Needs harness types. Produces `formatTable`,
// `misses`, `fmtUs`.

import type { RowResult, WorkloadResult } from './harness.js';

export function fmtUs(x: number | undefined): string {
  if (x === undefined) return '';
  if (x < 1) return x.toFixed(3);
  if (x < 10) return x.toFixed(2);
  if (x < 100) return x.toFixed(1);
  return Math.round(x).toLocaleString('en-US');
}

function fmtRatio(x: number | undefined): string {
  if (x === undefined) return '';
  if (x >= 100) return `${Math.round(x).toLocaleString('en-US')}×`;
  if (x >= 10) return `${x.toFixed(1)}×`;
  return `${x.toFixed(2)}×`;
}

function barCell(r: RowResult): string {
  return r.bars.map((b) => `${b.text} ${b.ok === undefined ? '–' : b.ok ? '✓' : '✗'}`).join('; ');
}

export function formatTable(results: readonly WorkloadResult[]): string {
  const lines = [
    '| id | contender | backend | median µs/call | min–max | cpu µs/call | vs eager cpu | bar |',
    '|---|---|---|---:|---:|---:|---:|---|',
  ];
  for (const w of results) {
    for (const r of w.rows) {
      let time = fmtUs(r.median);
      let range = r.median === undefined ? '' : `${fmtUs(r.min)}–${fmtUs(r.max)}`;
      if (r.status === 'pending' || (r.status === 'error' && r.median === undefined)) {
        time = r.message ?? r.status;
        range = '';
      }
      const flags: string[] = [];
      if (r.status === 'wrong') flags.push('WRONG RESULT');
      if (r.status === 'error' && r.median !== undefined) flags.push(`error: ${r.message}`);
      if (r.leakedTensors) flags.push(`leaks ${r.leakedTensors} tensors`);
      if (r.gflops !== undefined) flags.push(`${r.gflops.toFixed(1)} GFLOP/s`);
      if (r.note) flags.push(r.note);
      const bar = [barCell(r), ...flags.map((f) => `*${f}*`)].filter(Boolean).join(' ');
      const ratio = r.kind === 'eager' && r.backend === 'cpu' ? '1×' : fmtRatio(r.vsEagerCpu);
      lines.push(
        `| ${w.id} | ${r.label} | ${r.kind === 'plain' || r.kind === 'import' || r.kind === 'check' ? '–' : r.backend} | ${time} | ${range} | ${fmtUs(r.cpuMedian)} | ${ratio} | ${bar.replace(/\|/g, '\\|')} |`,
      );
    }
  }
  return lines.join('\n');
}

export function misses(results: readonly WorkloadResult[]): string[] {
  const out: string[] = [];
  for (const w of results) {
    for (const r of w.rows) {
      for (const b of r.bars) if (b.ok === false) out.push(`${w.id} ${r.label}: bar ${b.text} (${w.barText})`);
      if (r.status === 'wrong') out.push(`${w.id} ${r.label}: ${r.message}`);
      if (r.status === 'error') out.push(`${w.id} ${r.label}: ${r.message}`);
      if (r.leakedTensors)
        out.push(`${w.id} ${r.label}: tensor count grew by ${r.leakedTensors} over the timed samples`);
    }
    const pendingBars = w.rows.flatMap((r) =>
      r.bars.filter((b) => b.ok === undefined).map((b) => `${b.text} [${r.label}]`),
    );
    if (pendingBars.length) out.push(`${w.id}: not judged yet — ${pendingBars.join('; ')}`);
  }
  return out;
}
