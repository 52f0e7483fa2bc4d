// The shared core of the language-feature fuzz generators: expressions and conditions over the
// program's numeric variables, and statements (assignments, staged and unrolled `if`/loops,
// `break`/`continue`, early `return`) into which each domain (gen-closures.ts, …) mixes its own
// feature statements. Needs fast-check, lang-case. Produces `Gens`, `LangCtx`, `DomainSpec`,
// `Feature`, `placed`, `langBody`, `langBlock`, `langInputs`, `coreGens`, `zeroOf`, `jumpTargets`,
// `loopCtx`, `EARLY_RETURN`.
//
// Values stay exact in JS numbers and in the dtype (int32: small integers; float32: multiples of
// 0.5, every assignment taken % 97), so plain JS on numbers is the reference for every path.
// Catalogued refusals by design are never generated: in float32 programs a literal never stands
// alone (a JS number is weakly int32, so a staged merge with float32 is cond/dtype-mismatch); state
// starts from `(a - a)` and is assigned tensors only (Gens); jumps on tensor conditions leave staged
// loops only (convert/js-loop-tensor-break); every loop is bounded by n (≤ 4) or a JS constant.

import fc from 'fast-check';
import type { Dtype, LangInputs } from './lang-case.js';

export interface Loop {
  readonly label: string;
  /** Staged when traced (bounded by a tensor n, or a condition on the values). */
  readonly staged: boolean;
}

export interface LangCtx {
  readonly dtype: Dtype;
  readonly stagedN: boolean;
  readonly depth: number;
  /** Enclosing loops, innermost last. */
  readonly loops: readonly Loop[];
  readonly loopId: number;
  /** The domain's features that are generated (the others are open defect classes, open-classes.ts). */
  readonly features: readonly Feature[];
  /** Inside an `if`, loop or `switch` that is staged when traced (a closure pushed there cannot be). */
  readonly underStaged: boolean;
  /** Numeric variables that statements read and assign. */
  readonly vars: readonly string[];
  /** Extra numeric expressions of the dtype that may be read (fields, getters), never assigned. */
  readonly reads: readonly string[];
  /** int32 counters that may be read (in float32 programs only added to a float32 value). */
  readonly counts: readonly string[];
  /** The program's result expression (an array literal), for early returns. */
  readonly result: string;
  /** Inside a nested function (a method, a closure body): no break/continue/return of the program. */
  readonly inFunction?: boolean;
  /** The core generates no early `return` (DomainSpec.noEarlyReturn). */
  readonly noEarlyReturn?: boolean;
}

/**
 * Expressions and conditions. `expr` and `tcond` are tensors whenever the program is traced (they
 * read a, b, c or state made from them): assignments take `expr`, so state never turns into a JS
 * number that a later loop test would read (a loop test that starts as JS and becomes a tensor is
 * convert/while-cond-became-tensor by design), and loop tests take `tcond`. `cond` may be plain JS.
 */
export interface Gens {
  readonly expr: fc.Arbitrary<string>;
  readonly cond: fc.Arbitrary<string>;
  readonly tcond: fc.Arbitrary<string>;
}

/** One feature of a domain: what it declares, the state it adds, the statements that use it. */
export interface Feature {
  /** The name OPEN_CLASSES (open-classes.ts) uses to leave it out of a sample. */
  readonly name: string;
  /** Declarations at the top of the body (closures, classes, state), one statement each; features share one by writing it alike. */
  readonly decl?: (dtype: Dtype) => readonly string[];
  /** Variables of the dtype that statements assign besides a, b, c. */
  readonly vars?: readonly string[];
  /** Expressions of the dtype that statements may read, never assign (getters, fields). */
  readonly reads?: readonly string[];
  /** int32 counters that statements may read (in float32 programs, only added to a float32 value). */
  readonly counts?: readonly string[];
  /** Entries of the result array. */
  readonly result?: readonly string[];
  /** The feature's statements at `ctx` (`block` makes a nested block of the domain). */
  readonly stmts?: (ctx: LangCtx, g: Gens, block: (ctx: LangCtx) => fc.Arbitrary<string>) => fc.Arbitrary<string>[];
}

