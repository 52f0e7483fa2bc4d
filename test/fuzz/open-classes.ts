// OPEN_CLASSES: the defect classes found by the language-feature and gradient fuzz domains that are
// still open. While a class is listed, its generator features are left out of the samples (never the
// oracle, never a whole domain); open-classes.test.ts checks that each repro still fails, so an entry
// is removed (its repro kept as a regression fixture) as soon as the fix lands. Needs lang-case,
// gen-grad. Produces `OPEN_CLASSES`, `OpenClass`, `BY_DESIGN`, `openFeatures`.

import type { LangCase, LangDomain } from './lang-case.js';
import type { GradCase } from './gen-grad.js';

export interface OpenClass {
  /** A short name for the class. */
  readonly id: string;
  /** What goes wrong: what plain JS gives and what the converted code gives. */
  readonly summary: string;
  /** Generator features (gen-<domain>.ts) left out of the sample while the class is open. */
  readonly features: readonly string[];
  /** A minimal program showing it (it must still fail; open-classes.test.ts). */
  readonly repro: LangCase | GradCase;
}

const int32 = (body: string, domain: LangDomain, stagedN = true): LangCase => ({
  domain,
  dtype: 'int32',
  body,
  stagedN,
  inputs: [
    { a: 0, b: 2, c: 1, n: 3 },
    { a: 3, b: -1, c: 2, n: 2 },
  ],
});

export const OPEN_CLASSES: readonly OpenClass[] = [];

/**
 * Features never generated because the converter refuses them by design, each with its catalogued
 * error (a fixture in fixtures/ checks the refusal): a setter assigned inside a staged statement
 * would be carried as state through its getter (convert/accessor-in-staged).
 */
export const BY_DESIGN: Readonly<Partial<Record<LangDomain, readonly string[]>>> = {
  classes: ['setter-in-staged'],
};

/** The features of `domain` that open classes, and refusals by design, leave out. */
export function openFeatures(domain: LangDomain | 'grad'): Set<string> {
  const open = OPEN_CLASSES.filter((k) => k.repro.domain === domain).flatMap((k) => k.features);
  return new Set([...open, ...(domain === 'grad' ? [] : (BY_DESIGN[domain] ?? []))]);
}
