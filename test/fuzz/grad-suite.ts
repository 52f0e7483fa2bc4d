// The fuzz suite of the `grad` domain: `runs` random programs (fixed seeds, in chunks of 50; each
// costs two traces per executor), checked by run-grad on both executors under the hang watchdog,
// less the features of open defect classes (open-classes.ts) unless `withOpen`. A disagreement is
// shrunk by fast-check, saved as a fixture and fails with a copy-pastable repro. Needs vitest,
// fast-check, gen-grad, run-grad, watchdog, open-classes, fixtures. Produces `gradRun`, `gradSuite`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import { gradCase, type GradCase } from './gen-grad.js';
import { checkGradCase, gradRepro } from './run-grad.js';
import { guarded } from './watchdog.js';
import { openFeatures } from './open-classes.js';
import { saveFixture } from './fixtures.js';

export interface GradRunResult {
  readonly programs: number;
  /** Input sets where the float64 oracle did not apply (reported, not failed). */
  readonly notSmooth: number;
  readonly failure?: { readonly problems: string[]; readonly repro: string; readonly fixture: string };
}

const EXECUTORS: readonly ExecutorName[] = ['compiled', 'interpreter'];

/** Checks `runs` programs from `seed`; shrinks the first failure. */
export function gradRun(runs: number, seed: number, withOpen = false): GradRunResult {
  let programs = 0;
  let notSmooth = 0;
  const check = (c: GradCase): string[] =>
    guarded(
      () => gradRepro(c, ['(never returned)']),
      () => checkGradCase(c, EXECUTORS),
    ).problems;
  const result = fc.check(
    fc.property(gradCase(withOpen ? new Set() : openFeatures('grad')), (c) => {
      programs++;
      const r = guarded(
        () => gradRepro(c, ['(never returned)']),
        () => checkGradCase(c, EXECUTORS),
      );
      notSmooth += r.notSmooth;
      return r.problems.length === 0;
    }),
    { numRuns: runs, seed },
  );
  if (!result.failed) return { programs, notSmooth };
  const c = result.counterexample![0];
  const problems = check(c);
  const fixture = saveFixture(c, EXECUTORS, problems, `gradRun(seed ${seed})`);
  return { programs, notSmooth, failure: { problems, repro: gradRepro(c, problems), fixture } };
}

/** vitest tests: `runs` programs in chunks of 50, seeds derived from `seed`. */
export function gradSuite(runs: number, seed: number): void {
  describe('fuzzed gradients of converted code: jit = eager tfjs = float64 central differences', () => {
    for (let chunk = 0; chunk < Math.ceil(runs / 50); chunk++) {
      const n = Math.min(50, runs - chunk * 50);
      const s = seed + chunk;
      it(`${n} programs, seed ${s}: tf.grads inside jit and of jit (interpreter, compiled)`, () => {
        const r = gradRun(n, s);
        expect(
          r.failure,
          r.failure ? `saved ${r.failure.fixture}:\n${r.failure.problems.join('\n')}\n\n${r.failure.repro}\n` : '',
        ).toBeUndefined();
        expect(r.programs).toBeGreaterThanOrEqual(n);
      }, 300_000);
    }
  });
}
