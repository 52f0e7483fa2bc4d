// The `switch` fuzz domain: `switch` on the program's values (a tensor when traced, so the cases are
// staged) in every layout: `default` first, in the middle, last or absent; cases falling through
// into the next; empty cases sharing a body; `break` inside nested blocks and `if`s of a case;
// `return` from a case; a switch inside a loop whose cases `continue` the loop or `break` out of it
// by label. Each layout is a feature OPEN_CLASSES can leave out. Needs fast-check, gen-lang-core.
// Produces `SWITCH`.

import fc from 'fast-check';
import { loopCtx, type DomainSpec, type Feature, type Gens, type LangCtx } from './gen-lang-core.js';

type Block = (ctx: LangCtx) => fc.Arbitrary<string>;

/** The discriminant: a small range of values, so that the cases are hit. */
function discriminant(ctx: LangCtx, g: Gens): fc.Arbitrary<string> {
  return g.expr.map((e) => (ctx.dtype === 'float32' ? `(Math.abs(${e}) % 2)` : `(Math.abs(${e}) % 4)`));
}
const labels = (ctx: LangCtx): string[] => (ctx.dtype === 'float32' ? ['0', '0.5', '1', '1.5'] : ['0', '1', '2', '3']);

/** One case body: a block, then its ending (`break;`, or nothing: it falls through). */
function caseBody(ctx: LangCtx, block: Block, ending: fc.Arbitrary<string>): fc.Arbitrary<string> {
  // Two levels deeper: a case's own ifs, loops and switches stay small (the clauses multiply them).
  return fc
    .tuple(block({ ...ctx, depth: ctx.depth + 2, underStaged: true }), ending)
    .map(([b, end]) => `${b}${end ? `\n${end}` : ''}`);
}

/**
 * A switch of 2–3 cases and maybe a default at `where`; `endings` gives each clause's ending.
 * Case labels are distinct values of the discriminant's range.
 */
function switchOf(
  ctx: LangCtx,
  g: Gens,
  block: Block,
  where: 'first' | 'middle' | 'last' | 'none',
  ending: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  if (ctx.depth >= 3) return fc.constant('');
  const clause = (head: string): fc.Arbitrary<string> => caseBody(ctx, block, ending).map((b) => `${head}\n${b}`);
  const heads = fc
    .shuffledSubarray(labels(ctx), { minLength: 2, maxLength: 3 })
    .map((ls) => ls.map((l) => `case ${l}:`));
  return fc.tuple(discriminant(ctx, g), heads).chain(([d, hs]) => {
    const all =
      where === 'none'
        ? hs
        : where === 'first'
          ? ['default:', ...hs]
          : where === 'last'
            ? [...hs, 'default:']
            : [hs[0]!, 'default:', ...hs.slice(1)];
    return fc.tuple(...all.map(clause)).map((cs) => `switch (${d}) {\n${cs.join('\n')}\n}`);
  });
}

const BREAK = fc.constant('break;');
const feature = (name: string, make: (ctx: LangCtx, g: Gens, block: Block) => fc.Arbitrary<string>): Feature => ({
  name,
  stmts: (ctx, g, block) => (ctx.depth >= 3 ? [] : [make(ctx, g, block)]),
});

const features: Feature[] = [
  feature('switch-default-last', (ctx, g, block) => switchOf(ctx, g, block, 'last', BREAK)),
  feature('switch-no-default', (ctx, g, block) => switchOf(ctx, g, block, 'none', BREAK)),
  feature('switch-default-first', (ctx, g, block) => switchOf(ctx, g, block, 'first', BREAK)),
  feature('switch-default-middle', (ctx, g, block) => switchOf(ctx, g, block, 'middle', BREAK)),
  feature('switch-fall-through', (ctx, g, block) =>
    fc
      .constantFrom<'last' | 'none'>('last', 'none')
      .chain((w) => switchOf(ctx, g, block, w, fc.constantFrom('break;', '', ''))),
  ),
  feature('switch-empty-cases', (ctx, g, block) =>
    fc.tuple(discriminant(ctx, g), caseBody(ctx, block, BREAK), caseBody(ctx, block, BREAK)).map(([d, x, y]) => {
      const [l0, l1, l2] = labels(ctx);
      return `switch (${d}) {\ncase ${l0}:\ncase ${l1}:\n${x}\ncase ${l2}: {\n${y}\n}\n}`;
    }),
  ),
  feature('switch-break-in-block', (ctx, g, block) =>
    switchOf(
      ctx,
      g,
      block,
      'last',
      fc.tuple(g.cond, g.expr).map(([c, e]) => `{\nif (${c}) {\nbreak;\n}\nb = (b + ${e}) % 97;\n}\nbreak;`),
    ),
  ),
  feature('switch-return', (ctx, g, block) =>
    ctx.inFunction || !ctx.loops.every((l) => l.staged)
      ? fc.constant('')
      : switchOf(ctx, g, block, 'last', fc.constantFrom('break;', `return ${ctx.result};`)),
  ),
  feature('switch-in-loop-continue', (ctx, g, block) => {
    if (ctx.inFunction) return fc.constant('');
    const k = `k${ctx.loopId}`;
    const inner = loopCtx(ctx, `L${ctx.loopId}`, true);
    const ends = fc.constantFrom('break;', 'continue;', `continue L${ctx.loopId};`, `break L${ctx.loopId};`);
    // A `while` on a tensor test is staged whatever n is, so the cases' jumps may leave it.
    return fc
      .tuple(g.tcond, switchOf(inner, g, block, 'last', ends))
      .map(
        ([c, sw]) =>
          `{\nlet ${k} = 0;\nL${ctx.loopId}: while (${k} < n && (${c})) {\n${k} += 1;\n${sw}\na = (a + 1) % 97;\n}\n}`,
      );
  }),
];

export const SWITCH: DomainSpec = { features };
