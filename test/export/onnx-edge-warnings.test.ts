// The ONNX export warns, at the user's line, where the model is known to differ from JavaScript at
// edge values (src/export/onnx/edge-warnings.ts, docs/limitations.md) and stays quiet where it
// cannot: int32 taken to float32, float32 kernels onnxruntime has only in float32 (last bits).
// int32 ** and *, and float32 exp, log, sin, cos, tanh, pow, rsqrt are computed in float64
// as JS computes them: quiet, and equal to JS through onnxruntime. With `numerics: 'float32'` those
// use onnxruntime's float32 kernels (no casts to double) and are warned, naming them.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jit, type OnnxNumerics } from '../../src/index.js';
import { nodesOf } from './onnx-backend/proto-reader.js';
import { lineOf } from '../helpers/source-lines.js';

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
    expect(w[0]).toMatch(
      new RegExp(`onnx-edge-warnings\\.test\\.ts:${lineOf(import.meta.url, '(i: N) => i * 1.5')}:\\d+`),
    );
  });

  it('int32 / int32 (true division) warns', () => {
    const w = warningsOf((i: N, j: N) => i / j, int(16777217), int(3));
    expect(w.map((m) => m.split('\n')[0]).filter((m) => m!.includes('rounded to float32'))).toHaveLength(1);
  });

  it('int32 ** and a product of two int32 tensors are quiet and equal JS through onnxruntime', async () => {
    const fn = (i: N, j: N) => i ** j + i * j;
    expect(warningsOf(fn, int(2), int(32))).toEqual([]);
    const warnings: string[] = [];
    const f = jit(fn as (...a: unknown[]) => unknown, {
      scope: { tf },
      executor: 'onnxruntime',
      onnxruntime: { onWarning: (m) => warnings.push(m) },
    });
    const pairs = [
      [2, 32],
      [3, 21],
      [7, 30],
      [16777215, 2147483647],
      [-2147483648, -2147483648],
      [65537, 65537],
      [-3, 31],
    ];
    const i = tf.tensor1d(
      pairs.map((p) => p[0]!),
      'int32',
    );
    const j = tf.tensor1d(
      pairs.map((p) => p[1]!),
      'int32',
    );
    const got = f(i, j) as tf.Tensor;
    expect(Array.from(got.dataSync())).toEqual(pairs.map(([a, b]) => (((a! ** b!) | 0) + ((a! * b!) | 0)) | 0));
    expect(warnings).toEqual([]);
    tf.dispose([i, j, got]);
    for (const cf of f.concreteFunctions()) cf.dispose();
  });

  it('float32 kernels onnxruntime has only in float32 warn once per export, naming the kernels and every line', () => {
    const w = warningsOf((x: N) => {
      const s = Math.tan(x);
      const e = Math.sinh(x) * Math.tan(x);
      return s + e + Math.atan2(x, 2);
    }, float(0.5));
    expect(w).toHaveLength(1);
    const summary = w[0]!.split('\n')[0]!;
    expect(summary).toContain('[export/onnx-differs-at-edges]');
    expect(summary).toContain('float32 Atan2, Sinh, Tan in float32');
    expect(summary).toContain('in the last bits');
    const lines = [
      'const s = Math.tan(x);',
      'const e = Math.sinh(x) * Math.tan(x);',
      'return s + e + Math.atan2(x, 2);',
    ].map((t) => lineOf(import.meta.url, t));
    for (const line of lines) expect(summary).toMatch(new RegExp(`onnx-edge-warnings\\.test\\.ts:${line}:\\d+`));
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
      const f = jit(fn as (...a: unknown[]) => unknown, {
        scope: { tf },
        executor: 'onnxruntime',
        onnxruntime: { onWarning: (m) => warnings.push(m) },
      });
      const x = tf.tensor1d(values);
      const got = f(x) as tf.Tensor;
      const data = Array.from(got.dataSync());
      const bad = values
        .map((v, i) => [v, data[i]!, Math.fround(js(v))] as const)
        .filter(([, g, want]) => !Object.is(g, want));
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

  it('int32 taken to float32 and a float32-only kernel in one export: one warning, saying both', () => {
    const w = warningsOf((i: N, x: N) => Math.sinh(x) * (i * 1.5), int(3), float(2));
    expect(w).toHaveLength(1);
    const summary = w[0]!.split('\n')[0]!;
    expect(summary).toContain('float32 Sinh in float32');
    expect(summary).toContain('rounded to float32');
    expect(summary.match(/\[export\/onnx-differs-at-edges\]/g)).toHaveLength(1);
  });
});

