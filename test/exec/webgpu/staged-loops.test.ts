// Staged control flow on tfjs's webgpu backend, in Node over SwiftShader (test/helpers/webgpu.ts):
// a data-dependent `while` runs through `callAsync`, reading its condition with mapAsync, and a
// plain call of it is the catalogued error that names the async path (never a crash inside tfjs,
// never a wrong value); counted loops (`ag.range(n)`, `for…of` over a tensor) read their trip count
// at most once per call, however many iterations. Values agree with eager webgpu and with the cpu
// backend; device work (dispatches, reads, pipelines) is counted exactly; memory stays flat.
// Needs webgpu, tfjs (core, cpu, webgpu), src.
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../src/index.js';
import { AutographError } from '../../../src/errors/ag-error.js';
import { countsSince, gpuCounts, setUpWebGPU, webgpuSkipReason } from '../../helpers/webgpu.js';
import { lineOf as lineOfSource } from '../../helpers/source-lines.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
function collatz(a: any) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}

/** An RNN cell over `n` steps: a counted loop whose trip count is a tensor. */
function rnnRange(h: any, w: any, xs: any, n: any) {
  for (const i of ag.range(n) as any) {
    h = tf.tanh(tf.add(tf.matMul(h, w), tf.gather(xs, i)));
  }
  return h;
}

/** The same over the rows of `xs`: a counted loop whose trip count is static. */
function rnnRows(h: any, w: any, xs: any) {
  for (const x of xs) {
    h = tf.tanh(tf.add(tf.matMul(h, w), x));
  }
  return h;
}

/** A data-dependent loop whose body only computes: its conditions may be read in batches. */
function grow(x: any) {
  while (x < 1000) x = x * 1.1 + 1;
  return x;
}

function signFlip(x: any) {
  const sum: any = tf.sum(x);
  let y;
  if (sum > 0) y = x * 2;
  else y = -x;
  return y;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const scope = { tf, ag, Math };
const STEPS = 20;
const lineOf = (code: string): number => lineOfSource(import.meta.url, code);

/** Eager tfjs: the RNN unrolled on the active backend. */
function rnnEager(h: tf.Tensor, w: tf.Tensor, xs: tf.Tensor): tf.Tensor {
  return tf.tidy(() => {
    for (let i = 0; i < STEPS; i++) h = tf.tanh(tf.add(tf.matMul(h, w), tf.gather(xs, i)));
    return h;
  });
}

/** The RNN's inputs on the active backend (the same values on every backend). */
function rnnInputs(): { h: tf.Tensor; w: tf.Tensor; xs: tf.Tensor } {
  const values = (n: number, k: number) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * k) * 0.5);
  return {
    h: tf.tensor(values(4 * 16, 1.3), [4, 16]),
    w: tf.tensor(values(16 * 16, 0.7), [16, 16]),
    xs: tf.tensor(values(STEPS * 4 * 16, 0.11), [STEPS, 4, 16]),
  };
}

async function read(t: unknown): Promise<Float32Array | Int32Array> {
  const tensor = t as tf.Tensor;
  const values = (await tensor.data()) as Float32Array | Int32Array;
  tensor.dispose();
  return values;
}

