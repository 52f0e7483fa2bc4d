// The onnxruntime executor keeps staged prints and assertions: the same lines, in the same order, and
// the same catalogued error at the user's assert line as the compiled executor, also inside staged
// loops and branches; a failed assertion stops later loops (no run that the compiled executor would
// have stopped runs forever) and the variable writes the compiled executor skips. Needs
// onnxruntime-node, tfjs, src.
import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { checkedSquare, printLoop } from '../corpus/seeds.js';
import { AutographError } from '../../src/errors/ag-error.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
/** Converted functions take tensors and use plain operators on them. */
type T = any;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

let lines: string[] = [];
const restore = ag.setPrintSink((l) => lines.push(l));
afterEach(() => {
  lines = [];
});
void restore;

type Executor = 'compiled' | 'onnxruntime';
interface Outcome {
  readonly lines: string[];
  readonly value?: number[];
  readonly error?: { id: string; summary: string; line?: number; column?: number; file?: string };
}

/** Runs `fn` through jit with `executor` on fresh inputs; what it printed, returned or threw. */
function outcome(
  fn: (...a: never[]) => unknown,
  executor: Executor,
  args: () => unknown[],
  scope: Record<string, unknown> = {},
): Outcome {
  lines = [];
  const f = ag.jit(fn, { executor, scope: { tf, ag, ...scope } });
  try {
    const r = (f as unknown as (...a: unknown[]) => unknown)(...args());
    return { lines: [...lines], value: Array.from((r as tf.Tensor).dataSync()) };
  } catch (e) {
    const err = e as AutographError;
    if (!(err instanceof AutographError)) throw e;
    return {
      lines: [...lines],
      error: {
        id: err.id,
        summary: err.summary,
        line: err.location?.line,
        column: err.location?.column,
        file: err.location?.file,
      },
    };
  }
}

function sameOnBoth(
  fn: (...a: never[]) => unknown,
  args: () => unknown[],
  scope: Record<string, unknown> = {},
): Outcome {
  const compiled = outcome(fn, 'compiled', args, scope);
  const ort = outcome(fn, 'onnxruntime', args, scope);
  expect(ort).toEqual(compiled);
  return ort;
}

