// fast-check generators of random programs for the differential fuzzer: function bodies over
// params a, b, c (the domain's values), n (an int32 loop bound) and l (a list to iterate), with
// nested if/else, while, do…while, for, for…of, labelled break/continue, early return, ternaries, logical
// operators, compound assignment, object and array state and a pushed list. Needs fast-check.
// Produces `Domain`, `FuzzCase`, `fuzzCase(domain?)`, `DOMAINS`, `PARAMS`.
//
// Every value stays exact in both JS numbers and the domain's dtype: int32 values are small
// integers, float32 values multiples of 0.5, -0, NaN or ±Infinity (the operations keep that: + - *
// by integers, % by integers, Math.floor(x / k)), and every assignment is taken % 97, so a JS-number
// run is the reference for the scalar domains. Edge values beyond those, mixed dtypes and true
// division are the `mixed` domain's (gen-edge.ts). Loops are bounded by n (≤ 4) or by JS constants, so every
// program terminates.

import fc from 'fast-check';

/** Scalars of a dtype, or [3]-vectors of it (`tensor-*`, whose conditions reduce with tf.*). */
export type Domain = 'int32' | 'float32' | 'tensor-int32' | 'tensor-float32';
export const DOMAINS: readonly Domain[] = ['int32', 'float32', 'tensor-int32', 'tensor-float32'];
export const PARAMS = ['a', 'b', 'c', 'n', 'l'] as const;

export interface FuzzInputs {
  /** Scalars, or length-3 arrays in the tensor domains. */
  readonly a: number | number[];
  readonly b: number | number[];
  readonly c: number | number[];
  readonly n: number;
  /** Items of the list: numbers, or length-3 arrays in the tensor domains. */
  readonly l: (number | number[])[];
}

export interface FuzzCase {
  readonly domain: Domain;
  /** The body of `function prog(a, b, c, n, l) { … }`; `tf` is in scope. */
  readonly body: string;
  /** n passed as an int32 tensor (staged loops) or as a JS number (loops unrolled at trace time). */
  readonly stagedN: boolean;
  /** Two calls with the same shapes (the second hits the trace cache). */
  readonly inputs: readonly [FuzzInputs, FuzzInputs];
}

const VARS = ['a', 'b', 'c'];
const isTensorDomain = (d: Domain): boolean => d.startsWith('tensor-');
const isFloat = (d: Domain): boolean => d.endsWith('float32');

interface Gens {
  readonly expr: fc.Arbitrary<string>;
  readonly cond: fc.Arbitrary<string>;
}

