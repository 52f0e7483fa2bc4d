// fast-check generator of the fuzzer's `mixed` domain: scalar programs over float32 params a, c
// and an int32 param b (n bounds the loops), fed edge values (±0, NaN, ±Infinity, 2^24 ± 1, int32
// limits, denormals, the largest float32, halves), with true division, mixed int32/float32
// arithmetic, the integer-division idioms, bitwise operators and shifts, Math.*, and tests that
// read JS truthiness (`if (a)`, `while (k < n && c)`, `!b`, `a && b`, `x ? y : z`) besides
// comparisons. Each expression is generated twice: as the user writes it (`body`) and as the
// oracle (`reference`): the same JS with the documented rules of tensors made explicit — every
// float32 result rounded (F = Math.fround), every int32 result `| 0`, a JS literal meeting a
// float32 tensor rounded. Needs fast-check. Produces `mixedCase`, `MixedCase`, `MIXED_FLOATS`, `MIXED_INTS`.

import fc from 'fast-check';

/** The type a value has as a tensor: float32, int32, or bool (a comparison). */
type Ty = 'f' | 'i' | 'b';
interface E {
  readonly src: string;
  readonly ref: string;
  /** For `x / y`: its operands, and whether both are int32 (Math.floor/Math.trunc/| 0 of it are then exact int32 division). */
  readonly div?: { readonly x: E; readonly y: E; readonly int: boolean };
}

export interface MixedInputs {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly n: number;
}

export interface MixedCase {
  readonly domain: 'mixed';
  /** The body of `function prog(a, b, c, n) { … }`, as a user writes it. */
  readonly body: string;
  /** The same program with the tensor rules explicit (F = Math.fround in scope): the oracle. */
  readonly reference: string;
  /** n passed as an int32 tensor (staged loops) or as a JS number (loops unrolled at trace time). */
  readonly stagedN: boolean;
  readonly inputs: readonly [MixedInputs, MixedInputs];
}

export const MIXED_FLOATS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -2.5,
  3,
  7,
  -7,
  31,
  0.49999997,
  8388609,
  16777215,
  16777217,
  -16777217,
  2147483647,
  -2147483648,
  1.401298464324817e-45,
  -1.401298464324817e-45,
  1.1754942106924411e-38,
  3.4028234663852886e38,
  -3.4028234663852886e38,
  NaN,
  Infinity,
  -Infinity,
];
export const MIXED_INTS = [
  0, 1, -1, 2, -2, 3, -7, 31, 32, 33, 65536, 16777215, 16777217, -16777217, 2147483647, -2147483647, -2147483648,
];

const F = (r: string): string => `F(${r})`;
const I = (r: string): string => `((${r}) | 0)`;
const e = (src: string, ref: string): E => ({ src, ref });
const same = (s: string): E => e(s, s);

const FLOAT_LITERALS = ['0.5', '-1.5', '3', '16777217', '2147483647'];
const INT_LITERALS = ['1', '2', '-3', '7', '31', '65536', '2147483647'];

interface Gens {
  readonly f: fc.Arbitrary<E>;
  readonly i: fc.Arbitrary<E>;
  /** A comparison: a bool value. */
  readonly b: fc.Arbitrary<E>;
  /** A test read only for its truthiness (an if/while/ternary test, the operand of !). */
  readonly t: fc.Arbitrary<E>;
}

