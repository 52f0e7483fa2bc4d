// A trace warns (`trace/differs-from-js`, once per class and trace, at the user's lines) where its
// values can differ from plain JS in ways docs/limitations.md lists: Math.cbrt, log2, log10 and
// hypot composed of float32 operations, and, on the wasm backend, the int32 kernels tfjs-wasm
// computes through float32. It stays quiet elsewhere. The list of wasm kernels is checked against
// tfjs-wasm itself: each listed kernel differs from the cpu backend beyond 2^24, the others agree.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jit } from '../../src/index.js';
import { lineOf } from '../helpers/source-lines.js';

type N = number;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** The first lines of the warnings one call of `fn` on `args` gives, and its result's values. */
function run(fn: (...a: N[]) => N, ...args: tf.Tensor[]): { warnings: string[]; values: number[] } {
  const warnings: string[] = [];
  const f = jit(fn as (...a: unknown[]) => unknown, { scope: { tf }, onWarning: (m) => warnings.push(m) });
  const out = f(...args) as tf.Tensor;
  const values = Array.from(out.dataSync());
  tf.dispose([out, ...args]);
  for (const cf of f.concreteFunctions()) cf.dispose();
  return { warnings: warnings.map((w) => w.split('\n')[0]!), values };
}

describe('Math functions composed of float32 operations', () => {
  it('warn once per trace, naming each function and line', () => {
    const warnings: string[] = [];
    const f = jit(
      (x: N) => {
        const a = Math.cbrt(x) + Math.log2(x);
        return a + Math.log10(x) + Math.hypot(x, 1);
      },
      { scope: { tf }, onWarning: (m) => warnings.push(m) },
    );
    const xs = [tf.scalar(8), tf.scalar(1000), tf.tensor1d([2, 3])];
    const outs = xs.map((x) => f(x) as tf.Tensor);
    // Two traces (scalar, vector): one warning each.
    expect(warnings).toHaveLength(2);
    const summary = warnings[0]!.split('\n')[0]!;
    expect(summary).toContain('[trace/differs-from-js]');
    expect(summary).toContain('Math.cbrt, Math.hypot, Math.log10, Math.log2');
    const [a, b] = [
      lineOf(import.meta.url, 'const a = Math.cbrt(x) + Math.log2(x);'),
      lineOf(import.meta.url, 'return a + Math.log10(x) + Math.hypot(x, 1);'),
    ];
    expect(summary).toMatch(
      new RegExp(
        `trace-warnings\\.test\\.ts:${a}:\\d+, .*trace-warnings\\.test\\.ts:${a}:\\d+, .*trace-warnings\\.test\\.ts:${b}:\\d+, .*trace-warnings\\.test\\.ts:${b}:\\d+`,
      ),
    );
    tf.dispose([...xs, ...outs]);
    for (const cf of f.concreteFunctions()) cf.dispose();
  });

  it('the difference is real: log10(1000) is 3 in JS, not always under jit', () => {
    const { values } = run((x: N) => Math.log10(x), tf.tensor1d([1000, 8, 1e-30]));
    const js = [1000, 8, 1e-30].map((v) => Math.fround(Math.log10(Math.fround(v))));
    // Equal within 2 float32 ulps (docs/limitations.md), not necessarily equal.
    values.forEach((v, i) => expect(Math.abs(v - js[i]!)).toBeLessThanOrEqual(2 * 2 ** -23 * Math.abs(js[i]!)));
  });

  it('are quiet for Math functions with a kernel and for plain JS numbers', () => {
    expect(run((x: N) => Math.sin(x) + Math.sqrt(x) + Math.cbrt(8) + Math.abs(x), tf.scalar(2)).warnings).toEqual([]);
  });
});

