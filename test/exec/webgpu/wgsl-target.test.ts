// The WGSL target on tfjs's webgpu backend, in Node over SwiftShader (test/helpers/webgpu.ts): a
// Fused elementwise chain is one dispatch per call (with broadcasting, Select, int32 and bool), a
// second call compiles no pipeline, Huber + mean is two dispatches, a dense layer relu(x·W + b) one
// (transposed and batched products too), values agree with eager webgpu and with the cpu backend
// within the documented tolerance, a Fused node the target cannot compile runs kernel by kernel and
// verbosity 2 names it, tf.grad through a jit function works, and memory stays flat.
// Needs webgpu, tfjs (core, cpu, webgpu), src.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ag from '../../../src/index.js';
import { countsSince, gpuCounts, setUpWebGPU, webgpuSkipReason } from '../../helpers/webgpu.js';
import { lineOf as lineOfSource } from '../../helpers/source-lines.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
function chain(x: any) {
  return tf.sub(tf.mul(tf.tanh(tf.add(tf.mul(x, 2), 1)), x), 0.5);
}

function mixed(a: any, b: any, k: any) {
  // float32 [4,5] with a [1,5] row and an int32 [4,1] column: compare, select, cast, floorDiv, mod
  const big = tf.greater(a, b);
  const picked = tf.where(big, tf.sub(a, b), tf.mul(a, 3));
  const ints = tf.add(tf.floorDiv(k, 2), tf.mod(k, 3));
  return tf.add(picked, tf.cast(ints, 'float32'));
}

function intsAndBools(k: any, m: any) {
  return tf.logicalAnd(tf.greaterEqual(tf.add(k, m), 3), tf.logicalNot(tf.equal(m, 1)));
}

function huber(a: any) {
  return tf.mean(tf.where(tf.lessEqual(tf.abs(a), 1), tf.div(tf.mul(a, a), 2), tf.sub(tf.abs(a), 0.5)));
}

function dense(x: any, w: any, b: any) {
  return tf.relu(tf.add(tf.matMul(x, w), b));
}

function denseT(x: any, w: any, b: any) {
  return tf.sigmoid(tf.add(tf.matMul(x, w, true, true), b));
}

function batched(x: any, w: any) {
  return tf.tanh(tf.mul(tf.matMul(x, w), 0.5));
}

function wide(a: any, b: any, c: any, d: any, e: any, f: any, g: any, h: any) {
  return tf.add(tf.add(tf.add(tf.add(a, b), tf.add(c, d)), tf.add(tf.add(e, f), g)), tf.mul(h, 2));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const scope = { tf, ag };
const lineOf = (code: string): number => lineOfSource(import.meta.url, code);
/** The documented tolerance of GPU targets against the cpu backend (docs/guide.md, "Executors"). */
const RTOL = 1e-5;
const ATOL = 1e-6;

function values(n: number, k: number, scale = 1): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => Math.sin(i * k + 0.3) * scale);
}

async function read(t: tf.Tensor): Promise<number[]> {
  const v = [...((await t.data()) as Float32Array)];
  t.dispose();
  return v;
}

function expectClose(got: readonly number[], want: readonly number[]): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < got.length; i++) {
    const tol = ATOL + RTOL * Math.abs(want[i]!);
    if (!(Math.abs(got[i]! - want[i]!) <= tol)) expect.fail(`element ${i}: ${got[i]} vs ${want[i]} (tolerance ${tol})`);
  }
}

/** Makes the inputs with `make` on the cpu backend, runs `f` there (eagerly), then back to webgpu. */
async function onCpu(make: () => tf.Tensor[], f: (...xs: tf.Tensor[]) => tf.Tensor): Promise<number[]> {
  await tf.setBackend('cpu');
  try {
    const xs = make();
    const v = await read(f(...xs));
    tf.dispose(xs);
    return v;
  } finally {
    await tf.setBackend('webgpu');
  }
}

interface Case {
  readonly name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly fn: (...xs: any[]) => tf.Tensor;
  readonly make: () => tf.Tensor[];
  /** Dispatches of one jit call, after the first. */
  readonly dispatches: number;
}

