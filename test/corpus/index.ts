// The shared test corpus: the seed programs (seeds.ts) and the reference scenarios S1–S34
// (scenarios.ts), each written once, listed here with its reference name and the results it gives.
// Tests import the programs from here instead of keeping copies; where a copy has to stay literal
// text (an example, the checker's fixture project, a fixture app) copies.test.ts checks it against
// these, and source.ts gives a program's text to tests that write it into an app.
// Needs tfjs and src/ (for the scope). Produces the programs, `SEEDS`, `SCENARIOS`, `CORPUS_SCOPE`.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import * as D from './seeds.js';
import * as S from './scenarios.js';

export * from './seeds.js';
export * from './scenarios.js';

/** The free variables the programs read (`tf`, `ag`, `delta`): run-time conversion takes them as its scope. */
export const CORPUS_SCOPE = { tf, ag, delta: D.delta } as const;

/** One call and what it gives. */
export interface Run {
  readonly args: readonly unknown[];
  /** The result (compared with toEqual; read back from a tensor for a tensor run, within 1e-6). */
  readonly result: unknown;
  /** The lines it prints (console.log's arguments joined as console.log joins them), in order. */
  readonly printed?: readonly string[];
}

/** A call on tensors: each argument a JS number or array made a tensor of `dtype`. */
export interface TensorRun extends Run {
  readonly dtype: 'int32' | 'float32';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => unknown;

export interface Program {
  /**
   * The reference name: `S1` … `S34` (`S19b`, `S23b`: variants), or the seed's name in the reference
   * list (`square_if_positive`; `collatz_trunc`, `collatz_int32`: variants of collatz).
   */
  readonly name: string;
  readonly fn: AnyFn;
  /**
   * Plain JS (P mode): `fn(...args)` unconverted gives `result`, and so does the converted function on
   * the same JS values. Only for programs that read no free variable.
   */
  readonly plain?: readonly Run[];
  /** On tensors: the converted function on these tensors gives `result` (for programs that need tensors). */
  readonly tensors?: readonly TensorRun[];
}

const p = (name: string, fn: AnyFn, runs: Pick<Program, 'plain' | 'tensors'> = {}): Program => ({ name, fn, ...runs });
const r = (result: unknown, ...args: unknown[]): Run => ({ args, result });

/** The seed programs, by their reference names. */
export const SEEDS = {
  square_if_positive: p('square_if_positive', D.squareIfPositive, { plain: [r(81, 9), r(0, -2)] }),
  huber_loss: p('huber_loss', D.huberLoss, {
    tensors: [
      { dtype: 'float32', args: [0.5], result: 0.125 },
      { dtype: 'float32', args: [3], result: 2.5 },
    ],
  }),
  collatz: p('collatz', D.collatz, { plain: [r(111, 27), r(0, 1)] }),
  collatz_trunc: p('collatz_trunc', D.collatzTrunc, { plain: [r(111, 27), r(8, 6)] }),
  collatz_int32: p('collatz_int32', D.collatzInt32, { tensors: [{ dtype: 'int32', args: [27], result: 111 }] }),
  count_up: p('count_up', D.printLoop, {
    plain: [{ args: [2], result: 5, printed: ['3', '4', '5'] }, r(-1, -1), r(7, 7)],
  }),
  squares: p('squares', D.squares, { tensors: [{ dtype: 'int32', args: [5], result: [0, 1, 4, 9, 16] }] }),
  checked_square: p('checked_square', D.checkedSquare, { tensors: [{ dtype: 'float32', args: [3], result: 9 }] }),
  rnn: p('rnn', D.rnn),
} as const satisfies Record<string, Program>;

/** The reference scenarios, by id (S19b, S23b: the variants without the final return, the else). */
export const SCENARIOS = {
  S1: p('S1', S.s1, { plain: [r(0, 0), r(1, 1), r(11, 2)] }),
  S2: p('S2', S.s2, { plain: [r(0, []), r(12, [1, 2])] }),
  S3: p('S3', S.s3, { plain: [r(2, [1, 2])] }),
  S4: p('S4', S.s4, { plain: [r([2, 3], 1), r([0, undefined], 0)] }),
  S5: p('S5', S.s5, { plain: [r(6, [1, 2, 3, 4])] }),
  S6: p('S6', S.s6, { plain: [r(0, [1, 2, 3, 4]), r(6, [2, 4, 5, 6])] }),
  S7: p('S7', S.s7, { plain: [r(0, 4), r(4, 5)] }),
  S11: p('S11', S.s11, { plain: [r(1, [1, 2]), r(0, [])] }),
  S12: p('S12', S.s12, { plain: [r(-2, 3), r(3, 4), r(0, 0)] }),
  S14: p('S14', S.s14, { plain: [r(2, 0), r(1, 1)] }),
  S15: p('S15', S.s15, { plain: [r(1, true), r(undefined, false)] }),
  S16: p('S16', S.s16, { plain: [r(undefined, true), r(1, false)] }),
  S17: p('S17', S.s17, { plain: [r([null, 2], true), r([0, 1], false)] }),
  S18: p('S18', S.s18, { plain: [r(2, true), r(0, false)] }),
  S19: p('S19', S.s19, { plain: [r(1, true, true), r(2, true, false), r(2, false, true)] }),
  S19b: p('S19b', S.s19NoFinal, { plain: [r(1, true), r(undefined, false)] }),
  S21: p('S21', S.s21, { plain: [r(-1, -1), r(3, 3), r(36, 6)] }),
  S22: p('S22', S.s22, { plain: [{ args: [2], result: 2, printed: ['x 2'] }, r(1, -1)] }),
  S23: p('S23', S.s23, { plain: [r({ a: 1, b: 1 }, 1), r({ a: 0, b: -1 }, 0)] }),
  S23b: p('S23b', S.s23NoElse, { plain: [r({ a: 1, b: 1 }, 1), r({ a: 0 }, 0)] }),
  S28: p('S28', S.s28, { plain: [r([7, 0], 0), r([7, 12], 3)] }),
  S30: p('S30', S.s30, {
    plain: [
      r(
        [12, 34],
        [
          [1, 2],
          [3, 4],
        ],
      ),
    ],
  }),
  S32: p('S32', S.s32, { plain: [r(11.390625, 1)] }),
  S33: p('S33', S.s33),
  S34a: p('S34a', S.s34a),
  S34b: p('S34b', S.s34b),
} as const satisfies Record<string, Program>;

/** Every program of the corpus. */
export const PROGRAMS: readonly Program[] = [...Object.values(SEEDS), ...Object.values(SCENARIOS)];