function gens(domain: Domain): Gens {
  const tensor = isTensorDomain(domain);
  const literal = isFloat(domain)
    ? fc.integer({ min: -6, max: 10 }).map((k) => String(k / 2))
    : fc.integer({ min: -3, max: 5 }).map(String);
  const state = fc.constantFrom('s.x', 's.y', 'arr[0]', 'arr[1]');
  // Outside the int32 domain a literal never stands alone: a JS number that is a whole expression
  // stays weakly typed (int32, shape []), and a branch or loop that mixes it with a float32 or [3]
  // value is a catalogued dtype/shape error by design, not a disagreement.
  const atom =
    domain === 'int32'
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...VARS) },
          { weight: 2, arbitrary: literal },
          { weight: 1, arbitrary: state },
        )
      : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VARS) }, { weight: 1, arbitrary: state });

  const rec = fc.letrec<{ e: string; c: string }>((tie) => {
    const e = tie('e');
    const c = tie('c');
    const exprs: fc.Arbitrary<string>[] = [
      atom,
      fc.tuple(e, fc.constantFrom('+', '-'), e).map(([x, op, y]) => `(${x} ${op} ${y})`),
      fc.tuple(e, fc.constantFrom('+', '-'), literal).map(([x, op, y]) => `(${x} ${op} ${y})`),
      fc.tuple(e, fc.constantFrom(2, 3)).map(([x, k]) => `(${x} * ${k})`),
      fc.tuple(e, fc.constantFrom(2, 3, 5)).map(([x, k]) => `(${x} % ${k})`),
      fc.tuple(e, fc.constantFrom(2, 3)).map(([x, k]) => `Math.floor(${x} / ${k})`),
      e.map((x) => `Math.abs(${x})`),
      e.map((x) => `(-(${x}))`),
      fc.tuple(fc.constantFrom('max', 'min'), e, e).map(([f, x, y]) => `Math.${f}(${x}, ${y})`),
      fc.tuple(c, e, e).map(([k, x, y]) => `(${k} ? ${x} : ${y})`),
    ];
    if (!isFloat(domain)) {
      // `|` and `^` on int32 tensors are catalogued as unsupported (tfjs has no kernels for them).
      exprs.push(fc.tuple(e, fc.integer({ min: 1, max: 7 })).map(([x, k]) => `(${x} & ${k})`));
      exprs.push(
        fc.tuple(e, fc.constantFrom('>>', '<<'), fc.constantFrom(1, 2)).map(([x, op, k]) => `(${x} ${op} ${k})`),
      );
    }
    if (tensor) exprs.push(fc.tuple(e, e).map(([x, y]) => `tf.where(tf.greater(${x}, ${y}), ${x}, ${y})`));
    // Conditions are scalars: comparisons of scalars, or reductions of vectors.
    const scalarOf = (x: string, r: string): string => (tensor ? `tf.${r}(${x})` : x);
    const red = fc.constantFrom('sum', 'max', 'min');
    const conds: fc.Arbitrary<string>[] = [
      fc
        .tuple(e, fc.constantFrom('>', '<', '>=', '<=', '==', '!=', '===', '!=='), e, red)
        .map(([x, op, y, r]) => `${scalarOf(x, r)} ${op} ${scalarOf(y, r)}`),
      fc.tuple(e, fc.constantFrom(2, 3), red).map(([x, k, r]) => `${scalarOf(`(${x} % ${k})`, r)} == 0`),
      fc
        .tuple(e, fc.constantFrom('>', '<', '>=', '<='), literal, red)
        .map(([x, op, y, r]) => `${scalarOf(x, r)} ${op} ${y}`),
      c.map((x) => `!(${x})`),
      fc.tuple(c, fc.constantFrom('&&', '||'), c).map(([x, op, y]) => `(${x}) ${op} (${y})`),
    ];
    if (tensor)
      conds.push(fc.tuple(fc.constantFrom('any', 'all'), e, e).map(([f, x, y]) => `tf.${f}(tf.greater(${x}, ${y}))`));
    return {
      e: fc.oneof({ depthSize: 'small', withCrossShrink: true }, ...exprs),
      c: fc.oneof({ depthSize: 'small', withCrossShrink: true }, ...conds),
    };
  });
  return { expr: rec.e, cond: rec.c };
}

interface Loop {
  /** '' for an unlabelled loop. */
  readonly label: string;
  /** Staged (its condition or iterable is a tensor) or unrolled at trace time. */
  readonly staged: boolean;
}

interface Ctx {
  readonly depth: number;
  /** The enclosing loops, innermost last. */
  readonly loops: readonly Loop[];
  readonly loopId: number;
  /** n is a tensor, so loops bounded by n are staged. */
  readonly stagedN: boolean;
}

// A break, continue or return on a tensor condition cannot leave a loop unrolled at trace time
// (convert/js-loop-tensor-break, as in TF): jumps target only staged loops inside the innermost
// unrolled one, and returns appear only outside unrolled loops.
function afterLastJsLoop(loops: readonly Loop[]): readonly Loop[] {
  let i = loops.length;
  while (i > 0 && loops[i - 1]!.staged) i--;
  return loops.slice(i);
}

