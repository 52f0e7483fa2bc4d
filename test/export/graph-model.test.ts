// TF.js GraphModel export checked by @tensorflow/tfjs-converter: functions traced with jit (autograph
// off) are exported, loaded with tf.loadGraphModel(tf.io.fromMemory(...)), run (executeAsync when
// there is control flow) and compared with eager tfjs on cpu: same dtypes and shapes, int32/bool
// exactly, float32 within 1e-6 relative. Every case runs on two input sets (the second is not the trace's).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { exportGraphModel, needsExecuteAsync } from '../../src/export/graph-model/index.js';
import { optimize } from '../../src/opt/pipeline.js';
import type { Graph } from '../../src/ir/graph.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => any;

const i32 = (v: number) => tf.scalar(v, 'int32');
const rand = (shape: number[], seed: number) => tf.randomNormal(shape, 0, 1, 'float32', seed);

function flat(x: unknown): tf.Tensor[] {
  if (x instanceof tf.Tensor) return [x];
  if (Array.isArray(x)) return x.flatMap(flat);
  if (x && typeof x === 'object') return Object.values(x).flatMap(flat);
  return [];
}

/** Runs exported artifacts in tfjs-converter. */
async function runGraphModel(artifacts: tf.io.ModelArtifacts, inputs: tf.Tensor[]): Promise<tf.Tensor[]> {
  const model = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
  try {
    const feed = inputs.length === 1 ? inputs[0]! : inputs;
    const out = needsExecuteAsync(artifacts) ? await model.executeAsync(feed) : model.execute(feed);
    return Array.isArray(out) ? out : [out];
  } finally {
    model.dispose();
  }
}

function expectSame(got: tf.Tensor[], want: tf.Tensor[]): void {
  expect(got.length).toBe(want.length);
  want.forEach((w, i) => {
    const g = got[i]!;
    const where = `output ${i}`;
    expect(g.dtype, where).toBe(w.dtype);
    expect(g.shape, where).toEqual(w.shape);
    const a = Array.from(g.dataSync() as ArrayLike<number>);
    const b = Array.from(w.dataSync() as ArrayLike<number>);
    if (w.dtype !== 'float32') {
      expect(a, where).toEqual(b);
      return;
    }
    a.forEach((x, k) => {
      const y = b[k]!;
      if (Number.isNaN(y)) expect(Number.isNaN(x), `${where}[${k}]`).toBe(true);
      else if (x !== y)
        expect(Math.abs(x - y), `${where}[${k}]: ${x} vs ${y}`).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(y)));
    });
  });
}

/** Traces `fn` on the first input set, exports it, and compares the GraphModel with eager on every set. */
async function check(fn: AnyFn, ...sets: tf.Tensor[][]): Promise<tf.io.ModelArtifacts> {
  const cf = ag.jit(fn, { autograph: false }).getConcreteFunction(...sets[0]!);
  const artifacts = exportGraphModel(cf.graph);
  for (const inputs of sets) expectSame(await runGraphModel(artifacts, inputs), flat(fn(...inputs)));
  return artifacts;
}

/** Like `check`, with the jit function itself (interpreter executor) as the reference (for staged-only features). */
async function checkAgainstJit(fn: AnyFn, ...sets: tf.Tensor[][]): Promise<void> {
  const f = ag.jit(fn, { autograph: false, executor: 'interpreter' });
  const artifacts = exportGraphModel(f.getConcreteFunction(...sets[0]!).graph);
  for (const inputs of sets) expectSame(await runGraphModel(artifacts, inputs), flat(f(...inputs)));
}

/** Exports an already built graph (for optimized graphs) and compares with eager `fn`. */
async function checkGraph(graph: Graph, fn: AnyFn, inputs: tf.Tensor[]): Promise<void> {
  expectSame(await runGraphModel(exportGraphModel(graph), inputs), flat(fn(...inputs)));
}