function gens(): Gens {
  const rec = fc.letrec<{ f: E; i: E; b: E; t: E }>((tie) => {
    const f = tie('f');
    const i = tie('i');
    const b = tie('b');
    const t = tie('t');
    const num = fc.oneof(f, i);
    const fl = fc.constantFrom(...FLOAT_LITERALS).map((l) => e(l, F(l)));
    const il = fc.constantFrom(...INT_LITERALS).map((l) => same(l));
    const fAtom = fc.constantFrom('a', 'c').map(same);
    // Not the loop counter k: eagerly it is a JS number, staged an int32 tensor (each as it should be).
    const iAtom = fc.constant(same('b'));
    const binF = (x: E, op: string, y: E, int = false): E => ({
      ...e(`(${x.src} ${op} ${y.src})`, F(`${x.ref} ${op} ${y.ref}`)),
      ...(op === '/' ? { div: { x, y, int } } : {}),
    });
    /**
     * A float32 Math.m(x). Math.floor/Math.trunc of an int32 quotient would be the converter's int32
     * division (the iExprs make those): here the quotient is multiplied by 1 first, a float32 operation.
     */
    const rounding = (m: string, x: E): E =>
      x.div?.int && (m === 'floor' || m === 'trunc')
        ? e(`Math.${m}(${x.src} * 1)`, F(`Math.${m}(${F(`${x.ref} * 1`)})`))
        : e(`Math.${m}(${x.src})`, F(`Math.${m}(${x.ref})`));
    const binI = (x: E, op: string, y: E): E => e(`(${x.src} ${op} ${y.src})`, I(`${x.ref} ${op} ${y.ref}`));
    const fExprs: fc.Arbitrary<E>[] = [
      fAtom,
      // float32 with anything numeric; int / int is true division.
      fc.tuple(f, fc.constantFrom('+', '-', '*', '/', '%'), num).map(([x, op, y]) => binF(x, op, y)),
      fc.tuple(i, fc.constantFrom('+', '-', '*', '/', '%'), f).map(([x, op, y]) => binF(x, op, y)),
      fc.tuple(i, i).map(([x, y]) => binF(x, '/', y, true)),
      fc.tuple(f, fc.constantFrom('+', '*', '-'), fl).map(([x, op, y]) => binF(x, op, y)),
      fc.tuple(i, fc.constantFrom('+', '*'), fc.constantFrom('0.5', '-1.5')).map(([x, op, l]) => binF(x, op, e(l, l))),
      fc
        .tuple(f, fc.constantFrom('abs', 'floor', 'ceil', 'round', 'trunc', 'sign', 'sqrt', 'exp', 'sin', 'fround'))
        .map(([x, m]) => rounding(m, x)),
      i.map((x) => e(`Math.fround(${x.src})`, F(x.ref))),
      fc
        .tuple(fc.constantFrom('max', 'min', 'atan2', 'pow'), f, num)
        .map(([m, x, y]) => e(`Math.${m}(${x.src}, ${y.src})`, F(`Math.${m}(${x.ref}, ${y.ref})`))),
      fc
        .tuple(f, num)
        .map(([x, y]) => e(`Math.floor(${x.src} / ${y.src})`, F(`Math.floor(${F(`${x.ref} / ${y.ref}`)})`))),
      f.map((x) => e(`(-${x.src})`, `(-${x.ref})`)),
      fc.tuple(t, f, f).map(([c, x, y]) => e(`(${c.src} ? ${x.src} : ${y.src})`, `(${c.ref} ? ${x.ref} : ${y.ref})`)),
      fc
        .tuple(f, fc.constantFrom('&&', '||'), f)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
    ];
    const iExprs: fc.Arbitrary<E>[] = [
      iAtom,
      fc.tuple(i, fc.constantFrom('+', '-', '*', '%'), fc.oneof(i, il)).map(([x, op, y]) => binI(x, op, y)),
      fc
        .tuple(i, fc.oneof(i, il), fc.constantFrom('floor', 'trunc', 'or'))
        .map(([x, y, m]) =>
          m === 'or'
            ? e(`((${x.src} / ${y.src}) | 0)`, I(`(${x.ref} / ${y.ref}) | 0`))
            : e(`Math.${m}(${x.src} / ${y.src})`, I(`Math.${m}(${x.ref} / ${y.ref})`)),
        ),
      fc
        .tuple(num, fc.constantFrom('&', '|', '^'), num)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
      // `x >>> 0` (a count of 0 mod 32) is refused on tensors: its uint32 result has no int32 value.
      fc.tuple(num, fc.constantFrom('<<', '>>', '>>>'), fc.integer({ min: 1, max: 40 })).map(([x, op, k]) => {
        const count = op === '>>>' && k % 32 === 0 ? k + 1 : k;
        return e(`(${x.src} ${op} ${count})`, `(${x.ref} ${op} ${count})`);
      }),
      fc
        .tuple(i, fc.constantFrom('<<', '>>'), i)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
      f.map((x) =>
        x.div?.int
          ? e(`(${x.src} | 0)`, `((${x.div.x.ref} / ${x.div.y.ref}) | 0)`)
          : e(`(${x.src} | 0)`, `(${x.ref} | 0)`),
      ),
      i.map((x) => e(`Math.abs(${x.src})`, I(`Math.abs(${x.ref})`))),
      i.map((x) => e(`(-${x.src})`, I(`-${x.ref}`))),
      i.map((x) => e(`(~${x.src})`, `(~${x.ref})`)),
      fc
        .tuple(fc.constantFrom('max', 'min'), i, i)
        .map(([m, x, y]) => e(`Math.${m}(${x.src}, ${y.src})`, `Math.${m}(${x.ref}, ${y.ref})`)),
      fc.tuple(t, i, i).map(([c, x, y]) => e(`(${c.src} ? ${x.src} : ${y.src})`, `(${c.ref} ? ${x.ref} : ${y.ref})`)),
      fc
        .tuple(i, fc.constantFrom('&&', '||'), i)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
    ];
    const bExprs: fc.Arbitrary<E>[] = [
      fc
        .tuple(num, fc.constantFrom('<', '<=', '>', '>=', '==', '!=', '===', '!=='), num)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
      // A literal meeting an int32 tensor stays an exact int32 (if it is one); meeting a float32 one, it is rounded.
      fc
        .tuple(f, fc.constantFrom('<', '>'), fl)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
      fc
        .tuple(i, fc.constantFrom('<', '>', '==='), il)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
    ];
    const tExprs: fc.Arbitrary<E>[] = [
      b,
      num, // truthiness of a number: NaN, 0 and -0 are false
      t.map((x) => e(`!${x.src}`, `!${x.ref}`)),
      fc
        .tuple(t, fc.constantFrom('&&', '||'), t)
        .map(([x, op, y]) => e(`(${x.src} ${op} ${y.src})`, `(${x.ref} ${op} ${y.ref})`)),
    ];
    return {
      f: fc.oneof({ depthSize: 'small', maxDepth: 3, withCrossShrink: true }, ...fExprs),
      i: fc.oneof({ depthSize: 'small', maxDepth: 3, withCrossShrink: true }, ...iExprs),
      b: fc.oneof({ depthSize: 'small', maxDepth: 3, withCrossShrink: true }, ...bExprs),
      t: fc.oneof({ depthSize: 'small', maxDepth: 3, withCrossShrink: true }, ...tExprs),
    };
  });
  return rec;
}

