// The `bindings` fuzz domain: JS's per-iteration bindings. Closures made in the body of a
// `for (let …)` loop, a `for (const x of …)` loop or a loop body's own `let`/`const` capture that
// iteration's binding; they are pushed to `fs` and called after the loop (the result sums them).
// Closures pushed in a loop must be made in loops that run at trace time (bounded by JS constants,
// over JS arrays), outside staged statements: a staged loop cannot carry a list of functions. In
// loops on n, staged or not, closures are made and called in the same iteration. Each kind is a
// feature OPEN_CLASSES can leave out. Needs fast-check, gen-lang-core. Produces `BINDINGS`.

import fc from 'fast-check';
import { zeroOf, type DomainSpec, type Feature, type Gens, type LangCtx } from './gen-lang-core.js';

const FS = [
  'const fs = [];',
  'const callAll = () => { let t = 0; for (const f of fs) { t = (t + f()) % 97; } return t; };',
];
const shared = { decl: () => FS, result: ['fs.length', 'callAll()'] };

/** Closures of the loop that pushes them: only where no staged statement is around. */
function pushing(ctx: LangCtx, make: (k: string, g: Gens) => fc.Arbitrary<string>, g: Gens): fc.Arbitrary<string>[] {
  return ctx.underStaged || ctx.inFunction ? [] : [make(`k${ctx.loopId}`, g)];
}

const features: Feature[] = [
  {
    name: 'for-let-closure',
    ...shared,
    stmts: (ctx, g) =>
      pushing(
        ctx,
        (k, g) =>
          fc
            .tuple(fc.integer({ min: 1, max: 3 }), g.expr)
            .map(([m, e]) => `for (let ${k} = 0; ${k} < ${m}; ${k}++) {\nfs.push(() => (${k} * ${e}) % 97);\n}`),
        g,
      ),
  },
  {
    name: 'for-let-closure-mutated',
    ...shared,
    // The body changes the binding after the closure captured it; the update then works on the next
    // iteration's copy: closures see 1 and 3 here, never the final 4.
    stmts: (ctx, g) =>
      pushing(
        ctx,
        (k, g) => g.expr.map((e) => `for (let ${k} = 0; ${k} < 3; ${k}++) {\nfs.push(() => ${k} + ${e});\n${k}++;\n}`),
        g,
      ),
  },
  {
    name: 'for-let-closure-writes',
    ...shared,
    // Each closure writes its own iteration's binding.
    stmts: (ctx, g) =>
      pushing(
        ctx,
        (k) =>
          fc
            .integer({ min: 1, max: 3 })
            .map(
              (m) => `for (let ${k} = 0; ${k} < ${m}; ${k}++) {\nfs.push(() => { ${k} = ${k} + 10; return ${k}; });\n}`,
            ),
        g,
      ),
  },
  {
    name: 'for-of-closure',
    ...shared,
    stmts: (ctx, g) =>
      pushing(
        ctx,
        (k, g) =>
          fc
            .tuple(g.expr, g.expr)
            .map(([e1, e2]) => `for (const ${k} of [a, ${e1}, c]) {\nfs.push(() => (${k} + ${e2}) % 97);\n}`),
        g,
      ),
  },
  {
    name: 'body-binding-closure',
    ...shared,
    stmts: (ctx, g) =>
      pushing(
        ctx,
        (k, g) =>
          g.expr.map(
            (e) =>
              `for (let ${k} = 0; ${k} < 2; ${k}++) {\nconst t = (${e} + ${k}) % 97;\nlet u = t;\nfs.push(() => t - u);\nu = u + 1;\n}`,
          ),
        g,
      ),
  },
  {
    name: 'while-body-closure',
    ...shared,
    stmts: (ctx, g) =>
      pushing(
        ctx,
        (k, g) =>
          g.expr.map(
            (e) =>
              `{\nlet ${k} = 0;\nwhile (${k} < 3) {\nconst w = (${e}) % 97;\nfs.push(() => w * ${k});\n${k} += 1;\n}\n}`,
          ),
        g,
      ),
  },
  {
    name: 'same-iteration-closure',
    vars: ['s'],
    result: ['s'],
    decl: (dt) => [`let s = ${zeroOf(dt)};`],
    // Loops on n (staged when n is a tensor): the closure is made and called in one iteration.
    stmts: (ctx, g) =>
      ctx.inFunction || ctx.depth >= 3
        ? []
        : [
            g.expr.map(
              (e) =>
                `for (let k${ctx.loopId} = 0; k${ctx.loopId} < n; k${ctx.loopId}++) {\nconst f = () => (${e}) + k${ctx.loopId};\ns = (s + f()) % 97;\n}`,
            ),
          ],
  },
];

// No early returns: the statements after a return on a staged condition run under that condition
// (as in TF), where a list of closures cannot be carried (cond/structure-mismatch by design).
export const BINDINGS: DomainSpec = { features, noEarlyReturn: true };
