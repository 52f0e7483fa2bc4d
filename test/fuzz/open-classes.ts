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
    id: 'method-writes-this-in-staged',
    summary:
      'A method (class or object literal) that writes `this` state, called inside a staged if or loop: ' +
      'jit stops with trace/foreign-value (the write is not carried as state of the if/loop); plain JS ' +
      'and the converted function on eager tensors give the value.',
    features: ['method-in-staged', 'static-factory-in-staged', 'this-staged-in-staged', 'object-literal-method-in-staged'],
    repro: int32('class Acc {\nconstructor(v) { this.v = v; }\nadd(x) { this.v = this.v + x; }\n}\nconst o = new Acc(b);\nif (a > 0) {\no.add(c);\n}\nreturn [o.v];', 'classes'),
  },
  {
    id: 'class-accessor-not-converted',
    summary:
      'Getters and setters of a class are not converted (object-literal getters are): on eager tensors ' +
      '`this.v * 2` in a getter gives NaN (b = 2: plain JS [4], converted [NaN]), silently; jit stops ' +
      'with trace/tensor-in-js-operator.',
    features: ['getter', 'setter'],
    repro: int32('class Acc {\nconstructor(v) { this.v = v; }\nget twice() { return this.v * 2; }\n}\nconst o = new Acc(b);\nreturn [o.twice];', 'classes'),
  },
  {
    id: 'super-call-refused',
    summary:
      'A method calling `super.f(x)` is refused (convert/unsupported-syntax, printed as a warning) and ' +
      'runs unconverted: on eager tensors it gives NaN (b = 2: plain JS [6]), jit stops with ' +
      'trace/tensor-in-js-operator.',
    features: ['subclass-super'],
    repro: int32('class A {\nf(x) { return x + 1; }\n}\nclass B extends A {\nf(x) { return super.f(x) * 2; }\n}\nreturn [new B().f(b)];', 'classes'),
  },
  {
    id: 'class-field-arrow-this',
    summary:
      'An arrow function held by a class field loses `this` once converted: `step = (d) => { this.count = ' +
      'this.count + d; }` throws TypeError (reading \'count\' of undefined) on every path, JS numbers included.',
    features: ['field-arrow'],
    repro: int32('class Ctr {\nstep = (d) => { this.count = this.count + d; };\nconstructor(z) { this.count = z; }\n}\nconst ctr = new Ctr(a);\nctr.step(b);\nreturn [ctr.count];', 'classes'),
  },
];

/** The features of `domain` that open classes leave out. */
export function openFeatures(domain: LangDomain | 'grad'): Set<string> {
  return new Set(OPEN_CLASSES.filter((k) => k.repro.domain === domain).flatMap((k) => k.features));
}
