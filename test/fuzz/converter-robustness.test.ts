// Converter robustness: every function of the corpus (test/fuzz/corpus) either converts and then
// behaves like the original on plain values (same results, same errors), or fails to convert with
// a catalogued AutographError — never an internal exception. Generated programs are covered by the
// fuzz suites (their "converted on JS numbers" path). Needs the corpus, toGraph, the catalogue.
import { describe, expect, it } from 'vitest';
import { toGraph } from '../../src/api/to-graph.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { CATALOGUE } from '../../src/errors/catalogue.js';
import { CORPUS } from './corpus/functions.js';

/** A copy of arrays and plain objects (functions and other leaves shared). */
const copy = (x: unknown): unknown =>
  Array.isArray(x) ? x.map(copy) : x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, copy(v)])) : x;

type Outcome = { value: unknown } | { error: string };
const outcome = (f: () => unknown): Outcome => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
};

describe('converter robustness on a corpus of real-world-style functions', () => {
  it(`has at least 40 functions (${CORPUS.length})`, () => expect(CORPUS.length).toBeGreaterThanOrEqual(40));
  const converted: string[] = [];
  const rejected: string[] = [];
  for (const entry of CORPUS) {
    it(entry.name, () => {
      let conv: ((...a: unknown[]) => unknown) | undefined;
      try {
        conv = toGraph(entry.fn) as (...a: unknown[]) => unknown;
      } catch (e) {
        expect(e, `${entry.name}: ${String(e)}`).toBeInstanceOf(AutographError);
        expect(CATALOGUE).toHaveProperty([(e as AutographError).id]);
        rejected.push(`${entry.name} (${(e as AutographError).id})`);
        return;
      }
      converted.push(entry.name);
      for (const args of entry.args) {
        // Fresh copies: some functions mutate their arguments.
        const a1 = copy(args) as unknown[];
        const a2 = copy(args) as unknown[];
        expect(outcome(() => conv!(...a2)), `${entry.name}(${JSON.stringify(args)})`).toEqual(outcome(() => entry.fn(...a1)));
      }
    });
  }
  it('most of the corpus converts', () => {
    expect(converted.length).toBeGreaterThan(CORPUS.length / 2);
    if (process.env.AG_CORPUS_REPORT) console.log(`converted ${converted.length}: ${converted.join(', ')}\nrejected ${rejected.length}: ${rejected.join(', ')}`);
  });
});
