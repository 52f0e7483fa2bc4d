// The page of test/browser/gpu-targets.test.ts, bundled by esbuild into one script: tfjs (core, cpu,
// webgl, webgpu), autograph-ts's browser entry with its run-time converter, and the GLSL target's
// rule table. `window.agGpuTargets.run(backend)` runs the cases (functions given as source to
// `ag.jit(fn, { scope })`) on 'webgl' or 'webgpu' and answers, for each, the programs the second jit
// call ran and compiled (counted on the backend's own program runner), and the worst error against
// eager tfjs on that backend and on cpu, the tensors it left, and tf.grad through a jit function
// against cpu's; `rules()` runs every kernel of the GLSL rule table as a
// one-step program on webgl over special values (NaN, ±∞, ±0, …) against the cpu kernel.
// Needs tfjs, src. Produces the page's global `agGpuTargets`.

import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-webgpu';
import * as ag from '../../src/browser.js';
import '../../src/convert/index.js';
import { GLSL_RULES } from '../../src/exec/targets/glsl/rules.js';
import { chainUserCode } from '../../src/exec/targets/glsl/elementwise.js';
import { ELEMENTWISE_KERNELS, type ElementwiseKernelName } from '../../src/opt/elementwise-kernels.js';
import type { FusedStep } from '../../src/ir/fused.js';
import type { KernelName } from '../../src/ir/ops.js';

// As source text: a bundler renames `tf.sub` to an import binding that the run-time converter
// could not resolve from `fn.toString()`; made into functions over this page's tf below.
const SOURCES = {
  chain: '(x) => tf.sub(tf.mul(tf.tanh(tf.add(tf.mul(x, 2), 1)), x), 0.5)',
  mixed: `function mixed(a, b, k) {
    const big = tf.greater(a, b);
    const picked = tf.where(big, tf.sub(a, b), tf.mul(a, 3));
    const ints = tf.add(tf.floorDiv(k, 2), tf.mod(k, 3));
    return tf.add(picked, tf.cast(ints, 'float32'));
  }`,
  intsAndBools: '(k, m) => tf.logicalAnd(tf.greaterEqual(tf.add(k, m), 3), tf.logicalNot(tf.equal(m, 1)))',
  huberPart: '(a) => tf.where(tf.lessEqual(tf.abs(a), 1), tf.div(tf.mul(a, a), 2), tf.sub(tf.abs(a), 0.5))',
  huber: '(a) => tf.mean(tf.where(tf.lessEqual(tf.abs(a), 1), tf.div(tf.mul(a, a), 2), tf.sub(tf.abs(a), 0.5)))',
  dense: '(x, w, b) => tf.relu(tf.add(tf.matMul(x, w), b))',
  denseT: '(x, w, b) => tf.sigmoid(tf.add(tf.matMul(x, w, true, true), b))',
  batched: '(x, w) => tf.tanh(tf.mul(tf.matMul(x, w), 0.5))',
  rnn: `function rnn(h, w, xs) {
    for (const x of xs) h = tf.tanh(tf.add(tf.matMul(h, w), x));
    return h;
  }`,
  // the same over a [steps, batch, units] tensor: a staged counted loop, a row gather per step
  rnnStaged: `function rnnStaged(h, w, xs) {
    for (const x of xs) h = tf.tanh(tf.add(tf.matMul(h, w), x));
    return h;
  }`,
  rnnUnstacked: `function rnnUnstacked(h, w, xs) {
    for (const x of tf.unstack(xs)) h = tf.tanh(tf.add(tf.matMul(h, w), x));
    return h;
  }`,
};

type Fn = (...xs: any[]) => tf.Tensor; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The function of a source, over this page's tf (its text stays the source, for the converter). */
const fnOf = (name: keyof typeof SOURCES): Fn => new Function('tf', `return (${SOURCES[name]});`)(tf) as Fn;

type Arg = tf.Tensor | tf.Tensor[];
const values = (n: number, k: number, scale = 1): Float32Array =>
  Float32Array.from({ length: n }, (_, i) => Math.sin(i * k + 0.3) * scale);

interface Case {
  readonly name: keyof typeof SOURCES;
  readonly make: () => Arg[];
  /** What eager tfjs runs instead (a tensor is not iterable outside jit). */
  readonly eager?: keyof typeof SOURCES;
}

