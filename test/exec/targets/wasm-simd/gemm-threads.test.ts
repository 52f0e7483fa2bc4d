// The GEMM thread pool: on the cpu and wasm backends a matMul split over 2 or 4 threads gives the
// same bytes as one thread (and as eager tfjs, which the one-thread kernels equal) for shapes that
// are no multiple of the tile, batched, broadcast and transposed, cut by rows or by columns, with
// NaN/±Infinity/denormals; workers take part; no tensor leaks; the workers end when the last
// function that used them is disposed; where threads cannot run (one thread asked for, no
// SharedArrayBuffer, Atomics.wait refused) no worker starts, the values are the same, and verbosity 1
// says so once.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMatMulSite } from '../../../../src/exec/targets/wasm-simd/matmul.js';
import {
  gemmPool,
  poolReady,
  poolState,
  resetThreads,
  THREAD_MIN_MACS,
} from '../../../../src/exec/targets/wasm-simd/gemm-pool.js';
import { planChunks } from '../../../../src/exec/targets/wasm-simd/gemm-threads.js';
import { SPLIT_COLS, SPLIT_ROWS } from '../../../../src/exec/targets/wasm-simd/gemm-worker-source.js';
import * as ag from '../../../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
});
afterEach(() => {
  ag.setThreads();
  resetThreads();
});
afterAll(() => tf.setBackend('cpu'));

function rand(shape: number[], seed: number, specials = false): tf.Tensor {
  let s = seed >>> 0;
  const n = shape.reduce((a, b) => a * b, 1);
  const v = new Float32Array(n);
  const sp = [NaN, Infinity, -Infinity, -0, 1e-40, -1e-42, 3e38];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = specials && i % 97 === 13 ? sp[s % sp.length]! : (s / 4294967296) * 4 - 2;
  }
  return tf.tensor(v, shape);
}

/** The bytes of a float32 tensor (NaN payloads and -0 included). */
const bytes = (t: tf.Tensor): Uint8Array => new Uint8Array((t.dataSync() as Float32Array).slice().buffer);

/** The same values (Object.is: -0 is not 0, a NaN is any NaN; the one-thread kernels' contract with eager tfjs). */
function sameValues(got: Uint8Array, want: tf.Tensor): void {
  const g = new Float32Array(got.slice().buffer);
  const w = want.dataSync();
  const bad: string[] = [];
  for (let i = 0; i < w.length && bad.length < 3; i++) if (!Object.is(g[i], w[i])) bad.push(`${i}: ${g[i]} vs ${w[i]}`);
  expect(bad).toEqual([]);
}

// [a shape, b shape, transposeA, transposeB]: each at least THREAD_MIN_MACS multiply-adds.
const cases: [number[], number[], boolean, boolean][] = [
  [[130, 257], [257, 67], false, false], // rows no multiple of 4, columns no multiple of 8
  [[257, 130], [257, 67], true, false],
  [[130, 257], [67, 257], false, true],
  [[257, 130], [67, 257], true, true],
  [[6, 700], [700, 523], false, false], // few rows: cut by columns
  [[3, 70, 100], [3, 100, 130], false, false], // batched
  [[3, 70, 100], [100, 130], false, false], // b broadcast over the batch
  [[70, 100], [3, 100, 130], false, false], // a broadcast over the batch
  [[2, 120, 90], [2, 140, 120], true, true], // batched and transposed
];

/** The product through one site at `threads` threads, after the pool (if any) is ready. */
async function product(
  site: ReturnType<typeof buildMatMulSite>,
  a: tf.Tensor,
  b: tf.Tensor,
  ta: boolean,
  tb: boolean,
  shape: number[],
  threads: number,
): Promise<Uint8Array> {
  ag.setThreads(threads);
  if (threads > 1) {
    gemmPool(Number.MAX_SAFE_INTEGER); // starts it
    expect(await poolReady()).toBe(true);
  }
  const r = site!.run(a, b, ta, tb, shape);
  const out = bytes(r);
  r.dispose();
  return out;
}