// `box.st` is a second reference to the array `st` (stored before any push): a staged statement that
// pushes makes `st` a staged list and leaves `box.st` the JS array, which the trace warns about
// (run-case.ts then excuses that last element, and only that one).
const RESULT = '[a, b, c, s.x, s.y, arr[0], arr[1], st.length, box.st.length]';

function block(g: Gens, ctx: Ctx): fc.Arbitrary<string> {
  // Small programs: tracing dominates the cost, and fast-check shrinks small programs quickly.
  return fc.array(statement(g, ctx), { minLength: 1, maxLength: ctx.depth === 0 ? 3 : 2 }).map((ss) => ss.join('\n'));
}

function jump(g: Gens, ctx: Ctx, kind: 'break' | 'continue'): fc.Arbitrary<string> {
  const reachable = afterLastJsLoop(ctx.loops);
  const targets = [
    ...(reachable.length === ctx.loops.length ? [''] : []),
    ...reachable.map((l) => l.label).filter((l) => l !== ''),
  ];
  if (targets.length === 0) return g.expr.map((e) => `a = (a + ${e}) % 97;`);
  return fc
    .tuple(g.cond, fc.constantFrom(...targets))
    .map(([c, label]) => `if (${c}) ${kind}${label ? ` ${label}` : ''};`);
}

function statement(g: Gens, ctx: Ctx): fc.Arbitrary<string> {
  const v = fc.constantFrom(...VARS);
  const assign = fc.tuple(v, g.expr).map(([x, e]) => `${x} = (${e}) % 97;`);
  const compound = fc
    .tuple(v, fc.constantFrom('+=', '-='), fc.integer({ min: 1, max: 4 }))
    .map(([x, op, k]) => `${x} ${op} ${k};`);
  const field = fc
    .tuple(fc.constantFrom('s.x', 's.y', 'arr[0]', 'arr[1]'), g.expr)
    .map(([x, e]) => `${x} = (${e}) % 97;`);
  const fieldCompound = fc
    .tuple(fc.constantFrom('s.x', 's.y', 'arr[0]', 'arr[1]'), fc.integer({ min: 1, max: 3 }))
    .map(([x, k]) => `${x} += ${k};`);
  const local = fc.tuple(g.expr, v).map(([e, x]) => `{\nconst t = (${e}) % 97;\n${x} = (${x} + t) % 97;\n}`);
  const push = g.expr.map((e) => `st.push((${e}) % 97);`);
  const ternaryAssign = fc
    .tuple(v, g.cond, g.expr, g.expr)
    .map(([x, c, e1, e2]) => `${x} = (${c}) ? (${e1}) % 97 : (${e2}) % 97;`);
  const logicalAssign = fc
    .tuple(v, g.cond, g.cond)
    .map(([x, c1, c2]) => `if ((${c1}) && !(${c2}) || (${c2}) && !(${c1})) ${x} = (${x} + 1) % 97;`);
  const options: fc.Arbitrary<string>[] = [
    assign,
    assign,
    compound,
    field,
    fieldCompound,
    local,
    push,
    ternaryAssign,
    logicalAssign,
  ];
  if (ctx.loops.length > 0 && ctx.loops.at(-1)!.staged) options.push(jump(g, ctx, 'break'), jump(g, ctx, 'continue'));
  if (ctx.loops.every((l) => l.staged)) {
    options.push(g.cond.map((c) => `if (${c}) return ${RESULT};`));
    options.push(
      fc
        .tuple(g.cond, g.expr)
        .map(([c, e]) => `if (${c}) return [(${e}) % 97, b, c, s.x, s.y, arr[0], arr[1], st.length, box.st.length];`),
    );
  }
  if (ctx.depth < 3) {
    const inner: Ctx = { ...ctx, depth: ctx.depth + 1 };
    const id = ctx.loopId;
    const label = fc.constantFrom('', '', `L${id}`);
    const loopCtx = (label: string, staged = ctx.stagedN): Ctx => ({
      ...ctx,
      depth: ctx.depth + 1,
      loops: [...ctx.loops, { label, staged }],
      loopId: id + 1,
    });
    const labelled = (l: string, loop: string): string => (l ? `${l}: ${loop}` : loop);
    const k = `k${id}`;
    options.push(
      fc
        .tuple(g.cond, block(g, inner), fc.option(block(g, inner)))
        .map(([c, x, y]) => `if (${c}) {\n${x}\n}${y ? ` else {\n${y}\n}` : ''}`),
      label.chain((l) =>
        fc
          .tuple(g.cond, block(g, loopCtx(l)))
          .map(([c, x]) => `{\nlet ${k} = 0;\n${labelled(l, `while (${k} < n && (${c})) {\n${k} += 1;\n${x}\n}`)}\n}`),
      ),
      label.chain((l) =>
        block(g, loopCtx(l)).map((x) => labelled(l, `for (let ${k} = 0; ${k} < n; ${k}++) {\n${x}\n}`)),
      ),
      label.chain((l) =>
        fc
          .tuple(g.cond, block(g, loopCtx(l)))
          .map(
            ([c, x]) => `{\nlet ${k} = 0;\n${labelled(l, `do {\n${k} += 1;\n${x}\n} while (${k} < n && (${c}));`)}\n}`,
          ),
      ),
      label.chain((l) =>
        block(g, loopCtx(l, false)).map((x) => labelled(l, `for (let ${k} = 0; ${k} < 2; ${k}++) {\n${x}\n}`)),
      ),
      label.chain((l) =>
        block(g, loopCtx(l, true)).map((x) =>
          labelled(l, `for (const e${id} of l) {\na = (a + e${id}) % 97;\n${x}\n}`),
        ),
      ),
    );
  }
  return fc.oneof(...options);
}