const RNN_STEPS = 20;
const CASES: readonly Case[] = [
  { name: 'chain', make: () => [tf.tensor(values(10_000, 0.01, 3))] },
  {
    name: 'mixed',
    make: () => [
      tf.tensor(values(20, 0.7), [4, 5]),
      tf.tensor(values(5, 1.1), [1, 5]),
      tf.tensor([7, -5, 0, 12], [4, 1], 'int32'),
    ],
  },
  {
    name: 'intsAndBools',
    make: () => [tf.tensor([1, 2, 3, 4, -2, 0], [6], 'int32'), tf.tensor([1, 1, 0, 2, 5, 3], [6], 'int32')],
  },
  { name: 'huber', make: () => [tf.tensor(values(10_000, 0.013, 3))] },
  {
    name: 'dense',
    make: () => [
      tf.tensor(values(8 * 33, 0.3), [8, 33]),
      tf.tensor(values(33 * 20, 0.17), [33, 20]),
      tf.tensor(values(20, 0.9), [20]),
    ],
  },
  {
    name: 'denseT',
    make: () => [
      tf.tensor(values(33 * 8, 0.3), [33, 8]),
      tf.tensor(values(20 * 33, 0.17), [20, 33]),
      tf.tensor(values(20, 0.9), [20]),
    ],
  },
  {
    name: 'batched',
    make: () => [tf.tensor(values(3 * 5 * 7, 0.2), [3, 5, 7]), tf.tensor(values(7 * 6, 0.4), [1, 7, 6])],
  },
  {
    name: 'rnn',
    make: () => [
      tf.tensor(values(4 * 32, 0.5), [4, 32]),
      tf.tensor(values(32 * 32, 0.11, 0.3), [32, 32]),
      Array.from({ length: RNN_STEPS }, (_, t) => tf.tensor(values(4 * 32, 0.07 * (t + 1)), [4, 32])),
    ],
  },
  {
    name: 'rnnStaged',
    eager: 'rnnUnstacked',
    make: () => [
      tf.tensor(values(4 * 32, 0.5), [4, 32]),
      tf.tensor(values(32 * 32, 0.11, 0.3), [32, 32]),
      tf.tensor(values(RNN_STEPS * 4 * 32, 0.07), [RNN_STEPS, 4, 32]),
    ],
  },
];

/** Counts the programs the active backend runs and compiles, by wrapping its own runner. */
function counter(backend: string): () => { run: number; compiled: number; ours: number } {
  const b = tf.backend() as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const n = { run: 0, ours: 0 };
  const runner = backend === 'webgl' ? 'runWebGLProgram' : 'runWebGPUProgram';
  if (!b.__agCounted) {
    const original = b[runner].bind(b);
    b[runner] = (program: { userCode?: string; shaderKey?: string }, ...rest: unknown[]) => {
      b.__agCounts.run++;
      if (program.userCode?.includes('agIsNan') || program.shaderKey?.startsWith('ag_')) b.__agCounts.ours++;
      return original(program, ...rest);
    };
    b.__agCounted = true;
    b.__agCounts = n;
  }
  const compiled = (): number => Object.keys(backend === 'webgl' ? b.binaryCache : b.pipelineCache).length;
  const start = { ...b.__agCounts, compiled: compiled() };
  return () => ({
    run: b.__agCounts.run - start.run,
    ours: b.__agCounts.ours - start.ours,
    compiled: compiled() - start.compiled,
  });
}

async function read(t: tf.Tensor): Promise<number[]> {
  const v = Array.from(await t.data(), Number);
  t.dispose();
  return v;
}

/** The worst |got − want| / (1e-6 + 1e-5·|want|): at most 1 is within the tolerance. */
function worst(got: readonly number[], want: readonly number[]): number {
  if (got.length !== want.length) return Infinity;
  let w = 0;
  for (let i = 0; i < got.length; i++)
    w = Math.max(w, Math.abs(got[i]! - want[i]!) / (1e-6 + 1e-5 * Math.abs(want[i]!)));
  return w;
}

async function onCpu(c: Case, fn: Fn, back: string): Promise<number[]> {
  await tf.setBackend('cpu');
  try {
    const xs = c.make();
    const v = await read(fn(...xs));
    tf.dispose(xs.flat());
    return v;
  } finally {
    await tf.setBackend(back);
  }
}

