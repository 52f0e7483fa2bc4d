// A corpus of real-world-style JS functions for the converter-robustness test: string handling,
// closures, classes, destructuring, defaults, spread, try/catch, switch, labelled loops, getters,
// regexes, optional chaining, generators and more. Each is self-contained (no free variables
// besides JS globals) and comes with argument lists to call it with. Produces `CORPUS`.
// @ts-nocheck -- plain JS on purpose (switch fall-through, loose types)
/* eslint-disable */

export interface CorpusEntry {
  readonly name: string;
  readonly fn: (...args: any[]) => unknown;
  readonly args: readonly unknown[][];
}

const e = (name: string, fn: (...args: any[]) => unknown, ...args: unknown[][]): CorpusEntry => ({ name, fn, args });

export const CORPUS: readonly CorpusEntry[] = [
  e('camelCase', (s: string) => s.replace(/[-_ ]+(\w)/g, (_, c) => c.toUpperCase()), ['foo-bar baz_qux'], ['']),
  e(
    'wordCount',
    (s: string) => {
      const counts: Record<string, number> = {};
      for (const w of s.toLowerCase().split(/\W+/)) if (w) counts[w] = (counts[w] ?? 0) + 1;
      return counts;
    },
    ['the cat and the hat'],
    [''],
  ),
  e('reverseWords', (s: string) => s.split(' ').reverse().join(' '), ['a b c']),
  e(
    'padTable',
    (rows: string[][]) => {
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')).join('\n');
    },
    [
      [
        ['a', 'bb'],
        ['ccc', 'd'],
      ],
    ],
  ),
  e(
    'counterClosure',
    (n: number) => {
      const make = () => {
        let c = 0;
        return () => ++c;
      };
      const inc = make();
      let last = 0;
      for (let i = 0; i < n; i++) last = inc();
      return last;
    },
    [3],
    [0],
  ),
  e(
    'memoFib',
    (n: number) => {
      const memo = new Map<number, number>();
      const fib = (k: number): number =>
        k < 2 ? k : (memo.get(k) ?? (memo.set(k, fib(k - 1) + fib(k - 2)), memo.get(k)!));
      return fib(n);
    },
    [20],
    [1],
  ),
  e(
    'classStack',
    (xs: number[]) => {
      class Stack {
        items: number[] = [];
        push(x: number) {
          this.items.push(x);
          return this;
        }
        get size() {
          return this.items.length;
        }
        pop() {
          return this.items.pop();
        }
      }
      const s = new Stack();
      for (const x of xs) s.push(x);
      return [s.size, s.pop(), s.size];
    },
    [[1, 2, 3]],
    [[]],
  ),
  e(
    'classInheritance',
    (r: number) => {
      class Shape {
        area() {
          return 0;
        }
        describe() {
          return `${this.constructor.name}:${this.area().toFixed(2)}`;
        }
      }
      class Circle extends Shape {
        constructor(private r: number) {
          super();
        }
        override area() {
          return Math.PI * this.r ** 2;
        }
      }
      return new Circle(r).describe();
    },
    [2],
  ),
  e(
    'staticAndPrivate',
    (n: number) => {
      class Id {
        static #next = 0;
        #id: number;
        constructor() {
          this.#id = Id.#next++;
        }
        get id() {
          return this.#id;
        }
      }
      return Array.from({ length: n }, () => new Id().id);
    },
    [3],
  ),
  e(
    'destructuring',
    ({ a, b: [c, ...rest], d = 5 }: any) => [a, c, rest, d],
    [{ a: 1, b: [2, 3, 4] }],
    [{ a: 0, b: [9], d: 1 }],
  ),
  e('defaultParams', (a: number, b = a * 2, c = b + 1) => [a, b, c], [1], [1, 5], [1, 5, 0]),
  e(
    'restAndSpread',
    (...xs: number[]) => {
      const ys = [0, ...xs, 9];
      return Math.max(...ys) + ys.length;
    },
    [1, 2],
    [],
  ),
  e('objectSpread', (o: object) => ({ ...o, extra: true, ...{ x: 1 } }), [{ x: 0, y: 2 }]),
  e(
    'tryCatchFinally',
    (s: string) => {
      const log: string[] = [];
      try {
        log.push('try');
        JSON.parse(s);
        log.push('parsed');
      } catch (err) {
        log.push(`catch:${(err as Error).name}`);
      } finally {
        log.push('finally');
      }
      return log;
    },
    ['{"a":1}'],
    ['{bad'],
  ),
  e(
    'throwsTypeError',
    (x: unknown) => {
      if (typeof x !== 'number') throw new TypeError('not a number');
      return x * 2;
    },
    [3],
    ['a'],
  ),
  e(
    'switchFallthrough',
    (n: number) => {
      const out: string[] = [];
      switch (n) {
        case 0:
          out.push('zero');
        case 1:
          out.push('one');
          break;
        case 2: {
          out.push('two');
          break;
        }
        default:
          out.push('many');
      }
      return out;
    },
    [0],
    [1],
    [2],
    [7],
  ),
  e(
    'switchReturn',
    (s: string) => {
      switch (s) {
        case 'a':
          return 1;
        case 'b':
          return 2;
        default:
          return -1;
      }
    },
    ['a'],
    ['b'],
    ['z'],
  ),
  e(
    'labelledLoops',
    (grid: number[][], target: number) => {
      let found: number[] | null = null;
      outer: for (let i = 0; i < grid.length; i++) {
        for (let j = 0; j < grid[i]!.length; j++) {
          if (grid[i]![j] === target) {
            found = [i, j];
            break outer;
          }
          if (grid[i]![j]! < 0) continue outer;
        }
      }
      return found;
    },
    [
      [
        [1, 2],
        [-1, 5],
        [3, 4],
      ],
      4,
    ],
    [[[1]], 9],
  ),
  e(
    'doWhile',
    (n: number) => {
      let i = 0;
      let s = 0;
      do {
        s += i;
        i++;
      } while (i < n);
      return s;
    },
    [5],
    [0],
  ),
  e(
    'getterSetter',
    (v: number) => {
      const o = {
        _v: 0,
        get v() {
          return this._v * 2;
        },
        set v(x: number) {
          this._v = x + 1;
        },
      };
      o.v = v;
      return o.v;
    },
    [3],
  ),
  e(
    'regexGroups',
    (s: string) => {
      const m = /(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})/.exec(s);
      return m ? [m.groups!.y, m.groups!.m, m.groups!.d].map(Number) : null;
    },
    ['on 2026-12-02 ok'],
    ['none'],
  ),
  e('regexGlobal', (s: string) => [...s.matchAll(/[aeiou]/g)].map((m) => m.index), ['education']),
  e(
    'optionalChaining',
    (o: any) => [o?.a?.b, o?.list?.[1], o?.fn?.(), o?.a?.b ?? 'default'],
    [{ a: { b: 1 }, list: [1, 2], fn: () => 3 }],
    [null],
    [{}],
  ),
  e(
    'nullishAssign',
    (o: any) => {
      o.x ??= 1;
      o.y ||= 2;
      o.z &&= 3;
      return o;
    },
    [{ z: 5 }],
    [{ x: 0, y: 0, z: 0 }],
  ),
  e(
    'generator',
    (n: number) => {
      function* g() {
        for (let i = 0; i < n; i++) yield i * i;
      }
      return [...g()];
    },
    [4],
  ),
  e(
    'asyncFunctionCreated',
    (n: number) => {
      const f = async () => n;
      return typeof f;
    },
    [1],
  ),
  e(
    'arrowThis',
    (n: number) => {
      const o = {
        n,
        get() {
          return [1, 2].map(() => (this === undefined ? 'u' : typeof this));
        },
      };
      return o.get();
    },
    [1],
  ),
  e(
    'arrayMethods',
    (xs: number[]) =>
      xs
        .filter((x) => x % 2)
        .map((x) => x * x)
        .reduce((a, b) => a + b, 0),
    [[1, 2, 3, 4, 5]],
  ),
  e(
    'sortComparator',
    (xs: { n: string; a: number }[]) => [...xs].sort((p, q) => q.a - p.a || p.n.localeCompare(q.n)).map((x) => x.n),
    [
      [
        { n: 'b', a: 1 },
        { n: 'a', a: 1 },
        { n: 'c', a: 3 },
      ],
    ],
  ),
  e(
    'forInKeys',
    (o: Record<string, number>) => {
      const ks: string[] = [];
      for (const k in o) if (o[k]! > 0) ks.push(k);
      return ks;
    },
    [{ a: 1, b: -1, c: 2 }],
  ),
  e(
    'whileWithBreakContinue',
    (xs: number[]) => {
      let i = 0;
      let s = 0;
      while (true) {
        if (i >= xs.length) break;
        const x = xs[i++]!;
        if (x < 0) continue;
        s += x;
      }
      return s;
    },
    [[1, -2, 3, -4, 5]],
  ),
  e(
    'ternaryChains',
    (n: number) => (n < 0 ? 'neg' : n === 0 ? 'zero' : n < 10 ? 'small' : 'big'),
    [-1],
    [0],
    [5],
    [50],
  ),
  e(
    'bitwiseHash',
    (s: string) => {
      let h = 0;
      for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
      return h >>> 0;
    },
    ['hello world'],
  ),
  e(
    'typedArrays',
    (n: number) => {
      const a = new Float32Array(n);
      for (let i = 0; i < n; i++) a[i] = i / 3;
      return Array.from(a);
    },
    [4],
  ),
  e('dateFormatting', (t: number) => new Date(t).toISOString().slice(0, 10), [0], [1_700_000_000_000]),
  e('jsonRoundTrip', (o: unknown) => JSON.parse(JSON.stringify(o, (k, v) => (typeof v === 'number' ? v * 10 : v))), [
    { a: 1, b: [2, { c: 3 }] },
  ]),
  e(
    'setsAndMaps',
    (xs: number[]) => {
      const s = new Set(xs);
      const m = new Map([...s].map((x) => [x, x * 2] as const));
      return [s.size, [...m.values()]];
    },
    [[1, 1, 2, 3, 3]],
  ),
  e(
    'compoundOps',
    (a: number) => {
      let x = a;
      x += 3;
      x *= 2;
      x -= 1;
      x /= 3;
      x **= 2;
      x %= 7;
      x <<= 1;
      x >>= 1;
      x |= 4;
      x &= 13;
      x ^= 1;
      return x;
    },
    [5],
    [-3],
  ),
  e(
    'updateExpressions',
    (n: number) => {
      let i = n;
      const a = [i++, ++i, i--, --i];
      return [a, i];
    },
    [2],
  ),
  e(
    'commaAndVoid',
    (n: number) => {
      let a = 0;
      const b = (a++, a++, a * n);
      return [a, b, void 0];
    },
    [3],
  ),
  e(
    'typeofAndInstanceof',
    (x: unknown) => [typeof x, x instanceof Array, Array.isArray(x), x === null],
    [[1]],
    [null],
    ['s'],
    [1],
  ),
  e(
    'recursiveNamed',
    function fact(n: number): number {
      return n <= 1 ? 1 : n * fact(n - 1);
    },
    [5],
    [1],
  ),
  e(
    'nestedFunctionsHoisting',
    (n: number) => {
      return helper(n) + 1;
      function helper(k: number) {
        return k * 2;
      }
    },
    [4],
  ),
  e(
    'closuresInLoops',
    (n: number) => {
      const fs: (() => number)[] = [];
      for (const i of [0, 1, 2].slice(0, n)) fs.push(() => i);
      return fs.map((f) => f());
    },
    [3],
  ),
  e(
    'stringTemplates',
    (name: string, n: number) => `Hello ${name.toUpperCase()}, you have ${n} ${n === 1 ? 'message' : 'messages'}`,
    ['ana', 1],
    ['bo', 3],
  ),
  e(
    'earlyReturns',
    (xs: number[]) => {
      if (!xs.length) return 'empty';
      for (const x of xs) {
        if (x > 100) return `big ${x}`;
      }
      return 'ok';
    },
    [[]],
    [[1, 200]],
    [[1, 2]],
  ),
  e(
    'exceptionsInLoops',
    (xs: string[]) => {
      const out: (number | string)[] = [];
      for (const x of xs) {
        try {
          out.push(JSON.parse(x));
        } catch {
          out.push('bad');
        }
      }
      return out;
    },
    [['1', 'x', '[2]']],
  ),
  e(
    'symbolsAndIterators',
    (n: number) => {
      const it = {
        [Symbol.iterator]: function* () {
          for (let i = 0; i < n; i++) yield i;
        },
      };
      return Array.from(it);
    },
    [3],
  ),
  e(
    'numberEdgeCases',
    (x: number) => [
      x / 0,
      -x / 0,
      0 / 0 === 0 / 0,
      Object.is(-0, 0),
      Math.round(-0.5),
      (0.1 + 0.2).toFixed(10),
      x % -3,
    ],
    [7],
    [-7],
  ),
  // Found by the generated-syntax test: for…in inside try iterated the indexes of its key array.
  e(
    'forInInsideTry',
    (o: Record<string, number>) => {
      let s = 0;
      const ks: string[] = [];
      try {
        for (const k in o) {
          ks.push(k);
          s += o[k]!;
        }
      } finally {
        s = -s;
      }
      return [s, ks];
    },
    [{ a: 1, b: 2 }],
    [{}],
  ),
  e(
    'argumentsObject',
    function (this: unknown, a: number) {
      return [arguments.length, a];
    },
    [1],
    [1, 2, 3],
  ),
];
