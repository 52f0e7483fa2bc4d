// The imported test262 corpus (corpus/*.json, written by scripts/test262-import.mjs) and its skip
// record. Needs the corpus files. Produces `loadCorpus`, `skipCounts`, `CorpusTest`.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CorpusTest {
  /** Path under test262's test/language/. */
  readonly path: string;
  readonly includes: readonly string[];
  /** A runtime negative test's expected error. */
  readonly throws?: string;
  /** Script code only (e.g. `await` as a name): the in-place path, which converts a module, does not apply. */
  readonly script?: boolean;
  readonly source: string;
}

export interface CorpusDirectory {
  readonly commit: string;
  /** e.g. test/language/statements/for */
  readonly directory: string;
  readonly tests: readonly CorpusTest[];
}

const DIR = fileURLToPath(new URL('./corpus/', import.meta.url));

/** Every directory of the corpus, in the importer's order of file names. */
export function loadCorpus(): CorpusDirectory[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json') && f !== 'skipped.json')
    .sort()
    .map((f) => JSON.parse(readFileSync(DIR + f, 'utf8')) as CorpusDirectory);
}

/** Per directory (statements/for …), the skipped tests' count per reason. */
export function skipCounts(): Record<string, Record<string, number>> {
  const { skipped } = JSON.parse(readFileSync(`${DIR}skipped.json`, 'utf8')) as {
    skipped: Record<string, Record<string, string[]>>;
  };
  const out: Record<string, Record<string, number>> = {};
  for (const [dir, reasons] of Object.entries(skipped)) {
    out[dir] = Object.fromEntries(Object.entries(reasons).map(([r, paths]) => [r, paths.length]));
  }
  return out;
}
