// The differential corpus (test/exec/differential/differential-*.test.ts) as data, for the export runners:
// imports each corpus file with the harness collecting its suites instead of registering them.
// Needs vitest, the harness. Produces `corpusSuite`, `CorpusCase`.

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterAll, describe } from 'vitest';
import { collectSuites, type DiffCase, type DiffOptions } from '../helpers/differential.js';

const corpusDir = fileURLToPath(new URL('../exec/differential/', import.meta.url));

export interface CorpusCase {
  /** The corpus file (without folder and suffix) and the case's name: unique across the corpus. */
  readonly id: string;
  readonly case: DiffCase;
  readonly opts: DiffOptions;
}

async function loadCorpus(): Promise<CorpusCase[]> {
  const files = readdirSync(corpusDir)
    .filter((f) => /^differential-.*\.test\.ts$/.test(f))
    .sort();
  const out: CorpusCase[] = [];
  for (const file of files) {
    const suites = await collectSuites(() => import(path.join(corpusDir, file)));
    const short = file.replace(/\.test\.ts$/, '');
    for (const s of suites) for (const c of s.cases) out.push({ id: `${short}: ${c.name}`, case: c, opts: s.opts });
  }
  return out;
}

/**
 * `body(cases)` inside a describe named `title`, with every case of every corpus file. The files are
 * imported inside a skipped describe (collected first): their own tests and hooks run in their files.
 */
export function corpusSuite(title: string, body: (cases: readonly CorpusCase[]) => void): void {
  let cases: CorpusCase[] = [];
  describe.skip('the corpus files (their own tests run there)', async () => {
    cases = await loadCorpus();
  });
  describe(title, () => {
    body(cases);
    afterAll(() => {
      for (const c of cases) c.case.cleanup?.();
    });
  });
}
