// Staged print and assert: they act on every call, in program order, on both executors.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { capturePrintedLines } from '../helpers/print-capture.js';
import { AutographError } from '../../src/errors/ag-error.js';

const lines = capturePrintedLines();
beforeAll(async () => {
  await tf.setBackend('cpu');
});

const COMBOS = (['cpu', 'wasm'] as const).flatMap((tfBackend) =>
  (['compiled', 'interpreter'] as const).map((executor) => ({ tfBackend, executor })),
);

describe.each(COMBOS)('effects on $tfBackend with the $executor executor', ({ tfBackend, executor }) => {
  beforeAll(async () => {
    await tf.setBackend(tfBackend);
  });
  afterAll(async () => {
    await tf.setBackend('cpu');
  });
  it('print inside a staged loop prints per iteration on every call, in order', () => {
    // while (n < 5) { n += 1; print(n) }
    const f = ag.jit(
      (n0: tf.Tensor) => {
        ag.print('start');
        const [n] = ag.whileLoop(
          (n) => tf.less(n, 5),
          (n) => {
            const m = tf.add(n, tf.scalar(1, 'int32'));
            ag.print('n =', m);
            return [m];
          },
          [n0],
        );
        ag.print('done', n);
        return n;
      },
      { autograph: false, executor },
    );
    const x = tf.scalar(2, 'int32');
    tf.dispose(f(x));
    expect(lines).toEqual(['start', 'n = 3', 'n = 4', 'n = 5', 'done 5']);
    lines.length = 0;
    tf.dispose(f(x));
    expect(lines).toEqual(['start', 'n = 3', 'n = 4', 'n = 5', 'done 5']); // staged like tf.print, also without tensors
    expect(f.traceCount).toBe(1);
  });

  it('prints tensors as values: scalars, booleans, floats, arrays', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        ag.print(x, tf.greater(x, 0), tf.mul(x, 0.1), tf.stack([x, x]));
        return x;
      },
      { autograph: false, executor },
    );
    tf.dispose(f(tf.scalar(3)));
    expect(lines).toEqual(['3 true 0.3 [ 3, 3 ]']); // as console.log(3, true, 0.3, [3, 3])
  });

  it('prints in the branch taken only', () => {
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(x, 0),
          () => {
            ag.print('positive', x);
            return x;
          },
          () => {
            ag.print('not positive', x);
            return tf.neg(x);
          },
        ),
      { autograph: false, executor },
    );
    tf.dispose(f(tf.scalar(2)));
    tf.dispose(f(tf.scalar(-1)));
    expect(lines).toEqual(['positive 2', 'not positive -1']);
  });

  it('a failing staged assert throws its message and position, runs nothing after it, leaks nothing', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        ag.assert(tf.notEqual(x, 0), 'Do not pass zero!');
        ag.print('after', x);
        return tf.mul(x, x);
      },
      { autograph: false, executor },
    );
    tf.dispose(f(tf.scalar(3)));
    expect(lines).toEqual(['after 3']);
    lines.length = 0;
    const zero = tf.scalar(0);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 20; i++) {
      try {
        f(zero);
        throw new Error('expected the assert to fail');
      } catch (e) {
        expect(e).toBeInstanceOf(AutographError);
        expect((e as AutographError).id).toBe('runtime/assert-failed');
        expect((e as AutographError).message).toContain('Do not pass zero!');
        expect((e as AutographError).location?.file).toContain('effects.test.ts');
      }
    }
    expect(tf.memory().numTensors).toBe(before);
    expect(lines).toEqual([]);
  });

  it('an assert inside a staged loop inside a staged branch fails at run time', () => {
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(x, 0),
          () =>
            ag.whileLoop(
              (i) => tf.less(i, x),
              (i) => {
                ag.assert(tf.less(i, 3), 'i stays below 3');
                return [tf.add(i, 1)];
              },
              [tf.zerosLike(x)],
            )[0]!,
          () => x,
        ),
      { autograph: false, executor },
    );
    expect((f(tf.scalar(3)) as tf.Tensor).dataSync()[0]).toBe(3);
    expect(() => f(tf.scalar(5))).toThrow(/assertion failed: i stays below 3/);
  });
});

describe('eager effects', () => {
  it('print and assert act at once outside a trace', () => {
    ag.print('x', tf.tensor1d([1, 2]), 7);
    expect(lines).toEqual(['x [ 1, 2 ] 7']);
    expect(() => ag.assert(tf.scalar(0), 'zero')).toThrow(/assertion failed: zero/);
    expect(() => ag.assert(false)).toThrow(/runtime\/assert-failed/);
    ag.assert(tf.scalar(true));
  });
});