/** The core's own feature, which OPEN_CLASSES may leave out of any domain: early `return` on a condition. */
export const EARLY_RETURN = 'early-return';

/** A domain: its features (each can be left out of a sample on its own). */
export interface DomainSpec {
  readonly features: readonly Feature[];
  /** No early `return` from the core's statements (the domain's own statements may still return). */
  readonly noEarlyReturn?: boolean;
}

/**
 * A feature as two: `name`, whose statements stand outside staged statements, and
 * `name-in-staged`, whose statements stand inside an `if`/loop staged when traced — so that an
 * open class of one leaves the other in the sample.
 */
export function placed(
  name: string,
  base: Omit<Feature, 'name' | 'stmts'>,
  stmts: NonNullable<Feature['stmts']>,
): Feature[] {
  return [
    { name, ...base, stmts: (ctx, g, block) => (ctx.underStaged ? [] : stmts(ctx, g, block)) },
    { name: `${name}-in-staged`, ...base, stmts: (ctx, g, block) => (ctx.underStaged ? stmts(ctx, g, block) : []) },
  ];
}

/** 0 of the dtype as program text: a tensor when traced, like a (a JS 0 would be weakly int32, and JS). */
export const zeroOf = (_dtype: Dtype): string => '(a - a)';

export function coreGens(ctx: LangCtx): Gens {
  const float = ctx.dtype === 'float32';
  const literal = float
    ? fc.integer({ min: -6, max: 10 }).map((k) => String(k / 2))
    : fc.integer({ min: -3, max: 5 }).map(String);
  const names = fc.constantFrom(...ctx.vars, ...ctx.reads);
  // A counter (a JS number until a staged statement counts) is read added to a tensor.
  const counted = ctx.counts.length
    ? [fc.tuple(names, fc.constantFrom(...ctx.counts)).map(([x, k]) => `(${x} + ${k})`)]
    : [];
  const cmp = fc.constantFrom('>', '<', '>=', '<=', '===', '!==');
  const rec = fc.letrec<{ t: string; e: string; tc: string; c: string }>((tie) => {
    const [t, e, tc, c] = [tie('t'), tie('e'), tie('tc'), tie('c')];
    // t: a tensor when traced. e: any value of the dtype; in float32 programs a literal never stands alone.
    const ts: fc.Arbitrary<string>[] = [
      names,
      ...counted,
      fc.tuple(t, fc.constantFrom('+', '-'), e).map(([x, op, y]) => `(${x} ${op} ${y})`),
      fc.tuple(e, fc.constantFrom('+', '-'), t).map(([x, op, y]) => `(${x} ${op} ${y})`),
      fc.tuple(t, fc.constantFrom('+', '-'), literal).map(([x, op, y]) => `(${x} ${op} ${y})`),
      fc.tuple(t, fc.constantFrom(2, 3)).map(([x, k]) => `(${x} * ${k})`),
      fc.tuple(fc.constantFrom('max', 'min'), t, e).map(([f, x, y]) => `Math.${f}(${x}, ${y})`),
      t.map((x) => `Math.abs(${x})`),
      fc.tuple(c, t, t).map(([k, x, y]) => `(${k} ? ${x} : ${y})`),
    ];
    const es: fc.Arbitrary<string>[] = float
      ? [t]
      : [
          t,
          literal,
          ...(ctx.counts.length ? [fc.constantFrom(...ctx.counts)] : []),
          fc.tuple(e, fc.constantFrom('+', '-'), e).map(([x, op, y]) => `(${x} ${op} ${y})`),
        ];
    const tcs: fc.Arbitrary<string>[] = [
      fc.tuple(t, cmp, e).map(([x, op, y]) => `${x} ${op} ${y}`),
      fc.tuple(t, fc.constantFrom('>', '<'), literal).map(([x, op, y]) => `${x} ${op} ${y}`),
      tc.map((x) => `!(${x})`),
      fc.tuple(tc, fc.constantFrom('&&', '||'), c).map(([x, op, y]) => `(${x}) ${op} (${y})`),
    ];
    const cs: fc.Arbitrary<string>[] = [
      tc,
      fc.tuple(e, cmp, e).map(([x, op, y]) => `${x} ${op} ${y}`),
      fc.tuple(c, fc.constantFrom('&&', '||'), c).map(([x, op, y]) => `(${x}) ${op} (${y})`),
    ];
    // One depth for the four (they nest into each other): expressions of a few operators.
    const opts = { depthSize: 'small', maxDepth: 3, depthIdentifier: 'lang-expr', withCrossShrink: true } as const;
    return { t: fc.oneof(opts, ...ts), e: fc.oneof(opts, ...es), tc: fc.oneof(opts, ...tcs), c: fc.oneof(opts, ...cs) };
  });
  return { expr: rec.t, cond: rec.c, tcond: rec.tc };
}