describe('assertions under the onnxruntime executor', () => {
  it('S38: a failing ag.assert throws runtime/assert-failed with the message, at the assert line', () => {
    function positive(x: T) {
      ag.assert(x > 0, 'x must be positive');
      return x;
    }
    expect(sameOnBoth(positive as never, () => [tf.scalar(1)]).value).toEqual([1]);
    const failed = sameOnBoth(positive as never, () => [tf.scalar(0)]);
    expect(failed.error?.id).toBe('runtime/assert-failed');
    expect(failed.error?.summary).toContain('x must be positive');
    expect(failed.error?.line).toBeGreaterThan(0);
  });

  it('the seed: assert(x != 0) then x * x', () => {
    expect(sameOnBoth(checkedSquare as never, () => [tf.scalar(3)], { ag }).value).toEqual([9]);
    expect(sameOnBoth(checkedSquare as never, () => [tf.scalar(0)], { ag }).error?.summary).toContain(
      'Do not pass zero!',
    );
  });

  it('an assert inside a staged loop stops the loop (it would never end): collatz from 0', () => {
    function collatz(a: T) {
      let n = a;
      let steps = 0;
      while (n != 1) {
        ag.assert(n > 0, 'n must stay positive');
        if (n % 2 == 0) n = Math.floor(n / 2);
        else n = 3 * n + 1;
        steps = steps + 1;
      }
      return steps;
    }
    expect(sameOnBoth(collatz as never, () => [tf.scalar(27, 'int32')]).value).toEqual([111]);
    expect(sameOnBoth(collatz as never, () => [tf.scalar(0, 'int32')]).error?.summary).toContain(
      'n must stay positive',
    );
  });

  it('a failed assert before a loop keeps the loop from running', () => {
    function guarded(a: T) {
      ag.assert(a > 0, 'a must be positive');
      let n = a;
      while (n != 1) n = n % 2 == 0 ? Math.floor(n / 2) : 3 * n + 1; // from 0 this never ends
      return n;
    }
    expect(sameOnBoth(guarded as never, () => [tf.scalar(0, 'int32')]).error?.summary).toContain('a must be positive');
  });

  it('an assert in a branch acts only when the branch runs', () => {
    function branchy(x: T) {
      if (x > 10) {
        ag.assert(x < 100, 'x is too large');
        x = x - 10;
      }
      return x;
    }
    expect(sameOnBoth(branchy as never, () => [tf.scalar(5)]).value).toEqual([5]);
    expect(sameOnBoth(branchy as never, () => [tf.scalar(50)]).value).toEqual([40]);
    expect(sameOnBoth(branchy as never, () => [tf.scalar(500)]).error?.summary).toContain('x is too large');
  });

  it('prints before a failed assert happen, those after it do not; variables end as under the compiled executor', () => {
    const v = tf.variable(tf.scalar(0), true, 'written');
    function ordered(x: T) {
      console.log('before', x);
      v.assign(x);
      ag.assert(x > 0, 'x must be positive');
      console.log('after', x);
      v.assign((x * 2) as T);
      return x;
    }
    const ok = sameOnBoth(ordered as never, () => [tf.scalar(3)], { v });
    expect(ok.lines).toEqual(['before 3', 'after 3']);
    expect(v.dataSync()[0]).toBe(6);
    // The variable holds after a failed call what it holds under the compiled executor (the trace
    // records a function's variable writes as one write per variable at its end).
    const after: number[] = [];
    for (const executor of ['compiled', 'onnxruntime'] as const) {
      v.assign(tf.scalar(-7));
      const failed = outcome(ordered as never, executor, () => [tf.scalar(-1)], { v });
      expect(failed.lines, executor).toEqual(['before -1']);
      expect(failed.error?.id, executor).toBe('runtime/assert-failed');
      after.push(v.dataSync()[0]!);
    }
    expect(after[1]).toBe(after[0]);
    v.dispose();
  });
});

describe('prints under the onnxruntime executor', () => {
  it('the seed: a print inside a staged while loop prints on every iteration', () => {
    const r = sameOnBoth(printLoop as never, () => [tf.scalar(2, 'int32')]);
    expect(r.lines).toEqual(['3', '4', '5']);
    expect(r.value).toEqual([5]);
  });

  it('S22: a print in a taken branch, tensors of every dtype and shape, in program order', () => {
    function shows(x: T, m: T) {
      if (x.sum() > 0) {
        console.log('x', x, 'as int', tf.cast(x, 'int32'), 'positive', x > 0);
        return x;
      }
      console.log('matrix', m, 'scalar', m.sum());
      return x * x;
    }
    const m = () =>
      tf.tensor2d([
        [1.5, -2],
        [0.1, 3],
      ]);
    expect(sameOnBoth(shows as never, () => [tf.tensor1d([1, -0.5]), m()]).lines).toHaveLength(1);
    expect(sameOnBoth(shows as never, () => [tf.tensor1d([-1, -0.5]), m()]).lines).toHaveLength(1);
  });

  it('prints of a list stacked in a loop (a size known only at run time)', () => {
    function grows(n: T) {
      const l: T[] = [];
      ag.setElementType(l, 'int32');
      for (let i = 0; i < n; i++) {
        l.push(i);
        console.log('so far', ag.stack(l));
      }
      return ag.stack(l);
    }
    const r = sameOnBoth(grows as never, () => [tf.scalar(3, 'int32')]);
    expect(r.lines).toEqual(['so far [ 0 ]', 'so far [ 0, 1 ]', 'so far [ 0, 1, 2 ]']); // as console.log shows the values
  });
});
