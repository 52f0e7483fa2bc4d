// ONNX export checked by onnxruntime-node: functions traced with jit (autograph off) are exported, run in
// onnxruntime with graph optimizations 'all', and compared with eager tfjs (int32 exactly, float32 within
// 1e-5 relative). Also: the unmapped-kernel error, model metadata. Needs helpers-onnx.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { exportOnnx, ONNX_IR_VERSION, ONNX_OPSET } from '../../src/export/onnx/index.js';
import { checkOnnx, traceGraph } from './helpers-onnx.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const i32 = (v: number) => tf.scalar(v, 'int32');
const rand = (shape: number[], seed: number) => tf.randomNormal(shape, 0, 1, 'float32', seed);

describe('ONNX export, straight-line', () => {
  it('math with constants', async () => {
    await checkOnnx(
      function straightLine(x: tf.Tensor) {
        return tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1);
      },
      [tf.tensor1d([-2, -0.5, 0, 3])],
    );
  });

  it('broadcasting', async () => {
    await checkOnnx(
      function broadcast(a: tf.Tensor, b: tf.Tensor) {
        return [tf.add(a, b), tf.mul(a, tf.reshape(b, [1, 3])), tf.maximum(a, 0.25), tf.sub(b, a)];
      },
      [rand([2, 3], 1), rand([3], 2)],
    );
  });

  it('unary math', async () => {
    await checkOnnx(
      function unary(x: tf.Tensor) {
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
          tf.expm1(tf.mul(x, 1e-3)),
          tf.log1p(tf.mul(x, 1e-3)),
          tf.erf(x),
          tf.atan(x),
          tf.round(tf.mul(x, 3)),
        ];
      },
      [rand([7], 3)],
    );
  });

  it('comparisons and logic give bool', async () => {
    await checkOnnx(
      function logic(a: tf.Tensor, b: tf.Tensor) {
        const gt = tf.greater(a, b);
        return [
          gt,
          tf.lessEqual(a, b),
          tf.equal(a, b),
          tf.notEqual(a, b),
          tf.logicalAnd(gt, tf.greater(a, 0)),
          tf.logicalNot(gt),
          tf.where(gt, a, b),
        ];
      },
      [tf.tensor1d([1, 2, 3, 4]), tf.tensor1d([4, 2, 1, 5])],
    );
  });

  it('int32 floorDiv and mod are floored, exactly', async () => {
    await checkOnnx(
      function intDivMod(a: tf.Tensor, b: tf.Tensor) {
        return [
          tf.floorDiv(a, b),
          tf.mod(a, b),
          tf.add(tf.mul(a, b), 7),
          tf.pow(tf.clipByValue(a, -1000, 1000), i32(2)),
        ];
      },
      [
        tf.tensor1d([7, -7, 7, -7, 0, 2147483647, -2147483648], 'int32'),
        tf.tensor1d([2, 2, -2, -2, 3, 10, 7], 'int32'),
      ],
    );
  });

  it('int32 division by 0 and INT32_MIN / -1 give what tfjs gives (onnxruntime would fail or trap)', async () => {
    await checkOnnx(
      function divEdges(a: tf.Tensor, b: tf.Tensor) {
        return [tf.floorDiv(a, b), tf.mod(a, b)];
      },
      [tf.tensor1d([7, -7, 0, -2147483648, -2147483648, 5], 'int32'), tf.tensor1d([0, 0, 0, -1, 1, -1], 'int32')],
    );
  });

  it('float floorDiv and mod follow tfjs', async () => {
    await checkOnnx(
      function floatDivMod(a: tf.Tensor, b: tf.Tensor) {
        return [tf.floorDiv(a, b), tf.mod(a, b)];
      },
      [tf.tensor1d([7.5, -7.5, 7.5, -7.5, 6]), tf.tensor1d([2, 2, -2, -2, 3])],
    );
  });

  it('casts', async () => {
    await checkOnnx(
      function casts(x: tf.Tensor) {
        return [tf.cast(x, 'int32'), tf.cast(x, 'bool'), tf.cast(tf.cast(x, 'int32'), 'float32')];
      },
      [tf.tensor1d([-2.7, -0.5, 0, 0.5, 3.9])],
    );
  });

  it('reductions', async () => {
    await checkOnnx(
      function reductions(x: tf.Tensor) {
        return [
          tf.sum(x),
          tf.sum(x, 1),
          tf.mean(x, 0, true),
          tf.max(x, -1),
          tf.min(x, [0, 1]),
          tf.prod(x, 1),
          tf.argMax(x, 1),
          tf.argMin(x, 0),
          tf.all(tf.greater(x, -10), 1),
          tf.any(tf.greater(x, 1), 0),
          tf.cumsum(x, 1),
          tf.logSumExp(x, 1),
        ];
      },
      [rand([3, 4], 4)],
    );
  });

  it('int32 reductions are exact', async () => {
    await checkOnnx(
      function intReductions(x: tf.Tensor) {
        return [tf.sum(x), tf.max(x, 0), tf.prod(x, 1), tf.sum(tf.cast(tf.greater(x, 2), 'int32'))];
      },
      [
        tf.tensor2d(
          [
            [1, 5, -3],
            [4, 2, 6],
          ],
          [2, 3],
          'int32',
        ),
      ],
    );
  });

  it('matMul with transposes', async () => {
    await checkOnnx(
      function matmuls(a: tf.Tensor, b: tf.Tensor) {
        return [tf.matMul(a, b), tf.matMul(a, a, false, true), tf.matMul(b, b, true, false), tf.dot(a, b)];
      },
      [rand([2, 3], 5), rand([3, 4], 6)],
    );
  });

  it('batched matMul', async () => {
    await checkOnnx(
      function batched(a: tf.Tensor, b: tf.Tensor) {
        return tf.matMul(a, b, true, true);
      },
      [rand([2, 3, 4], 7), rand([2, 5, 3], 8)],
    );
  });

  it('reshape / transpose / concat / stack / unstack / split', async () => {
    await checkOnnx(
      function shapes(x: tf.Tensor) {
        const t = tf.transpose(x, [1, 0, 2]);
        const [u0, u1] = tf.unstack(x, 0);
        const [s0, s1] = tf.split(x, [1, 3], 1);
        return [
          tf.reshape(x, [4, -1]),
          t,
          tf.concat([x, x], 2),
          tf.stack([u0!, u1!], 1),
          s0!,
          s1!,
          tf.expandDims(x, 1),
          tf.squeeze(tf.expandDims(x, 0)),
          tf.tile(x, [1, 2, 1]),
          tf.reverse(x, [1, 2]),
        ];
      },
      [rand([2, 4, 3], 9)],
    );
  });

  it('slice / stridedSlice / gather / pad', async () => {
    await checkOnnx(
      function indexing(x: tf.Tensor) {
        return [
          tf.slice(x, [1, 0], [2, -1]),
          tf.stridedSlice(x, [0, 1], [4, 5], [2, 2]),
          tf.stridedSlice(x, [3, 0], [0, 5], [-1, 1], 0, 0, 0, 0, 0),
          tf.stridedSlice(x, [1, 0], [2, 5], [1, 1], 0, 2, 0, 0, 1),
          tf.gather(x, tf.tensor1d([3, 0, 0], 'int32'), 0),
          tf.gather(x, tf.tensor1d([4, 1], 'int32'), 1),
          tf.pad(
            x,
            [
              [1, 0],
              [0, 2],
            ],
            0.5,
          ),
          tf.mirrorPad(
            x,
            [
              [1, 1],
              [2, 0],
            ],
            'reflect',
          ),
        ];
      },
      [rand([4, 5], 10)],
    );
  });

  it('softmax, logSoftmax and activations', async () => {
    await checkOnnx(
      function activations(x: tf.Tensor) {
        return [
          tf.softmax(x),
          tf.logSoftmax(x),
          tf.relu(x),
          tf.relu6(tf.mul(x, 4)),
          tf.elu(x),
          tf.selu(x),
          tf.leakyRelu(x, 0.1),
          tf.prelu(x, tf.fill([5], 0.3)),
          tf.softplus(x),
          tf.clipByValue(x, -0.5, 0.5),
          tf.step(x, 0.2),
        ];
      },
      [rand([3, 5], 11)],
    );
  });

  it('creation: fill, range, oneHot, zerosLike, onesLike, linspace', async () => {
    await checkOnnx(
      function creation(x: tf.Tensor, idx: tf.Tensor) {
        return [
          tf.add(x, tf.fill([3], 2)),
          tf.range(0, 3, 1),
          tf.range(1, 2, 0.1),
          tf.oneHot(idx, 4),
          tf.zerosLike(x),
          tf.onesLike(tf.cast(x, 'int32')),
          tf.linspace(0, 1, 5),
        ];
      },
      [tf.tensor1d([1, 2, 3]), tf.tensor1d([0, 3, -1, 7], 'int32')],
    );
  });

  it('a 2-layer MLP with captured weights', async () => {
    const w1 = rand([4, 8], 12);
    const b1 = rand([8], 13);
    const w2 = tf.variable(rand([8, 3], 14), true, 'mlp/w2');
    const b2 = tf.zeros([3]);
    await checkOnnx(
      function mlp(x: tf.Tensor) {
        return tf.softmax(tf.add(tf.matMul(tf.relu(tf.add(tf.matMul(x, w1), b1)), w2), b2));
      },
      [rand([5, 4], 15)],
    );
    tf.dispose([w1, b1, w2, b2]);
  });

  it('conv2d + maxPool + avgPool (NHWC)', async () => {
    const filter = rand([3, 3, 2, 4], 16);
    await checkOnnx(
      function convPool(x: tf.Tensor) {
        const c = tf.conv2d(x as tf.Tensor4D, filter as tf.Tensor4D, 1, 'same');
        const v = tf.conv2d(x as tf.Tensor4D, filter as tf.Tensor4D, 2, 'valid');
        const d = tf.depthwiseConv2d(x as tf.Tensor4D, rand([3, 3, 2, 2], 17) as tf.Tensor4D, 1, 'same');
        return [tf.maxPool(c, 2, 2, 'valid'), tf.avgPool(c, 3, 2, 'same'), v, d];
      },
      [rand([1, 7, 6, 2], 18)],
    );
    filter.dispose();
  });

  it('fused conv2d and fused matMul with bias and activation', async () => {
    const filter = rand([2, 2, 3, 2], 19);
    const bias = rand([2], 20);
    await checkOnnx(
      function fused(x: tf.Tensor, a: tf.Tensor) {
        return [
          tf.fused.conv2d({
            x: x as tf.Tensor4D,
            filter: filter as tf.Tensor4D,
            strides: 1,
            pad: 'valid',
            bias,
            activation: 'relu',
          }),
          tf.fused.matMul({ a, b: tf.transpose(a), bias: tf.scalar(0.5), activation: 'elu' }),
        ];
      },
      [rand([1, 4, 4, 3], 21), rand([3, 2], 22)],
    );
    tf.dispose([filter, bias]);
  });

  it('batchNorm', async () => {
    await checkOnnx(
      function batchNorm(x: tf.Tensor) {
        return tf.batchNorm(
          x,
          tf.tensor1d([0.1, -0.2]),
          tf.tensor1d([1.5, 0.5]),
          tf.tensor1d([0, 1]),
          tf.tensor1d([2, 1]),
          1e-3,
        );
      },
      [rand([3, 2], 23)],
    );
  });

  it('topk', async () => {
    await checkOnnx(
      function topk(x: tf.Tensor) {
        const { values, indices } = tf.topk(x, 2);
        return [values, indices];
      },
      [
        tf.tensor2d([
          [1, 5, 3, 5],
          [0, -1, 2, 7],
        ]),
      ],
    );
  });
});

