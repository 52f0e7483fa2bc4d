// The expectations file known-differences.json: the tests whose converted runs differ silently or
// crash today, each with its class per path and its defect. A run fails on a difference not listed
// and on a listed test that no longer differs as listed, so the list can only shrink.
// Needs the file. Produces `loadKnown`, `unexpected`, `updatedKnown`, `Known`.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CaseResult } from './run-case.js';
import type { Verdict } from './outcome.js';

/** A listed path's class on each converted path ('same' or 'refused' where that path is not a defect). */
export interface KnownEntry {
  readonly inPlace: Verdict | 'n/a';
  readonly runTime: Verdict;
  /** A key of `defects`. */
  readonly defect: string;
  /** What was seen when it was listed (informative; not compared). */
  readonly observed: string;
}

export interface Known {
  readonly commit: string;
  /** Defect classes: id → what the converter gets wrong. */
  readonly defects: Readonly<Record<string, string>>;
  readonly tests: Readonly<Record<string, KnownEntry>>;
}

const FILE = fileURLToPath(new URL('./known-differences.json', import.meta.url));
export const UNCLASSIFIED = 'unclassified';

export function loadKnown(): Known {
  return JSON.parse(readFileSync(FILE, 'utf8')) as Known;
}

const isDefect = (v: string): boolean => v === 'silent' || v === 'crash';

/** A result's class per path, as listed. */
function observedClasses(r: CaseResult): { inPlace: Verdict | 'n/a'; runTime: Verdict } {
  return { inPlace: r.inPlace?.verdict ?? 'n/a', runTime: r.runTime.verdict };
}

/** What a result says that the list does not: one line per surprise (empty when all is as listed). */
export function unexpected(results: readonly CaseResult[], known: Known): string[] {
  const out: string[] = [];
  for (const r of results) {
    const seen = observedClasses(r);
    const listed = known.tests[r.path];
    const detail =
      `${r.inPlace && r.inPlace.verdict !== 'same' ? `in place: ${r.inPlace.detail}` : ''} ${r.runTime.verdict !== 'same' ? `run time: ${r.runTime.detail}` : ''}`.trim();
    if (!listed) {
      if (isDefect(seen.inPlace) || isDefect(seen.runTime))
        out.push(`${r.path}: in place ${seen.inPlace}, run time ${seen.runTime}, not listed (${detail})`);
      continue;
    }
    if (listed.inPlace !== seen.inPlace || listed.runTime !== seen.runTime) {
      out.push(
        `${r.path}: listed as in place ${listed.inPlace}, run time ${listed.runTime}; now in place ${seen.inPlace}, run time ${seen.runTime} (${detail || 'same'}): update known-differences.json`,
      );
    }
  }
  return out;
}

/** Defect ids used in the list that its `defects` table does not describe. */
export function undescribed(known: Known): string[] {
  return [...new Set(Object.values(known.tests).map((e) => e.defect))].filter((d) => !(d in known.defects));
}

/** The list rewritten from a full run: differing tests kept with their defect, new ones unclassified. */
export function updatedKnown(results: readonly CaseResult[], known: Known, commit: string): Known {
  const tests: Record<string, KnownEntry> = {};
  for (const r of [...results].sort((a, b) => a.path.localeCompare(b.path))) {
    const seen = observedClasses(r);
    if (!isDefect(seen.inPlace) && !isDefect(seen.runTime)) continue;
    const shown = r.inPlace && isDefect(r.inPlace.verdict) ? r.inPlace.detail : r.runTime.detail;
    tests[r.path] = { ...seen, defect: known.tests[r.path]?.defect ?? UNCLASSIFIED, observed: shown };
  }
  const used = new Set(Object.values(tests).map((e) => e.defect));
  const defects = Object.fromEntries(Object.entries(known.defects).filter(([id]) => used.has(id)));
  return { commit, defects, tests };
}

export function writeKnown(known: Known): void {
  writeFileSync(FILE, `${JSON.stringify(known, null, 2)}\n`);
}
