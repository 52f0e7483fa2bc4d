// The ONNX export warns, at the user's line, where the model is known to differ from JavaScript at
// edge values (src/export/onnx/edge-warnings.ts, docs/limitations.md) and stays quiet where it
// cannot: int32 taken to float32, float32 kernels onnxruntime has only in float32 (last bits).
// int32 ** and *, and float32 exp, log, sin, cos, tanh, pow, rsqrt are computed in float64
// as JS computes them: quiet, and equal to JS through onnxruntime.
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
    expect(w[0]).toMatch(/onnx-edge-warnings\.test\.ts:30:\d+/);
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

  it('float32 kernels onnxruntime has only in float32 warn once per export, naming the kernels and every line', () => {
    const w = warningsOf(
      (x: N) => {
        const s = Math.tan(x);
        const e = Math.sinh(x) * Math.tan(x);
        return s + e + Math.atan2(x, 2);
      },
      float(0.5),
    );
    expect(w).toHaveLength(1);
    const summary = w[0]!.split('\n')[0]!;
    expect(summary).toContain('[export/onnx-differs-at-edges]');
    expect(summary).toContain('float32 Atan2, Sinh, Tan in float32');
    expect(summary).toContain('in the last bits');
    for (const line of [61, 62, 63]) expect(summary).toMatch(new RegExp(`onnx-edge-warnings\\.test\\.ts:${line}:\\d+`));
  });

  it('Math.exp, log, sin, cos, tanh, ** and tf.rsqrt compute in float64 in the model: quiet, and equal to JS', async () => {
    const fns: [string, (x: N) => N, (v: number) => number][] = [
      ['exp', (x) => Math.exp(x), (v) => Math.exp(v)],
      ['log', (x) => Math.log(x), (v) => Math.log(v)],
      ['sin', (x) => Math.sin(x), (v) => Math.sin(v)],
      ['cos', (x) => Math.cos(x), (v) => Math.cos(v)],
      ['tanh', (x) => Math.tanh(x), (v) => Math.tanh(v)],
      ['x ** 3', (x) => x ** 3, (v) => v ** 3],
      ['x ** 0.5', (x) => x ** 0.5, (v) => v ** 0.5],
      ['rsqrt', (x) => tf.rsqrt(x as never) as never, (v) => 1 / Math.sqrt(v)],
    ];
    // Deterministic values over a wide range (both signs, tiny to large), NaN, ±Infinity, ±0, denormals.
    const values = Array.from({ length: 3000 }, (_, i) => Math.fround(Math.sin(i * 12.9898) * 10 ** ((i % 13) - 6)));
    values.push(...[NaN, Infinity, -Infinity, 0, -0, 1e-45, -1e-45, 88.7, -103, 1e30].map(Math.fround));
    for (const [name, fn, js] of fns) {
      const warnings: string[] = [];
      const f = jit(fn as (...a: unknown[]) => unknown, { scope: { tf }, backend: 'onnxruntime', onnxruntime: { onWarning: (m) => warnings.push(m) } });
      const x = tf.tensor1d(values);
      const got = f(x) as tf.Tensor;
      const data = Array.from(got.dataSync());
      const bad = values.map((v, i) => [v, data[i]!, Math.fround(js(v))] as const).filter(([, g, want]) => !Object.is(g, want));
      expect(bad.slice(0, 3), name).toEqual([]);
      expect(warnings, name).toEqual([]);
      tf.dispose([x, got]);
      for (const cf of f.concreteFunctions()) cf.dispose();
    }
  });

  it('is quiet for x ** 2 and x ** 1', () => {
    expect(warningsOf((x: N) => x ** 2 + x ** 1, float(3))).toEqual([]);
  });

  it('is quiet where the model equals JS: float32 math, int32 times a small constant, int32 + int32', () => {
    expect(warningsOf((x: N, y: N) => x * 1.5 + Math.max(x, y), float(1), float(2))).toEqual([]);
    expect(warningsOf((i: N, j: N) => i * 3 + j - 7, int(1), int(2))).toEqual([]);
  });
});