function programBody(domain: Domain, stagedN: boolean): fc.Arbitrary<string> {
  const g = gens(domain);
  const prelude = 'const s = { x: a, y: b };\nconst arr = [c, a];\nconst st = [];\nconst box = { st };';
  return block(g, { depth: 0, loops: [], loopId: 0, stagedN }).map((b) => `${prelude}\n${b}\nreturn ${RESULT};`);
}

function inputsOf(domain: Domain, len: number, n: number): fc.Arbitrary<FuzzInputs> {
  // float32 inputs include -0, NaN and ±Infinity: exact in float32 and in JS numbers alike.
  const half = fc.integer({ min: -40, max: 40 }).map((k) => k / 2);
  const num = isFloat(domain)
    ? fc.oneof({ weight: 6, arbitrary: half }, { weight: 1, arbitrary: fc.constantFrom(-0, NaN, Infinity, -Infinity) })
    : fc.integer({ min: -20, max: 20 });
  const item: fc.Arbitrary<number | number[]> = isTensorDomain(domain)
    ? fc.array(num, { minLength: 3, maxLength: 3 })
    : num;
  return fc.record({
    a: item,
    b: item,
    c: item,
    n: fc.constant(n),
    l: fc.array(item, { minLength: len, maxLength: len }),
  });
}

/** A random program of `domain` (or of a random domain) with two sets of inputs of the same shapes. */
export function fuzzCase(domain?: Domain): fc.Arbitrary<FuzzCase> {
  const d = domain ? fc.constant(domain) : fc.constantFrom(...DOMAINS);
  return d.chain((dom) =>
    fc
      .record({
        len: fc.integer({ min: 1, max: 4 }),
        n: fc.integer({ min: 0, max: 4 }),
        n2: fc.integer({ min: 0, max: 4 }),
        stagedN: fc.boolean(),
      })
      .chain(({ len, n, n2, stagedN }) =>
        fc.record({
          domain: fc.constant(dom),
          body: programBody(dom, stagedN),
          stagedN: fc.constant(stagedN),
          // A JS-number n is part of the cache key: keep it equal so the second call hits the cache.
          inputs: fc.tuple(inputsOf(dom, len, n), inputsOf(dom, len, stagedN ? n2 : n)),
        }),
      ),
  );
}