const collatzSteps = (a: tf.Tensor) =>
  ag.whileLoop(
    (n: tf.Tensor) => tf.notEqual(n, i32(1)),
    (n: tf.Tensor, c: tf.Tensor) => [
      ag.cond(
        tf.equal(tf.mod(n, i32(2)), i32(0)),
        () => tf.floorDiv(n, i32(2)),
        () => tf.add(tf.mul(n, i32(3)), i32(1)),
      ),
      tf.add(c, i32(1)),
    ],
    [a, i32(0)],
    { names: ['n', 'steps'] },
  );

describe('GraphModel export, straight-line', () => {
  it('math with constants', async () => {
    await check(
      (x: tf.Tensor) => tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1),
      [tf.tensor1d([-2, -0.5, 0, 3])],
      [rand([4], 1)],
    );
  });

  it('unary math and activations', async () => {
    await check(
      (x: tf.Tensor) => {
        const p = tf.add(tf.abs(x), 0.1);
        return [
          tf.exp(x),
          tf.log(p),
          tf.sqrt(p),
          tf.rsqrt(p),
          tf.square(x),
          tf.neg(x),
          tf.sin(x),
          tf.cos(x),
          tf.tanh(x),
          tf.sigmoid(x),
          tf.floor(x),
          tf.ceil(x),
          tf.sign(x),
          tf.reciprocal(p),
          tf.round(tf.mul(x, 3)),
          tf.relu(x),
          tf.relu6(tf.mul(x, 4)),
          tf.elu(x),
          tf.selu(x),
          tf.leakyRelu(x, 0.1),
          tf.softplus(x),
          tf.clipByValue(x, -0.5, 0.5),
          tf.step(x, 0.3),
          tf.prelu(x, tf.scalar(0.25)),
          tf.isNaN(tf.log(x)),
          tf.erf(x),
        ];
      },
      [rand([7], 3)],
      [tf.tensor1d([-3, -1, 0, 0.5, 2, NaN, 5])],
    );
  });

  it('int32 arithmetic and comparisons are exact', async () => {
    await check(
      (a: tf.Tensor, b: tf.Tensor) => [
        tf.add(a, b),
        tf.sub(a, b),
        tf.mul(a, b),
        tf.floorDiv(a, b),
        tf.mod(a, b),
        tf.maximum(a, b),
        tf.minimum(a, b),
        tf.greater(a, b),
        tf.lessEqual(a, b),
        tf.equal(a, b),
        tf.where(tf.greater(a, b), a, b),
        tf.cast(a, 'float32'),
        tf.abs(a),
        tf.neg(b),
        tf.squaredDifference(a, b),
      ],
      [tf.tensor1d([7, -7, 100000, 3, -1], 'int32'), tf.tensor1d([2, 3, -7, 3, 5], 'int32')],
      [tf.tensor1d([-9, 9, 0, 12, 1 << 20], 'int32'), tf.tensor1d([4, -4, 1, 5, 3], 'int32')],
    );
  });

  it('bool logic', async () => {
    await check(
      (a: tf.Tensor, b: tf.Tensor) => [
        tf.logicalAnd(a, b),
        tf.logicalOr(a, b),
        tf.logicalNot(a),
        tf.cast(a, 'int32'),
        tf.all(a),
        tf.any(b),
      ],
      [tf.tensor1d([true, false, true], 'bool'), tf.tensor1d([true, true, false], 'bool')],
    );
  });

  it('reductions and scans', async () => {
    await check(
      (x: tf.Tensor) => [
        tf.sum(x),
        tf.sum(x, 1),
        tf.mean(x, 0, true),
        tf.max(x, -1),
        tf.min(x),
        tf.prod(x, [0, 1]),
        tf.argMax(x, 1),
        tf.argMin(x),
        tf.cumsum(x, 1),
        tf.cumprod(x, 0, true, true),
        tf.softmax(x),
        tf.logSoftmax(x),
        tf.topk(x, 2).values,
        tf.topk(x, 2).indices,
      ],
      [rand([3, 4], 5)],
      [rand([3, 4], 6)],
    );
  });

  it('shape ops', async () => {
    await check(
      (x: tf.Tensor) => {
        const [p, q] = tf.split(x, 2, 1);
        return [
          tf.reshape(x, [-1]),
          tf.transpose(x),
          tf.concat([x, x], 0),
          tf.stack([x, x], 1),
          tf.unstack(x)[2],
          tf.slice(x, [1, 1], [-1, 2]),
          tf.stridedSlice(x, [0, 3], [3, 0], [2, -1]),
          tf.expandDims(x, 1),
          tf.squeeze(tf.expandDims(x, 0)),
          tf.tile(x, [2, 1]),
          tf.pad(
            x,
            [
              [1, 0],
              [0, 2],
            ],
            7,
          ),
          tf.mirrorPad(
            x,
            [
              [1, 1],
              [0, 0],
            ],
            'reflect',
          ),
          tf.reverse(x, 1),
          tf.gather(x, tf.tensor1d([2, 0], 'int32')),
          tf.gather(x, tf.tensor1d([3, 3, 1], 'int32'), 1),
          p!,
          q!,
          tf.split(x, [1, 3], 1)[1]!,
          tf.broadcastTo(tf.sum(x, 0), [2, 4]),
        ];
      },
      [rand([3, 4], 7)],
      [rand([3, 4], 8)],
    );
  });

  it('creation ops', async () => {
    await check(
      (n: tf.Tensor) => [
        tf.add(n, tf.fill([2, 2], 1.5)),
        tf.range(0, 6, 2),
        tf.range(1, 0, -0.25),
        tf.oneHot(tf.cast(n, 'int32'), 3),
        tf.oneHot(tf.tensor1d([0, 2], 'int32'), 4, 5, -1),
        tf.linspace(0, 1, 5),
        tf.zerosLike(n),
        tf.onesLike(n),
      ],
      [tf.tensor1d([0, 2])],
      [tf.tensor1d([1, 1])],
    );
  });

  it('matmul + softmax, and batched matmul', async () => {
    await check(
      (x: tf.Tensor, w: tf.Tensor, b: tf.Tensor) => [
        tf.softmax(tf.matMul(x, w)),
        tf.matMul(w, x, true, true),
        tf.matMul(b, b, false, true),
      ],
      [rand([2, 3], 9), rand([3, 5], 10), rand([4, 2, 3], 11)],
      [rand([2, 3], 12), rand([3, 5], 13), rand([4, 2, 3], 14)],
    );
  });

  it('2-layer MLP with captured weights (variables and a tensor)', async () => {
    const w1 = tf.variable(rand([4, 8], 20), true, 'dense_1/kernel');
    const b1 = tf.variable(rand([8], 21), true, 'dense_1/bias');
    const w2 = rand([8, 3], 22);
    const mlp = (x: tf.Tensor) => tf.softmax(tf.matMul(tf.relu(tf.add(tf.matMul(x, w1), b1)), w2));
    const artifacts = await check(mlp, [rand([5, 4], 23)], [rand([5, 4], 24)]);
    // Captures are exported with their current values, under their variable names.
    const names = artifacts.weightSpecs!.map((s) => s.name);
    expect(names.some((n) => n.includes('dense_1_kernel'))).toBe(true);
    expect(artifacts.weightSpecs!.find((s) => s.name.includes('dense_1_bias'))?.shape).toEqual([8]);
  });

  it('an unknown batch dimension (spec [null, 4]) runs on any batch size', async () => {
    const w = rand([4, 3], 25);
    const fn = (x: tf.Tensor) => tf.sum(tf.relu(tf.matMul(x, w)), 1);
    const artifacts = exportGraphModel(ag.jit(fn, { autograph: false }).getConcreteFunction(ag.spec([null, 4])).graph);
    for (const n of [1, 2, 5]) {
      const x = rand([n, 4], 26 + n);
      expectSame(await runGraphModel(artifacts, [x]), [fn(x)]);
    }
  });

  it('conv2d and pooling', async () => {
    await check(
      (x: tf.Tensor, f: tf.Tensor) => {
        const y = tf.conv2d(x as tf.Tensor4D, f as tf.Tensor4D, [1, 2], 'same');
        return [
          y,
          tf.conv2d(x as tf.Tensor4D, f as tf.Tensor4D, 1, 'valid', 'NHWC', 2),
          tf.maxPool(y as tf.Tensor4D, 2, 1, 'valid'),
          tf.avgPool(x as tf.Tensor4D, [2, 2], 2, 'same'),
          tf.depthwiseConv2d(x as tf.Tensor4D, tf.ones([2, 2, 2, 1]) as tf.Tensor4D, 1, 'valid'),
        ];
      },
      [rand([1, 6, 6, 2], 30), rand([3, 3, 2, 4], 31)],
    );
  });

  it('less common kernels: einsum, scatter/gather nd, resize, space/depth moves, batch norm, fused ops, search', async () => {
    await check(
      (x: tf.Tensor, img: tf.Tensor) => {
        const x4 = img as tf.Tensor4D;
        return [
          tf.einsum('ij,kj->ik', x, x),
          tf.gatherND(
            x,
            tf.tensor2d(
              [
                [0, 1],
                [2, 3],
              ],
              [2, 2],
              'int32',
            ),
          ),
          tf.scatterND(tf.tensor2d([[1], [3]], [2, 1], 'int32'), tf.tensor1d([5, 6]), [4]),
          // tfjs's cpu TensorScatterUpdate writes into its input tensor: give it a fresh one.
          tf.tensorScatterUpdate(tf.add(x, 0), tf.tensor2d([[0, 0]], [1, 2], 'int32'), tf.tensor1d([9])),
          tf.image.resizeBilinear(x4, [6, 6]),
          tf.image.resizeNearestNeighbor(x4, [3, 5], true),
          tf.spaceToBatchND(
            x4,
            [2, 2],
            [
              [0, 0],
              [0, 0],
            ],
          ),
          tf.batchToSpaceND(
            tf.spaceToBatchND(
              x4,
              [2, 2],
              [
                [0, 0],
                [0, 0],
              ],
            ),
            [2, 2],
            [
              [0, 0],
              [0, 0],
            ],
          ),
          tf.depthToSpace(tf.tile(x4, [1, 1, 1, 4]) as tf.Tensor4D, 2),
          tf.batchNorm(x4, tf.tensor1d([0.5]), tf.tensor1d([2]), undefined, tf.tensor1d([3]), 0.01),
          tf.fused.matMul({ a: x, b: x, transposeB: true, bias: tf.tensor1d([1, 2, 3]), activation: 'relu' }),
          tf.fused.conv2d({
            x: x4,
            filter: tf.ones([2, 2, 1, 2]) as tf.Tensor4D,
            strides: 1,
            pad: 'same',
            bias: tf.tensor1d([0.5, -0.5]),
            activation: 'elu',
          }),
          tf.conv2dTranspose(x4, tf.ones([2, 2, 3, 1]) as tf.Tensor4D, [1, 8, 8, 3], 2, 'same'),
          tf.searchSorted(tf.tensor1d([1, 2, 3, 4]), tf.tensor1d([0, 2.5, 9]), 'right'),
          tf.localResponseNormalization(x4, 1, 1, 0.5, 0.75),
          tf.atan2(x, tf.add(x, 1)),
        ];
      },
      [rand([3, 4], 70), rand([1, 4, 4, 1], 71)],
    );
  });

  it('huber loss (seed)', async () => {
    const huber = (y: tf.Tensor, p: tf.Tensor) => {
      const e = tf.sub(y, p);
      const a = tf.abs(e);
      return tf.mean(tf.where(tf.lessEqual(a, 1), tf.mul(0.5, tf.square(e)), tf.sub(a, 0.5)));
    };
    await check(huber, [rand([6], 40), rand([6], 41)], [tf.tensor1d([0, 3, -2, 1, 0.5, 9]), tf.zeros([6])]);
  });

  it('a gradient (tf.grad of sum(tanh))', async () => {
    await check((x: tf.Tensor) => tf.grad((y: tf.Tensor) => tf.sum(tf.tanh(y)))(x), [rand([3], 50)], [rand([3], 51)]);
  });
});