const CASES: readonly Case[] = [
  { name: '5-op chain on 1e4 float32', fn: chain, make: () => [tf.tensor(values(10_000, 0.01, 3))], dispatches: 1 },
  {
    name: 'broadcasting, Select, int32 → float32',
    fn: mixed,
    make: () => [
      tf.tensor(values(20, 0.7), [4, 5]),
      tf.tensor(values(5, 1.1), [1, 5]),
      tf.tensor([7, -5, 0, 12], [4, 1], 'int32'),
    ],
    dispatches: 1,
  },
  {
    name: 'int32 and bool',
    fn: intsAndBools,
    make: () => [tf.tensor([1, 2, 3, 4, -2, 0], [6], 'int32'), tf.tensor([1, 1, 0, 2, 5, 3], [6], 'int32')],
    dispatches: 1,
  },
  { name: 'Huber + mean on 1e4', fn: huber, make: () => [tf.tensor(values(10_000, 0.013, 3))], dispatches: 2 },
  {
    name: 'dense layer relu(x·W + b)',
    fn: dense,
    make: () => [
      tf.tensor(values(8 * 33, 0.3), [8, 33]),
      tf.tensor(values(33 * 20, 0.17), [33, 20]),
      tf.tensor(values(20, 0.9), [20]),
    ],
    dispatches: 1,
  },
  {
    name: 'transposed product with a sigmoid epilogue',
    fn: denseT,
    make: () => [
      tf.tensor(values(33 * 8, 0.3), [33, 8]),
      tf.tensor(values(20 * 33, 0.17), [20, 33]),
      tf.tensor(values(20, 0.9), [20]),
    ],
    dispatches: 1,
  },
  {
    name: 'batched product, one side broadcast',
    fn: batched,
    make: () => [tf.tensor(values(3 * 5 * 7, 0.2), [3, 5, 7]), tf.tensor(values(7 * 6, 0.4), [1, 7, 6])],
    dispatches: 1,
  },
];

describe.skipIf(webgpuSkipReason !== undefined)(
  `the WGSL target${webgpuSkipReason ? ` (skipped: ${webgpuSkipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      await setUpWebGPU();
    });
    afterEach(() => {
      ag.setVerbosity(0);
      vi.restoreAllMocks();
    });

    for (const c of CASES) {
      it(`${c.name}: ${c.dispatches} dispatch(es) per call, no new pipeline, eager webgpu's and cpu's values`, async () => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const f = ag.jit(c.fn, { scope }) as (...xs: any[]) => unknown;
        const xs = c.make();
        const eager = await read(c.fn(...xs));
        const first = f(...xs) as tf.Tensor;
        await read(first);
        const before = gpuCounts();
        const y = f(...xs) as tf.Tensor;
        const counts = countsSince(before);
        expect(counts.dispatch).toBe(c.dispatches);
        expect(counts.pipelines).toBe(0);
        expect(counts.mapAsync).toBe(0);
        const got = await read(y);
        expectClose(got, eager);
        expectClose(got, await onCpu(c.make, c.fn));
        tf.dispose(xs);
      });
    }

    it('eager dispatches once per kernel where jit dispatches once per chain', async () => {
      const x = tf.tensor(values(10_000, 0.01, 3));
      await read(chain(x));
      const before = gpuCounts();
      const y = chain(x);
      expect(countsSince(before).dispatch).toBe(5);
      tf.dispose([x, y]);
    });

    it('a Fused node with more inputs than WebGPU binds runs kernel by kernel; verbosity 2 names it and why', async () => {
      const lines: string[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
      ag.setVerbosity(2);
      const f = ag.jit(wide, { scope });
      const xs = Array.from({ length: 8 }, (_, i) => tf.tensor(values(64, 0.1 * (i + 1))));
      const [a, b, c, d, e, g, h, k] = xs as [
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
        tf.Tensor,
      ];
      const eager = await read(wide(a, b, c, d, e, g, h, k));
      const got = await read(f(a, b, c, d, e, g, h, k) as tf.Tensor);
      expectClose(got, eager);
      const report = lines.join('');
      expect(report).toMatch(/wide on tfjs webgpu: 0 WGSL programs for its fused nodes/);
      expect(report).toContain(
        `the chain Add, Add, Add, Add … (8 kernels) at test/exec/webgpu/wgsl-target.test.ts:${lineOf('return tf.add(tf.add(tf.add(tf.add(a, b)')} (in wide) runs kernel by kernel: 8 inputs (WebGPU binds at most 7 with the output)`,
      );
      tf.dispose(xs);
    });

    it('tf.grad through a jit function on webgpu: kernel by kernel under the tape, the cpu gradient', async () => {
      const f = ag.jit(chain, { scope });
      const make = () => [tf.tensor(values(1000, 0.05, 2))];
      const [x] = make();
      const g = await read(tf.grad((v: tf.Tensor) => tf.sum(f(v) as tf.Tensor))(x!));
      const want = await onCpu(make, (v) => tf.grad((u: tf.Tensor) => tf.sum(chain(u)))(v));
      expectClose(g, want);
      x!.dispose();
    });

    it('memory stays flat over many calls', async () => {
      const f = ag.jit(dense, { scope });
      const [x, w, b] = CASES[4]!.make() as [tf.Tensor, tf.Tensor, tf.Tensor];
      const xs = [x, w, b];
      await read(f(x, w, b) as tf.Tensor);
      const before = tf.memory().numTensors;
      for (let i = 0; i < 50; i++) (f(x, w, b) as tf.Tensor).dispose();
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose(xs);
    });
  },
);
