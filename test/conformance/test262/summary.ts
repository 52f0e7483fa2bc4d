// Counts of a test262 run per directory (same / refused by id / silent / crash per converted path,
// skipped by reason) and the Markdown section docs/conformance.md shows. Needs run results and the
// corpus's skip record. Produces `tally`, `markdownSection`, `DirectoryCounts`.

import type { CaseResult } from './run-case.js';
import type { Classified } from './outcome.js';

export interface PathCounts {
  same: number;
  silent: number;
  crash: number;
  /** The plain run fails the test (V8's deviation) where the converted one ends as test262 expects. */
  engine: number;
  /** Refusals by catalogue id. */
  refused: Record<string, number>;
  /** Tests this path does not apply to (script code, for the in-place path). */
  na: number;
  /** Tests whose converted run warned that it left a function to run as is, by warning id. */
  warned: Record<string, number>;
}

export interface DirectoryCounts {
  readonly directory: string;
  readonly tests: number;
  /** Tests whose plain run does not end as the test expects (V8's own deviations, the function wrapping). */
  plainFails: number;
  readonly inPlace: PathCounts;
  readonly runTime: PathCounts;
  readonly skipped: Record<string, number>;
}

const empty = (): PathCounts => ({ same: 0, silent: 0, crash: 0, engine: 0, refused: {}, na: 0, warned: {} });

function add(p: PathCounts, c: Classified | null, warnings: readonly string[]): void {
  for (const id of new Set(warnings)) p.warned[id] = (p.warned[id] ?? 0) + 1;
  if (!c) p.na++;
  else if (c.verdict === 'refused') p.refused[c.detail] = (p.refused[c.detail] ?? 0) + 1;
  else p[c.verdict]++;
}

export function tally(
  directory: string,
  results: readonly CaseResult[],
  skipped: Record<string, number>,
): DirectoryCounts {
  const counts: DirectoryCounts = {
    directory,
    tests: results.length,
    plainFails: 0,
    inPlace: empty(),
    runTime: empty(),
    skipped,
  };
  for (const r of results) {
    if (!r.oraclePasses) counts.plainFails++;
    add(counts.inPlace, r.inPlace, r.warnings.inPlace);
    add(counts.runTime, r.runTime, r.warnings.runTime);
  }
  return counts;
}

const sum = (r: Record<string, number>): number => Object.values(r).reduce((a, b) => a + b, 0);
const short = (id: string): string => id.replace(/^convert\//, '');
function byCount(r: Record<string, number>, fmt: (k: string) => string = (k) => k): string {
  return Object.entries(r)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${fmt(k)} ${n}`)
    .join(', ');
}

function idsCell(ids: Record<string, number>): string {
  const n = sum(ids);
  return n === 0 ? '0' : `${n} (${byCount(ids, short)})`;
}

function pathCells(p: PathCounts, withNa: boolean): string[] {
  return [
    String(p.same),
    idsCell(p.refused),
    String(p.silent),
    String(p.crash),
    String(p.engine),
    ...(withNa ? [String(p.na)] : []),
  ];
}

function merge(all: readonly DirectoryCounts[]): DirectoryCounts {
  const total: DirectoryCounts = {
    directory: '**total**',
    tests: 0,
    plainFails: 0,
    inPlace: empty(),
    runTime: empty(),
    skipped: {},
  };
  const mergePath = (into: PathCounts, p: PathCounts): void => {
    into.same += p.same;
    into.silent += p.silent;
    into.crash += p.crash;
    into.engine += p.engine;
    into.na += p.na;
    for (const [id, n] of Object.entries(p.refused)) into.refused[id] = (into.refused[id] ?? 0) + n;
    for (const [id, n] of Object.entries(p.warned)) into.warned[id] = (into.warned[id] ?? 0) + n;
  };
  for (const d of all) {
    (total as { tests: number }).tests += d.tests;
    total.plainFails += d.plainFails;
    mergePath(total.inPlace, d.inPlace);
    mergePath(total.runTime, d.runTime);
    for (const [r, n] of Object.entries(d.skipped)) total.skipped[r] = (total.skipped[r] ?? 0) + n;
  }
  return total;
}

function countsTable(all: readonly DirectoryCounts[]): string[] {
  const rows = [...all, merge(all)].map(
    (d) =>
      `| ${d.directory.startsWith('*') ? d.directory : `\`${d.directory}\``} | ${d.tests} | ${d.plainFails} | ${pathCells(d.inPlace, true).join(' | ')} | ${pathCells(d.runTime, false).join(' | ')} | ${sum(d.skipped)} |`,
  );
  return [
    '| directory | run | plain fails | in place: same | refused | silent | crash | V8 deviates | n/a | run time: same | refused | silent | crash | V8 deviates | skipped |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
}

function warnedTable(all: readonly DirectoryCounts[]): string[] {
  const rows = [...all, merge(all)].filter((d) => sum(d.inPlace.warned) + sum(d.runTime.warned) > 0);
  return [
    '| directory | in place: warned | run time: warned |',
    '|---|---|---|',
    ...rows.map(
      (d) =>
        `| ${d.directory.startsWith('*') ? d.directory : `\`${d.directory}\``} | ${idsCell(d.inPlace.warned)} | ${idsCell(d.runTime.warned)} |`,
    ),
  ];
}

function skipTables(all: readonly DirectoryCounts[]): string[] {
  const total = merge(all).skipped;
  const reasons = Object.entries(total).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [
    '| skip reason | tests |',
    '|---|---|',
    ...reasons.map(([r, n]) => `| ${r} | ${n} |`),
    '',
    '| directory | skipped, by reason |',
    '|---|---|',
    ...all.filter((d) => sum(d.skipped) > 0).map((d) => `| \`${d.directory}\` | ${byCount(d.skipped)} |`),
  ];
}

export interface RunInfo {
  readonly commit: string;
  readonly seconds: number;
  /** Listed differences by defect id, with the defect's description. */
  readonly defects: readonly { id: string; description: string; tests: number }[];
}

/** The generated part of docs/conformance.md (between its test262 markers). */
export function markdownSection(all: readonly DirectoryCounts[], info: RunInfo): string {
  const lines = [
    `Measured by \`npm run docs:test262\` on test262 \`${info.commit.slice(0, 12)}\` (all ${merge(all).tests} imported tests, ${Math.round(info.seconds)} s on one core).`,
    '',
    ...countsTable(all),
    '',
    'Tests whose converted run warned that it left a nested function to run as it is (it then ends as',
    "the plain run; on tensors, that function would not be staged), by the reason's id:",
    '',
    ...warnedTable(all),
    '',
    ...(info.defects.length === 0
      ? ['No silent difference and no crash: `known-differences.json` lists none.', '']
      : [
          'Defect classes of the silent differences and crashes (`known-differences.json`):',
          '',
          '| defect | tests | what differs |',
          '|---|---|---|',
          ...info.defects.map((d) => `| \`${d.id}\` | ${d.tests} | ${d.description} |`),
          '',
        ]),
    ...skipTables(all),
  ];
  return lines.join('\n');
}
