// The operator × edge-value table: every operator and Math.* function the converter maps
// (src/convert/passes/operators.ts BINARY_OPS, MATH_FUNCTIONS, the integer-division idioms, unary
// and update operators), with the input dtypes it is checked on, the dtype of its result, and its
// JS oracle where that is not the function itself. The rules of docs/guide.md ("JavaScript
// semantics on tensors") say what the oracle is: the JS value on the dtype-rounded inputs, stored
// in the result's dtype (float32: Math.fround, int32: `| 0`), each float32 operation rounded.
// Needs paths (DT). Produces `OpEntry`, `OPERATORS`, `resultDType`.

import type { DT } from './paths.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = any;
type Kind = 'arith' | 'float' | 'bool' | 'int' | 'keep';

export interface OpEntry {
  readonly name: string;
  /** Converted for the tensor paths, called as it is on JS values for the oracle (unless `oracle`). */
  readonly fn: (a: N, b: N) => unknown;
  readonly arity: 1 | 2;
  /** The input dtype combinations checked (one per operand). */
  readonly dtypes: readonly (readonly DT[])[];
  /** How the result dtype follows from the inputs' (see resultDType). */
  readonly kind: Kind;
  /** The oracle where a documented rule differs from applying `fn` to JS numbers (`float`: an operand is float32). */
  readonly oracle?: (a: N, b: N, float: boolean) => unknown;
  /** float32 results may differ from the oracle by this many units in the last place (documented). */
  readonly ulps?: number;
}

const F = ['float32'] as const;
const I = ['int32'] as const;
const B = ['bool'] as const;
const FF = ['float32', 'float32'] as const;
const II = ['int32', 'int32'] as const;
const BB = ['bool', 'bool'] as const;
const IF = ['int32', 'float32'] as const;
const BI = ['bool', 'int32'] as const;
const FI = ['float32', 'int32'] as const;
const UNARY: readonly (readonly DT[])[] = [F, I, B];
const BINARY: readonly (readonly DT[])[] = [FF, II, IF, FI, BB];

/** The result dtype: arithmetic keeps int32 unless a float32 meets it (bools count as int32). */
export function resultDType(kind: Kind, inputs: readonly DT[]): DT {
  switch (kind) {
    case 'float':
      return 'float32';
    case 'bool':
      return 'bool';
    case 'int':
      return 'int32';
    case 'arith':
    case 'keep':
      return inputs.includes('float32') ? 'float32' : 'int32';
  }
}

const f = Math.fround;
const bin = (name: string, fn: OpEntry['fn'], kind: Kind, dtypes = BINARY, extra: Partial<OpEntry> = {}): OpEntry => ({
  name,
  fn,
  arity: 2,
  dtypes,
  kind,
  ...extra,
});
const un = (name: string, fn: OpEntry['fn'], kind: Kind, dtypes = UNARY, extra: Partial<OpEntry> = {}): OpEntry => ({
  name,
  fn,
  arity: 1,
  dtypes,
  kind,
  ...extra,
});

