// A fast-check generator of random control-flow programs over int32 scalars: nested if/while/
// for/for…of with break/continue/return, over params a, b, c (ints), n (a loop bound) and l (a
// list). Values stay small (assignments are taken % 97), so JS numbers and int32 agree exactly.
import fc from 'fast-check';

const VARS = ['a', 'b', 'c'];

const atom = fc.oneof(fc.constantFrom(...VARS), fc.integer({ min: -3, max: 5 }).map(String));

const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('e'), fc.constantFrom('+', '-'), tie('e')).map(([x, op, y]) => `(${x} ${op} ${y})`),
    fc.tuple(tie('e'), fc.constantFrom(2, 3)).map(([x, k]) => `(${x} * ${k})`),
    fc.tuple(tie('e'), fc.constantFrom(2, 3, 5)).map(([x, k]) => `(${x} % ${k})`),
    fc.tuple(tie('e'), fc.constantFrom(2, 3)).map(([x, k]) => `Math.floor(${x} / ${k})`),
  ),
})).e;

const cond: fc.Arbitrary<string> = fc.letrec<{ c: string }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(expr, fc.constantFrom('>', '<', '>=', '<=', '==', '!='), expr).map(([x, op, y]) => `${x} ${op} ${y}`),
    fc.tuple(expr, fc.constantFrom(2, 3)).map(([x, k]) => `${x} % ${k} == 0`),
    tie('c').map((x) => `!(${x})`),
    fc.tuple(tie('c'), fc.constantFrom('&&', '||'), tie('c')).map(([x, op, y]) => `(${x}) ${op} (${y})`),
  ),
})).c;

interface Ctx {
  depth: number;
  inLoop: boolean;
  loopId: number;
}

function block(ctx: Ctx): fc.Arbitrary<string> {
  return fc.array(statement(ctx), { minLength: 1, maxLength: 3 }).map((ss) => ss.join('\n'));
}

function statement(ctx: Ctx): fc.Arbitrary<string> {
  const assign = fc.tuple(fc.constantFrom(...VARS), expr).map(([v, e]) => `${v} = (${e}) % 97;`);
  const compound = fc
    .tuple(fc.constantFrom(...VARS), fc.constantFrom('+=', '-='), fc.integer({ min: 1, max: 4 }))
    .map(([v, op, k]) => `${v} ${op} ${k};`);
  const options: fc.Arbitrary<string>[] = [assign, assign, compound];
  if (ctx.inLoop) {
    options.push(
      cond.map((c) => `if (${c}) break;`),
      cond.map((c) => `if (${c}) continue;`),
    );
  }
  options.push(
    cond.map((c) => `if (${c}) return [a, b, c];`),
    expr.map((e) => `if (${e} > 50) return [${e}, b, c];`),
  );
  if (ctx.depth < 3) {
    const inner = { depth: ctx.depth + 1, inLoop: ctx.inLoop, loopId: ctx.loopId };
    const loopInner = { depth: ctx.depth + 1, inLoop: true, loopId: ctx.loopId + 1 };
    const k = `k${ctx.loopId}`;
    options.push(
      fc
        .tuple(cond, block(inner), fc.option(block(inner)))
        .map(([c, x, y]) => `if (${c}) {\n${x}\n}${y ? ` else {\n${y}\n}` : ''}`),
      fc
        .tuple(cond, block(loopInner))
        .map(([c, x]) => `{\nlet ${k} = 0;\nwhile (${k} < n && (${c})) {\n${k} += 1;\n${x}\n}\n}`),
      block(loopInner).map((x) => `for (let ${k} = 0; ${k} < n; ${k}++) {\n${x}\n}`),
      block(loopInner).map((x) => `for (const e${ctx.loopId} of l) {\na = (a + e${ctx.loopId}) % 97;\n${x}\n}`),
    );
  }
  return fc.oneof(...options);
}

export const program: fc.Arbitrary<string> = block({ depth: 0, inLoop: false, loopId: 0 }).map(
  (b) => `${b}\nreturn [a, b, c];`,
);

export const inputs = fc.record({
  a: fc.integer({ min: -20, max: 20 }),
  b: fc.integer({ min: -20, max: 20 }),
  c: fc.integer({ min: -20, max: 20 }),
  n: fc.integer({ min: 0, max: 4 }),
  l: fc.array(fc.integer({ min: -5, max: 9 }), { minLength: 1, maxLength: 4 }),
});

export const PARAMS = ['a', 'b', 'c', 'n', 'l'];
