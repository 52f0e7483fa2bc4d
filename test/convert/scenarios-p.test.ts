// The reference scenarios and seed programs of test/corpus in P mode: each program run unconverted
// and through toGraph on JS values gives the same result, the one the corpus records, printing the
// same lines; plus converted programs run eagerly on concrete tensors.
import { format } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { toGraph } from '../../src/api/to-graph.js';
import * as S from '../corpus/index.js';

const scope = S.CORPUS_SCOPE;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...a: any[]) => unknown;
const conv = (f: Fn) => toGraph(f, { scope });

describe('SCENARIOS, P mode: toGraph(fn) on JS values behaves like fn', () => {
  for (const program of S.PROGRAMS.filter((x) => x.plain)) {
    it(program.name, () => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      // The result of a call and the lines it printed (converted, console.log is a print of one line).
      const printing = (call: () => unknown) => {
        log.mockClear();
        const result = call();
        return { result, printed: log.mock.calls.map((args) => format(...args)) };
      };
      try {
        for (const run of program.plain!) {
          const plain = printing(() => program.fn(...run.args));
          expect(printing(() => conv(program.fn)(...run.args))).toEqual(plain);
          expect(plain).toEqual({ result: run.result, printed: run.printed ?? [] });
        }
      } finally {
        log.mockRestore();
      }
    });
  }
});

describe('converted code run eagerly on concrete tensors reads their values', () => {
  const val = (x: unknown) => (x instanceof tf.Tensor ? x.arraySync() : x);
  it('square_if_positive, huber_loss, collatz', () => {
    expect(val(conv(S.squareIfPositive)(tf.scalar(9)))).toBe(81);
    expect(val(conv(S.squareIfPositive)(tf.scalar(-2)))).toBe(0);
    expect(val(conv(S.huberLoss)(tf.scalar(0.5)))).toBeCloseTo(0.125);
    expect(val(conv(S.huberLoss)(tf.scalar(3)))).toBeCloseTo(2.5);
    // The counter stays a JS number eagerly (only `a` is a tensor), as in TF eager mode.
    expect(val(conv(S.collatz)(tf.scalar(27, 'int32')))).toBe(111);
  });
  it('for…of over a tensor iterates its first dimension', () => {
    expect(val(conv(S.s2)(tf.tensor1d([1, 2], 'int32')))).toBe(12);
    expect(val(conv(S.s6)(tf.tensor1d([2, 4, 5, 6], 'int32')))).toBe(6);
    expect(val(conv(S.s5)(tf.tensor1d([1, 2, 3, 4], 'int32')))).toBe(6);
  });
  it('int32 stays int32 under weak typing', () => {
    const r = conv(S.s1)(tf.scalar(2, 'int32')) as unknown;
    // i starts as a JS number; i * 10 + 1 stays a number until compared with the tensor n.
    expect(r).toBe(11);
    const x = conv(S.squareIfPositive)(tf.scalar(3, 'int32')) as tf.Tensor;
    expect(x.dtype).toBe('int32');
  });
});
