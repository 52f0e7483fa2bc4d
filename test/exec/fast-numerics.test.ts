// JitOptions.numerics: 'fast' runs float32 tanh, sigmoid, exp and log in the compiled executor's SIMD
// kernels as fast-math.ts's approximations on the cpu and wasm backends — single kernels, fused
// chains (also with a bias row), a Sum over them — within the documented bounds of the cpu
// backend's values over the float32 sweep; values JS computes (small tensors) stay exact, other
// executors ignore it, an unknown value is refused at the jit call. Without it (or with 'exact')
// the compiled executor stays bit-identical to the cpu backend on the same programs.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { FAST_BOUNDS, type FastOp } from '../../src/exec/targets/wasm-simd/fast-math.js';
import { measure, sweepInputs } from './fixtures/fast-math-sweep.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

const KERNELS: Readonly<Record<FastOp, (x: tf.Tensor) => tf.Tensor>> = {
  Exp: tf.exp,
  Log: tf.log,
  Tanh: tf.tanh,
  Sigmoid: tf.sigmoid,
};
const OPS = Object.keys(KERNELS) as FastOp[];
const BACKENDS = ['cpu', 'wasm'] as const;

function rand(n: number, seed: number, lo: number, hi: number): Float32Array {
  const v = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) v[i] = lo + ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296) * (hi - lo);
  return v;
}

/** Runs `f` jitted with `opts` on tfjs backend `backend`; returns its values and generated source. */
async function jitted(
  backend: string,
  f: (...t: tf.Tensor[]) => tf.Tensor,
  args: Float32Array[],
  shapes: number[][],
  opts: ag.JitOptions = {},
) {
  await tf.setBackend(backend);
  const ts = args.map((a, i) => tf.tensor(a, shapes[i]));
  const jf = ag.jit(f, { autograph: false, ...opts });
  const y = jf(...ts) as tf.Tensor;
  const values = y.dataSync() as Float32Array;
  const source = jf.getConcreteFunction(...ts).compiledSource() ?? '';
  tf.dispose([...ts, y]);
  for (const cf of jf.concreteFunctions()) cf.dispose();
  return { values: Float32Array.from(values), source };
}

async function eagerCpu(
  f: (...t: tf.Tensor[]) => tf.Tensor,
  args: Float32Array[],
  shapes: number[][],
): Promise<Float32Array> {
  await tf.setBackend('cpu');
  return tf.tidy(() => Float32Array.from(f(...args.map((a, i) => tf.tensor(a, shapes[i]))).dataSync()));
}

const sameBits = (a: Float32Array, b: Float32Array) => Buffer.from(a.buffer).equals(Buffer.from(b.buffer));

