// The ONNX export warns, at the user's line, where the model is known to differ from JavaScript at
// edge values (src/export/onnx/edge-warnings.ts, docs/limitations.md) and stays quiet where it
// cannot: int32 taken to float32, float32 transcendental kernels (last bits). int32 ** and * are
// computed in float64 as JS computes them: quiet, and equal to JS through onnxruntime.
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
    expect(w[0]).toMatch(/onnx-edge-warnings\.test\.ts:29:\d+/);
  });

  it('int32 / int32 (true division) warns', () => {
    const w = warningsOf((i: N, j: N) => i / j, int(16777217), int(3));
    expect(w.map((m) => m.split('\n')[0]).filter((m) => m!.includes('rounded to float32'))).toHaveLength(1);
  });

  it('int32 ** and a product of two int32 tensors are quiet and equal JS through onnxruntime', async () => {
    const fn = (i: N, j: N) => i ** j + i * j;
    expect(warningsOf(fn, int(2), int(32))).toEqual([]);
    const warnings: string[] = [];
    const f = jit(fn as (...a: unknown[]) => unknown, { scope: { tf }, backend: 'onnxruntime', onnxruntime: { onWarning: (m) => warnings.push(m) } });
    const pairs = [[2, 32], [3, 21], [7, 30], [16777215, 2147483647], [-2147483648, -2147483648], [65537, 65537], [-3, 31]];
    const i = tf.tensor1d(pairs.map((p) => p[0]!), 'int32');
    const j = tf.tensor1d(pairs.map((p) => p[1]!), 'int32');
    const got = f(i, j) as tf.Tensor;
    expect(Array.from(got.dataSync())).toEqual(pairs.map(([a, b]) => (((a! ** b!) | 0) + ((a! * b!) | 0)) | 0));
    expect(warnings).toEqual([]);
    tf.dispose([i, j, got]);
    for (const cf of f.concreteFunctions()) cf.dispose();
  });

  it('float32 transcendental kernels warn once per export, naming the kernels and every line', () => {
    const w = warningsOf(
      (x: N) => {
        const s = Math.sin(x);
        const e = Math.exp(x) * Math.sin(x);
        return s + e + x ** 3;
      },
      float(0.5),
    );
    expect(w).toHaveLength(1);
    const summary = w[0]!.split('\n')[0]!;
    expect(summary).toContain('[export/onnx-differs-at-edges]');
    expect(summary).toContain('float32 Exp, Pow, Sin in float32');
    expect(summary).toContain('in the last bits');
    for (const line of [60, 61, 62]) expect(summary).toMatch(new RegExp(`onnx-edge-warnings\\.test\\.ts:${line}:\\d+`));
  });

  it('is quiet for x ** 2 and x ** 1 (onnxruntime multiplies, exactly as JS rounds x * x)', () => {
    expect(warningsOf((x: N) => x ** 2 + x ** 1, float(3))).toEqual([]);
  });

  it('is quiet where the model equals JS: float32 math, int32 times a small constant, int32 + int32', () => {
    expect(warningsOf((x: N, y: N) => x * 1.5 + Math.max(x, y), float(1), float(2))).toEqual([]);
    expect(warningsOf((i: N, j: N) => i * 3 + j - 7, int(1), int(2))).toEqual([]);
  });
});
