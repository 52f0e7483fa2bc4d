// fast-check generator of syntactically varied plain-JS function bodies for the converter-robustness
// test: destructuring with defaults, switch (with and without fall-through), try/catch/finally,
// do-while, labelled blocks, closures, optional chaining and ??, template strings, spread, compound
// and update operators, over params a, b (ints) and o (an object). Needs fast-check.
// Produces `syntaxBody`, `SYNTAX_PARAMS`.

import fc from 'fast-check';

export const SYNTAX_PARAMS = ['a', 'b', 'o'] as const;

const v = fc.constantFrom('a', 'b');
const small = fc.integer({ min: -3, max: 5 });
const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small' },
    v,
    small.map(String),
    fc
      .tuple(tie('e'), fc.constantFrom('+', '-', '*', '%', '&', '|', '^', '<<'), tie('e'))
      .map(([x, op, y]) => `((${x}) ${op} (${y === '0' ? 1 : y}))`),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([c, x, y]) => `((${c}) > 0 ? (${x}) : (${y}))`),
    fc.constantFrom(
      '(o?.x ?? 1)',
      '(o?.inner?.y ?? -1)',
      '(o.list?.[1] ?? 0)',
      '([a, b, ...(o.list ?? [])].length)',
      '(`${a}-${b}`.length)',
      '(Math.max(...[a, b, 2]))',
    ),
    tie('e').map((x) => `((q) => q * 2 + a)(${x})`),
  ),
})).e;

const stmt: fc.Arbitrary<string> = fc.letrec<{ s: string }>((tie) => ({
  s: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(v, expr).map(([x, e]) => `${x} = (${e}) % 1000;`),
    fc
      .tuple(v, fc.constantFrom('+=', '-=', '*=', '|=', '&=', '^=', '**='))
      .map(([x, op]) => `${x} ${op} ${op === '**=' ? 1 : 2}; ${x} %= 1000;`),
    v.map((x) => `${x}++; --${x};`),
    expr.map((e) => `{ const [p, q = 3, ...r] = [${e}, undefined, 1, 2]; a = (p + q + r.length) % 1000; }`),
    expr.map((e) => `{ const { x: p = 1, inner: { y: q = 2 } = {} } = o; b = (b + p + q + (${e})) % 1000; }`),
    fc
      .tuple(expr, tie('s'), tie('s'))
      .map(
        ([e, x, y]) =>
          `switch (((${e}) % 3 + 3) % 3) { case 0: ${x} break; case 1: { ${y} break; } default: a = a + 1; }`,
      ),
    fc
      .tuple(expr, tie('s'))
      .map(([e, x]) => `switch (((${e}) % 2 + 2) % 2) { case 0: ${x} case 1: b = b + 1; break; }`),
    fc
      .tuple(tie('s'), tie('s'))
      .map(
        ([x, y]) =>
          `try { ${x} if (a > 50) throw new RangeError('big'); } catch (err) { ${y} b = b + (err instanceof RangeError ? 1 : 2); } finally { a = a % 100; }`,
      ),
    tie('s').map((x) => `{ let k = 0; do { k++; ${x} } while (k < 3 && a < 40); }`),
    fc.tuple(expr, tie('s')).map(([e, x]) => `blk: { if ((${e}) > 2) break blk; ${x} }`),
    tie('s').map(
      (x) =>
        `outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 2; j++) { if (i + j > a % 4) continue outer; ${x} } }`,
    ),
    tie('s').map((x) => `for (const key in o) { if (typeof o[key] === 'number') { a = (a + o[key]) % 1000; } ${x} }`),
    fc.tuple(tie('s'), tie('s')).map(([x, y]) => `if (a > b) { ${x} } else if (a === b) { ${y} } else { b = b - 1; }`),
    expr.map(
      (e) =>
        `{ const f = function (z) { return z + b; }; const g = (...zs) => zs.reduce((s, z) => s + z, 0); a = (f(${e}) + g(1, 2, 3)) % 1000; }`,
    ),
    expr.map(
      (e) => `{ const acc = { n: 0, add(z) { this.n += z; return this; } }; b = acc.add(${e}).add(1).n % 1000; }`,
    ),
  ),
})).s;

/** A body over a, b, o of 1–4 statements that returns a value showing the state. */
export const syntaxBody: fc.Arbitrary<string> = fc
  .array(stmt, { minLength: 1, maxLength: 4 })
  .map((ss) => `${ss.join('\n')}\nreturn [a, b, \`\${a}:\${b}\`, o?.x ?? null];`);