describe('ONNX export, control flow', () => {
  it('huber loss via ag.cond', async () => {
    const delta = 1.0;
    const huber = function huber(a: tf.Tensor, b: tf.Tensor) {
      const err = tf.abs(tf.sub(a, b));
      const m = tf.mean(err);
      return ag.cond(
        tf.lessEqual(m, delta),
        () => tf.mean(tf.mul(0.5, tf.square(err))),
        () => tf.sub(tf.mul(delta, m), 0.5 * delta * delta),
      );
    };
    await checkOnnx(huber, [tf.tensor1d([0.1, 0.2, 0.3]), tf.tensor1d([0.0, 0.5, 0.1])]);
    await checkOnnx(huber, [tf.tensor1d([3, -2, 5]), tf.tensor1d([0, 0, 0])]);
  });

  it('collatz via ag.whileLoop + ag.cond (int32 exact)', async () => {
    const collatz = function collatz(a: tf.Tensor) {
      return ag.whileLoop(
        (n: unknown) => tf.notEqual(n as tf.Tensor, i32(1)),
        (n: unknown, c: unknown) => [
          ag.cond(
            tf.equal(tf.mod(n as tf.Tensor, i32(2)), i32(0)),
            () => tf.floorDiv(n as tf.Tensor, i32(2)),
            () => tf.add(tf.mul(n as tf.Tensor, i32(3)), i32(1)),
          ),
          tf.add(c as tf.Tensor, i32(1)),
        ],
        [a, i32(0)],
      );
    };
    for (const n of [1, 6, 27, 97]) await checkOnnx(collatz, [i32(n)]);
  });

  it('nested cond in while', async () => {
    const nested = function nested(x: tf.Tensor, limit: tf.Tensor) {
      return ag.whileLoop(
        (i: unknown) => tf.less(i as tf.Tensor, limit),
        (i: unknown, acc: unknown) => {
          const it = i as tf.Tensor;
          const a = acc as tf.Tensor;
          const next = ag.cond(
            tf.equal(tf.mod(it, i32(3)), i32(0)),
            () =>
              ag.cond(
                tf.greater(tf.sum(a), 0),
                () => tf.mul(a, 0.5),
                () => tf.add(a, x),
              ),
            () => tf.sub(a, tf.mul(x, tf.cast(it, 'float32'))),
          );
          return [tf.add(it, i32(1)), next];
        },
        [i32(0), tf.zerosLike(x)],
      );
    };
    await checkOnnx(nested, [tf.tensor1d([0.5, -1, 2]), i32(7)]);
  });

  it('a loop with maximumIterations', async () => {
    const capped = function capped(x: tf.Tensor) {
      return ag.whileLoop(
        (v: unknown) => tf.less(tf.sum(v as tf.Tensor), 1000),
        (v: unknown) => [tf.mul(v as tf.Tensor, 2)],
        [x],
        { maximumIterations: 4 },
      );
    };
    await checkOnnx(capped, [tf.tensor1d([1, 2])]);
    await checkOnnx(capped, [tf.tensor1d([300, 400])]);
  });

  it('a loop whose condition is false from the start runs zero times', async () => {
    await checkOnnx(
      function never(x: tf.Tensor) {
        return ag.whileLoop(
          (v: unknown) => tf.greater(tf.sum(v as tf.Tensor), 100),
          (v: unknown) => [tf.add(v as tf.Tensor, 1)],
          [x],
        );
      },
      [tf.tensor1d([1, 2])],
    );
  });

  it('cond returning an operand unchanged and a captured tensor', async () => {
    const w = tf.tensor1d([10, 20]);
    await checkOnnx(
      function passThrough(x: tf.Tensor) {
        return ag.cond(
          tf.greater(tf.sum(x), 0),
          () => [x, w],
          () => [tf.neg(x), tf.add(w, x)],
        );
      },
      [tf.tensor1d([1, -3])],
    );
    w.dispose();
  });
});

