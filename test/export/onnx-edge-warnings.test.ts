// The ONNX export warns, at the user's line, where the model is known to differ from JavaScript at
// edge values (src/export/onnx/edge-warnings.ts, docs/limitations.md) and stays quiet where it
// cannot: int32 taken to float32, int32 **, int32 * of two unbounded operands.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jit } from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type N = number;
const int = (v: number): tf.Tensor => tf.scalar(v, 'int32');
const float = (v: number): tf.Tensor => tf.scalar(v, 'float32');

/** The warnings exporting `fn` traced on `args` gives. */
function warningsOf(fn: (...a: N[]) => N, ...args: tf.Tensor[]): string[] {
  const warnings: string[] = [];
  const cf = jit(fn as (...a: unknown[]) => unknown, { scope: { tf } }).getConcreteFunction(...args);
  cf.toONNX({ onWarning: (m) => warnings.push(m) });
  cf.dispose();
  tf.dispose(args);
  return warnings;
}

describe('ONNX export warnings at edge values', () => {
  it('int32 meeting float32 warns at the line of the operation', () => {
    const w = warningsOf((i: N) => i * 1.5, int(16777217));
    expect(w).toHaveLength(1);
    const summary = w[0]!.split('\n')[0]!; // the code frame below it shows this test's own text
    expect(summary).toContain('[export/onnx-differs-at-edges]');
    expect(summary).toContain('rounded to float32');
    expect(w[0]).toMatch(/onnx-edge-warnings\.test\.ts:28:\d+/);
  });

  it('int32 / int32 (true division) warns', () => {
    const w = warningsOf((i: N, j: N) => i / j, int(16777217), int(3));
    expect(w.map((m) => m.split('\n')[0]).filter((m) => m!.includes('rounded to float32'))).toHaveLength(1);
  });

  it('int32 ** and a product of two int32 tensors warn, each once', () => {
    const w = warningsOf((i: N, j: N) => i ** j + i * j + i * j, int(2), int(32));
    expect(w.filter((m) => m.split('\n')[0]!.includes('saturates'))).toHaveLength(1);
    expect(w.filter((m) => m.split('\n')[0]!.includes('beyond 2^53'))).toHaveLength(1);
  });

  it('is quiet where the model equals JS: float32 math, int32 times a small constant, int32 + int32', () => {
    expect(warningsOf((x: N, y: N) => x * 1.5 + Math.max(x, y), float(1), float(2))).toEqual([]);
    expect(warningsOf((i: N, j: N) => i * 3 + j - 7, int(1), int(2))).toEqual([]);
  });
});