describe.each(['cpu', 'wasm'] as const)('threaded matMul on the %s backend', (backend) => {
  it.each(cases)(
    '%j x %j (transposeA %s, transposeB %s): the same bytes on 1, 2 and 4 threads',
    async (sa, sb, ta, tb) => {
      await tf.setBackend(backend);
      const site = buildMatMulSite(backend, false)!;
      let shape: number[] = [];
      for (const specials of [false, true]) {
        const a = rand(sa, 7, specials);
        const b = rand(sb, 11, specials);
        const want = tf.matMul(a, b, ta, tb);
        shape = want.shape;
        const before = tf.memory().numTensors;
        const one = await product(site, a, b, ta, tb, want.shape, 1);
        sameValues(one, want);
        for (const threads of [2, 4])
          expect(await product(site, a, b, ta, tb, want.shape, threads), `${threads} threads`).toEqual(one);
        expect(tf.memory().numTensors).toBe(before);
        tf.dispose([a, b, want]);
      }
      // The workers took part (on a loaded machine the caller may take every chunk of a product
      // before a worker wakes: a few more products give them their turn).
      const workersRan = () =>
        gemmPool(Number.MAX_SAFE_INTEGER)!
          .chunksRun()
          .slice(1)
          .some((c) => c > 0);
      for (let tries = 0; tries < 50 && !workersRan(); tries++) {
        const a = rand(sa, 7, false);
        const b = rand(sb, 11, false);
        await product(site, a, b, ta, tb, shape, 2);
        tf.dispose([a, b]);
      }
      const chunks = gemmPool(Number.MAX_SAFE_INTEGER)!.chunksRun();
      expect(workersRan(), `workers ran chunks: ${chunks.join(', ')}`).toBe(true);
      site.dispose();
    },
  );

  it('follows a new B, and a B rewritten in place, as one thread does', async () => {
    await tf.setBackend(backend);
    const site = buildMatMulSite(backend, false)!;
    const a = rand([96, 200], 1);
    const b1 = rand([200, 120], 2);
    const b2 = rand([200, 120], 3);
    for (const b of [b1, b1, b2, b1])
      sameValues(await product(site, a, b, false, false, [96, 120], 2), tf.matMul(a, b));
    site.dispose();
    tf.dispose([a, b1, b2]);
  });
});

describe('planChunks', () => {
  it('cuts whole row blocks, or whole column panels where there are few rows', () => {
    const rows = planChunks('f32', 512, 512, 1, 2)!;
    expect(rows).toEqual({ split: SPLIT_ROWS, size: 64, perBatch: 8 });
    const cols = planChunks('f32', 6, 700, 1, 2)!;
    expect(cols.split).toBe(SPLIT_COLS);
    expect(cols.size % 8).toBe(0);
    expect(planChunks('f64', 6, 700, 1, 2)!.size % 4).toBe(0);
    expect(planChunks('f32', 64, 64, 100, 2)).toEqual({ split: SPLIT_ROWS, size: 64, perBatch: 1 });
    expect(planChunks('f32', 64, 64, 5000, 2)).toBeUndefined();
  });
});