describe('int32 on the wasm backend', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
  });
  afterAll(async () => {
    await tf.setBackend('cpu');
  });

  it('warns at the lines of int32 kernels tfjs-wasm computes through float32, and the values differ from JS', () => {
    const { warnings, values } = run((i: N) => -i, tf.tensor1d([16777217], 'int32'));
    expect(values).toEqual([-16777216]); // JS: -16777217 (on scalars the compiled executor's JS code gives it)
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[trace/differs-from-js]');
    expect(warnings[0]).toContain('int32 Neg');
    expect(warnings[0]).toMatch(
      new RegExp(
        `trace-warnings\\.test\\.ts:${lineOf(import.meta.url, 'run((i: N) => -i, tf.tensor1d([16777217]')}:\\d+`,
      ),
    );
  });

  it('is quiet for float32 code and for int32 kernels tfjs-wasm computes exactly', () => {
    expect(run((x: N, y: N) => Math.max(x * 2 - y, y), tf.scalar(1), tf.scalar(2)).warnings).toEqual([]);
    expect(
      run((i: N, j: N) => i + j - (i & j) + i * 3, tf.scalar(16777217, 'int32'), tf.scalar(5, 'int32')).warnings,
    ).toEqual([]);
  });

  it('on scalars the compiled executor computes int32 in JS (exact, quiet); the interpreter runs tfjs-wasm (warned)', () => {
    const compiled = run((i: N) => -i, tf.scalar(16777217, 'int32'));
    expect(compiled).toEqual({ warnings: [], values: [-16777217] });
    const warnings: string[] = [];
    const f = jit((i: N) => -i, { scope: { tf }, executor: 'interpreter', onWarning: (m) => warnings.push(m) });
    const x = tf.scalar(16777217, 'int32');
    const out = f(x) as tf.Tensor;
    expect(Array.from(out.dataSync())).toEqual([-16777216]);
    expect(warnings.map((w) => w.split('\n')[0]).filter((w) => w!.includes('int32 Neg'))).toHaveLength(1);
    tf.dispose([x, out]);
    for (const cf of f.concreteFunctions()) cf.dispose();
  });

  it('is quiet on the cpu backend for the same code', async () => {
    await tf.setBackend('cpu');
    try {
      const { warnings, values } = run((i: N) => -i, tf.tensor1d([16777217], 'int32'));
      expect(warnings).toEqual([]);
      expect(values).toEqual([-16777217]);
    } finally {
      await tf.setBackend('wasm');
    }
  });

  it('the listed kernels are those where tfjs-wasm differs from the cpu backend beyond 2^24', async () => {
    const a = [16777217, -16777217, 2147483647, 33554433, 16777215];
    const b = [3, 2, 5, 7, 2147483647];
    const kernels: Record<string, [listed: boolean, (x: tf.Tensor, y: tf.Tensor) => tf.Tensor]> = {
      Neg: [true, (x) => tf.neg(x)],
      FloorDiv: [true, (x, y) => tf.floorDiv(x, y)],
      Pow: [true, (x) => tf.pow(x, tf.scalar(2, 'int32'))],
      SquaredDifference: [true, (x, y) => tf.squaredDifference(x, y)],
      Cast: [true, (x) => tf.cast(x, 'float32')],
      ClipByValue: [true, (x) => tf.clipByValue(x, -2147483648, 2147483647)],
      Multiply: [true, (x, y) => tf.mul(x, y)],
      Mod: [false, (x, y) => tf.mod(x, y)], // exact; by 0 tfjs-wasm fails (an error, not a value)
      Add: [false, (x, y) => tf.add(x, y)],
      Sub: [false, (x, y) => tf.sub(x, y)],
      Maximum: [false, (x, y) => tf.maximum(x, y)],
      Abs: [false, (x) => tf.abs(x)],
      Sum: [false, (x) => tf.sum(x)],
      Select: [false, (x, y) => tf.where(tf.less(x, y), x, y)],
      BitwiseAnd: [false, (x, y) => tf.bitwiseAnd(x, y)],
    };
    const valuesOn = async (backend: string, f: (x: tf.Tensor, y: tf.Tensor) => tf.Tensor): Promise<number[]> => {
      await tf.setBackend(backend);
      const r = tf.tidy(() => f(tf.tensor1d(a, 'int32'), tf.tensor1d(b, 'int32')));
      const v = Array.from(r.dataSync() as ArrayLike<number>);
      r.dispose();
      return v;
    };
    const differs: string[] = [];
    for (const [name, [, f]] of Object.entries(kernels)) {
      const cpu = await valuesOn('cpu', f);
      const wasm = await valuesOn('wasm', f);
      if (cpu.some((v, i) => !Object.is(v, wasm[i]))) differs.push(name);
    }
    await tf.setBackend('wasm');
    expect(differs.sort()).toEqual(
      Object.entries(kernels)
        .filter(([, [listed]]) => listed)
        .map(([n]) => n)
        .sort(),
    );
  });
});
