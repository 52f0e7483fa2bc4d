// B12: `autograph check` against `tsc --noEmit` as users run them — whole processes, `npx autograph
// check` and `npx tsc --noEmit`, in an app whose node_modules holds the built package (dist/, rebuilt
// first when src/ is newer) and this checkout's TypeScript and tfjs — on the same project: the typed
// fixture programs (test/check/fixtures/project/typed) importing 'autograph-ts', --strict. Runs are
// interleaved; wall-clock and CPU time (of the process tree, from the shell's `times`) are medians.
// Needs harness, npm run build, npx and a POSIX sh. Produces `b12`.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensure-built.js';
import { median, type RowResult, type Workload } from '../harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TYPED = join(ROOT, 'test/check/fixtures/project/typed');
const BAR = 1.5;
const TSC = 'npx tsc --noEmit';
const CHECK = 'npx autograph check';
/** What the app's node_modules links to in this checkout: the package's dependencies, tfjs, TypeScript, Node's types. */
const LINKED = ['@tensorflow', '@types', '@babel', '@jridgewell', '@viz-js', 'commander', 'typescript'];

/** The app: the typed programs importing 'autograph-ts', a strict tsconfig, node_modules as an install has it. */
function makeApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'ag-b12-'));
  const nm = join(app, 'node_modules');
  mkdirSync(join(nm, '.bin'), { recursive: true });
  symlinkSync(ROOT, join(nm, 'autograph-ts'));
  for (const p of LINKED) symlinkSync(join(ROOT, 'node_modules', p), join(nm, p));
  symlinkSync('../autograph-ts/dist/cli/bin.js', join(nm, '.bin', 'autograph'));
  symlinkSync('../typescript/bin/tsc', join(nm, '.bin', 'tsc'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'b12-app', private: true, type: 'module' }));
  const base = JSON.parse(readFileSync(join(TYPED, '..', 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...base.compilerOptions, strict: true }, include: ['*.ts'] }, null, 2),
  );
  for (const f of readdirSync(TYPED).filter((f) => f.endsWith('.ts'))) {
    writeFileSync(
      join(app, f),
      readFileSync(join(TYPED, f), 'utf8').replace(/(['"])(\.\.\/)+src\/index\.js\1/g, "'autograph-ts'"),
    );
  }
  return app;
}

interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly status: number;
  readonly output: string;
}

/** One whole process tree, timed: `sh` runs the command, then `times` gives its children's CPU time. */
function timed(app: string, command: string): Run {
  const t0 = performance.now();
  const r = spawnSync('sh', ['-c', `${command} >out.txt 2>&1; s=$?; times; exit $s`], { cwd: app, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  const lines = r.stdout.trim().split('\n');
  const secs = (lines[lines.length - 1] ?? '')
    .trim()
    .split(/\s+/)
    .map((t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t);
      return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
    });
  return {
    wallMs,
    cpuMs: (secs[0]! + secs[1]!) * 1000,
    status: r.status ?? -1,
    output: readFileSync(join(app, 'out.txt'), 'utf8'),
  };
}

function row(label: string, runs: readonly Run[], note: string, bars: RowResult['bars']): RowResult {
  const us = runs.map((r) => r.wallMs * 1000);
  const cpu = runs.map((r) => r.cpuMs * 1000);
  return {
    workload: 'B12',
    label,
    kind: 'check',
    backend: 'cpu',
    callsPerBatch: 1,
    status: 'ok',
    judged: bars.length > 0,
    note,
    samples: us,
    cpuSamples: cpu,
    cpuMedian: median(cpu),
    median: median(us),
    min: Math.min(...us),
    max: Math.max(...us),
    bars,
  };
}

export const b12: Workload = {
  id: 'B12',
  title:
    '`npx autograph check` vs `npx tsc --noEmit`, whole processes, on the typed fixture programs importing the built package (--strict)',
  barText: `≤ ${BAR}× tsc --noEmit (median wall-clock)`,
  bars: [],
  contenders: () => [],
  async measure({ quick, log }) {
    ensureBuilt('dist/cli/bin.js', log);
    const app = makeApp();
    try {
      const n = quick ? 3 : 9;
      const tsc: Run[] = [];
      const check: Run[] = [];
      // Warm the file cache, and check what each reports: tsc rejects the operators on tensors, the checker accepts them.
      const first = [timed(app, `npx --no-install tsc --noEmit`), timed(app, `npx --no-install autograph check`)];
      if (first[0]!.status !== 2 || !/error TS2362/.test(first[0]!.output))
        throw new Error(`B12: tsc --noEmit should reject the operators on tensors:\n${first[0]!.output}`);
      if (first[1]!.status !== 0)
        throw new Error(`B12: autograph check should pass the typed programs:\n${first[1]!.output}`);
      for (let i = 0; i < n; i++) {
        const pair = i % 2 === 0 ? [TSC, CHECK] : [CHECK, TSC]; // interleaved, order alternated
        for (const which of pair)
          (which === TSC ? tsc : check).push(
            timed(app, `npx --no-install ${which === TSC ? 'tsc --noEmit' : 'autograph check'}`),
          );
      }
      const ratio = median(check.map((r) => r.wallMs)) / median(tsc.map((r) => r.wallMs));
      const byCpu = median(check.map((r) => r.cpuMs)) / median(tsc.map((r) => r.cpuMs));
      const errors = (first[0]!.output.match(/error TS/g) ?? []).length;
      return [
        row(TSC, tsc, `${n} processes; reports ${errors} errors (the operators on tensors)`, []),
        row(CHECK, check, `${n} processes; reports nothing`, [
          {
            text: `≤ ${BAR}× tsc --noEmit: ${ratio.toFixed(2)}× (cpu ${byCpu.toFixed(2)}×)`,
            ok: ratio <= BAR,
            value: ratio,
            byCpuTime: byCpu,
          },
        ]),
      ];
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  },
};
