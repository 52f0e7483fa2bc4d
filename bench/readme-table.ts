// `npm run bench:readme`: the README's benchmark table, made from the results files of full bench
// runs (default bench/results.json; `--runs a.json,b.json` for several runs side by side). One row
// per workload: the median µs per call of the main contenders in the first run, and each bar with
// its verdict in every run (the range of the measured values over the rows it judges). Writes the
// table between the README's `<!-- bench-table:start -->` and `<!-- bench-table:end -->` markers
// (`--print` only prints it). Needs harness types and report's number format. Produces the table.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RowResult, WorkloadResult } from './harness.js';
import { fmtUs } from './report.js';

interface Run {
  readonly file: string;
  readonly machine: Record<string, unknown>;
  readonly workloads: readonly WorkloadResult[];
}

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- bench-table:start -->';
const END = '<!-- bench-table:end -->';

function parseArgs(argv: readonly string[]): { runs: string[]; print: boolean } {
  let runs = [fileURLToPath(new URL('./results.json', import.meta.url))];
  let print = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--print') print = true;
    else if (a === '--runs') runs = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a.startsWith('--runs=')) runs = a.slice('--runs='.length).split(',').filter(Boolean);
    else throw new Error(`unknown argument ${a} (usage: tsx bench/readme-table.ts [--runs a.json,b.json] [--print])`);
  }
  if (!runs.length) throw new Error('--runs needs at least one results file');
  return { runs, print };
}

function load(file: string): Run {
  const r = JSON.parse(readFileSync(file, 'utf8')) as { machine: Record<string, unknown>; workloads: WorkloadResult[] };
  if (r.machine.quick) throw new Error(`${file} is a --quick run: the README's table comes from full runs`);
  return { file, machine: r.machine, workloads: r.workloads };
}

/** The first row matching, or undefined. */
function row(w: WorkloadResult, kind: string, backend: string, label?: RegExp): RowResult | undefined {
  return w.rows.find(
    (r) => r.kind === kind && r.backend === backend && (!label || label.test(r.label)) && r.median !== undefined,
  );
}

const us = (r: RowResult | undefined) => (r?.median === undefined ? '–' : fmtUs(r.median));

/** jax-js's row, marked † where its loop is unrolled (it has no loop primitive). */
function jaxCell(w: WorkloadResult): string {
  const r = row(w, 'peer', 'cpu', /^jax-js /);
  return r ? `${us(r)}${/unrolled/.test(r.label) ? ' †' : ''}` : '–';
}

/** jit compiled on a backend: the functional form, and the converted one beside it when measured. */
function jitCell(w: WorkloadResult, backend: string): string {
  const f = row(w, 'jit', backend, /^jit compiled$/);
  const c = row(w, 'jit', backend, /^jit compiled \[converted\]$/);
  if (!f && !c) return '–';
  return c ? `${us(f)} / ${us(c)}` : us(f);
}

function fmtValue(v: number | undefined, text: string): string {
  if (v === undefined) return '?';
  if (/ ms\b/.test(text)) return `${fmtUs(v)} ms`;
  return / µs\b/.test(text) ? `${fmtUs(v)} µs` : `${v >= 10 ? v.toFixed(0) : v.toFixed(2)}×`;
}

/** A bar's text without the measured value the harness appends after a colon. */
const barName = (text: string) => text.replace(/:.*$/, '').trim();

/** Each bar of the workload: its verdict per run, with the range of values over the rows it judges. */
function barsCell(id: string, runs: readonly Run[]): string {
  const texts: string[] = [];
  for (const run of runs) {
    const w = run.workloads.find((x) => x.id === id);
    for (const r of w?.rows ?? [])
      for (const b of r.bars) if (!texts.includes(barName(b.text))) texts.push(barName(b.text));
  }
  return texts
    .map((text) => {
      const verdicts = runs.map((run) => {
        const w = run.workloads.find((x) => x.id === id);
        const all = (w?.rows ?? []).flatMap((r) => r.bars.filter((b) => barName(b.text) === text));
        if (!all.length) return 'not run';
        // Bars without a verdict (rows shown beside, not judged) do not count.
        const bars = all.filter((b) => b.ok !== undefined);
        if (!bars.length) return '–';
        const values = bars.map((b) => b.value).filter((v): v is number => v !== undefined);
        const lo = Math.min(...values);
        const hi = Math.max(...values);
        const range = values.length
          ? lo === hi
            ? fmtValue(lo, text)
            : `${fmtValue(lo, text)}–${fmtValue(hi, text)}`
          : '';
        return `${range} ${bars.every((b) => b.ok) ? '✓' : '✗'}`.trim();
      });
      return `${text}: ${verdicts.join(' · ')}`;
    })
    .join('; ');
}

export function readmeTable(runs: readonly Run[]): string {
  const first = runs[0]!;
  const lines: string[] = [];
  const loadAvg = (m: Record<string, unknown>) =>
    ((m.loadAverageBefore as number[] | undefined) ?? []).map((x) => x.toFixed(1)).join(' / ');
  lines.push(
    `Generated by \`npm run bench:readme\` from ${runs.length === 1 ? 'one full run' : `${runs.length} full runs`} of \`npm run bench\` ` +
      `(${runs.map((r) => `${String(r.machine.date).slice(0, 16).replace('T', ' ')} UTC, load average before ${loadAvg(r.machine)}`).join('; ')}), ` +
      `${first.machine.cpus} × ${String(first.machine.cpuModel).trim()} (native SIMD ${String(first.machine.simd ?? 'not recorded')}; WebAssembly SIMD is 128-bit), Node ${first.machine.node}, WebAssembly relaxed SIMD ${first.machine.wasmRelaxedSimd ? 'on' : 'off'}. ` +
      'µs per call (median) from the first run; jit compiled as functional / converted source; each bar with its verdict in every run (the range over the rows it judges).',
  );
  lines.push('');
  lines.push(
    '| id | workload | tfjs eager cpu | tfjs eager wasm | onnxruntime-node (native, 1 thread) | onnxruntime-web (wasm, 1 thread) | jax-js (wasm, 1 thread) | jit compiled cpu | jit compiled wasm | bars |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const w of first.workloads) {
    const cells = [
      w.id,
      w.title.replace(/\|/g, '\\|'),
      us(row(w, 'eager', 'cpu')),
      us(row(w, 'eager', 'wasm')),
      us(row(w, 'onnxruntime', 'cpu', /^onnxruntime \(1 thread\)$/)),
      us(row(w, 'peer', 'cpu', /^onnxruntime-web \(wasm, 1 thread\)$/)),
      jaxCell(w),
      jitCell(w, 'cpu'),
      jitCell(w, 'wasm'),
      barsCell(w.id, runs).replace(/\|/g, '\\|') || '–',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push('† jax-js has no loop primitive: its loop is unrolled in the traced function.');
  return lines.join('\n');
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const table = readmeTable(args.runs.map(load));
  if (args.print) {
    console.log(table);
    return;
  }
  const readme = readFileSync(README, 'utf8');
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} markers`);
  writeFileSync(README, `${readme.slice(0, a + START.length)}\n${table}\n${readme.slice(b)}`);
  console.log(`README.md: benchmark table from ${args.runs.join(', ')}`);
}

main();