describe('GraphModel export, control flow', () => {
  it('cond → StatelessIf', async () => {
    const f = (x: tf.Tensor) =>
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => tf.mul(x, x),
        () => tf.zerosLike(x),
      );
    const artifacts = await check(f, [tf.tensor1d([1, 2, 3])], [tf.tensor1d([-1, -2, 0.5])]);
    const topology = artifacts.modelTopology as { node: { op: string }[]; library: { function: unknown[] } };
    expect(topology.node.some((n) => n.op === 'StatelessIf')).toBe(true);
    expect(topology.library.function).toHaveLength(2);
  });

  it('cond with several outputs, a captured tensor and an outer value in a branch', async () => {
    const k = tf.tensor1d([10, 20, 30]);
    const f = (x: tf.Tensor, y: tf.Tensor) => {
      const s = tf.sum(y);
      return ag.cond(
        tf.less(tf.max(x), 1),
        () => [tf.add(x, k), tf.mul(s, 2)],
        () => [tf.sub(x, s), tf.neg(s)],
      );
    };
    await check(f, [tf.tensor1d([0, 0.5, 0.25]), tf.tensor1d([1, 2])], [tf.tensor1d([5, 0, 0]), tf.tensor1d([3, 4])]);
  });

  it('collatz (while with a nested cond), int32 exact', async () => {
    const artifacts = await check(collatzSteps, [i32(27)], [i32(97)], [i32(1)]);
    expect(JSON.stringify(artifacts.modelTopology)).toContain('StatelessWhile');
  });

  it('while with loop invariants (a captured tensor and an outer value)', async () => {
    const scale = tf.scalar(1.5);
    const f = (x: tf.Tensor, limit: tf.Tensor) =>
      ag.whileLoop(
        (v: tf.Tensor) => tf.less(tf.sum(v), limit),
        (v: tf.Tensor, i: tf.Tensor) => [tf.add(tf.mul(v, scale), x), tf.add(i, i32(1))],
        [x, i32(0)],
      );
    await check(f, [tf.tensor1d([0.5, 1]), tf.scalar(100)], [tf.tensor1d([2, 3]), tf.scalar(10)]);
  });

  it('while with maximumIterations stops early', async () => {
    const f = (x: tf.Tensor) =>
      ag.whileLoop(
        (v: tf.Tensor) => tf.less(tf.sum(v), 1000),
        (v: tf.Tensor) => [tf.mul(v, x)],
        [x],
        { maximumIterations: 3 },
      )[0];
    await check(f, [tf.tensor1d([1, 2, 3])], [tf.tensor1d([5, 6, 7])], [tf.tensor1d([1, 1, 1])]);
  });

  it('while that runs zero times', async () => {
    const f = (x: tf.Tensor) =>
      ag.whileLoop(
        (v: tf.Tensor) => tf.greater(tf.sum(v), 100),
        (v: tf.Tensor) => [tf.mul(v, 2)],
        [x],
      )[0];
    await check(f, [tf.tensor1d([1, 2])]);
  });

  it('nested while loops: sum of triangular numbers, int32 exact', async () => {
    const f = (n: tf.Tensor) =>
      ag.whileLoop(
        (i: tf.Tensor) => tf.lessEqual(i, n),
        (i: tf.Tensor, total: tf.Tensor) => {
          const [, inner] = ag.whileLoop(
            (j: tf.Tensor) => tf.lessEqual(j, i),
            (j: tf.Tensor, s: tf.Tensor) => [tf.add(j, i32(1)), tf.add(s, j)],
            [i32(1), i32(0)],
          );
          return [tf.add(i, i32(1)), tf.add(total, inner as tf.Tensor)];
        },
        [i32(1), i32(0)],
      )[1];
    await check(f, [i32(10)], [i32(0)], [i32(33)]);
  });

  it('branches that use no operand (constants only), and an output that is an input', async () => {
    const f = (x: tf.Tensor) => [
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => tf.scalar(1),
        () => tf.scalar(-1),
      ),
      x,
      x,
    ];
    await check(f, [tf.tensor1d([1, 2])], [tf.tensor1d([-3, 1])]);
  });

  it('cond inside cond', async () => {
    const f = (x: tf.Tensor) =>
      ag.cond(
        tf.greater(x, 0),
        () =>
          ag.cond(
            tf.greater(x, 10),
            () => tf.mul(x, 100),
            () => tf.add(x, 1),
          ),
        () => tf.neg(x),
      );
    await check(f, [tf.scalar(5)], [tf.scalar(50)], [tf.scalar(-3)]);
  });
});

