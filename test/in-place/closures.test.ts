// Functions converted in place by the autograph Vite plugin (the `in-place` project of
// vitest.config.ts): they close over module constants, a mutable module variable, the imported `tf`,
// and call helpers nested in them or declared beside them, with no `scope`. Needs the plugin config.
// Checks staged results (one trace for both branches), that jit and toGraph use the functions as
// converted (no run-time conversion, no Function constructor), toCode's text, and tensor counts.

import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { jit, toCode, toGraph } from '../../src/index.js';
import { isConvertedInPlace, setCodeGeneration } from '../../src/plugin/runtime.js';

// Operators on tensors are what conversion supports; TypeScript's checker does not know them, so the
// converted functions take `any`.
/* eslint-disable @typescript-eslint/no-explicit-any */

const threshold = 4;
const weights = tf.tensor([0.5, 2]);
let bias = 1; // read at trace time: a retrace is needed to see a new value (like TF's Python globals)

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Module-level helper with its own staged `if`, called by name from a jit function. */
function relu(x: any): any {
  const total: any = tf.sum(x);
  if (total > 0) {
    return x;
  }
  return tf.zerosLike(x);
}

/** A helper of a helper: converted too, transitively. */
const scaled = (x: any): any => relu(x * (weights as any)) + bias;

function pipeline(x: any): any {
  let y = scaled(x);
  while ((tf.max(y) as any) < threshold) {
    y = y * 2;
  }
  return y;
}

describe('in-place conversion under vitest (Vite plugin)', () => {
  it('closes over a module constant and the imported tf; the if is staged', () => {
    const f = jit((x: any) => {
      if ((tf.max(x) as any) > threshold) {
        x = tf.minimum(x, threshold);
      } else {
        x = x + threshold;
      }
      return x;
    });
    expect(f(tf.tensor([1, 9])).arraySync()).toEqual([1, 4]);
    expect(f(tf.tensor([1, 2])).arraySync()).toEqual([5, 6]);
    expect(f.traceCount).toBe(1);
    expect(isConvertedInPlace(f.pythonFunction)).toBe(true);
  });

  it('module-level helpers (and their helpers) convert in place with their closures', () => {
    const f = jit(pipeline);
    // [1, 2] → relu([0.5, 4]) + 1 = [1.5, 5]: max 5 ≥ 4, no doubling.
    expect(f(tf.tensor([1, 2])).arraySync()).toEqual([1.5, 5]);
    // [-1, -1] → relu([-0.5, -2]) = [0, 0] + 1 = [1, 1] → doubled twice → [4, 4].
    expect(f(tf.tensor([-1, -1])).arraySync()).toEqual([4, 4]);
    expect(f.traceCount).toBe(1); // relu's if and pipeline's while were both staged
    expect(isConvertedInPlace(relu)).toBe(true);
    expect(isConvertedInPlace(scaled)).toBe(true);
    // The helpers run eagerly as written, too.
    expect(relu(tf.tensor([-3, 1])).arraySync()).toEqual([0, 0]);
  });

  it('a function nested in a jit function converts with it and closes over its locals', () => {
    const f = jit((x: any, n: any) => {
      const offset = tf.scalar(threshold);
      function step(v: any): any {
        if ((tf.sum(v) as any) > 10) {
          return v - (offset as any);
        }
        return v + offset;
      }
      let i: any = tf.scalar(0, 'int32');
      while (i < n) {
        x = step(x);
        i = i + 1;
      }
      return x;
    });
    // 1 → 5 → 9 → 13 → 9 → 13 (5 steps)
    expect(f(tf.scalar(1), tf.scalar(5, 'int32')).arraySync()).toBe(13);
    expect(f(tf.scalar(1), tf.scalar(2, 'int32')).arraySync()).toBe(9);
    expect(f.traceCount).toBe(1);
  });

  it("'use autograph' functions and toGraph: the converted function is used as it is", () => {
    function countdown(x: any): any {
      'use autograph';
      let steps: any = tf.scalar(0);
      while (x > 0) {
        x = x - threshold;
        steps = steps + 1;
      }
      return steps;
    }
    expect(toGraph(countdown)).toBe(countdown);
    expect(isConvertedInPlace(countdown)).toBe(true);
    const f = jit(countdown);
    expect(f(tf.scalar(10)).arraySync()).toBe(3);
    expect(f(tf.scalar(-1)).arraySync()).toBe(0);
    expect(f.traceCount).toBe(1);
    // toCode of an in-place function: its own (generated) text.
    const code = toCode(countdown);
    expect(code).toContain('ag__.whileStmt');
    expect(code).toContain('ag__.sub(x, threshold)');
  });

  it('a module variable is read when the function is traced', () => {
    const f = jit((x: any) => x + bias);
    expect(f(tf.scalar(1)).arraySync()).toBe(2);
    bias = 10;
    expect(f(tf.scalar(1)).arraySync()).toBe(2); // cached trace
    expect(f(tf.tensor([1])).arraySync()).toEqual([11]); // new signature: traced again, sees 10
    bias = 1;
  });

  it('with code generation off (an eval-free page), nothing calls the Function constructor', () => {
    setCodeGeneration(false);
    const spy = vi.spyOn(globalThis, 'Function');
    try {
      const f = jit(pipeline, { name: 'pipeline_no_eval' });
      expect(f(tf.tensor([-1, -1])).arraySync()).toEqual([4, 4]);
      expect(f.getConcreteFunction(tf.tensor([1, 1])).compiledSource()).toBeUndefined();
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      setCodeGeneration(undefined);
    }
  });

  it('keeps the tensor count stable over many calls', () => {
    const f = jit(pipeline);
    const x = tf.tensor([1, 2]);
    f(x).dispose();
    const before = tf.memory().numTensors;
    for (let i = 0; i < 50; i++) f(x).dispose();
    expect(tf.memory().numTensors).toBe(before);
    x.dispose();
  });
});
