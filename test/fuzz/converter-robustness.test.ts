// Converter robustness: every function of the corpus (test/fuzz/corpus) either converts and then
// behaves like the original on plain values (same results, same errors), or fails to convert with
// a catalogued AutographError — never an internal exception. The same for 400 generated functions of
// varied syntax (gen-syntax.ts); the fuzz suites check their programs' "converted on JS numbers" path. Needs the corpus, toGraph, the catalogue.
import { describe, expect, it } from 'vitest';
import { toGraph } from '../../src/api/to-graph.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { CATALOGUE } from '../../src/errors/catalogue.js';
import { CORPUS } from './corpus/functions.js';
import fc from 'fast-check';
import { SYNTAX_PARAMS, syntaxBody } from './gen-syntax.js';

/** A copy of arrays and plain objects (functions and other leaves shared). */
const copy = (x: unknown): unknown =>
  Array.isArray(x)
    ? x.map(copy)
    : x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype
      ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, copy(v)]))
      : x;

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
        expect(
          outcome(() => conv!(...a2)),
          `${entry.name}(${JSON.stringify(args)})`,
        ).toEqual(outcome(() => entry.fn(...a1)));
      }
    });
  }
  it('most of the corpus converts', () => {
    expect(converted.length).toBeGreaterThan(CORPUS.length / 2);
    if (process.env.AG_CORPUS_REPORT)
      console.log(
        `converted ${converted.length}: ${converted.join(', ')}\nrejected ${rejected.length}: ${rejected.join(', ')}`,
      );
  });
});

describe('converter robustness on generated functions of varied syntax', () => {
  it('400 generated functions convert and agree with the original, or fail with a catalogued error', () => {
    const rejected = new Map<string, number>();
    const inputs = [
      [3, -2, { x: 4, inner: { y: 1 }, list: [1, 2] }],
      [0, 7, {}],
      [45, 45, { x: -1, list: [] }],
    ];
    fc.assert(
      fc.property(syntaxBody, (body) => {
        let f: (...a: unknown[]) => unknown;
        try {
          f = new Function(...SYNTAX_PARAMS, body) as (...a: unknown[]) => unknown;
        } catch {
          fc.pre(false); // not valid JS (e.g. a label nested in itself): not a function to convert
          return;
        }
        let conv: (...a: unknown[]) => unknown;
        try {
          conv = toGraph(f) as (...a: unknown[]) => unknown;
        } catch (e) {
          expect(e, `${body}\n${String(e)}`).toBeInstanceOf(AutographError);
          expect(CATALOGUE).toHaveProperty([(e as AutographError).id]);
          rejected.set((e as AutographError).id, (rejected.get((e as AutographError).id) ?? 0) + 1);
          return;
        }
        for (const args of inputs)
          expect(
            outcome(() => conv(...(copy(args) as unknown[]))),
            body,
          ).toEqual(outcome(() => f(...(copy(args) as unknown[]))));
      }),
      { numRuns: 400, seed: 4242 },
    );
    if (process.env.AG_CORPUS_REPORT) console.log('rejected', [...rejected]);
  }, 120_000);
});
