// fast-check generator of the `grad` fuzz domain: smooth scalar functions `prog(x, y, n)` of two
// float32 values with staged control flow on them — `if`/`else`, ternaries, `for` loops on n (a
// tensor or a JS number), `while` loops on a value, `break`/`continue`, early `return` — written
// with JS operators and `Math.*`, so the same source runs on float64 numbers (the central
// differences of run-grad.ts) and on tensors. State stays bounded (tanh, sin, halving), so float32
// keeps a few digits through every path. Needs fast-check. Produces `GradCase`, `gradCase`, `GRAD_FEATURES`.

import fc from 'fast-check';

export interface GradInputs {
  /** float32 values (exact as JS numbers), away from the integers and halves where the conditions tie. */
  readonly x: number;
  readonly y: number;
  readonly n: number;
}

export interface GradCase {
  readonly domain: 'grad';
  /** The body of `function prog(x, y, n) { … }` returning a scalar. */
  readonly body: string;
  readonly stagedN: boolean;
  readonly inputs: readonly [GradInputs, GradInputs];
}

/** Features OPEN_CLASSES can leave out of a sample. */
export const GRAD_FEATURES = [
  'grad-if',
  'grad-if-else',
  'grad-if-complete',
  'grad-for',
  'grad-while',
  'grad-jump',
  'grad-return',
  'grad-ternary',
  'grad-closure',
] as const;

interface Ctx {
  readonly depth: number;
  /** Innermost loop staged (jumps may leave it), or no loop. */
  readonly loop: 'none' | 'staged' | 'unrolled';
  /** Inside a loop unrolled at trace time: no return on a tensor condition (convert/js-loop-tensor-break). */
  readonly inUnrolled: boolean;
  readonly stagedN: boolean;
  readonly exclude: ReadonlySet<string>;
  readonly id: number;
}

const VARS = ['s', 't'];
/**
 * A returned value: it always reads x and y (eager tfjs refuses the gradient of an input that does
 * not reach the result, and so would the oracle's reference), besides the state.
 */
const RESULT = (f: string, e: string): string => `s * t + ${f}(${e}) * 0.5 + (x - y) * 0.125`;
const atom = fc.constantFrom('x', 'y', 's', 't');
const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    atom,
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*'), tie('e')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('e'), fc.constantFrom('0.5', '1.5', '-0.75')).map(([a, k]) => `(${a} * ${k})`),
    fc.tuple(fc.constantFrom('sin', 'cos', 'tanh'), tie('e')).map(([f, a]) => `Math.${f}(${a})`),
    tie('e').map((a) => `Math.exp(Math.tanh(${a}))`),
    tie('e').map((a) => `(${a} / (1 + ${a} * ${a}))`),
  ),
})).e;
const cond: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(expr, fc.constantFrom('>', '<'), expr).map(([a, op, b]) => `${a} ${op} ${b}`),
  fc
    .tuple(expr, fc.constantFrom('>', '<'), fc.constantFrom('0.3', '-0.2', '0.05'))
    .map(([a, op, k]) => `${a} ${op} ${k}`),
  fc.tuple(expr, expr, expr).map(([a, b, c]) => `${a} > ${b} && ${b} > ${c}`),
);
/** An assignment that keeps the state bounded. */
const assign = fc
  .tuple(fc.constantFrom(...VARS), expr, fc.integer({ min: 0, max: 2 }))
  .map(([v, e, form]) =>
    form === 0
      ? `${v} = Math.tanh(${e});`
      : form === 1
        ? `${v} = ${v} * 0.5 + Math.sin(${e}) * 0.5;`
        : `${v} = ${v} + Math.cos(${e}) * 0.25;`,
  );

function block(ctx: Ctx): fc.Arbitrary<string> {
  return fc.array(statement(ctx), { minLength: 1, maxLength: ctx.depth === 0 ? 3 : 2 }).map((ss) => ss.join('\n'));
}

