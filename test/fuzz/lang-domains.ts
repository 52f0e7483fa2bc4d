// The language-feature fuzz domains by name, and the fast-check generator of their cases: a dtype
// (int32 twice as often as float32), n staged or not, a body of the domain's features (less any
// left out), two input sets. Needs fast-check, gen-lang-core and one generator module per domain.
// Produces `LANG_SPECS`, `langCase`.

import fc from 'fast-check';
import { langBody, langInputs, type DomainSpec } from './gen-lang-core.js';
import type { Dtype, LangCase, LangDomain } from './lang-case.js';
import { CLOSURES } from './gen-closures.js';
import { CLASSES } from './gen-classes.js';
import { BINDINGS } from './gen-bindings.js';
import { EFFECTS } from './gen-effects.js';
import { LOGICAL_ASSIGN } from './gen-logical-assign.js';
import { SWITCH } from './gen-switch.js';
import { FINALLY } from './gen-finally.js';

export const LANG_SPECS: Readonly<Record<LangDomain, DomainSpec>> = {
  closures: CLOSURES,
  classes: CLASSES,
  bindings: BINDINGS,
  effects: EFFECTS,
  'logical-assign': LOGICAL_ASSIGN,
  switch: SWITCH,
  finally: FINALLY,
};

/** n: every bound equally often (fast-check's integers favour the smallest). */
const LOOP_BOUND = fc.constantFrom(2, 3, 0, 1, 4);

/** A random program of `domain` without the features in `exclude`, with two input sets. */
export function langCase(domain: LangDomain, exclude: ReadonlySet<string> = new Set()): fc.Arbitrary<LangCase> {
  const spec = LANG_SPECS[domain];
  const dtype = fc.constantFrom<Dtype>('int32', 'int32', 'float32');
  return fc.record({ dtype, n: LOOP_BOUND, n2: LOOP_BOUND, stagedN: fc.boolean() }).chain(({ dtype, n, n2, stagedN }) =>
    fc.record({
      domain: fc.constant(domain),
      dtype: fc.constant(dtype),
      body: langBody(spec, dtype, stagedN, exclude),
      stagedN: fc.constant(stagedN),
      // A JS-number n is part of the cache key: keep it equal so the second call hits the cache.
      inputs: fc.tuple(langInputs(dtype, n), langInputs(dtype, stagedN ? n2 : n)),
    }),
  );
}
