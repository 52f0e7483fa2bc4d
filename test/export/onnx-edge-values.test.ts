// The ONNX rules at edge values (test/export/onnx-edge-table.ts) against eager tfjs on the cpu backend,
// through both paths: the exported model in an onnxruntime-node session (graph optimizations 'all')
// and the 'onnxruntime' executor of jit. int32/bool must be equal; float32 equal in NaN, infinities
// and the sign of zeros, else within 1e-5 relative. The differences that remain are the documented
// ones (KNOWN), and exporting a kernel with one warns, naming the kernel and the user's line.
// AG_EDGE_TABLE=1 prints the table. Needs onnxruntime-node, tfjs, src.
import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { exportOnnxModel, onnxKernels } from '../../src/export/onnx/index.js';
import { EDGE_CASES, EXEMPT, KNOWN, type EdgeCase } from './onnx-edge-table.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function flat(x: unknown): tf.Tensor[] {
  if (x instanceof tf.Tensor) return [x];
  if (Array.isArray(x)) return x.flatMap(flat);
  return [];
}

function toOrt(t: tf.Tensor): ort.Tensor {
  const dims = [...t.shape];
  if (t.dtype === 'float32') return new ort.Tensor('float32', Float32Array.from(t.dataSync()), dims);
  if (t.dtype === 'int32') return new ort.Tensor('int32', Int32Array.from(t.dataSync()), dims);
  return new ort.Tensor('bool', Uint8Array.from(t.dataSync()), dims);
}

/** Equal as the docs promise: exact for ints/bools; NaN, infinities, signed zeros exact, else 1e-5 relative. */
function agrees(dtype: string, want: number, got: number): boolean {
  if (dtype !== 'float32') return want === got;
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  if (Object.is(want, got)) return true;
  if (want === 0 || got === 0 || !Number.isFinite(want) || !Number.isFinite(got)) return false;
  return Math.abs(want - got) <= 1e-5 * Math.abs(want);
}

interface Row {
  readonly name: string;
  readonly kernel: string;
  readonly compared: number;
  readonly differences: string[];
  readonly known: string[];
}
const rows: Row[] = [];
const show = (v: number) => (Object.is(v, -0) ? '-0' : String(v));

/** Compares outputs of one path; returns unexplained differences (and records known ones). */
function compare(
  c: EdgeCase,
  path: string,
  want: tf.Tensor[],
  got: { dtype: string; dims: readonly number[]; data: ArrayLike<number> }[],
  known: string[],
): string[] {
  const out: string[] = [];
  want.forEach((w, o) => {
    const g = got[o]!;
    if (JSON.stringify([...g.dims]) !== JSON.stringify(w.shape)) {
      out.push(`${path} output ${o}: shape [${g.dims}] where tfjs has [${w.shape}]`);
      return;
    }
    const wv = Array.from(w.dataSync() as ArrayLike<number>, Number);
    const gv = Array.from(g.data, Number);
    wv.forEach((x, i) => {
      const y = gv[i]!;
      if (agrees(w.dtype, x, y)) return;
      const at = c.label && want.length === 1 ? c.label(i) : `[${o}][${i}]`;
      const line = `${path} ${at}: tfjs ${show(x)}, onnx ${show(y)}`;
      if (KNOWN.some((k) => k.kernels.includes(c.kernel) && k.allows(c, x, y))) known.push(line);
      else out.push(line);
    });
  });
  return out;
}

