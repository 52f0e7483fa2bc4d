// Keeps OPEN_CLASSES (open-classes.ts) honest: every entry names features its domain's generator
// has, and its minimal repro still fails on some path. Once a fix lands the repro passes and this
// test fails, asking to remove the entry (its features return to the `npm test` sample) and to keep
// the repro as a regression fixture. Needs open-classes, run-case, run-grad, lang-domains, gen-grad.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { OPEN_CLASSES } from './open-classes.js';
import { checkCase } from './run-case.js';
import { checkGradCase } from './run-grad.js';
import { LANG_SPECS } from './lang-domains.js';
import { GRAD_FEATURES } from './gen-grad.js';
import { EARLY_RETURN } from './gen-lang-core.js';
import { guarded } from './watchdog.js';
import { reproOf } from './lang-case.js';

await tf.setBackend('cpu');

const featuresOf = (domain: string): readonly string[] =>
  domain === 'grad'
    ? GRAD_FEATURES
    : [EARLY_RETURN, ...(LANG_SPECS[domain as keyof typeof LANG_SPECS]?.features.map((f) => f.name) ?? [])];

describe('open defect classes of the language-feature fuzz domains', () => {
  it('have distinct ids', () => expect(new Set(OPEN_CLASSES.map((k) => k.id)).size).toBe(OPEN_CLASSES.length));
  for (const k of OPEN_CLASSES) {
    it(`${k.id} names features of the ${k.repro.domain} generator`, () => {
      expect(k.features.length).toBeGreaterThan(0);
      for (const f of k.features) expect(featuresOf(k.repro.domain), `${k.id}: unknown feature ${f}`).toContain(f);
    });
    it(`${k.id} is still open (its repro still fails)`, () => {
      const r = k.repro;
      const problems =
        r.domain === 'grad'
          ? checkGradCase(r, ['compiled', 'interpreter']).problems
          : guarded(
              () => reproOf(r, ['(never returned)']),
              () => checkCase(r, { executors: ['compiled', 'interpreter'] }),
            ).problems;
      const fixed = `${k.id} passes now: remove it from OPEN_CLASSES (test/fuzz/open-classes.ts) and keep its repro as a regression fixture (test/fuzz/fixtures/)`;
      expect(problems.length, fixed).toBeGreaterThan(0);
    });
  }
});