/** What `f` throws, as a catalogued error. */
function thrown(f: () => unknown): AutographError {
  try {
    f();
  } catch (e) {
    if (e instanceof AutographError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

/** The same program on the cpu backend (inputs made there), then back to webgpu. */
async function onCpu<T>(f: () => Promise<T>): Promise<T> {
  await tf.setBackend('cpu');
  try {
    return await f();
  } finally {
    await tf.setBackend('webgpu');
  }
}

describe.skipIf(webgpuSkipReason !== undefined)(
  `staged loops on webgpu${webgpuSkipReason ? ` (skipped: ${webgpuSkipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      await setUpWebGPU();
    });

    it('collatz: a data-dependent while gives 111 for 27 through callAsync, one read per test', async () => {
      const f = ag.jit(collatz, { scope });
      const a = tf.scalar(27, 'int32');
      const before = gpuCounts();
      const r = await f.callAsync(a);
      const counts = countsSince(before);
      expect(r.dtype).toBe('int32');
      expect([...(await read(r))]).toEqual([111]);
      // 112 tests of the while condition and 111 of the if's predicate, each read once with mapAsync.
      expect(counts.mapAsync).toBe(223);
      // Per iteration: the test, the if's predicate (one fused program), the branch (one), counter + 1.
      expect(counts.dispatch).toBe(4 * 111 + 1);
      expect(await onCpu(async () => [...(await read(f(tf.scalar(27, 'int32'))))])).toEqual([111]);
      a.dispose();
    });

    it('collatz: a plain call is the catalogued error naming callAsync, at the while, before any device work', () => {
      const f = ag.jit(collatz, { scope });
      const a = tf.scalar(27, 'int32');
      f.getConcreteFunction(a); // traced before counting
      const before = gpuCounts();
      const e = thrown(() => f(a));
      expect(countsSince(before)).toEqual({ dispatch: 0, submit: 0, mapAsync: 0, writeBuffer: 0, pipelines: 0 });
      expect(e.id).toBe('exec/sync-read-on-gpu');
      expect(e.summary).toContain('`while (a != 1)` reads its condition on every iteration');
      expect(e.message).toContain('await f.callAsync(...args)');
      expect(e.location?.line).toBe(lineOf('while (a != 1) {'));
      a.dispose();
    });

    it('a loop whose body only computes reads its conditions in batches of 1, 2, 4 … 16: 7 reads for 49 tests', async () => {
      const f = ag.jit(grow, { scope });
      const x = tf.scalar(1);
      await read(await f.callAsync(x)); // traces, compiles
      const before = gpuCounts();
      const y = await f.callAsync(x);
      const counts = countsSince(before);
      // 48 iterations (49 tests): batches 1, 2, 4, 8, 16, 16, 16 cover 63 tests, one read each
      expect(counts.mapAsync).toBe(7);
      // each iteration run (63, the last 14 past the end and dropped): the test and the body, one program
      // each; and per batch of more than one, tfjs's stack of its tests into one tensor to read (17 over
      // the 6 batches: tfjs-webgpu concatenates at most a few inputs a dispatch)
      expect(counts.dispatch).toBe(2 * 63 + 17);
      const got = [...(await read(y))];
      expect(got).toEqual(await onCpu(async () => [...(await read(f(tf.scalar(1))))]));
      let js = Math.fround(1);
      while (js < 1000) js = Math.fround(Math.fround(js * Math.fround(1.1)) + 1);
      expect(got).toEqual([js]);
      x.dispose();
    });

    it('an if on a tensor reads its predicate once through callAsync; a plain call names the if', async () => {
      const f = ag.jit(signFlip, { scope });
      const x = tf.tensor([1, -3, 4]);
      const before = gpuCounts();
      const y = await f.callAsync(x);
      expect(countsSince(before).mapAsync).toBe(1);
      expect([...(await read(y))]).toEqual([2, -6, 8]);
      const e = thrown(() => f(x));
      expect(e.summary).toContain('`if (sum > 0)` reads its predicate');
      expect(e.location?.line).toBe(lineOf('if (sum > 0)'));
      x.dispose();
    });

    it('ag.range(n): eager values, the trip count read at most once per call, dispatches per step', async () => {
      const f = ag.jit(rnnRange, { scope });
      const { h, w, xs } = rnnInputs();
      const expected = await read(rnnEager(h, w, xs));
      const n = tf.scalar(STEPS, 'int32'); // its value stays on the host: reading it takes no mapAsync
      const nOnDevice = tf.add(tf.scalar(STEPS - 1, 'int32'), tf.scalar(1, 'int32')); // made by a kernel
      await read(await f.callAsync(h, w, xs, n)); // traces, compiles the pipelines
      for (const [bound, reads] of [
        [n, 0],
        [nOnDevice, 1],
      ] as const) {
        const before = gpuCounts();
        const y = await f.callAsync(h, w, xs, bound);
        const counts = countsSince(before);
        expect(counts.mapAsync).toBe(reads);
        expect(counts.pipelines).toBe(0);
        // per step: the row gather, and the matMul with its epilogue (add, tanh) as one program; the counter stays on the host
        expect(counts.dispatch).toBe(2 * STEPS);
        const got = await read(y);
        for (let i = 0; i < got.length; i++) expect(got[i]).toBeCloseTo(expected[i]!, 5);
      }
      const e = thrown(() => f(h, w, xs, n));
      // (The statement as the converter read it: vitest's transform renames the imported `ag`.)
      expect(e.summary).toMatch(/^`for \(const i of .*\.range\(n\)\)` reads its trip count \(one read per call\)/);
      expect(e.location?.line).toBe(lineOf('for (const i of ag.range(n) as any)'));
      tf.dispose([h, w, xs, n, nOnDevice]);
    });

    it('for…of over a tensor: a plain call works, with no read and no new pipeline after the first call', async () => {
      const f = ag.jit(rnnRows, { scope });
      const { h, w, xs } = rnnInputs();
      const expected = await read(rnnEager(h, w, xs));
      await read(f(h, w, xs));
      const before = gpuCounts();
      const y = f(h, w, xs);
      const counts = countsSince(before);
      expect(counts).toMatchObject({ mapAsync: 0, pipelines: 0, dispatch: 2 * STEPS });
      const got = await read(y);
      for (let i = 0; i < got.length; i++) expect(got[i]).toBeCloseTo(expected[i]!, 5);
      const viaAsync = await read(await f.callAsync(h, w, xs));
      expect([...viaAsync]).toEqual([...got]);
      tf.dispose([h, w, xs]);
    });

    it('the same programs on the cpu backend agree with webgpu', async () => {
      const loops = { range: ag.jit(rnnRange, { scope }), rows: ag.jit(rnnRows, { scope }) };
      const run = async () => {
        const { h, w, xs } = rnnInputs();
        const n = tf.scalar(STEPS, 'int32');
        const out = [await read(await loops.range.callAsync(h, w, xs, n)), await read(loops.rows(h, w, xs))];
        tf.dispose([h, w, xs, n]);
        return out;
      };
      const gpu = await run();
      const cpu = await onCpu(run);
      for (const [k, values] of gpu.entries()) {
        for (let i = 0; i < values.length; i++) expect(values[i]).toBeCloseTo(cpu[k]![i]!, 5);
      }
    });

    it('tf.memory().numTensors is the same after many calls', async () => {
      const loops = {
        collatz: ag.jit(collatz, { scope }),
        range: ag.jit(rnnRange, { scope }),
        rows: ag.jit(rnnRows, { scope }),
      };
      const { h, w, xs } = rnnInputs();
      const n = tf.scalar(STEPS, 'int32');
      const a = tf.scalar(6, 'int32'); // 8 steps
      const round = async () => {
        await read(await loops.collatz.callAsync(a));
        await read(await loops.range.callAsync(h, w, xs, n));
        await read(loops.rows(h, w, xs));
      };
      await round();
      const before = tf.memory().numTensors;
      for (let i = 0; i < 2; i++) await round();
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([h, w, xs, n, a]);
    });
  },
);