describe('the pool', () => {
  it('through jit: the same values on 2 threads, no tensor leak, workers ended on dispose', async () => {
    for (const backend of ['cpu', 'wasm'] as const) {
      await tf.setBackend(backend);
      const a = rand([200, 160], 5);
      const b = rand([160, 150], 6);
      const f = ag.jit((x: tf.Tensor, y: tf.Tensor) => tf.relu(tf.matMul(x, y)), {
        autograph: false,
        relaxedSimd: false,
      });
      ag.setThreads(1);
      const one = f(a, b) as tf.Tensor;
      expect(poolState().started).toBe(false);
      ag.setThreads(2);
      tf.dispose(f(a, b) as tf.Tensor); // starts the pool; this call runs on one thread
      expect(await poolReady()).toBe(true);
      const before = tf.memory().numTensors;
      const two = f(a, b) as tf.Tensor;
      expect(bytes(two)).toEqual(bytes(one));
      two.dispose();
      expect(tf.memory().numTensors).toBe(before);
      expect(poolState()).toEqual({ started: true, size: 2 });
      for (const cf of f.concreteFunctions()) cf.dispose();
      expect(poolState().started).toBe(false);
      tf.dispose([a, b, one]);
    }
  });

  it('ends workers that were still starting when the function that started them is disposed', async () => {
    await tf.setBackend('wasm');
    const a = rand([200, 160], 5);
    const f = ag.jit((x: tf.Tensor) => tf.matMul(x, x, false, true), { autograph: false });
    ag.setThreads(2);
    tf.dispose(f(a) as tf.Tensor); // starts the pool; not ready yet
    expect(poolState().started).toBe(true);
    for (const cf of f.concreteFunctions()) cf.dispose();
    expect(poolState().started).toBe(false);
    a.dispose();
  });

  it('starts no worker for small products or one thread', async () => {
    await tf.setBackend('wasm');
    const site = buildMatMulSite('wasm', false)!;
    const a = rand([64, 64], 1);
    const b = rand([64, 64], 2);
    expect(64 ** 3).toBeLessThan(THREAD_MIN_MACS);
    ag.setThreads(4);
    site.run(a, b, false, false, [64, 64]).dispose();
    expect(poolState().started).toBe(false);
    const big = rand([200, 200], 3);
    ag.setThreads(1);
    site.run(big, big, false, false, [200, 200]).dispose();
    expect(poolState().started).toBe(false);
    site.dispose();
    tf.dispose([a, b, big]);
  });

  it.each([
    [
      'SharedArrayBuffer is missing',
      () => vi.stubGlobal('SharedArrayBuffer', undefined),
      /SharedArrayBuffer is missing/,
    ],
    [
      'Atomics.wait is refused (a browser main thread)',
      () =>
        vi.spyOn(Atomics, 'wait').mockImplementation(() => {
          throw new TypeError('Atomics.wait cannot be called in this context');
        }),
      /Atomics.wait is not allowed/,
    ],
  ] as const)('falls back to one thread where %s, said once at verbosity 1', async (_what, stub, said) => {
    await tf.setBackend('wasm');
    const site = buildMatMulSite('wasm', false)!;
    const a = rand([200, 180], 1);
    const b = rand([180, 190], 2);
    const want = tf.matMul(a, b);
    const lines: string[] = [];
    const err = vi.spyOn(console, 'error').mockImplementation((m: unknown) => void lines.push(String(m)));
    ag.setVerbosity(1);
    stub();
    try {
      ag.setThreads(2);
      for (let i = 0; i < 3; i++) {
        const r = site.run(a, b, false, false, [200, 190]);
        sameValues(bytes(r), want);
        r.dispose();
      }
      expect(poolState().started).toBe(false);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      ag.setVerbosity(0);
    }
    expect(lines.filter((l) => l.includes('run on one thread'))).toHaveLength(1);
    expect(lines.join('\n')).toMatch(said);
    expect(err).toBeDefined();
    site.dispose();
    tf.dispose([a, b, want]);
  });

  it('checks setThreads', () => {
    expect(() => ag.setThreads(0)).toThrow(/api\/bad-threads/);
    expect(() => ag.setThreads(2.5)).toThrow(/api\/bad-threads/);
    expect(() => ag.setThreads(17)).toThrow(/api\/bad-threads/);
    ag.setThreads(3);
    expect(ag.threads()).toBe(3);
    ag.setThreads();
    expect(ag.threads()).toBeGreaterThanOrEqual(1);
    expect(ag.threads()).toBeLessThanOrEqual(4);
  });

  it('lets Node exit with its workers waiting, and threads the fused (relaxed SIMD) kernels to the same bytes', () => {
    const child = fileURLToPath(new URL('../../fixtures/threads-child.ts', import.meta.url));
    const t0 = Date.now();
    const r = spawnSync(process.execPath, ['--experimental-wasm-relaxed-simd', '--import', 'tsx', child], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
      relaxed: boolean;
      ready: boolean;
      started: boolean;
      differing: number;
      workerChunks: number;
    };
    expect(report).toMatchObject({ relaxed: true, ready: true, started: true, differing: 0 });
    expect(report.workerChunks).toBeGreaterThan(0);
    expect(Date.now() - t0).toBeLessThan(120_000);
  }, 150_000);
});
