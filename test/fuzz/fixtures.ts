// Regression fixtures of the fuzzer: one JSON file per program that once disagreed, with the
// problems seen then. The fuzz suites write them (shrunk by fast-check); regression.test.ts
// replays every one. Needs node:fs, gen-program. Produces `Fixture`, `saveFixture`, `loadFixtures`.

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyCase } from './run-case.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';

export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface Fixture {
  readonly name: string;
  /** What went wrong when it was found (and, once understood, why). */
  readonly note: string;
  readonly case: AnyCase;
  readonly executors: readonly ExecutorName[];
  /** The problems seen when it was found. */
  readonly problems: readonly string[];
  /** Set while the bug is open: the replay is expected to fail (it.fails), so fixing it shows. */
  readonly knownBug?: string;
  /** The correct outcome is this catalogued error from every jit executor (the eager runs agree with JS). */
  readonly expectError?: string;
}

/** Writes a fixture for a shrunk counterexample; returns its path. */
export function saveFixture(
  c: AnyCase,
  executors: readonly ExecutorName[],
  problems: readonly string[],
  foundBy: string,
): string {
  const hash = createHash('sha1').update(JSON.stringify(c)).digest('hex').slice(0, 10);
  const name = `${c.domain}-${hash}`;
  const fixture: Fixture = { name, note: `found by ${foundBy}`, case: c, executors, problems };
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const path = join(FIXTURE_DIR, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(fixture, encodeNumber, 2)}\n`);
  return path;
}

export function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(FIXTURE_DIR, f), 'utf8'), decodeNumber) as Fixture);
}

// JSON has no NaN, ±Infinity or -0 (they would come back as null and 0): such inputs are written as
// the strings "NaN", "Infinity", "-Infinity", "-0" in a `{ "number": … }` object.
function encodeNumber(_key: string, v: unknown): unknown {
  return typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))
    ? { number: Object.is(v, -0) ? '-0' : String(v) }
    : v;
}
function decodeNumber(_key: string, v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    const n = (v as { number?: unknown }).number;
    if (keys.length === 1 && typeof n === 'string') return Number(n);
  }
  return v;
}