/** ONNX TensorProto.DataType of float64. */
const DOUBLE = 11;

/** The model and the warnings of exporting `fn` traced on float32 `args` with `numerics`. */
function exported(
  fn: (...a: N[]) => N,
  numerics: OnnxNumerics | undefined,
  ...args: tf.Tensor[]
): { bytes: Uint8Array; warnings: string[] } {
  const warnings: string[] = [];
  const cf = jit(fn as (...a: unknown[]) => unknown, { scope: { tf } }).getConcreteFunction(...args);
  const bytes = cf.toONNX({ onWarning: (m) => warnings.push(m), ...(numerics ? { numerics } : {}) });
  cf.dispose();
  tf.dispose(args);
  return { bytes, warnings };
}

/** The first line of each edge-value warning. */
const edgeSummaries = (warnings: readonly string[]): string[] =>
  warnings.map((m) => m.split('\n')[0]!).filter((m) => m.includes('[export/onnx-differs-at-edges]'));

describe("ONNX export with numerics: 'float32'", () => {
  it('computes Tanh with the float32 kernel (no Cast to double around it) and warns naming Tanh; the default casts and is quiet', () => {
    const fn = (x: N) => Math.tanh(x) * 2;
    const exact = exported(fn, undefined, tf.tensor1d([0.5, -1]));
    const fast = exported(fn, 'float32', tf.tensor1d([0.5, -1]));
    const explicit = exported(fn, 'exact', tf.tensor1d([0.5, -1]));
    expect(explicit.bytes).toEqual(exact.bytes);

    const exactNodes = nodesOf(exact.bytes);
    const producer = (nodes: ReturnType<typeof nodesOf>, name: string) => nodes.find((n) => n.outputs.includes(name));
    const exactTanh = exactNodes.filter((n) => n.op === 'Tanh');
    expect(exactTanh).toHaveLength(1);
    expect(producer(exactNodes, exactTanh[0]!.inputs[0]!)).toMatchObject({ op: 'Cast', ints: { to: DOUBLE } });
    expect(edgeSummaries(exact.warnings)).toEqual([]);

    const fastNodes = nodesOf(fast.bytes);
    const fastTanh = fastNodes.filter((n) => n.op === 'Tanh');
    expect(fastTanh).toHaveLength(1);
    expect(fastNodes.filter((n) => n.op === 'Cast')).toEqual([]);
    expect(fastNodes.find((n) => n.inputs.includes(fastTanh[0]!.outputs[0]!))?.op).toBe('Where'); // tanh x = x for tiny x
    const w = edgeSummaries(fast.warnings);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain('float32 Tanh in float32');
    expect(w[0]).toMatch(/onnx-edge-warnings\.test\.ts:\d+:\d+/);
  });

  it('names every kernel it moves to float32 in one warning, beside the kernels onnxruntime has only in float32', () => {
    const fn = (x: N) =>
      Math.exp(x) +
      Math.log(x) +
      Math.sin(x) +
      Math.cos(x) +
      Math.tanh(x) +
      x ** 3 +
      (tf.rsqrt(x as never) as never) +
      Math.tan(x);
    const { bytes, warnings } = exported(fn, 'float32', tf.tensor1d([0.5, 2]));
    expect(nodesOf(bytes).filter((n) => n.op === 'Cast' && n.ints.to === DOUBLE)).toEqual([]);
    const w = edgeSummaries(warnings);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain('float32 Cos, Exp, Log, Pow, Rsqrt, Sin, Tan, Tanh in float32');
    expect(edgeSummaries(exported(fn, undefined, tf.tensor1d([0.5, 2])).warnings)[0]).toContain(
      'float32 Tan in float32',
    );
  });

  it('keeps an int32 input of these kernels (tf.exp takes one) in float64, exact, and x ** 2, x ** 1 quiet', () => {
    const ints = exported((i: N) => tf.exp(i as never) as never, 'float32', tf.tensor1d([1, 2], 'int32'));
    expect(nodesOf(ints.bytes).filter((n) => n.op === 'Cast' && n.ints.to === DOUBLE).length).toBeGreaterThan(0);
    expect(edgeSummaries(ints.warnings)).toEqual([]);
    expect(edgeSummaries(exported((x: N) => x ** 2 + x ** 1, 'float32', tf.tensor1d([3])).warnings)).toEqual([]);
  });

  it("runs through the onnxruntime backend (onnxruntime: { numerics: 'float32' }) within float32 tolerance of JS, warning naming the kernels", () => {
    const values = Array.from({ length: 2000 }, (_, i) => Math.fround(Math.sin(i * 12.9898) * 10 ** ((i % 7) - 3)));
    values.push(...[NaN, Infinity, -Infinity, 0, -0, 1e-45, 1e30].map(Math.fround));
    const cases: [string, (x: N) => N, (v: number) => number, string][] = [
      ['tanh', (x) => Math.tanh(x), (v) => Math.tanh(v), 'Tanh'],
      ['exp', (x) => Math.exp(x), (v) => Math.exp(v), 'Exp'],
      ['sin', (x) => Math.sin(x), (v) => Math.sin(v), 'Sin'],
      ['x ** 2', (x) => x ** 2, (v) => v ** 2, ''],
      ['x ** 1', (x) => x ** 1, (v) => v ** 1, ''],
      ['x ** 0', (x) => x ** 0, (v) => v ** 0, ''],
    ];
    for (const [name, fn, js, kernel] of cases) {
      const warnings: string[] = [];
      const f = jit(fn as (...a: unknown[]) => unknown, {
        scope: { tf },
        executor: 'onnxruntime',
        onnxruntime: { numerics: 'float32', onWarning: (m) => warnings.push(m) },
      });
      const x = tf.tensor1d(values);
      const got = f(x) as tf.Tensor;
      const data = got.dataSync();
      const far = values
        .map((v, i) => [v, data[i]!, Math.fround(js(v))] as const)
        .filter(([, g, want]) => !Object.is(g, want) && !(Math.abs(g - want) <= 1e-6 * Math.abs(want) + 1e-37));
      expect(far.slice(0, 3), name).toEqual([]);
      // x ** 2 is one IEEE multiplication in onnxruntime's Pow, as in JS (x ** 1 is x, x ** 0 is 1): equal, and not warned.
      if (!kernel)
        expect(
          values.filter((v, i) => !Object.is(data[i], Math.fround(js(v)))),
          name,
        ).toEqual([]);
      const w = edgeSummaries(warnings);
      if (kernel)
        expect(
          w.map((m) => m.includes(`float32 ${kernel} in float32`)),
          name,
        ).toEqual([true]);
      else expect(w, name).toEqual([]);
      tf.dispose([x, got]);
      for (const cf of f.concreteFunctions()) cf.dispose();
    }
  });

  it('refuses another value of the jit option', () => {
    expect(() =>
      jit((x: tf.Tensor) => x, { executor: 'onnxruntime', onnxruntime: { numerics: 'float64' as never } }),
    ).toThrow(/onnxruntime\.numerics is "float64"; expected 'exact' or 'float32'/);
  });
});