async function runCase(c: Case, backend: string): Promise<Record<string, unknown>> {
  const f = ag.jit(fnOf(c.name), { scope: { tf, ag } }) as unknown as Fn;
  const fn = fnOf(c.eager ?? c.name);
  // Inputs of their own for eager tfjs: webgl keeps a tensor in the layout its first program read
  // (eager kernels: packed; the GLSL target's programs: unpacked), and a program reading the other
  // layout converts it first, one more program per input and call.
  const xe = c.make();
  const eager = await read(fn(...xe));
  tf.dispose(xe.flat());
  const xs = c.make();
  await read(f(...xs));
  const tensors = tf.memory().numTensors;
  const count = counter(backend);
  const y = f(...xs);
  const counts = count();
  const got = await read(y);
  const leaked = tf.memory().numTensors - tensors;
  const extra: Record<string, unknown> = {};
  if (c.name === 'huber') {
    // the programs of tf.mean on the output of a program of ours, to subtract from the call's
    const part = ag.jit(fnOf('huberPart'), { scope: { tf, ag } }) as unknown as Fn;
    const p = part(...xs);
    await read(part(...xs));
    const meanCount = counter(backend);
    const m = tf.mean(p);
    extra.meanPrograms = meanCount().run;
    tf.dispose([m, p]);
  }
  const cpu = await onCpu(c, fn, backend);
  tf.dispose(xs.flat());
  return {
    name: c.name,
    ...counts,
    ...extra,
    leaked,
    vsEager: worst(got, eager),
    vsCpu: worst(got, cpu),
    size: got.length,
  };
}

/** tf.grad through the jit chain (kernel by kernel under the tape) against cpu's gradient of the chain. */
async function gradient(backend: string): Promise<number> {
  const fn = fnOf('chain');
  const f = ag.jit(fn, { scope: { tf, ag } }) as unknown as Fn;
  const make = (): tf.Tensor => tf.tensor(values(1000, 0.05, 2));
  const x = make();
  const got = await read(tf.grad((v: tf.Tensor) => tf.sum(f(v)))(x));
  x.dispose();
  await tf.setBackend('cpu');
  const xc = make();
  const want = await read(tf.grad((v: tf.Tensor) => tf.sum(fn(v)))(xc));
  xc.dispose();
  await tf.setBackend(backend);
  return worst(got, want);
}

