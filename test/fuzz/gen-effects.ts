// The `effects` fuzz domain: effects inside loop tests, loop updates, `if` tests, logical and
// conditional operators and indexes, which must run exactly once per evaluation: `while (k++ < n)`,
// `while ((k = k + 1) < n + 1)`, `for (…; k < n; k += step())` with a step that counts its calls,
// comma updates, `do … while (--k > 0)`, `arr[i++]`, `if ((s = …) > x)`, `c && (s = …);`,
// `c ? (s = …) : (cnt = …);`, `v = c ? (cnt = …, x) : y`. Each kind is a feature OPEN_CLASSES can leave out. Needs fast-check,
// gen-lang-core. Produces `EFFECTS`.

import fc from 'fast-check';
import { loopCtx, zeroOf, type DomainSpec, type Feature, type Gens, type LangCtx } from './gen-lang-core.js';

const state = {
  decl: (dt: 'int32' | 'float32') => ['let cnt = 0;', `let s = ${zeroOf(dt)};`],
  vars: ['s'],
  counts: ['cnt'],
  result: ['s', 'cnt'],
};

type Block = (ctx: LangCtx) => fc.Arbitrary<string>;

/** A loop of the feature around a generated body (`staged`: when traced with a tensor n). */
function loop(
  ctx: LangCtx,
  block: Block,
  staged: boolean,
  make: (k: string, body: string) => string,
): fc.Arbitrary<string>[] {
  if (ctx.inFunction || ctx.depth >= 3) return [];
  const k = `k${ctx.loopId}`;
  return [block(loopCtx(ctx, '', staged)).map((body) => make(k, body))];
}

const features: Feature[] = [
  {
    name: 'postfix-in-loop-test',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        ctx.stagedN,
        (k, body) => `{\nlet ${k} = 0;\nwhile (${k}++ < n) {\n${body}\n}\ncnt = cnt + ${k};\n}`,
      ),
  },
  {
    name: 'assignment-in-loop-test',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        ctx.stagedN,
        (k, body) => `{\nlet ${k} = 0;\nwhile ((${k} = ${k} + 1) < n + 1) {\n${body}\n}\ncnt = cnt + ${k};\n}`,
      ),
  },
  {
    name: 'comma-in-loop-test',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        ctx.stagedN,
        (k, body) => `{\nlet ${k} = 0;\nwhile ((cnt = cnt + 1, ${k}++) < n) {\n${body}\n}\n}`,
      ),
  },
  {
    name: 'effect-in-loop-test-operand',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        true,
        (k, body) => `{\nlet ${k} = 0;\nwhile (${k} < n && (s = (s + 1) % 97) > b) {\n${k} += 1;\n${body}\n}\n}`,
      ),
  },
  {
    // A value's own assignment in a staged test, and a counter's increment only when it holds.
    name: 'assignment-in-loop-test-on-value',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        true,
        (k, body) => `{\nlet ${k} = 0;\nwhile ((s = s + 1) < b + n && ${k}++ < 6) {\n${body}\n}\ncnt = cnt + ${k};\n}`,
      ),
  },
  {
    name: 'call-in-for-update',
    ...state,
    decl: (dt) => [...state.decl(dt), 'const step = () => { cnt = cnt + 1; return 1; };'],
    stmts: (ctx, _g, block) =>
      loop(ctx, block, ctx.stagedN, (k, body) => `for (let ${k} = 0; ${k} < n; ${k} += step()) {\n${body}\n}`),
  },
  {
    name: 'comma-in-for-update',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        ctx.stagedN,
        (k, body) =>
          `for (let ${k} = 0, j${k} = 1; ${k} < n; ${k}++, j${k} = j${k} * 2) {\ncnt = cnt + j${k};\n${body}\n}`,
      ),
  },
  {
    name: 'predecrement-do-while',
    ...state,
    stmts: (ctx, _g, block) =>
      loop(
        ctx,
        block,
        ctx.stagedN,
        (k, body) => `{\nlet ${k} = n;\ndo {\n${body}\n} while (--${k} > 0);\ncnt = cnt + ${k};\n}`,
      ),
  },
  {
    name: 'postfix-index',
    ...state,
    stmts: (_ctx, g) => [
      fc.tuple(g.expr, fc.boolean()).map(([e, inLoop]) => {
        const reads = inLoop
          ? 'for (let q = 0; q < 2; q++) {\ns = (s + arr[i++]) % 97;\n}'
          : 's = (s + arr[i++]) % 97;\ns = (s + arr[i++]) % 97;';
        return `{\nconst arr = [a, b, c];\nlet i = 0;\narr[i++] = (${e}) % 97;\n${reads}\ncnt = cnt + i;\n}`;
      }),
    ],
  },
  {
    name: 'effect-in-if-test',
    ...state,
    stmts: (ctx, g, block) =>
      ctx.depth >= 3
        ? []
        : [
            fc
              .tuple(g.expr, g.expr, block({ ...ctx, depth: ctx.depth + 1, underStaged: true }))
              .map(([e1, e2, body]) => `if ((s = (s + ${e1}) % 97) > ${e2}) {\n${body}\n}`),
          ],
  },
  {
    // Expression statements: the value is dropped, only the effects count (and only on the side taken).
    name: 'effect-statement',
    ...state,
    stmts: (_ctx, g: Gens) => [
      fc.tuple(g.cond, g.expr).map(([c, e]) => `(${c}) && (s = (s + ${e}) % 97);`),
      g.cond.map((c) => `(${c}) || (cnt = cnt + 1);`),
      fc.tuple(g.cond, g.expr).map(([c, e]) => `(${c}) ? (s = (s + ${e}) % 97) : (cnt = cnt + 1);`),
    ],
  },
  {
    name: 'effect-in-conditional-value',
    ...state,
    stmts: (ctx, g) => [
      fc
        .tuple(fc.constantFrom(...ctx.vars), g.cond, g.expr, g.expr)
        .map(([v, c, e1, e2]) => `${v} = (${c}) ? (cnt = cnt + 1, (${e1}) % 97) : (${e2}) % 97;`),
    ],
  },
];

export const EFFECTS: DomainSpec = { features };
