// The `logical-assign` fuzz domain: `||=`, `&&=` and `??=` on the program's values (tensors when
// traced: their truthiness is JS's, 0 and -0 are false) and on members (`o.p`, `arr[1]`), with
// right-hand sides that have effects (which must run only when the assignment happens), a
// computed key that counts its evaluations (evaluated once, assigned or not), and `??=` on a variable holding null
// (outside staged statements: a staged merge of null and a tensor is refused by design). Each kind
// is a feature OPEN_CLASSES can leave out. Needs fast-check, gen-lang-core. Produces `LOGICAL_ASSIGN`.

import fc from 'fast-check';
import { placed, zeroOf, type DomainSpec, type Feature } from './gen-lang-core.js';

const OPS = fc.constantFrom('||=', '&&=', '??=');
const MEMBERS = {
  decl: () => ['const o = { p: a, q: b };', 'const arr = [c, a];'],
  vars: ['o.p', 'o.q', 'arr[0]', 'arr[1]'],
  result: ['o.p', 'o.q', 'arr[0]', 'arr[1]'],
};
const COUNT = {
  decl: (dt: 'int32' | 'float32') => ['let cnt = 0;', `let s = ${zeroOf(dt)};`],
  vars: ['s'],
  counts: ['cnt'],
  result: ['s', 'cnt'],
};

const features: Feature[] = [
  {
    name: 'logical-assign-variable',
    stmts: (_ctx, g) => [
      fc.tuple(fc.constantFrom('a', 'b', 'c'), OPS, g.expr).map(([v, op, e]) => `${v} ${op} (${e}) % 97;`),
    ],
  },
  {
    name: 'logical-assign-member',
    ...MEMBERS,
    stmts: (_ctx, g) => [
      fc.tuple(fc.constantFrom(...MEMBERS.vars), OPS, g.expr).map(([v, op, e]) => `${v} ${op} (${e}) % 97;`),
    ],
  },
  {
    name: 'logical-assign-effect',
    ...COUNT,
    // The right side runs only when the assignment does: s changes (and cnt counts) only then.
    stmts: (ctx, g) => [
      fc.tuple(fc.constantFrom('a', 'b', 'c'), OPS, g.expr).map(([v, op, e]) => `${v} ${op} (s = (s + ${e}) % 97);`),
      fc
        .tuple(fc.constantFrom(...ctx.vars.filter((v) => v !== 's')), OPS, g.expr)
        .map(([v, op, e]) => `${v} ${op} (cnt = cnt + 1, (${e}) % 97);`),
    ],
  },
  ...placed(
    'logical-assign-computed-key',
    // The key is a JS string whatever is staged (one that depends on a tensor cannot be staged).
    {
      ...MEMBERS,
      counts: COUNT.counts,
      result: [...MEMBERS.result, 'cnt'],
      decl: () => ['let cnt = 0;', ...MEMBERS.decl(), 'const key = (k) => { cnt = cnt + 1; return k; };'],
    },
    (_ctx, g) => [
      fc.tuple(fc.constantFrom('p', 'q'), OPS, g.expr).map(([k, op, e]) => `o[key('${k}')] ${op} (${e}) % 97;`),
    ],
  ),
  {
    name: 'nullish-assign-null',
    stmts: (ctx, g) =>
      ctx.underStaged || ctx.inFunction
        ? []
        : [
            fc
              .tuple(fc.constantFrom('a', 'b', 'c'), g.expr, g.expr)
              .map(
                ([v, e1, e2]) =>
                  `{\nlet z = null;\nz ??= (${e1}) % 97;\nz ??= (${e2}) % 97;\n${v} = (${v} + z) % 97;\n}`,
              ),
          ],
  },
  {
    name: 'logical-assign-in-condition',
    stmts: (ctx, g, block) =>
      ctx.depth >= 3
        ? []
        : [
            fc
              .tuple(
                fc.constantFrom('a', 'b', 'c'),
                OPS,
                g.expr,
                block({ ...ctx, depth: ctx.depth + 1, underStaged: true }),
              )
              .map(([v, op, e, body]) => `if (${v} ${op} (${e}) % 97) {\n${body}\n}`),
          ],
  },
];

export const LOGICAL_ASSIGN: DomainSpec = { features };