const RESULT = 'return [a, b, c];';

interface Ctx {
  readonly depth: number;
  /** Inside a loop (k is in scope and int32). */
  readonly inLoop: boolean;
  /** The innermost loop is staged, so `break` on a tensor test may leave it. */
  readonly staged: boolean;
  readonly stagedN: boolean;
}

function join(xs: readonly E[], sep = '\n'): E {
  return e(xs.map((x) => x.src).join(sep), xs.map((x) => x.ref).join(sep));
}

function block(ctx: Ctx): fc.Arbitrary<E> {
  return fc.array(statement(ctx), { minLength: 1, maxLength: ctx.depth === 0 ? 3 : 2 }).map((ss) => join(ss));
}

function statement(ctx: Ctx): fc.Arbitrary<E> {
  const g = gens();
  const options: fc.Arbitrary<E>[] = [
    fc.tuple(fc.constantFrom('a', 'c'), g.f).map(([v, x]) => e(`${v} = ${x.src};`, `${v} = ${x.ref};`)),
    g.i.map((x) => e(`b = ${x.src};`, `b = ${x.ref};`)),
    fc.tuple(fc.constantFrom('a', 'c'), g.f).map(([v, x]) => e(`${v} += ${x.src};`, `${v} = F(${v} + ${x.ref});`)),
  ];
  if (ctx.inLoop && ctx.staged) options.push(g.t.map((c) => e(`if (${c.src}) break;`, `if (${c.ref}) break;`)));
  if (ctx.depth < 2) {
    const inner: Ctx = { ...ctx, depth: ctx.depth + 1 };
    const loop: Ctx = { ...ctx, depth: ctx.depth + 1, inLoop: true, staged: ctx.stagedN };
    options.push(
      fc
        .tuple(g.t, block(inner), fc.option(block(inner)))
        .map(([c, x, y]) =>
          e(
            `if (${c.src}) {\n${x.src}\n}${y ? ` else {\n${y.src}\n}` : ''}`,
            `if (${c.ref}) {\n${x.ref}\n}${y ? ` else {\n${y.ref}\n}` : ''}`,
          ),
        ),
      // `k` of an outer loop is shadowed: each loop has its own counter.
      fc
        .tuple(g.t, block(loop))
        .map(([c, x]) =>
          e(
            `{\nlet k = 0;\nwhile (k < n && ${c.src}) {\nk += 1;\n${x.src}\n}\n}`,
            `{\nlet k = 0;\nwhile (k < n && ${c.ref}) {\nk += 1;\n${x.ref}\n}\n}`,
          ),
        ),
      block(loop).map((x) =>
        e(`for (let k = 0; k < n; k++) {\n${x.src}\n}`, `for (let k = 0; k < n; k++) {\n${x.ref}\n}`),
      ),
    );
  }
  return fc.oneof(...options);
}

function inputs(n: number): fc.Arbitrary<MixedInputs> {
  const float = fc.oneof(
    fc.constantFrom(...MIXED_FLOATS),
    fc.integer({ min: -40, max: 40 }).map((k) => k / 2),
  );
  const int = fc.oneof(fc.constantFrom(...MIXED_INTS), fc.integer({ min: -20, max: 20 }));
  return fc.record({ a: float, b: int, c: float, n: fc.constant(n) });
}

/** A random `mixed` program with two sets of inputs (the same n when n is a JS number). */
export function mixedCase(): fc.Arbitrary<MixedCase> {
  return fc
    .record({ n: fc.integer({ min: 0, max: 3 }), n2: fc.integer({ min: 0, max: 3 }), stagedN: fc.boolean() })
    .chain(({ n, n2, stagedN }) =>
      fc
        .record({
          domain: fc.constant('mixed' as const),
          program: block({ depth: 0, inLoop: false, staged: false, stagedN }),
          stagedN: fc.constant(stagedN),
          inputs: fc.tuple(inputs(n), inputs(stagedN ? n2 : n)),
        })
        .map(({ program, ...rest }) => ({
          ...rest,
          body: `${program.src}\n${RESULT}`,
          reference: `${program.ref}\n${RESULT}`,
        })),
    );
}
