// The `finally` fuzz domain: `try`/`finally` with jumps on staged conditions — `break` and
// `continue` inside `try` in a loop, `return` inside `try` (its value is taken before the finally
// runs), `return` inside `finally` (it overrides), both, jumps out of `finally`, nested try
// statements, a `catch` that never runs, `break` out of a labelled block through a finally. Each
// kind is a feature OPEN_CLASSES can leave out. Needs fast-check, gen-lang-core. Produces `FINALLY`.

import fc from 'fast-check';
import { loopCtx, type DomainSpec, type Feature, type Gens, type LangCtx } from './gen-lang-core.js';

type Block = (ctx: LangCtx) => fc.Arbitrary<string>;
const COUNT = { decl: () => ['let cnt = 0;'], counts: ['cnt'], result: ['cnt'] };

const deeper = (ctx: LangCtx): LangCtx => ({ ...ctx, depth: ctx.depth + 1 });
/** A finally body that does not jump: assignments and ifs only. */
const plain = (ctx: LangCtx, block: Block): fc.Arbitrary<string> =>
  block({ ...ctx, depth: ctx.depth + 1, inFunction: true }).map((b) => `${b}\ncnt = cnt + 1;`);
/** Returns are allowed where no enclosing loop runs at trace time. */
const mayReturn = (ctx: LangCtx): boolean => !ctx.inFunction && ctx.loops.every((l) => l.staged);

/** A staged loop (a `while` on a tensor test) around `inner`, whose jumps may leave it. */
function inLoop(ctx: LangCtx, g: Gens, inner: (ctx: LangCtx) => fc.Arbitrary<string>): fc.Arbitrary<string> {
  const k = `k${ctx.loopId}`;
  return fc
    .tuple(g.tcond, inner(loopCtx(ctx, '', true)))
    .map(([c, body]) => `{\nlet ${k} = 0;\nwhile (${k} < n && (${c})) {\n${k} += 1;\n${body}\n}\n}`);
}

const feature = (
  name: string,
  when: (ctx: LangCtx) => boolean,
  make: (ctx: LangCtx, g: Gens, block: Block) => fc.Arbitrary<string>,
): Feature => ({
  name,
  ...COUNT,
  stmts: (ctx, g, block) => (ctx.depth < 3 && !ctx.inFunction && when(ctx) ? [make(ctx, g, block)] : []),
});

const always = (): boolean => true;

const features: Feature[] = [
  feature('try-finally', always, (ctx, _g, block) =>
    fc.tuple(block(deeper(ctx)), plain(ctx, block)).map(([t, f]) => `try {\n${t}\n} finally {\n${f}\n}`),
  ),
  feature('jump-in-try', always, (ctx, g, block) =>
    inLoop(ctx, g, (lc) =>
      fc
        .tuple(g.cond, fc.constantFrom('break', 'continue'), block(deeper(lc)), plain(lc, block))
        .map(([c, j, t, f]) => `try {\nif (${c}) ${j};\n${t}\n} finally {\n${f}\n}`),
    ),
  ),
  feature('return-in-try', mayReturn, (ctx, g, block) =>
    fc
      .tuple(g.cond, block(deeper(ctx)), plain(ctx, block))
      .map(([c, t, f]) => `try {\nif (${c}) return ${ctx.result};\n${t}\n} finally {\n${f}\na = (a + 1) % 97;\n}`),
  ),
  feature('return-in-finally', mayReturn, (ctx, g, block) =>
    fc
      .tuple(block(deeper(ctx)), g.cond)
      .map(([t, c]) => `try {\n${t}\n} finally {\ncnt = cnt + 1;\nif (${c}) return ${ctx.result};\n}`),
  ),
  feature('return-in-both', mayReturn, (ctx, g, block) =>
    fc
      .tuple(g.cond, block(deeper(ctx)), g.cond)
      .map(
        ([c1, t, c2]) =>
          `try {\nif (${c1}) return ${ctx.result};\n${t}\n} finally {\nb = (b + 1) % 97;\nif (${c2}) {\nreturn ${ctx.result};\n}\n}`,
      ),
  ),
  feature('jump-in-finally', always, (ctx, g, block) =>
    inLoop(ctx, g, (lc) =>
      fc
        .tuple(block(deeper(lc)), g.cond, fc.constantFrom('break', 'continue'))
        .map(([t, c, j]) => `try {\n${t}\n} finally {\ncnt = cnt + 1;\nif (${c}) ${j};\n}`),
    ),
  ),
  feature('nested-try', always, (ctx, _g, block) =>
    fc
      .tuple(block(deeper(deeper(ctx))), block(deeper(ctx)))
      .map(([t1, t2]) => `try {\ntry {\n${t1}\n} finally {\ncnt = cnt + 1;\n}\n${t2}\n} finally {\ncnt = cnt + 2;\n}`),
  ),
  feature('catch-never-runs', always, (ctx, _g, block) =>
    fc
      .tuple(block(deeper(ctx)), plain(ctx, block))
      .map(([t, f]) => `try {\n${t}\n} catch (err) {\ncnt = cnt + 100;\n} finally {\n${f}\n}`),
  ),
  feature('labelled-block-break', always, (ctx, g, block) =>
    fc
      .tuple(g.cond, block(deeper(ctx)))
      .map(
        ([c, t]) =>
          `blk${ctx.depth}: {\ntry {\nif (${c}) break blk${ctx.depth};\n${t}\n} finally {\ncnt = cnt + 1;\n}\na = (a + 1) % 97;\n}`,
      ),
  ),
];

export const FINALLY: DomainSpec = { features };