export const OPERATORS: readonly OpEntry[] = [
  // Arithmetic.
  bin('a + b', (a, b) => a + b, 'arith'),
  bin('a - b', (a, b) => a - b, 'arith'),
  bin('a * b', (a, b) => a * b, 'arith'),
  bin('a / b', (a, b) => a / b, 'float'),
  bin('a % b', (a, b) => a % b, 'arith'),
  bin('a ** b', (a, b) => a ** b, 'arith'),
  // JS numbers meeting a tensor take its dtype; a float literal meeting a float32 tensor is rounded to float32.
  un('a % Infinity', (a) => a % Infinity, 'keep', [F]),
  un('a * 1.5', (a) => a * 1.5, 'float', [F, I]),
  un('a + 0.5', (a) => a + 0.5, 'float', [F, I]),
  un('a * 0.1', (a) => a * 0.1, 'float', [F, I], { oracle: (a) => a * f(0.1) }),
  un('a - 2147483648', (a) => a - 2147483648, 'float', [F, I]),
  // Comparisons.
  bin('a < b', (a, b) => a < b, 'bool'),
  bin('a <= b', (a, b) => a <= b, 'bool'),
  bin('a > b', (a, b) => a > b, 'bool'),
  bin('a >= b', (a, b) => a >= b, 'bool'),
  bin('a == b', (a, b) => a == b, 'bool', [...BINARY, BI]), // eslint-disable-line eqeqeq
  bin('a != b', (a, b) => a != b, 'bool', [...BINARY, BI]), // eslint-disable-line eqeqeq
  bin('a === b', (a, b) => a === b, 'bool', [...BINARY, BI]),
  bin('a !== b', (a, b) => a !== b, 'bool', [...BINARY, BI]),
  // Bitwise: ToInt32 of each operand, an int32 result, shift counts mod 32.
  bin('a & b', (a, b) => a & b, 'int'),
  bin('a | b', (a, b) => a | b, 'int'),
  bin('a ^ b', (a, b) => a ^ b, 'int'),
  bin('a << b', (a, b) => a << b, 'int'),
  bin('a >> b', (a, b) => a >> b, 'int'),
  un('a | 0', (a) => a | 0, 'int'),
  un('a >> 31', (a) => a >> 31, 'int'),
  un('a << 31', (a) => a << 31, 'int'),
  un('a >> 33', (a) => a >> 33, 'int'),
  un('a >>> 1', (a) => a >>> 1, 'int'),
  un('a >>> 31', (a) => a >>> 31, 'int'),
  un('5 >> a', (a) => 5 >> a, 'int', [I, F]),
  // Unary and update operators.
  un('-a', (a) => -a, 'keep'),
  un('+a', (a) => +a, 'keep'),
  un('~a', (a) => ~a, 'int'),
  un('++a', (a) => ++a, 'keep'),
  un('--a', (a) => --a, 'keep'),
  // Integer division idioms: exact int32 division; on float32 the quotient is rounded first.
  bin('Math.floor(a / b)', (a, b) => Math.floor(a / b), 'arith', BINARY, {
    oracle: (a, b, fl) => Math.floor(quotient(a, b, fl)),
  }),
  bin('Math.trunc(a / b)', (a, b) => Math.trunc(a / b), 'arith', BINARY, {
    oracle: (a, b, fl) => Math.trunc(quotient(a, b, fl)),
  }),
  bin('(a / b) | 0', (a, b) => (a / b) | 0, 'int', BINARY, { oracle: (a, b, fl) => quotient(a, b, fl) | 0 }),
  // Math.*.
  un('Math.acos(a)', (a) => Math.acos(a), 'float'),
  un('Math.acosh(a)', (a) => Math.acosh(a), 'float'),
  un('Math.asin(a)', (a) => Math.asin(a), 'float'),
  un('Math.asinh(a)', (a) => Math.asinh(a), 'float'),
  un('Math.atan(a)', (a) => Math.atan(a), 'float'),
  un('Math.atanh(a)', (a) => Math.atanh(a), 'float'),
  un('Math.cos(a)', (a) => Math.cos(a), 'float'),
  un('Math.cosh(a)', (a) => Math.cosh(a), 'float'),
  un('Math.exp(a)', (a) => Math.exp(a), 'float'),
  un('Math.expm1(a)', (a) => Math.expm1(a), 'float'),
  un('Math.log(a)', (a) => Math.log(a), 'float'),
  un('Math.log1p(a)', (a) => Math.log1p(a), 'float'),
  un('Math.sin(a)', (a) => Math.sin(a), 'float'),
  un('Math.sinh(a)', (a) => Math.sinh(a), 'float'),
  un('Math.sqrt(a)', (a) => Math.sqrt(a), 'float'),
  un('Math.tan(a)', (a) => Math.tan(a), 'float'),
  un('Math.tanh(a)', (a) => Math.tanh(a), 'float'),
  un('Math.fround(a)', (a) => Math.fround(a), 'float'),
  un('Math.abs(a)', (a) => Math.abs(a), 'keep'),
  un('Math.ceil(a)', (a) => Math.ceil(a), 'keep'),
  un('Math.floor(a)', (a) => Math.floor(a), 'keep'),
  un('Math.round(a)', (a) => Math.round(a), 'keep'),
  un('Math.trunc(a)', (a) => Math.trunc(a), 'keep'),
  un('Math.sign(a)', (a) => Math.sign(a), 'keep'),
  // No tfjs kernel: composed of float32 operations (docs/guide.md).
  un('Math.cbrt(a)', (a) => Math.cbrt(a), 'float', UNARY, { ulps: 1 }),
  un('Math.log2(a)', (a) => Math.log2(a), 'float', UNARY, { ulps: 1 }),
  un('Math.log10(a)', (a) => Math.log10(a), 'float', UNARY, { ulps: 2 }),
  bin('Math.hypot(a, b)', (a, b) => Math.hypot(a, b), 'float', BINARY, { ulps: 2 }),
  bin('Math.atan2(a, b)', (a, b) => Math.atan2(a, b), 'float'),
  bin('Math.pow(a, b)', (a, b) => Math.pow(a, b), 'arith'),
  bin('Math.max(a, b)', (a, b) => Math.max(a, b), 'arith'),
  bin('Math.min(a, b)', (a, b) => Math.min(a, b), 'arith'),
  bin('Math.max(a, b, 0.5)', (a, b) => Math.max(a, b, 0.5), 'float', [FF, IF]),
];

/** a / b as the idioms compute it: exact for int32 operands, rounded to float32 when one is float32. */
function quotient(a: number, b: number, float: boolean): number {
  return float ? f(a / b) : a / b;
}