describe('ONNX export, model', () => {
  it(`declares opset ${ONNX_OPSET} and IR version ${ONNX_IR_VERSION}, inputs named after parameters`, async () => {
    const ort = await import('onnxruntime-node');
    const g = traceGraph(
      function named(x: tf.Tensor) {
        return tf.add(x, 1);
      },
      [ag.spec([2])],
    );
    const bytes = exportOnnx(g);
    expect(bytes[0]).toBe(0x08); // field 1 (ir_version), varint
    expect(bytes[1]).toBe(ONNX_IR_VERSION);
    const session = await ort.InferenceSession.create(bytes, { graphOptimizationLevel: 'all' });
    expect(session.inputNames).toEqual([g.params[0]!.name ?? 'input_0']);
    await session.release();
  });

  it('an unmapped kernel is a clear error naming it and the source line', () => {
    const g = traceGraph(
      function unmapped(x: tf.Tensor) {
        return tf.searchSorted(x, x);
      },
      [ag.spec([3])],
    );
    let err: Error | undefined;
    try {
      exportOnnx(g);
    } catch (e) {
      err = e as Error;
    }
    expect(err?.message).toMatch(/cannot export to ONNX: the kernel SearchSorted has no ONNX rule/);
    expect(err?.message).toMatch(/onnx\.test\.ts:\d+/);
  });
});
