// OPEN_CLASSES: the defect classes found by the language-feature and gradient fuzz domains that are
// still open. While a class is listed, its generator features are left out of the samples (never the
// oracle, never a whole domain); open-classes.test.ts checks that each repro still fails, so an entry
// is removed (its repro kept as a regression fixture) as soon as the fix lands. Needs lang-case,
// gen-grad. Produces `OPEN_CLASSES`, `OpenClass`, `openFeatures`.

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

export const OPEN_CLASSES: readonly OpenClass[] = [
  {
    id: 'this-write-and-return-in-nested-loops',
    summary:
      'A method that writes `this`, called in a staged loop nested in another, where the inner loop returns on a staged ' +
      'condition (`while (…) { while (…) { o.add(c); if (o.v > 5) return [o.v, i]; } }`): jit stops with ' +
      'trace/foreign-value (made inside the probe trace). In one loop, or in an if, it is right.',
    features: ['early-return'],
    repro: int32(
      'class Acc {\nconstructor(v) { this.v = v; }\nadd(x) { this.v = this.v + x; return this; }\n}\nconst o = new Acc(b);\nlet i = 0;\nwhile (i < n && a > -5) {\ni += 1;\nlet j = 0;\nwhile (j < n && a > -6) {\nj += 1;\no.add(c);\nif (o.v > 5) return [o.v, i];\n}\n}\nreturn [o.v, -1];',
      'classes',
    ),
  },
  {
    id: 'detached-field-arrow-in-staged',
    summary:
      'An arrow held by a class field that writes `this`, taken off its object (`const step = ctr.step;`) and called ' +
      'inside a staged loop or if (`step(a)`): jit stops with trace/foreign-value. Called as `ctr.step(a)` it is right.',
    features: ['field-arrow-detached-in-staged'],
    repro: int32(
      'class Ctr {\nstep = (d) => { this.count = this.count + d; };\nconstructor(z) { this.count = z; }\n}\nconst ctr = new Ctr(a - a);\nconst step = ctr.step;\nfor (let i = 0; i < n; i++) {\nstep(a);\n}\nreturn [ctr.count];',
      'classes',
    ),
  },
  {
    id: 'logical-assign-computed-member-in-loop',
    summary:
      'A logical assignment to a computed member inside a staged loop, `for (let i = 0; i < n; i++) { o[k] ||= c; }` ' +
      'with k = "p": jit stops with trace/foreign-value. `o[k] = o[k] || c` there, and `o[k] ||= c` in a staged if, are right.',
    features: ['logical-assign-computed-key-in-staged'],
    repro: int32('const o = { p: a };\nconst k = "p";\nfor (let i = 0; i < n; i++) {\no[k] ||= c;\n}\nreturn [o.p];', 'logical-assign'),
  },
  {
    id: 'setter-in-staged',
    summary:
      'A class setter assigned inside a staged if, `if (a > 0) { o.value = c; }` with `set value(x) { this.v = x % 97; }`: ' +
      'jit gives NaN for o.v whichever branch runs (a = 0, b = 2: plain JS [2], jit [NaN]), silently; beside a ' +
      'method call writing this.v, the value of the other branch.',
    features: ['setter-in-staged'],
    repro: int32('class Acc {\nconstructor(v) { this.v = v; }\nset value(x) { this.v = x % 97; }\n}\nconst o = new Acc(b);\nif (a > 0) {\no.value = c;\n}\nreturn [o.v];', 'classes', false),
  },
];

/** The features of `domain` that open classes leave out. */
export function openFeatures(domain: LangDomain | 'grad'): Set<string> {
  return new Set(OPEN_CLASSES.filter((k) => k.repro.domain === domain).flatMap((k) => k.features));
}