/** Every case on `backend`, or why the backend did not come up. */
async function run(backend: 'webgl' | 'webgpu'): Promise<Record<string, unknown>> {
  const gpu = (navigator as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (backend === 'webgpu' && !gpu)
    return { backend, skipped: 'navigator.gpu is missing in this Chromium (WebGPU not enabled)' };
  if (backend === 'webgpu' && !(await gpu!.requestAdapter().catch(() => null)))
    return { backend, skipped: 'navigator.gpu.requestAdapter() found no adapter in this Chromium' };
  if (!(await tf.setBackend(backend).catch(() => false)))
    return { backend, skipped: `tf.setBackend('${backend}') failed in this Chromium` };
  await tf.ready();
  const cases = [];
  for (const c of CASES) cases.push(await runCase(c, backend));
  const grad = await gradient(backend);
  const env =
    backend === 'webgl'
      ? { webglVersion: tf.env().getNumber('WEBGL_VERSION'), float32: tf.env().getBool('WEBGL_RENDER_FLOAT32_ENABLED') }
      : {};
  return { backend, env, cases, grad };
}

const SPECIAL = [
  -Infinity,
  -1e30,
  -80,
  -10,
  -3.5,
  -3,
  -2.5,
  -2,
  -1,
  -0.75,
  -0.5,
  -1e-4,
  -0,
  0,
  1e-4,
  0.5,
  0.75,
  1,
  1.5,
  2,
  2.5,
  3,
  7,
  10,
  80,
  1e30,
  Infinity,
  NaN,
];
const PAIR = [-Infinity, -7, -3, -2.5, -2, -1, -0.5, -0, 0, 0.5, 1, 2, 2.5, 3, 7, Infinity, NaN];
const ATTRS: Partial<Record<ElementwiseKernelName, { dtype?: string; [k: string]: unknown }[]>> = {
  LeakyRelu: [{ alpha: 0.2 }],
  Step: [{ alpha: 0.3 }],
  ClipByValue: [{ clipValueMin: -1, clipValueMax: 2 }],
  Cast: [{ dtype: 'bool' }, { dtype: 'int32' }, { dtype: 'float32' }],
};
/** Kernels computed by the GPU's built-in (as tfjs-webgl's own): compared with eager webgl, not cpu. */
const BUILT_IN: ReadonlySet<string> = new Set(['Sin', 'Cos', 'Tan']);

/** Inputs of a kernel with `arity` operands over the special values (bools: 0 and 1): columns of every combination. */
function grid(arity: number, bools: boolean): number[][] {
  const vs = bools ? [0, 1] : PAIR;
  if (arity === 1) return [bools ? vs : SPECIAL];
  const cols: number[][] = Array.from({ length: arity }, () => []);
  if (arity === 2) {
    for (const a of vs) {
      for (const b of vs) {
        cols[0]!.push(a);
        cols[1]!.push(b);
      }
    }
  } else {
    for (const c of [0, 1]) {
      for (const t of PAIR) {
        cols[0]!.push(c);
        cols[1]!.push(t);
        cols[2]!.push(2.5);
      }
    }
  }
  return cols;
}

/** Same value: NaN as NaN, ±∞ exactly, else within the tolerance. */
const same = (g: number, w: number): boolean =>
  Number.isNaN(w) ? Number.isNaN(g) : !Number.isFinite(w) ? g === w : Math.abs(g - w) <= 1e-6 + 1e-5 * Math.abs(w);

/** `op` with `attrs` on `backend`, eagerly, on inputs of these columns; values and dtype. */
async function kernel(
  backend: string,
  op: string,
  names: readonly string[],
  cols: number[][],
  dtypes: tf.DataType[],
  attrs: object,
): Promise<{ v: number[]; dtype: tf.DataType }> {
  await tf.setBackend(backend);
  const named = Object.fromEntries(names.map((n, i) => [n, tf.tensor(cols[i]!, undefined, dtypes[i])]));
  const out = tf.engine().runKernel(op, named, attrs as tf.NamedAttrMap) as tf.Tensor;
  const dtype = out.dtype;
  const v = await read(out);
  tf.dispose(Object.values(named));
  return { v, dtype };
}

/** Every rule as a one-step program on webgl against the cpu kernel (built-ins: eager webgl's): the mismatches per kernel. */
async function rules(): Promise<Record<string, unknown>> {
  const bad: Record<string, string[]> = {};
  let programs = 0;
  for (const op of Object.keys(GLSL_RULES) as ElementwiseKernelName[]) {
    const { inputs: names, category } = ELEMENTWISE_KERNELS[op];
    const bools = category === 'logical' || op === 'LogicalNot';
    const dtypes = names.map((n): tf.DataType => (bools || n === 'condition' ? 'bool' : 'float32'));
    for (const attrs of ATTRS[op] ?? [{}]) {
      const cols = grid(names.length, bools);
      const want = await kernel(BUILT_IN.has(op) ? 'webgl' : 'cpu', op, names, cols, dtypes, attrs);
      await tf.setBackend('webgl');
      const step: FusedStep = {
        op: op as KernelName,
        args: names.map((_, i) => i),
        attrs,
        argNames: names,
        dtype: want.dtype,
        shape: [cols[0]!.length],
      };
      const program = {
        variableNames: names.map((_, i) => `X${i}`),
        outputShape: [cols[0]!.length],
        userCode: chainUserCode([step], names.length),
      };
      const ins = names.map((_, i) => tf.tensor(cols[i]!, undefined, dtypes[i]));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const info = (tf.backend() as any).compileAndRun(program, ins, want.dtype);
      programs++;
      const got = await read(tf.engine().makeTensorFromTensorInfo(info));
      tf.dispose(ins);
      const misses = got.flatMap((g, i) =>
        same(g, want.v[i]!)
          ? []
          : [
              `${op}${attrs.dtype ? `→${attrs.dtype}` : ''}(${names.map((_, j) => (Object.is(cols[j]![i], -0) ? '-0' : cols[j]![i])).join(', ')}) = ${g}, want ${want.v[i]}`,
            ],
      );
      if (misses.length > 0) (bad[op] ??= []).push(...misses);
    }
  }
  return { programs, bad };
}

(globalThis as Record<string, unknown>).agGpuTargets = { run, rules };
