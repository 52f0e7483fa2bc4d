// ECMAScript's test262 (statements and operator expressions, corpus/) as the converter's oracle: each
// test runs plain, converted in place and converted at run time, and the converted runs must end as
// the plain one does, or be refused with a catalogued error, or be listed in known-differences.json.
// `npm test` runs a fixed sample (every tenth test of each directory and every listed one);
// AG_TEST_LONG=1 runs all. CONFORMANCE_STATS=1 prints the counts. Needs the corpus, the runtime.

import { afterAll, describe, expect, it } from 'vitest';
import { LONG } from '../../helpers/long-run.js';
import { loadCorpus, skipCounts, type CorpusTest } from './corpus.js';
import { loadKnown, undescribed, unexpected } from './known.js';
import { classify, withOrigins, type Outcome } from './outcome.js';
import { RealmGuard } from './realm-guard.js';
import { runCase, type CaseResult } from './run-case.js';
import { tally, type DirectoryCounts } from './summary.js';
import { HARNESS, Test262Error } from './harness.js';

const STRIDE = 10;
/** Per test and path, generously: the slowest tests take about a second on a busy machine. */
const MS_PER_TEST = 1500;

const corpus = loadCorpus();
const known = loadKnown();
const skips = skipCounts();
const counts: DirectoryCounts[] = [];

afterAll(() => {
  if (process.env.CONFORMANCE_STATS !== '1') return;
  for (const c of counts) {
    const refused = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    const p = (x: DirectoryCounts['inPlace']) =>
      `same ${x.same} refused ${refused(x.refused)} silent ${x.silent} crash ${x.crash}`;
    process.stdout.write(
      `${c.directory}: ${c.tests} run | in place ${p(c.inPlace)} n/a ${c.inPlace.na} | run time ${p(c.runTime)}\n`,
    );
  }
});

describe('the test262 corpus', () => {
  it('comes from one test262 commit, and every selected directory kept tests', () => {
    expect(new Set(corpus.map((d) => d.commit)).size).toBe(1);
    expect(corpus.map((d) => d.directory.replace('test/language/', '')).sort()).toEqual(Object.keys(skips).sort());
    expect(corpus.filter((d) => d.tests.length === 0).map((d) => d.directory)).toEqual([]);
  });

  it('known-differences.json names only described defects, and only tests of the corpus', () => {
    expect(undescribed(known)).toEqual([]);
    const paths = new Set(corpus.flatMap((d) => d.tests.map((t) => t.path)));
    expect(Object.keys(known.tests).filter((p) => !paths.has(p))).toEqual([]);
  });
});

describe.each(corpus.map((d) => [d.directory.replace('test/language/', ''), d] as const))('test262 %s', (name, dir) => {
  const tests = LONG ? dir.tests : dir.tests.filter((t, i) => i % STRIDE === 0 || t.path in known.tests);
  it(
    `${tests.length} of ${dir.tests.length} tests: converted runs end as plain runs, are refused, or are listed`,
    () => {
      const guard = new RealmGuard();
      const results = withOrigins(() => tests.map((t) => runCase(t, guard)));
      const ran = results.filter((r): r is CaseResult => r !== null);
      counts.push(tally(dir.directory.replace('test/language/', ''), ran, skips[name] ?? {}));
      expect(ran.map((r) => r.path)).toEqual(tests.map((t) => t.path)); // every plain text compiled
      expect(guard.stuck).toBe(0);
      expect(unexpected(ran, known)).toEqual([]);
    },
    60_000 + tests.length * MS_PER_TEST,
  );
});

// Last: a run cut short by the time limit may leave the runtime's state half-updated.
describe('the harness and the runner', () => {
  const h = HARNESS as { assert: ((v: unknown, m?: string) => void) & Record<string, (...a: unknown[]) => void> };
  const t = (source: string): CorpusTest => ({ path: 'runner-check.js', includes: [], source });

  it('assert.* follow SameValue and name what they saw', () => {
    h.assert.sameValue(NaN, NaN);
    expect(() => h.assert.sameValue(0, -0)).toThrow(/Expected SameValue\(«0», «-0»\) to be true/);
    expect(() => h.assert.sameValue(0, -0)).toThrow(Test262Error as unknown as ErrorConstructor);
    expect(() =>
      h.assert.throws(TypeError, () => {
        throw new RangeError();
      }),
    ).toThrow(/Expected a TypeError but got a RangeError/);
    expect(() => h.assert.compareArray([1, 2], [1, 3])).toThrow(/Actual \[1, 2\] and expected \[1, 3\]/);
    expect(() => (HARNESS.verifyProperty as (...a: unknown[]) => void)({ a: 1 }, 'a', { writable: false })).toThrow(
      /a descriptor should not be writable/,
    );
  });

  it('compares endings: the error constructor, and the message of a Test262Error', () => {
    const ok: Outcome = { kind: 'normal' };
    const te = (message: string): Outcome => ({ kind: 'throw', error: 'Test262Error', message, internal: false });
    expect(classify(ok, ok).verdict).toBe('same');
    expect(classify(te('a'), te('b')).verdict).toBe('silent');
    expect(classify(ok, { kind: 'throw', error: 'TypeError', internal: true }).verdict).toBe('crash');
    expect(
      classify(ok, {
        kind: 'throw',
        error: 'AutographError',
        internal: true,
        autograph: { id: 'convert/x', kind: 'conversion' },
      }),
    ).toEqual({ verdict: 'refused', detail: 'convert/x' });
  });

  it('runs a test the three ways, each under a time limit, and puts the realm back', () => {
    const guard = new RealmGuard();
    const r = withOrigins(() => runCase(t('var n = 0;\nwhile (true) n++;'), guard, 200));
    expect(r?.oracle).toEqual({ kind: 'timeout' });
    expect([r?.inPlace?.verdict, r?.runTime.verdict]).toEqual(['same', 'same']);
    const polluting = withOrigins(() =>
      runCase(t('Array.prototype.x262 = 1; globalThis.y262 = 2;\nassert.sameValue([].x262, 1);'), guard),
    );
    expect(polluting?.oraclePasses).toBe(true);
    expect(['x262' in Array.prototype, 'y262' in globalThis, guard.stuck]).toEqual([false, false, 0]);
  });
});
