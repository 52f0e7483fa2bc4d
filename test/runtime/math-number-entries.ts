// The rows of the Math/Number table (math-number-table.test.ts): the Math functions the operator
// table of test/semantics does not hold (imul, clz32, f16round) and Number.isNaN & co. with the
// globals isNaN and isFinite, each with the input dtypes it is checked on, its result dtype, and
// the edge values it needs beyond test/semantics/edge-values.ts. The oracle is plain JS on the
// dtype-rounded inputs (Math.f16round: its ES2025 definition where the host lacks it).
// Needs paths (DT). Produces `Entry`, `ENTRIES`, `f16round`.

import type { DT } from '../semantics/paths.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;

export interface Entry {
  readonly name: string;
  /** Converted for the tensor paths; the oracle on JS values (unless `oracle`). */
  readonly fn: (a: N, b: N) => unknown;
  readonly dtypes: readonly (readonly DT[])[];
  readonly result: DT;
  readonly oracle?: (a: N, b: N) => unknown;
  /** float32 values checked besides the edge values. */
  readonly extra?: readonly number[];
  /** Checked on the cpu backend only (a documented difference elsewhere: docs/limitations.md). */
  readonly cpuOnly?: true;
}

const F = ['float32'] as const;
const I = ['int32'] as const;
const B = ['bool'] as const;
const UNARY = [F, I, B];
const BINARY = [
  ['float32', 'float32'],
  ['int32', 'int32'],
  ['int32', 'float32'],
  ['float32', 'int32'],
  ['bool', 'bool'],
  ['bool', 'int32'],
] as const;

/** Safe-integer and float16 boundaries: 2^53 (the first unsafe float32 integer), 65504 (the largest float16), 65520 (its overflow), 2^-14, 2^-24 and ties. */
const NUMBER_EDGES = [
  2 ** 53,
  -(2 ** 53),
  2 ** 53 - 2 ** 29,
  2 ** 31 + 2 ** 8,
  -(2 ** 40),
  1e30,
  65504,
  -65504,
  65519.99609375,
  65520,
  2048.5,
  2049,
  2051,
  -2049,
  1 + 2 ** -11,
  1 + 3 * 2 ** -11,
  2 ** -14,
  2 ** -14 - 2 ** -25,
  2 ** -24,
  2 ** -25,
  3 * 2 ** -25,
  -(2 ** -25),
  2 ** -26,
  0.1,
  1e-7,
  1e-8,
];

/** Math.f16round as ES2025 defines it: the nearest float16, ties to even; ±Infinity from 65520 on. */
export function f16round(x: number): number {
  const native = (Math as unknown as { f16round?: (v: number) => number }).f16round;
  if (native) return native(x);
  if (Number.isNaN(x) || !Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  if (a >= 65520) return x > 0 ? Infinity : -Infinity;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  const q = 2 ** Math.max(e - 10, -24);
  let n = Math.floor(a / q);
  const rest = a / q - n;
  if (rest > 0.5 || (rest === 0.5 && n % 2 === 1)) n++;
  return x > 0 ? n * q : -(n * q);
}

export const ENTRIES: readonly Entry[] = [
  { name: 'Math.imul(a, b)', fn: (a, b) => Math.imul(a, b), dtypes: BINARY, result: 'int32' },
  {
    name: 'Math.imul(a, -1640531535)',
    fn: (a) => Math.imul(a, -1640531535),
    dtypes: UNARY,
    result: 'int32',
    extra: NUMBER_EDGES,
  },
  { name: 'Math.imul(a, a)', fn: (a) => Math.imul(a, a), dtypes: UNARY, result: 'int32' },
  { name: 'Math.clz32(a)', fn: (a) => Math.clz32(a), dtypes: UNARY, result: 'int32', extra: NUMBER_EDGES },
  { name: 'Math.clz32(a << 7)', fn: (a) => Math.clz32(a << 7), dtypes: [I], result: 'int32' },
  // The host's Math.f16round where it has one (ES2025); the converted call is staged either way.
  {
    name: 'Math.f16round(a)',
    fn: (a) => (Math as unknown as { f16round(v: number): number }).f16round(a),
    oracle: (a) => f16round(a),
    dtypes: UNARY,
    result: 'float32',
    extra: NUMBER_EDGES,
  },
  { name: 'Number.isNaN(a)', fn: (a) => Number.isNaN(a), dtypes: UNARY, result: 'bool', extra: NUMBER_EDGES },
  { name: 'Number.isFinite(a)', fn: (a) => Number.isFinite(a), dtypes: UNARY, result: 'bool', extra: NUMBER_EDGES },
  { name: 'Number.isInteger(a)', fn: (a) => Number.isInteger(a), dtypes: UNARY, result: 'bool', extra: NUMBER_EDGES },
  {
    name: 'Number.isSafeInteger(a)',
    fn: (a) => Number.isSafeInteger(a),
    dtypes: UNARY,
    result: 'bool',
    extra: NUMBER_EDGES,
  },
  { name: 'isNaN(a)', fn: (a) => isNaN(a), dtypes: UNARY, result: 'bool', extra: NUMBER_EDGES },
  { name: 'isFinite(a)', fn: (a) => isFinite(a), dtypes: UNARY, result: 'bool', extra: NUMBER_EDGES },
  // The quotient is a float32 value (rounded), as every float32 operation's result is; off the cpu
  // backend an int32 beyond 2^24 is rounded to float32 before it is divided (docs/limitations.md).
  {
    name: 'Number.isInteger(a / b)',
    fn: (a, b) => Number.isInteger(a / b),
    oracle: (a, b) => Number.isInteger(Math.fround(a / b)),
    dtypes: [
      ['float32', 'float32'],
      ['int32', 'int32'],
    ],
    result: 'bool',
    cpuOnly: true,
  },
];
