// The fuzz suite of one domain: `runs` random programs (fixed seeds, in chunks of 100 so each test
// is bounded), each checked by run-case on both executors and, for every `onnxEvery`-th program,
// through onnxruntime too. A disagreement is shrunk by fast-check, saved as a fixture and fails the
// test. Needs vitest, fast-check, gen-program, run-case, fixtures. Produces `fuzzSuite`, `fuzzRun`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import { fuzzCase, DOMAINS, type Domain } from './gen-program.js';
import { mixedCase } from './gen-edge.js';
import { checkCase } from './run-case.js';
import { saveFixture } from './fixtures.js';

export interface FuzzStats {
  programs: number;
  onnx: number;
  notInOnnx: number;
  /** Mixed-domain inputs whose onnxruntime result differed where the export warned that it can. */
  onnxWarned: number;
}

export interface FuzzResult {
  readonly stats: FuzzStats;
  /** The shrunk counterexample's problems and fixture path, when one failed. */
  readonly failure?: { problems: string[]; fixture: string };
}

/** Every domain: the four of gen-program and `mixed` (gen-edge: edge values, mixed dtypes, a plain-JS oracle). */
export type AnyDomain = Domain | 'mixed';
export const ALL_DOMAINS: readonly AnyDomain[] = [...DOMAINS, 'mixed'];

/** Checks `runs` programs of `domain` from `seed`; shrinks and saves the first failure. */
export function fuzzRun(domain: AnyDomain | undefined, runs: number, seed: number, onnxEvery: number): FuzzResult {
  const stats: FuzzStats = { programs: 0, onnx: 0, notInOnnx: 0, onnxWarned: 0 };
  const executorsFor = (withOnnx: boolean): ExecutorName[] =>
    withOnnx ? ['compiled', 'interpreter', 'onnxruntime'] : ['compiled', 'interpreter'];
  // Once a program fails, shrinking runs every candidate on the executors it failed on (a failure
  // seen only through onnxruntime must keep onnxruntime), and the shrunk case is re-run on them.
  let failing: ExecutorName[] | undefined;
  const result = fc.check(
    fc.property(domain === 'mixed' ? mixedCase() : fuzzCase(domain), (c) => {
      const withOnnx = failing ? failing.includes('onnxruntime') : onnxEvery > 0 && stats.programs % onnxEvery === 0;
      stats.programs++;
      const executors = failing ?? executorsFor(withOnnx);
      let problems: string[];
      try {
        const report = checkCase(c, { executors });
        problems = report.problems;
        if (withOnnx) {
          if (report.notExpressible) stats.notInOnnx++;
          else stats.onnx++;
          stats.onnxWarned += report.onnxWarnedDifferences ?? 0;
        }
      } catch (e) {
        problems = [`the check itself threw: ${String(e)}`];
      }
      if (problems.length) failing ??= executors;
      return problems.length === 0;
    }),
    { numRuns: runs, seed },
  );
  if (!result.failed) return { stats };
  const c = result.counterexample![0];
  const executors: ExecutorName[] = failing ?? executorsFor(false);
  const problems = checkCase(c, { executors }).problems;
  const fixture = saveFixture(c, executors, problems, `fuzzRun(${domain ?? 'any'}, seed ${seed})`);
  return { stats, failure: { problems, fixture } };
}

/** vitest tests: `runs` programs of `domain` in chunks of 100, seeds derived from `seed`. */
export function fuzzSuite(domain: AnyDomain, runs: number, seed: number, onnxEvery = 20): void {
  describe(`fuzzed ${domain} programs agree everywhere`, () => {
    for (let chunk = 0; chunk < Math.ceil(runs / 100); chunk++) {
      const n = Math.min(100, runs - chunk * 100);
      const s = seed + chunk;
      it(`${n} programs, seed ${s}: plain JS = converted = eager = jit (interpreter, compiled${onnxEvery ? ', some onnxruntime' : ''})`, () => {
        const r = fuzzRun(domain, n, s, onnxEvery);
        expect(
          r.failure,
          r.failure ? `saved ${r.failure.fixture}:\n${r.failure.problems.join('\n')}` : '',
        ).toBeUndefined();
        expect(r.stats.programs).toBeGreaterThanOrEqual(n);
      }, 300_000);
    }
  });
}
