// Summarizes V8 .cpuprofile files (from `npx tsx --cpu-prof --cpu-prof-dir=DIR bench/run.ts …`):
// the top functions by self time, and by total (inclusive) time, with file:line. Usage:
//   npx tsx bench/profile-summary.ts DIR_OR_FILE [--top 25] [--match src/] [--under FUNCTION]
// --match keeps only functions whose file contains the word in the inclusive list; --under NAME
// keeps only the samples taken inside a function named NAME (e.g. compiled_train, the code the
// compiled executor generated for `train`), so one contender's profile is read apart from the rest.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function files(path: string): string[] {
  if (statSync(path).isDirectory()) {
    return readdirSync(path)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(path, f));
  }
  return [path];
}

function where(cf: CallFrame): string {
  const url = cf.url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|src|bench)\//, '$1/');
  return url ? `${url}:${cf.lineNumber + 1}` : '(native)';
}

function summarize(file: string, top: number, match?: string, under?: string): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Self time per node from samples × time deltas.
  const inside = (id: number): boolean => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur))
      if (byId.get(cur)!.callFrame.functionName === under) return true;
    return false;
  };
  const selfUs = new Map<number, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    if (under && !inside(id)) return;
    const dt = p.timeDeltas[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
    total += dt;
  });
  const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}  ${where(n.callFrame)}`;
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    self.set(key(n), (self.get(key(n)) ?? 0) + us);
    // Inclusive: every distinct function on the stack gets the sample once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  if (!total) return;
  console.log(`\n== ${file}: ${(total / 1e6).toFixed(2)} s sampled${under ? ` inside ${under}` : ''}`);
  console.log(`-- top ${top} by self time`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)} ${ms(us)}  ${k}`);
  console.log(`-- top ${top} by total time${match ? ` (files matching '${match}')` : ''}`);
  const inclusive = [...incl].filter(([k]) => !match || k.includes(match)).sort((a, b) => b[1] - a[1]);
  for (const [k, us] of inclusive.slice(0, top)) console.log(`${pct(us)} ${ms(us)}  ${k}`);
}

const argv = process.argv.slice(2);
const topAt = argv.indexOf('--top');
const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25;
const matchAt = argv.indexOf('--match');
const match = matchAt >= 0 ? argv[matchAt + 1] : undefined;
const underAt = argv.indexOf('--under');
const under = underAt >= 0 ? argv[underAt + 1] : undefined;
const target = argv.find((a, i) => !a.startsWith('--') && !['--top', '--match', '--under'].includes(argv[i - 1] ?? ''));
if (!target) {
  console.error('usage: tsx bench/profile-summary.ts DIR_OR_FILE [--top 25] [--match src/] [--under FUNCTION]');
  process.exit(1);
}
for (const f of files(target)) summarize(f, top, match, under);