describe('GraphModel export of tensor lists', () => {
  it('a list pushed in a loop and stacked, also when empty (int32 exact)', async () => {
    const squares = (n: tf.Tensor) => {
      const z: unknown[] = [];
      ag.setElementType(z, 'int32');
      const [, list] = ag.whileLoop(
        (i) => tf.less(i, n),
        (i, l) => [tf.add(i, i32(1)), (l as unknown as ag.TensorList).push(tf.mul(i, i))],
        [0, z],
      );
      return ag.stack(list);
    };
    await checkAgainstJit(squares, [i32(5)], [i32(0)], [i32(1)]);
  });

  it('list length, get and pop, then stack what is left', async () => {
    const ops = (x: tf.Tensor, n: tf.Tensor) => {
      const z: unknown[] = [];
      ag.setElementType(z, 'float32', [2]);
      const [, l] = ag.whileLoop(
        (i) => tf.less(i, n),
        (i, l) => [tf.add(i, 1), (l as unknown as ag.TensorList).push(tf.mul(x, tf.cast(i, 'float32')))],
        [0, z],
      );
      const list = l as unknown as ag.TensorList;
      const len = list.length;
      const second = list.get(1);
      const last = list.pop();
      return [len, second, last, ag.stack(list), list.length];
    };
    await checkAgainstJit(ops, [tf.tensor1d([1, -2]), i32(4)], [tf.tensor1d([0.5, 3]), i32(2)]);
  });

  it('a list whose element shape the first push decides (setElementType without a shape)', async () => {
    const rows = (x: tf.Tensor, n: tf.Tensor) => {
      const z: unknown[] = [];
      ag.setElementType(z, 'float32');
      const [, l] = ag.whileLoop(
        (i) => tf.less(i, n),
        (i, r) => [tf.add(i, i32(1)), (r as unknown as ag.TensorList).push(tf.add(x, tf.cast(i, 'float32')))],
        [i32(0), z],
      );
      return [tf.sum(ag.stack(l), 1), (l as unknown as ag.TensorList).length];
    };
    await checkAgainstJit(rows, [tf.tensor1d([1, 1]), i32(3)], [tf.tensor1d([2, -1]), i32(1)]);
  });
});

