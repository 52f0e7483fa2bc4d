// The fuzz suite of one language-feature domain: `runs` random programs (fixed seeds, in chunks of
// 100), each checked by run-lang on both executors and, for every `onnxEvery`-th, through
// onnxruntime too, under the hang watchdog. The features of open defect classes (open-classes.ts)
// are left out unless `withOpen`. A disagreement is shrunk by fast-check, saved as a fixture, and
// fails with a copy-pastable repro. Needs vitest, fast-check, lang-domains, run-case, fixtures,
// watchdog, open-classes. Produces `langRun`, `langSuite`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import { langCase } from './lang-domains.js';
import { reproOf, withoutUnusedDeclarations, type LangCase, type LangDomain } from './lang-case.js';
import { checkCase } from './run-case.js';
import { saveFixture } from './fixtures.js';
import { guarded } from './watchdog.js';
import { openFeatures } from './open-classes.js';
import type { FuzzResult, FuzzStats } from './fuzz-suite.js';

export interface LangResult extends FuzzResult {
  /** The shrunk failing program as a script (lang-case.ts `reproOf`). */
  readonly repro?: string;
}

const hangText = (c: LangCase): string => reproOf(c, ['(never returned)']);

/** Checks `runs` programs of `domain` from `seed`; shrinks, saves and prints the first failure. */
export function langRun(
  domain: LangDomain,
  runs: number,
  seed: number,
  onnxEvery: number,
  withOpen = false,
): LangResult {
  const stats: FuzzStats = { programs: 0, onnx: 0, notInOnnx: 0, onnxWarned: 0 };
  const base: ExecutorName[] = ['compiled', 'interpreter'];
  // While shrinking, every candidate runs on the executors the first failure ran on.
  let failing: ExecutorName[] | undefined;
  const exclude = withOpen ? new Set<string>() : openFeatures(domain);
  const result = fc.check(
    fc.property(langCase(domain, exclude), (c) => {
      const withOnnx = failing ? failing.includes('onnxruntime') : onnxEvery > 0 && stats.programs % onnxEvery === 0;
      stats.programs++;
      const executors = failing ?? (withOnnx ? [...base, 'onnxruntime' as const] : base);
      let problems: string[];
      try {
        const report = guarded(
          () => hangText(c),
          () => checkCase(c, { executors }),
        );
        problems = report.problems;
        if (withOnnx && !failing) {
          if (report.notExpressible) stats.notInOnnx++;
          else stats.onnx++;
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
  const executors = failing ?? base;
  const check = (x: LangCase): string[] =>
    guarded(
      () => hangText(x),
      () => checkCase(x, { executors }),
    ).problems;
  const shrunk = result.counterexample![0];
  // Declarations nothing uses any more (of features the shrunk statements dropped) go too, if it still fails.
  const pruned = { ...shrunk, body: withoutUnusedDeclarations(shrunk.body) };
  const prunedProblems = pruned.body === shrunk.body ? [] : check(pruned);
  const [c, problems] = prunedProblems.length ? [pruned, prunedProblems] : [shrunk, check(shrunk)];
  const fixture = saveFixture(c, executors, problems, `langRun(${domain}, seed ${seed})`);
  return { stats, failure: { problems, fixture }, repro: reproOf(c, problems) };
}

/** vitest tests: `runs` programs of `domain` in chunks of 100, seeds derived from `seed`. */
export function langSuite(domain: LangDomain, runs: number, seed: number, onnxEvery = 20): void {
  describe(`fuzzed ${domain} programs agree with plain JS everywhere`, () => {
    for (let chunk = 0; chunk < Math.ceil(runs / 100); chunk++) {
      const n = Math.min(100, runs - chunk * 100);
      const s = seed + chunk;
      it(`${n} programs, seed ${s}: plain JS = converted (JS numbers, eager tensors) = jit (interpreter, compiled, some onnxruntime)`, () => {
        const r = langRun(domain, n, s, onnxEvery);
        expect(
          r.failure,
          r.failure ? `saved ${r.failure.fixture}:\n${r.failure.problems.join('\n')}\n\n${r.repro}\n` : '',
        ).toBeUndefined();
        expect(r.stats.programs).toBeGreaterThanOrEqual(n);
      }, 300_000);
    }
  });
}
