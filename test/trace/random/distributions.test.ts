// The distributions of staged draws, where the values are not tfjs's own: onnxruntime (the exported
// ONNX model run by onnxruntime-node) and the exported GraphModel run by tfjs-converter — and the
// compiled executor as the reference. 20 calls × 1000 draws per op: means and variances within five
// standard errors of the distribution's, ranges, and chi-square of integer draws and multinomial
// frequencies. Unseeded draws here are random: the bounds are far in the tails (p < 1e-6 each).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../src/index.js';
import { needsExecuteAsync } from '../../../src/export/graph-model/index.js';
import { chiSquare, chiSquareBound, counts, stats } from './helpers.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const CALLS = 20;
const N = 1000;
const PROBS = [0.1, 0.2, 0.3, 0.4];

/** One draw per op of the exporters' rules, each of N values. */
function draws(logits: tf.Tensor): tf.Tensor[] {
  return [
    tf.randomNormal([N], 2, 3),
    tf.randomNormal([N], 0, 4, 'int32'),
    tf.randomUniform([N], -1, 3),
    tf.randomUniformInt([N], 0, 10),
    tf.truncatedNormal([N], 1, 2),
    tf.multinomial(logits as tf.Tensor1D, N),
    tf.multinomial(tf.softmax(logits) as tf.Tensor1D, N, undefined, true),
    tf.dropout(tf.ones([N]), 0.3),
  ];
}

type Runner = (logits: tf.Tensor) => Promise<tf.Tensor[]>;

async function collect(run: Runner): Promise<Float64Array[]> {
  const logits = tf.log(tf.tensor1d(PROBS));
  const all: number[][] = [];
  for (let c = 0; c < CALLS; c++) {
    const outs = await run(logits);
    outs.forEach((t, k) => (all[k] ??= []).push(...Array.from(t.dataSync() as ArrayLike<number>)));
    tf.dispose(outs);
  }
  logits.dispose();
  return all.map((a) => Float64Array.from(a));
}

/** `value` within `k` standard errors `se` of `want`. */
function near(what: string, value: number, want: number, se: number, k = 5): void {
  expect(Math.abs(value - want), `${what}: ${value} vs ${want} (se ${se})`).toBeLessThanOrEqual(k * se);
}

function checkAll(samples: Float64Array[]): void {
  const n = CALLS * N;
  const [normal, normalInt, uniform, uniformInt, truncated, multi, multiNormalized, dropped] = samples as [
    Float64Array,
    ...Float64Array[],
  ];

  const s0 = stats(normal);
  near('normal(2, 3) mean', s0.mean, 2, 3 / Math.sqrt(n));
  near('normal(2, 3) variance', s0.variance, 9, 9 * Math.sqrt(2 / n));

  const s1 = stats(normalInt!);
  expect(normalInt!.every(Number.isInteger)).toBe(true);
  near('int32 normal(0, 4) mean', s1.mean, 0, 4 / Math.sqrt(n));
  near('int32 normal(0, 4) variance', s1.variance, 16 + 1 / 12, 16 * Math.sqrt(2 / n));

  const s2 = stats(uniform!);
  expect(s2.min).toBeGreaterThanOrEqual(-1);
  expect(s2.max).toBeLessThanOrEqual(3); // float32 rounding can reach the bound (also eagerly)
  near('uniform(-1, 3) mean', s2.mean, 1, 4 / Math.sqrt(12 * n));
  near('uniform(-1, 3) variance', s2.variance, 16 / 12, Math.sqrt((256 / 80 - (16 / 12) ** 2) / n));

  expect(chiSquare(counts(uniformInt!, 10), new Array(10).fill(0.1))).toBeLessThan(chiSquareBound(10));

  // A normal truncated at two standard deviations: variance 0.77374σ², fourth moment 1.41620σ⁴.
  const s4 = stats(truncated!);
  expect(s4.min).toBeGreaterThanOrEqual(1 - 4);
  expect(s4.max).toBeLessThanOrEqual(1 + 4);
  near('truncatedNormal(1, 2) mean', s4.mean, 1, 2 * Math.sqrt(0.77374 / n));
  near('truncatedNormal(1, 2) variance', s4.variance, 4 * 0.77374, 16 * Math.sqrt((1.4162 - 0.77374 ** 2) / n));

  expect(chiSquare(counts(multi!, 4), PROBS)).toBeLessThan(chiSquareBound(4));
  expect(chiSquare(counts(multiNormalized!, 4), PROBS)).toBeLessThan(chiSquareBound(4));

  const zeros = dropped!.filter((v) => v === 0).length / n;
  near('dropout(0.3) share of zeros', zeros, 0.3, Math.sqrt(0.21 / n));
  expect(dropped!.every((v) => v === 0 || Math.abs(v - 1 / 0.7) < 1e-6)).toBe(true);
}