function statement(ctx: Ctx): fc.Arbitrary<string> {
  const on = (f: string): boolean => !ctx.exclude.has(f);
  const opts: fc.Arbitrary<string>[] = [assign];
  if (on('grad-ternary'))
    opts.push(
      fc
        .tuple(fc.constantFrom(...VARS), cond, expr, expr)
        .map(([v, c, a, b]) => `${v} = ${c} ? Math.tanh(${a}) : Math.sin(${b});`),
    );
  if (on('grad-closure')) opts.push(expr.map((e) => `bump(${e});`));
  if (on('grad-jump') && ctx.loop === 'staged')
    opts.push(fc.tuple(cond, fc.constantFrom('break', 'continue')).map(([c, j]) => `if (${c}) ${j};`));
  if (on('grad-return') && !ctx.inUnrolled)
    opts.push(fc.tuple(cond, expr).map(([c, e]) => `if (${c}) return ${RESULT('Math.sin', e)};`));
  if (ctx.depth < 2) {
    const inner = { ...ctx, depth: ctx.depth + 1, id: ctx.id + 1 };
    const k = `k${ctx.id}`;
    // Every state variable written in both branches (identity writes close them): no pass-through.
    const closed = (b: string): string => `${b}\ns = s * 1;\nt = t * 1;`;
    if (on('grad-if-complete'))
      opts.push(
        fc
          .tuple(cond, block(inner), block(inner))
          .map(([c, a, b]) => `if (${c}) {\n${closed(a)}\n} else {\n${closed(b)}\n}`),
      );
    if (on('grad-if-else'))
      opts.push(fc.tuple(cond, block(inner), block(inner)).map(([c, a, b]) => `if (${c}) {\n${a}\n} else {\n${b}\n}`));
    if (on('grad-if')) opts.push(fc.tuple(cond, block(inner)).map(([c, a]) => `if (${c}) {\n${a}\n}`));
    if (on('grad-for'))
      opts.push(
        block({ ...inner, loop: ctx.stagedN ? 'staged' : 'unrolled', inUnrolled: ctx.inUnrolled || !ctx.stagedN }).map(
          (b) => `for (let ${k} = 0; ${k} < n; ${k}++) {\n${b}\n}`,
        ),
      );
    if (on('grad-while'))
      opts.push(
        fc
          .tuple(cond, block({ ...inner, loop: 'staged' }))
          .map(([c, b]) => `{\nlet ${k} = 0;\nwhile (${k} < n && (${c})) {\n${k} += 1;\n${b}\n}\n}`),
      );
  }
  return fc.oneof(...opts);
}

/** Away from ties: a float32 value in (-1.6, 1.6) that is no multiple of 1/64. */
const value = fc.integer({ min: -100, max: 100 }).map((k) => Math.fround(k / 64 + 0.0078125 * 0.37));

/** A random `grad` program without the features in `exclude`, with two input sets. */
export function gradCase(exclude: ReadonlySet<string> = new Set()): fc.Arbitrary<GradCase> {
  const nArb = fc.constantFrom(2, 3, 0, 1, 4);
  return fc.record({ stagedN: fc.boolean(), n: nArb, n2: nArb }).chain(({ stagedN, n, n2 }) =>
    fc.record({
      domain: fc.constant('grad' as const),
      body: block({ depth: 0, loop: 'none', inUnrolled: false, stagedN, exclude, id: 0 }).map(
        (b) =>
          `let s = x * y;\nlet t = Math.sin(x - y);\n${exclude.has('grad-closure') ? '' : 'const bump = (v) => { t = t * 0.5 + Math.tanh(v) * 0.5; };\n'}${b}\nreturn ${RESULT('Math.cos', 's')};`,
      ),
      stagedN: fc.constant(stagedN),
      inputs: fc.tuple(
        fc.record({ x: value, y: value, n: fc.constant(n) }),
        fc.record({ x: value, y: value, n: fc.constant(stagedN ? n2 : n) }),
      ),
    }),
  );
}