async function runCase(c: EdgeCase): Promise<Row> {
  const inputs = c.inputs();
  const want = flat(c.fn(...inputs));
  const known: string[] = [];
  const differences: string[] = [];
  // The exported model.
  const graph = ag.jit(c.fn, { autograph: false, name: 'edge' }).getConcreteFunction(...inputs).graph;
  const model = exportOnnxModel(graph, { onWarning: () => undefined });
  const session = await ort.InferenceSession.create(model.bytes, {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: 1,
  });
  try {
    const feeds: Record<string, ort.Tensor> = {};
    for (const { name, index } of model.inputs) {
      const capture = graph.captures[index - graph.params.length];
      const t =
        index < graph.params.length
          ? inputs[index]!
          : capture!.source.kind === 'tensor'
            ? capture!.source.tensor
            : (capture!.source as { variable: tf.Variable }).variable;
      feeds[name] = toOrt(t);
    }
    const out = await session.run(feeds);
    differences.push(
      ...compare(
        c,
        'export',
        want,
        model.outputs.map((n) => ({
          dtype: out[n]!.type,
          dims: out[n]!.dims,
          data: out[n]!.data as ArrayLike<number>,
        })),
        known,
      ),
    );
  } finally {
    await session.release();
  }
  // The 'onnxruntime' executor (it runs the optimized graph).
  const viaExecutor = flat(
    ag.jit(c.fn, { autograph: false, executor: 'onnxruntime', onnxruntime: { onWarning: () => undefined } })(...inputs),
  );
  differences.push(
    ...compare(
      c,
      'executor',
      want,
      viaExecutor.map((t) => ({ dtype: t.dtype, dims: t.shape, data: t.dataSync() as ArrayLike<number> })),
      known,
    ),
  );
  const compared = want.reduce((n, t) => n + t.size, 0);
  tf.dispose([...want, ...viaExecutor, ...inputs]);
  return { name: c.name, kernel: c.kernel, compared, differences, known };
}