describe('distributions of staged and exported draws', () => {
  for (const executor of ['compiled', 'onnxruntime'] as const) {
    it(`${executor}: means, variances, ranges, frequencies`, async () => {
      const f = ag.jit(draws, { scope: { tf, N }, executor });
      checkAll(await collect(async (logits) => f(logits) as tf.Tensor[]));
    });
  }

  it('GraphModel (tfjs-converter): means, variances, ranges, frequencies', async () => {
    const f = ag.jit(draws, { scope: { tf, N } });
    const logits = tf.log(tf.tensor1d(PROBS));
    const artifacts = f.getConcreteFunction(logits).toGraphModel();
    logits.dispose();
    expect(needsExecuteAsync(artifacts)).toBe(false);
    const model = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
    try {
      checkAll(await collect(async (x) => model.execute(x) as tf.Tensor[]));
    } finally {
      model.dispose();
    }
  });

  it('randomGamma (compiled; no export has an op for it): mean αβ, variance αβ² as tfjs draws it', async () => {
    const f = ag.jit(() => [tf.randomGamma([N], 2, 3), tf.randomGamma([N], 0.5)], { scope: { tf, N } });
    const a: number[] = [];
    const b: number[] = [];
    for (let c = 0; c < CALLS; c++) {
      const [x, y] = f() as tf.Tensor[];
      a.push(...x!.dataSync());
      b.push(...y!.dataSync());
      tf.dispose([x!, y!]);
    }
    const n = CALLS * N;
    const s = stats(a);
    expect(s.min).toBeGreaterThan(0);
    near('gamma(2, 3) mean', s.mean, 6, Math.sqrt(18 / n));
    near('gamma(2, 3) variance', s.variance, 18, Math.sqrt((1944 - 324) / n)); // var of s²: (μ4 - σ⁴)/n, μ4 = 3α(α+2)β⁴ = 1944
    const t = stats(b);
    near('gamma(0.5, 1) mean', t.mean, 0.5, Math.sqrt(0.5 / n));
  });
});

describe('seeded draws in the exports', () => {
  const seeded = (logits: tf.Tensor): tf.Tensor[] => [
    tf.randomNormal([5], 1, 2, 'float32', 5),
    tf.randomUniformInt([5], 0, 100, 6),
    tf.multinomial(logits as tf.Tensor1D, 50, 7),
    tf.multinomial(tf.softmax(logits) as tf.Tensor1D, 50, 8, true),
  ];

  it("give eager's seeded values in the GraphModel and in onnxruntime", async () => {
    const logits = tf.tensor1d([0.5, -1, 2, 0, 1]);
    const want = tf.tidy(() => seeded(logits).map((t) => t.arraySync()));
    const f = ag.jit(seeded, { scope: { tf } });
    const model = await tf.loadGraphModel(tf.io.fromMemory(f.getConcreteFunction(logits).toGraphModel()));
    try {
      for (let i = 0; i < 2; i++) {
        const outs = model.execute(logits) as tf.Tensor[];
        expect(outs.map((t) => t.arraySync())).toEqual(want);
        tf.dispose(outs);
      }
    } finally {
      model.dispose();
    }
    const o = ag.jit(seeded, { scope: { tf }, executor: 'onnxruntime' });
    for (let i = 0; i < 2; i++) expect((o(logits) as tf.Tensor[]).map((t) => t.arraySync())).toEqual(want);
  });

  it('a seeded multinomial exports the samples of its seed (many seeds and logits)', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const f = ag.jit((l: tf.Tensor) => tf.multinomial(l as tf.Tensor2D, 20, seed), {
        scope: { tf, seed },
        executor: 'onnxruntime',
      });
      const l = tf.randomNormal([3, 6], 0, 2, 'float32', 100 + seed);
      expect((f(l) as tf.Tensor).arraySync(), `seed ${seed}`).toEqual(
        tf.multinomial(l as tf.Tensor2D, 20, seed).arraySync(),
      );
    }
  });

  it('randomGamma has no export: a catalogued error naming the kernel and the line', () => {
    const f = ag.jit(() => tf.randomGamma([3], 2), { scope: { tf } });
    const cf = f.getConcreteFunction();
    expect(() => cf.toONNX()).toThrow(
      expect.objectContaining({
        id: 'export/onnx-unsupported-kernel',
        location: expect.objectContaining({ line: expect.any(Number) }),
      }),
    );
    expect(() => cf.toGraphModel()).toThrow(expect.objectContaining({ id: 'export/graph-model-unsupported' }));
  });
});
