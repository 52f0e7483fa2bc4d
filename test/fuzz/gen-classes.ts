// The `classes` fuzz domain: classes declared in the program (constructor, methods returning
// `this`, getters, setters, static methods and a static factory, class fields holding arrows, a
// subclass calling `super`), methods whose own `if`/loops on `this` state are staged, and
// object-literal methods and getters. A call that writes `this` state is its own feature outside
// staged statements (`method`) and inside them (`method-in-staged`: an `if`/loop staged when
// traced; gen-lang-core's `placed`). Needs fast-check,
// gen-lang-core. Produces `CLASSES`.

import fc from 'fast-check';
import { placed, zeroOf, type DomainSpec, type Feature, type Gens, type LangCtx } from './gen-lang-core.js';

const ACC = [
  'class Acc {',
  'constructor(v) { this.v = v; this.n = 0; }',
  'add(x) { this.v = (this.v + x) % 97; this.n = this.n + 1; return this; }',
  'get twice() { return (this.v * 2) % 97; }',
  'set value(x) { this.v = x % 97; }',
  'static scale(x) { return (x * 3) % 97; }',
  'static of(v) { return new Acc(v); }',
  '}',
].join('\n');
const BOX = [
  'class Box extends Acc {',
  'clamp(lim) { if (this.v > lim) { this.v = this.v - lim; } else { this.n = this.n + 1; } return this.v; }',
  'spin(k) { for (let i = 0; i < k; i++) { this.v = (this.v + 1) % 97; } }',
  '}',
].join('\n');
const OL = (dt: 'int32' | 'float32'): string =>
  `const ol = {\nv: ${zeroOf(dt)},\nadd(x) { this.v = (this.v + x) % 97; return this.v; },\nget dbl() { return (this.v * 2) % 97; },\n};`;

type Base = Omit<Feature, 'name' | 'stmts'>;

const assignTo = (ctx: LangCtx, g: Gens, call: (e: string) => string): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...ctx.vars), g.expr).map(([v, e]) => `${v} = (${call(e)} + ${v}) % 97;`);

const acc: Base = {
  decl: () => [ACC, 'const o = new Acc(b);'],
  vars: ['o.v'],
  counts: ['o.n'],
  result: ['o.v', 'o.n'],
};

const CTR: Base = {
  vars: ['ctr.count'],
  result: ['ctr.count'],
  decl: (dt) => [
    'class Ctr {\nstep = (d) => { this.count = (this.count + d) % 97; return this.count; };\nconstructor(z) { this.count = z; }\n}',
    `const ctr = new Ctr(${zeroOf(dt)});`,
    'const step = ctr.step;',
  ],
};

const features: Feature[] = [
  ...placed('method', acc, (_ctx, g) => [
    g.expr.map((e) => `o.add(${e});`),
    fc.tuple(g.expr, g.expr).map(([e1, e2]) => `o.add(${e1}).add(${e2});`),
  ]),
  ...placed(
    'static-factory',
    { decl: () => [ACC, 'const p = Acc.of(c);'], vars: ['p.v'], result: ['p.v'] },
    (_ctx, g) => [g.expr.map((e) => `p.add(${e});`)],
  ),
  ...placed(
    'this-staged',
    { decl: () => [ACC, BOX, 'const bx = new Box(b);'], vars: ['bx.v'], counts: ['bx.n'], result: ['bx.v', 'bx.n'] },
    (ctx, g) => [
      g.expr.map((e) => `bx.clamp(${e});`),
      fc.constant('bx.spin(n);'),
      assignTo(ctx, g, (e) => `bx.clamp(${e})`),
    ],
  ),
  ...placed('object-literal-method', { decl: (dt) => [OL(dt)], vars: ['ol.v'], result: ['ol.v'] }, (ctx, g) => [
    g.expr.map((e) => `ol.add(${e});`),
    assignTo(ctx, g, (e) => `ol.add(${e})`),
  ]),
  { name: 'object-literal-getter', decl: (dt) => [OL(dt)], vars: ['ol.v'], reads: ['ol.dbl'], result: ['ol.v'] },
  { name: 'getter', ...acc, reads: ['o.twice'] },
  ...placed('setter', acc, (_ctx, g) => [g.expr.map((e) => `o.value = ${e};`)]),
  { name: 'static-method', decl: () => [ACC], stmts: (ctx, g) => [assignTo(ctx, g, (e) => `Acc.scale(${e})`)] },
  ...placed('field-arrow', CTR, (_ctx, g) => [g.expr.map((e) => `ctr.step(${e});`)]),
  // The arrow taken off its object keeps `this`: `const step = ctr.step; step(x)`.
  ...placed('field-arrow-detached', CTR, (_ctx, g) => [g.expr.map((e) => `step(${e});`)]),
  ...placed(
    'subclass-super',
    {
      vars: ['sb.v'],
      counts: ['sb.n'],
      result: ['sb.v', 'sb.n'],
      decl: () => [
        ACC,
        'class Twice extends Acc {\nadd(x) { super.add(x); return super.add(x); }\n}',
        'const sb = new Twice(a);',
      ],
    },
    (_ctx, g) => [g.expr.map((e) => `sb.add(${e});`)],
  ),
];

export const CLASSES: DomainSpec = { features };
