// Where WebAssembly cannot compile (a page whose CSP lacks 'wasm-unsafe-eval' makes
// `new WebAssembly.Module` throw), the compiled executor keeps running fused elementwise programs
// and reductions as JS loops, with the same values as eager cpu.
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

const RealModule = WebAssembly.Module;

beforeAll(async () => {
  await tf.setBackend('cpu');
  // As a browser does under such a CSP (this file's module state is its own, so nothing was compiled before).
  (WebAssembly as { Module: unknown }).Module = function Module() {
    throw new WebAssembly.CompileError(
      "WebAssembly.Module(): Refused to compile or instantiate WebAssembly module because 'wasm-unsafe-eval' is not an allowed source",
    );
  };
});

afterAll(() => {
  (WebAssembly as { Module: unknown }).Module = RealModule;
});

describe('compiled executor without WebAssembly', () => {
  it('runs an elementwise chain and a mean as JS loops', () => {
    const n = 10_000;
    const x = tf.tidy(() => tf.sub(tf.mul(tf.range(0, n), 1e-3), 5));
    const fn = (a: tf.Tensor) => [
      tf.sub(tf.add(tf.div(tf.mul(a, a), 2), tf.abs(a)), 1),
      tf.mean(tf.where(tf.lessEqual(tf.abs(a), 1), tf.mul(a, a), tf.abs(a))),
    ];
    const f = ag.jit(fn, { autograph: false });
    const [y, m] = f(x) as tf.Tensor[];
    const source = f.concreteFunctions()[0]!.compiledSource()!;
    expect(source).not.toContain('W[');
    expect(source).toContain('for (let i = 0;');
    const [wy, wm] = tf.tidy(() => fn(x));
    expect(Array.from(y!.dataSync())).toEqual(Array.from(wy!.dataSync()));
    expect(m!.dataSync()[0]).toBe(wm!.dataSync()[0]);
    tf.dispose([x, y!, m!, wy!, wm!]);
  });
});