describe('ONNX rules at edge values, against tfjs cpu', () => {
  it('every kernel with an ONNX rule has edge cases (or is exempt, with a reason)', () => {
    const covered = new Set(EDGE_CASES.map((c) => c.kernel));
    const missing = onnxKernels().filter((k) => !covered.has(k) && !(k in EXEMPT));
    expect(missing).toEqual([]);
  });

  it.each(EDGE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const row = await runCase(c);
    rows.push(row);
    expect(row.differences).toEqual([]);
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any */
type J = any;

/** The reported instances, written as users write them (plain operators and Math in converted code). */
const REPORTED: readonly [string, (...a: J[]) => J, () => tf.Tensor[]][] = [
  [
    'int32 (2^31−1)·(2^31−1) is 0',
    function square(x: J) {
      return x * x;
    },
    () => [tf.scalar(2147483647, 'int32')],
  ],
  [
    'int32 3**40',
    function power(x: J, y: J) {
      return x ** y;
    },
    () => [tf.scalar(3, 'int32'), tf.scalar(40, 'int32')],
  ],
  [
    'int32 Math.abs(16777217)',
    function absolute(x: J) {
      return Math.abs(x);
    },
    () => [tf.scalar(16777217, 'int32')],
  ],
  [
    'tf.min of an empty tensor is NaN',
    function smallest(x: J) {
      return tf.min(x);
    },
    () => [tf.tensor1d([])],
  ],
  [
    'tf.max with a NaN element is NaN',
    function largest(x: J) {
      return tf.max(x);
    },
    () => [tf.tensor1d([1, NaN, 2])],
  ],
  [
    'Math.log1p(Infinity)',
    function logOnePlus(x: J) {
      return Math.log1p(x);
    },
    () => [tf.scalar(Infinity)],
  ],
  [
    '1 / Math.trunc(−0.5) is −Infinity',
    function inverseTrunc(x: J) {
      return 1 / Math.trunc(x);
    },
    () => [tf.scalar(-0.5)],
  ],
  [
    'Math.pow(1, NaN) is NaN',
    function powNaN(x: J, y: J) {
      return Math.pow(x, y);
    },
    () => [tf.scalar(1), tf.scalar(NaN)],
  ],
  [
    'Math.atan2(−0, −1) is −π',
    function angle(y: J, x: J) {
      return Math.atan2(y, x);
    },
    () => [tf.scalar(-0), tf.scalar(-1)],
  ],
  [
    'Math.sign(NaN) is 0 in tfjs',
    function signOf(x: J) {
      return Math.sign(x);
    },
    () => [tf.scalar(NaN)],
  ],
  [
    'argMax with NaN',
    function argmax(x: J) {
      return tf.argMax(x);
    },
    () => [tf.tensor1d([1, NaN, 2, 0])],
  ],
  [
    'denormal results of Math.expm1 and Math.tanh',
    function tiny(x: J) {
      return [Math.expm1(x), Math.tanh(x), 1 / Math.expm1(x)];
    },
    () => [tf.tensor1d([1e-45, -1e-40, 1e-39])],
  ],
];

describe('the reported instances, through converted code: eager, the onnxruntime executor and toONNX agree', () => {
  it.each(REPORTED.map(([name, fn, args]) => [name, fn, args] as const))('%s', async (_name, fn, args) => {
    const want = flat(ag.toGraph(fn, { scope: { tf } })(...args()));
    const viaExecutor = flat(
      ag.jit(fn, { scope: { tf }, executor: 'onnxruntime', onnxruntime: { onWarning: () => undefined } })(...args()),
    );
    const inputs = args();
    const graph = ag.jit(fn, { scope: { tf } }).getConcreteFunction(...inputs).graph;
    const model = exportOnnxModel(graph, { onWarning: () => undefined });
    const session = await ort.InferenceSession.create(model.bytes, { graphOptimizationLevel: 'all' });
    const feeds: Record<string, ort.Tensor> = {};
    for (const { name, index } of model.inputs) feeds[name] = toOrt(inputs[index]!);
    const out = await session.run(feeds);
    await session.release();
    want.forEach((w, i) => {
      const wv = Array.from(w.dataSync() as ArrayLike<number>, Number);
      for (const [path, got] of [
        ['executor', Array.from(viaExecutor[i]!.dataSync() as ArrayLike<number>, Number)],
        ['toONNX', Array.from(out[model.outputs[i]!]!.data as ArrayLike<number>, Number)],
      ] as const) {
        expect(got.length, path).toBe(wv.length);
        got.forEach((g, j) =>
          expect(agrees(w.dtype, wv[j]!, g), `${path} output ${i}[${j}]: tfjs ${show(wv[j]!)}, onnx ${show(g)}`).toBe(
            true,
          ),
        );
      }
    });
  });
});

describe('the differences that remain warn when a graph uses them', () => {
  it.each(KNOWN.map((k) => [k.kernels[0]!, k] as const))('%s', (_kernel, k) => {
    const c = EDGE_CASES.find(
      (e) => k.kernels.includes(e.kernel) && (k.text.startsWith('bool') ? e.name.endsWith('bool') : true),
    )!;
    const warnings: string[] = [];
    const graph = ag.jit(c.fn, { autograph: false }).getConcreteFunction(...c.inputs()).graph;
    exportOnnxModel(graph, { onWarning: (m) => warnings.push(m) });
    const mine = warnings.filter((w) => w.includes('[export/onnx-inexact]'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toContain(c.kernel);
    expect(mine[0]).toContain(k.text);
    expect(mine[0]).toMatch(/onnx-edge-table\.ts:\d+:\d+/);
  });
});

afterAll(() => {
  if (!process.env.AG_EDGE_TABLE) return;
  const lines = rows.map(
    (r) =>
      `${r.differences.length ? 'DIFF' : r.known.length ? 'KNOWN' : 'ok'}\t${r.compared}\t${r.name}${[...r.differences, ...r.known].map((d) => `\n\t\t${d}`).join('')}`,
  );
  const total = rows.reduce((n, r) => n + r.compared, 0);
  process.stdout.write(
    `\nONNX edge-value table: ${rows.length} cases, ${total} values compared on each path\n${lines.join('\n')}\n`,
  );
});