describe('GraphModel export of optimized graphs', () => {
  it('Fused elementwise nodes are written step by step', async () => {
    const fn = (x: tf.Tensor, y: tf.Tensor) => tf.relu(tf.add(tf.mul(x, y), tf.exp(tf.neg(x))));
    const cf = ag.jit(fn, { autograph: false }).getConcreteFunction(rand([5], 60), rand([5], 61));
    const g = optimize(cf.graph, { verify: true });
    expect(g.nodes.some((n) => n.op === 'Fused')).toBe(true);
    await checkGraph(g, fn, [rand([5], 62), rand([5], 63)]);
  });
});

describe('GraphModel export: what tfjs-converter refused or ran wrongly', () => {
  it("pooling with a zero padding is 'VALID'; a max pool with a positive padding pads with -Infinity", async () => {
    const x = rand([1, 5, 5, 2], 70);
    const a = await check(
      (v: tf.Tensor) => [
        (v as tf.Tensor4D).maxPool([2, 2], 2, 0),
        tf.avgPool(v as tf.Tensor4D, 2, 1, 0),
        tf.maxPool(tf.neg(v) as tf.Tensor4D, 3, 2, 1),
        tf.maxPool(v as tf.Tensor4D, [2, 3], 1, 2),
      ],
      [x],
      [rand([1, 5, 5, 2], 71)],
    );
    const ops = (a.modelTopology as { node: { op: string }[] }).node.map((n) => n.op);
    expect(ops.filter((o) => o === 'PadV2')).toHaveLength(2);
  });

  it('an average pool with a positive padding is refused with the reason', () => {
    const cf = ag
      .jit((v: tf.Tensor) => tf.avgPool(v as tf.Tensor4D, 2, 1, 1), { autograph: false })
      .getConcreteFunction(rand([1, 4, 4, 1], 72));
    expect(() => exportGraphModel(cf.graph)).toThrow(/AvgPool .*'same' or 'valid'/);
  });

  it('bitwise & is written with ops tfjs-converter runs, exact over the int32 range', async () => {
    const edge = [
      0, 1, -1, 2, -2, 5, 12, 2147483647, -2147483648, 16777217, -16777217, 0x55555555, -0x55555556, 65535, -65536,
    ];
    const a = tf.tensor1d(
      edge.flatMap((x) => edge.map(() => x)),
      'int32',
    );
    const b = tf.tensor1d(
      edge.flatMap(() => edge),
      'int32',
    );
    const artifacts = await check((x: tf.Tensor, y: tf.Tensor) => tf.bitwiseAnd(x, y), [a, b]);
    expect((artifacts.modelTopology as { node: { op: string }[] }).node.map((n) => n.op)).not.toContain('BitwiseAnd');
    // and plain JS agrees
    const got = flat(await runGraphModel(artifacts, [a, b]))[0]!.dataSync();
    expect(Array.from(got)).toEqual(edge.flatMap((x) => edge.map((y) => x & y)));
  });

  it('needsExecuteAsync ignores control flow that no output depends on', async () => {
    const dead = (x: tf.Tensor) => {
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => tf.mul(x, 2),
        () => tf.neg(x),
      );
      return tf.add(x, 1);
    };
    const cf = ag.jit(dead, { autograph: false }).getConcreteFunction(tf.tensor1d([1, 2]));
    expect(cf.graph.nodes.some((n) => n.op === 'Cond')).toBe(true);
    const artifacts = exportGraphModel(cf.graph);
    expect((artifacts.modelTopology as { library?: { function: unknown[] } }).library?.function.length).toBeGreaterThan(
      0,
    );
    expect(needsExecuteAsync(artifacts)).toBe(false);
    const model = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
    expect(Array.from((model.execute(tf.tensor1d([3, 4])) as tf.Tensor).dataSync())).toEqual([4, 5]);
    const live = exportGraphModel(
      ag
        .jit(
          (x: tf.Tensor) =>
            ag.cond(
              tf.greater(tf.sum(x), 0),
              () => tf.mul(x, 2),
              () => tf.neg(x),
            ),
          { autograph: false },
        )
        .getConcreteFunction(tf.tensor1d([1, 2])).graph,
    );
    expect(needsExecuteAsync(live)).toBe(true);
  });
});
