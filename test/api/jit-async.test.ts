// A jit function that returns a Promise is refused (trace/async-function), and the refused async
// body, which resumes after the trace on tensors that are gone, leaves nothing that rejects later
// (issue 31 item 15: an unhandled rejection ends a Node process with code 1).
import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ag from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});
afterEach(() => vi.restoreAllMocks());

/** Unhandled rejections seen while `run` runs and for a few turns of the event loop after it. */
async function rejectionsAfter(run: () => void): Promise<unknown[]> {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown): void => void seen.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    run();
    await new Promise((r) => setTimeout(r, 30));
    return seen;
  } finally {
    process.off('unhandledRejection', onRejection);
  }
}

async function firstValue(x: tf.Tensor): Promise<number> {
  await null;
  return x.dataSync()[0]!;
}

describe('a refused async function', () => {
  it('returned by an async callee: refused, and its body never rejects later', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = (x: tf.Tensor): Promise<number> => firstValue(x);
    const seen = await rejectionsAfter(() =>
      expect(() => ag.jit(f, { scope: { firstValue } })(tf.scalar(2))).toThrow(/trace\/async-function/),
    );
    expect(seen).toEqual([]);
  });
  it('an async jit function (autograph off): refused, and its body never rejects later', async () => {
    const seen = await rejectionsAfter(() =>
      expect(() => ag.jit(firstValue, { autograph: false })(tf.scalar(2))).toThrow(/trace\/async-function/),
    );
    expect(seen).toEqual([]);
  });
});