/** Labels a break/continue may target: staged loops inside the innermost unrolled one. */
export function jumpTargets(loops: readonly Loop[]): string[] {
  let i = loops.length;
  while (i > 0 && loops[i - 1]!.staged) i--;
  const reachable = loops.slice(i);
  if (reachable.length === 0) return [];
  return [...(reachable.length === loops.length ? [''] : []), ...reachable.map((l) => l.label).filter((l) => l !== '')];
}

/** Enters a loop: its counter name is `k<id>`. */
export function loopCtx(ctx: LangCtx, label: string, staged: boolean): LangCtx {
  return {
    ...ctx,
    depth: ctx.depth + 1,
    loops: [...ctx.loops, { label, staged }],
    loopId: ctx.loopId + 1,
    underStaged: ctx.underStaged || staged,
  };
}

/** The core's plain statements: assignments, and jumps and returns where they may stand. */
function simpleStatements(ctx: LangCtx, g: Gens): fc.Arbitrary<string>[] {
  const v = fc.constantFrom(...ctx.vars);
  const out: fc.Arbitrary<string>[] = [
    fc.tuple(v, g.expr).map(([x, e]) => `${x} = (${e}) % 97;`),
    fc.tuple(v, fc.constantFrom('+=', '-='), fc.integer({ min: 1, max: 3 })).map(([x, op, k]) => `${x} ${op} ${k};`),
  ];
  const targets = jumpTargets(ctx.loops);
  if (!ctx.inFunction && ctx.loops.length > 0 && targets.length > 0) {
    const jump = fc.tuple(g.cond, fc.constantFrom('break', 'continue'), fc.constantFrom(...targets));
    out.push(jump.map(([c, kind, l]) => `if (${c}) ${kind}${l ? ` ${l}` : ''};`));
  }
  if (!ctx.inFunction && !ctx.noEarlyReturn && ctx.loops.every((l) => l.staged))
    out.push(g.cond.map((c) => `if (${c}) return ${ctx.result};`));
  return out;
}

