// The `closures` fuzz domain: nested functions that read and write the program's variables, called
// inside staged `if`/loops — called by name, through another closure, passed to a higher-order
// function, stored in an array or object and called later, made by a factory, declared in a
// branch. Each kind is a feature OPEN_CLASSES can leave out. Needs fast-check, gen-lang-core.
// Produces `CLOSURES`.

import fc from 'fast-check';
import { zeroOf, type DomainSpec, type Feature } from './gen-lang-core.js';

const STATE = (dt: 'int32' | 'float32'): string[] => ['let cnt = 0;', `let acc = ${zeroOf(dt)};`];
const INC = 'const inc = () => { cnt = cnt + 1; };';
const ADD = 'const addTo = (x) => { acc = (acc + x) % 97; };';
const shared = { vars: ['acc'], counts: ['cnt'], result: ['cnt', 'acc'] };

const features: Feature[] = [
  {
    name: 'closure-call',
    ...shared,
    decl: (dt) => [...STATE(dt), INC, ADD],
    stmts: (_ctx, g) => [fc.constant('inc();'), g.expr.map((e) => `addTo(${e});`)],
  },
  {
    name: 'closure-returns',
    ...shared,
    decl: (dt) => [...STATE(dt), 'function bump(x) { acc = (acc + x) % 97; return acc; }'],
    stmts: (ctx, g) => [
      fc.tuple(fc.constantFrom(...ctx.vars), g.expr).map(([v, e]) => `${v} = (bump(${e}) + ${v}) % 97;`),
    ],
  },
  {
    name: 'closure-nested-call',
    ...shared,
    decl: (dt) => [...STATE(dt), INC, ADD, 'const twice = (x) => { inc(); addTo(x); inc(); };'],
    stmts: (_ctx, g) => [g.expr.map((e) => `twice(${e});`)],
  },
  {
    name: 'closure-passed',
    ...shared,
    decl: (dt) => [...STATE(dt), INC, ADD, 'const apply = (f, x) => f(x);'],
    stmts: (_ctx, g) => [g.expr.map((e) => `apply(addTo, ${e});`), fc.constant('apply(inc, 0);')],
  },
  {
    name: 'closure-stored',
    ...shared,
    decl: (dt) => [...STATE(dt), INC, ADD, 'const fns = [inc, (x) => addTo(x * 2)];', 'const holder = { f: addTo };'],
    stmts: (_ctx, g) => [
      fc.tuple(fc.constantFrom(0, 1), g.expr).map(([i, e]) => `fns[${i}](${e});`),
      g.expr.map((e) => `holder.f(${e});`),
    ],
  },
  {
    name: 'closure-factory',
    ...shared,
    decl: (dt) => [
      ...STATE(dt),
      'const make = (d) => () => { acc = (acc + d) % 97; cnt = cnt + 1; };',
      'const later = make(b);',
    ],
    stmts: (_ctx, g) => [fc.constant('later();'), g.expr.map((e) => `{\nconst h = make(${e});\nh();\n}`)],
  },
  {
    name: 'closure-writes-param',
    vars: ['a', 'c'],
    decl: () => ['const setA = (v) => { a = v % 97; };', 'const swapAC = () => { const t = a; a = c; c = t; };'],
    stmts: (_ctx, g) => [g.expr.map((e) => `setA(${e});`), fc.constant('swapAC();')],
  },
  {
    name: 'closure-local',
    ...shared,
    decl: (dt) => STATE(dt),
    stmts: (_ctx, g) => [
      fc
        .tuple(g.expr, g.expr)
        .map(
          ([e1, e2]) => `{\nconst f = (x) => { acc = (acc + x) % 97; return ${e2}; };\nacc = (acc + f(${e1})) % 97;\n}`,
        ),
    ],
  },
  {
    name: 'closure-reads',
    ...shared,
    decl: (dt) => [...STATE(dt), 'const get = () => acc + cnt;'],
    stmts: (ctx, g) => [fc.tuple(fc.constantFrom(...ctx.vars), g.expr).map(([v, e]) => `${v} = (get() + ${e}) % 97;`)],
  },
];

export const CLOSURES: DomainSpec = { features };