describe("numerics: 'fast'", () => {
  const x = sweepInputs();

  for (const backend of BACKENDS) {
    it.each(OPS)(`%s on ${backend}: within its bound over the float32 sweep, in an own SIMD kernel`, async (op) => {
      const { values, source } = await jitted(backend, KERNELS[op], [x], [[x.length]], { numerics: 'fast' });
      const m = measure(op, x, values);
      expect(m.special).toEqual([]);
      expect(m.maxUlp, `${m.maxUlp} ulp at ${m.at}`).toBeLessThanOrEqual(FAST_BOUNDS[op]);
      expect(source).toMatch(/W\[\d+\]\.(map|run)\(/);
      // the fast kernel is in use: some values differ from the exact ones
      const exact = Float32Array.from(x, (v) =>
        op === 'Sigmoid' ? 1 / (1 + Math.exp(-v)) : Math[op.toLowerCase() as 'exp'](v),
      );
      expect(sameBits(values, exact)).toBe(false);
    });

    it(`a chain with a bias row and a Sum over exp on ${backend}: within the bounds of the steps`, async () => {
      const [h, b] = [rand(32 * 128, 1, -4, 4), rand(128, 2, -1, 1)];
      const cell = (h: tf.Tensor, b: tf.Tensor) => tf.tanh(tf.add(h, b));
      const { values, source } = await jitted(backend, cell, [h, b], [[32, 128], [128]], { numerics: 'fast' });
      const sums = Float32Array.from(h, (v, i) => v + b[i % 128]!);
      const m = measure('Tanh', sums, values);
      expect(m.maxUlp).toBeLessThanOrEqual(FAST_BOUNDS.Tanh);
      expect(source).not.toMatch(/Math\.tanh/);
      const logSumExp = (h: tf.Tensor) => tf.log(tf.sum(tf.exp(h)));
      const fast = (await jitted(backend, logSumExp, [h], [[32, 128]], { numerics: 'fast' })).values[0]!;
      const exact = Math.log(h.reduce((s, v) => s + Math.exp(v), 0));
      expect(Math.abs(fast - exact)).toBeLessThan(1e-5 * Math.abs(exact));
    });

    it(`small tensors (under 256 elements) keep the cpu backend's values on ${backend}`, async () => {
      const small = rand(200, 3, -5, 5);
      for (const op of OPS) {
        const f = (x: tf.Tensor) => KERNELS[op](tf.abs(x));
        expect(
          sameBits(
            (await jitted(backend, f, [small], [[200]], { numerics: 'fast' })).values,
            await eagerCpu(f, [small], [[200]]),
          ),
          op,
        ).toBe(true);
      }
    });
  }

  it("the default, and 'exact', stay bit-identical to the cpu backend on the same programs", async () => {
    const [h, b] = [rand(32 * 128, 4, -4, 4), rand(128, 5, -1, 1)];
    const programs: [string, (...t: tf.Tensor[]) => tf.Tensor, Float32Array[], number[][]][] = [
      ...OPS.map((op): [string, (...t: tf.Tensor[]) => tf.Tensor, Float32Array[], number[][]] => [
        op,
        KERNELS[op],
        [x],
        [[x.length]],
      ]),
      ['tanh(h + b)', (h, b) => tf.tanh(tf.add(h, b)), [h, b], [[32, 128], [128]]],
      ['sigmoid(h) * exp(-h)', (h) => tf.mul(tf.sigmoid(h), tf.exp(tf.neg(h))), [h], [[32, 128]]],
      ['log(sum(exp(h)))', (h) => tf.log(tf.sum(tf.exp(h))), [h], [[32, 128]]],
    ];
    for (const [name, f, args, shapes] of programs) {
      const want = await eagerCpu(f, args, shapes);
      expect(sameBits((await jitted('cpu', f, args, shapes)).values, want), name).toBe(true);
      expect(sameBits((await jitted('cpu', f, args, shapes, { numerics: 'exact' })).values, want), name).toBe(true);
    }
  });

  it('leaves the interpreter as it is (eager values)', async () => {
    const f = (h: tf.Tensor) => tf.sigmoid(tf.exp(h));
    const h = rand(4096, 6, -3, 3);
    expect(
      sameBits(
        (await jitted('cpu', f, [h], [[4096]], { numerics: 'fast', executor: 'interpreter' })).values,
        await eagerCpu(f, [h], [[4096]]),
      ),
    ).toBe(true);
  });

  it('carries the option to the gradient of a jit function', async () => {
    await tf.setBackend('cpu');
    const f = ag.jit((x: tf.Tensor) => tf.sum(tf.tanh(x)), { autograph: false, numerics: 'fast' });
    const x = tf.tensor(rand(1024, 7, -2, 2));
    const g = tf.grad((t: tf.Tensor) => f(t) as tf.Tensor)(x);
    const want = tf.tidy(() => tf.sub(1, tf.square(tf.tanh(x))));
    expect(tf.max(tf.abs(tf.sub(g, want))).dataSync()[0]).toBeLessThan(1e-6);
    tf.dispose([x, g, want]);
  });

  it('refuses an unknown value at the jit call (api/bad-option)', () => {
    const call = () => ag.jit((x: tf.Tensor) => x, { numerics: 'fastest' as 'fast' });
    expect(call).toThrow(AutographError);
    expect(call).toThrow(/numerics is "fastest"; expected 'exact' or 'fast'/);
  });
});
