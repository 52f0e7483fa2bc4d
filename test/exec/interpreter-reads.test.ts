// The interpreter's host reads without a GPU: which While nodes are counted loops (their trip count
// known before the loop, from constants or one read of start and bound), that the count replays
// the loop's own int32/float32 arithmetic, and that the async path (`callAsync`, reads awaited)
// gives what the synchronous one gives, prints in order and rejects with the catalogued errors.
// Needs tfjs (cpu), src.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import type { Node } from '../../src/ir/graph.js';
import { countedLoop, tripCount, type CountedLoop } from '../../src/ir/counted-loop.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { capturePrintedLines } from '../helpers/print-capture.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
function rangeSum(x: any, n: any) {
  let s = x;
  for (const i of ag.range(n) as any) s = s + i;
  return s;
}
function rowSum(xs: any) {
  let s: any = tf.zeros([2]);
  for (const x of xs) s = s + x;
  return s;
}
function byTwos(n: any) {
  let i: any = tf.scalar(0, 'int32');
  let s: any = tf.scalar(0, 'int32');
  while (n > i) {
    s = s + i;
    i = i + 2;
  }
  return s;
}
function countDown(n: any) {
  let s = 0;
  for (const i of ag.range(n, 0, -3) as any) s = s + i;
  return s;
}
function withBreak(n: any) {
  let s = 0;
  for (const i of ag.range(n) as any) {
    if (s > 10) break;
    s = s + i;
  }
  return s;
}
function collatz(a: any) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}
function printed(n: any) {
  let i = 0;
  while (i < n) {
    console.log('step', i);
    i = i + 1;
  }
  ag.assert(i < 5, 'i stays below 5');
  return i;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const scope = { tf, ag, Math };
const int = (x: number) => tf.scalar(x, 'int32');

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** The top-level While node of `fn`'s optimized graph for `args`, and its counted form. */
function loopOf(fn: (...a: never[]) => unknown, ...args: unknown[]): { node: Node; loop: CountedLoop | undefined } {
  const cf = ag.jit(fn, { scope }).getConcreteFunction(...(args as []));
  const node = cf.optimizedGraph.nodes.find((n) => n.op === 'While')!;
  return { node, loop: countedLoop(node) };
}

describe('counted loops', () => {
  it('ag.range(n) with a tensor n: counted, its bound read once', () => {
    const { loop } = loopOf(rangeSum, tf.scalar(1), int(4));
    expect(loop).toMatchObject({ compare: 'Less', step: 1, dtype: 'int32', start: { value: 0 } });
    expect(loop!.reads).toHaveLength(1);
  });

  it('for…of over a tensor: counted with a static bound, nothing to read', () => {
    const { loop } = loopOf(rowSum, tf.ones([3, 2]));
    expect(loop).toMatchObject({ compare: 'Less', step: 1, start: { value: 0 }, bound: { value: 3 }, reads: [] });
  });

  it('a hand-written while (n > i) { …; i = i + 2 }, and a range counting down', () => {
    expect(loopOf(byTwos, int(7)).loop).toMatchObject({ compare: 'Less', step: 2, start: { value: 0 } });
    expect(loopOf(countDown, int(10)).loop).toMatchObject({ compare: 'Greater', step: -3, bound: { value: 0 } });
  });

  it('loops whose condition depends on their data are not counted', () => {
    expect(loopOf(withBreak, int(9)).loop).toBeUndefined();
    expect(loopOf(collatz, int(27)).loop).toBeUndefined();
  });

  it('the trip count replays float32 steps, caps at maximumIterations, and gives up where int32 wraps', () => {
    const loop: CountedLoop = {
      counter: 0,
      compare: 'Less',
      step: 0.1,
      dtype: 'float32',
      start: { value: 0 },
      bound: { input: 1 },
      reads: [1],
    };
    let n = 0;
    for (let x = 0; x < Math.fround(1); x = Math.fround(x + Math.fround(0.1))) n++;
    expect(tripCount({ ...loop, step: Math.fround(0.1) }, [Float32Array.of(1)], undefined)).toBe(n);
    expect(tripCount(loop, [Float32Array.of(NaN)], undefined)).toBe(0);
    expect(tripCount(loop, [Float32Array.of(100)], 7)).toBe(7);
    const wraps: CountedLoop = { ...loop, compare: 'LessEqual', step: 5, dtype: 'int32', start: { value: 2147483640 } };
    expect(tripCount(wraps, [Int32Array.of(2147483647)], undefined)).toBeUndefined();
  });

  it('counted loops give the values the loops as written give', () => {
    const run = (fn: (...a: never[]) => unknown, ...args: tf.Tensor[]) => {
      const f = ag.jit(fn, { scope, executor: 'interpreter' });
      return [...(f(...(args as never[])) as tf.Tensor).dataSync()];
    };
    expect(run(rangeSum, tf.scalar(1), int(4))).toEqual([7]);
    expect(
      run(
        rowSum,
        tf.tensor([
          [1, 2],
          [3, 4],
          [5, 6],
        ]),
      ),
    ).toEqual([9, 12]);
    expect(run(byTwos, int(7))).toEqual([0 + 2 + 4 + 6]);
    expect(run(countDown, int(10))).toEqual([10 + 7 + 4 + 1]);
    expect(run(rangeSum, tf.scalar(1), int(-2))).toEqual([1]);
  });
});

describe('callAsync on the interpreter', () => {
  const lines = capturePrintedLines();

  it('gives what a plain call gives, for data-dependent and counted loops', async () => {
    for (const executor of ['interpreter', 'compiled'] as const) {
      const c = ag.jit(collatz, { scope, executor });
      expect([...((await c.callAsync(int(27))) as tf.Tensor).dataSync()]).toEqual([111]);
      const b = ag.jit(withBreak, { scope, executor });
      expect([...((await b.callAsync(int(9))) as tf.Tensor).dataSync()]).toEqual([
        ...(b(int(9)) as tf.Tensor).dataSync(),
      ]);
    }
  });

  it('prints in program order and rejects with the failed assert', async () => {
    const f = ag.jit(printed, { scope, executor: 'interpreter' });
    expect([...((await f.callAsync(int(2))) as tf.Tensor).dataSync()]).toEqual([2]);
    expect(lines).toEqual(['step 0', 'step 1']);
    const failure = await f.callAsync(int(6)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AutographError);
    expect((failure as AutographError).message).toContain('i stays below 5');
  });

  it('holds its inputs from the call: a dispose right after it does not reach the run', async () => {
    const f = ag.jit(collatz, { scope, executor: 'interpreter' });
    const a = int(27);
    const pending = f.callAsync(a);
    a.dispose();
    expect([...((await pending) as tf.Tensor).dataSync()]).toEqual([111]);
  });

  it('leaves no tensors behind', async () => {
    const f = ag.jit(collatz, { scope, executor: 'interpreter' });
    const a = int(27);
    tf.dispose((await f.callAsync(a)) as tf.Tensor);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) tf.dispose((await f.callAsync(a)) as tf.Tensor);
    expect(tf.memory().numTensors).toBe(before);
    a.dispose();
  });
});