/** The core's `if` and loops (staged when traced: on the values, or on a tensor n), around blocks of the domain. */
function compoundStatements(ctx: LangCtx, g: Gens): fc.Arbitrary<string>[] {
  if (ctx.depth >= 3) return [];
  const inner = { ...ctx, depth: ctx.depth + 1, underStaged: true };
  const id = ctx.loopId;
  const k = `k${id}`;
  const label = fc.constantFrom('', '', `L${id}`);
  const lab = (l: string, loop: string): string => (l ? `${l}: ${loop}` : loop);
  const out = [
    fc
      .tuple(g.cond, langBlock(inner), fc.option(langBlock(inner)))
      .map(([c, x, y]) => `if (${c}) {\n${x}\n}${y ? ` else {\n${y}\n}` : ''}`),
  ];
  if (ctx.inFunction) return out;
  out.push(
    label.chain((l) =>
      langBlock(loopCtx(ctx, l, ctx.stagedN)).map((x) => lab(l, `for (let ${k} = 0; ${k} < n; ${k}++) {\n${x}\n}`)),
    ),
    label.chain((l) =>
      fc
        .tuple(g.tcond, langBlock(loopCtx(ctx, l, true)))
        .map(([c, x]) => `{\nlet ${k} = 0;\n${lab(l, `while (${k} < n && (${c})) {\n${k} += 1;\n${x}\n}`)}\n}`),
    ),
    label.chain((l) =>
      langBlock(loopCtx(ctx, l, false)).map((x) => lab(l, `for (let ${k} = 0; ${k} < 2; ${k}++) {\n${x}\n}`)),
    ),
  );
  return out;
}

/**
 * A block of one to three statements: the domain's features' (the point of the domain: half of
 * them), the core's `if`/loops around further blocks (most statements near the top, so that the
 * features' statements mostly sit inside staged control flow), and plain assignments.
 */
export function langBlock(ctx: LangCtx): fc.Arbitrary<string> {
  const g = coreGens(ctx);
  const own = ctx.features.flatMap((f) => f.stmts?.(ctx, g, langBlock) ?? []);
  const compound = compoundStatements(ctx, g);
  const options = [{ weight: 1, arbitrary: fc.oneof(...simpleStatements(ctx, g)) }];
  if (own.length) options.push({ weight: 3, arbitrary: fc.oneof(...own) });
  if (compound.length) options.push({ weight: ctx.depth === 0 ? 4 : 2, arbitrary: fc.oneof(...compound) });
  return fc
    .array(fc.oneof(...options), { minLength: 1, maxLength: ctx.depth === 0 ? 3 : 2 })
    .map((ss) => ss.join('\n'));
}

/** The body of `prog(a, b, c, n)`: the features' declarations, statements, `return [a, b, c, …]`. */
export function langBody(
  spec: DomainSpec,
  dtype: Dtype,
  stagedN: boolean,
  exclude: ReadonlySet<string>,
): fc.Arbitrary<string> {
  const features = spec.features.filter((f) => !exclude.has(f.name));
  const uniq = (xs: string[]): string[] => [...new Set(xs)];
  const result = `[${uniq(['a', 'b', 'c', ...features.flatMap((f) => f.result ?? [])]).join(', ')}]`;
  const ctx: LangCtx = {
    dtype,
    stagedN,
    depth: 0,
    loops: [],
    loopId: 0,
    features,
    underStaged: false,
    result,
    noEarlyReturn: spec.noEarlyReturn || exclude.has(EARLY_RETURN),
    vars: uniq(['a', 'b', 'c', ...features.flatMap((f) => f.vars ?? [])]),
    reads: uniq(features.flatMap((f) => f.reads ?? [])),
    counts: uniq(features.flatMap((f) => f.counts ?? [])),
  };
  const decls = uniq(features.flatMap((f) => f.decl?.(dtype) ?? []));
  return langBlock(ctx).map((b) => `${decls.map((d) => `${d}\n`).join('')}${b}\nreturn ${result};`);
}

/** Inputs of a dtype (float32: multiples of 0.5, -0 included) with loop bound n. */
export function langInputs(dtype: Dtype, n: number): fc.Arbitrary<LangInputs> {
  const num =
    dtype === 'float32'
      ? fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: -16, max: 16 }).map((k) => k / 2) },
          { weight: 1, arbitrary: fc.constant(-0) },
        )
      : fc.integer({ min: -6, max: 8 });
  return fc.record({ a: num, b: num, c: num, n: fc.constant(n) });
}
