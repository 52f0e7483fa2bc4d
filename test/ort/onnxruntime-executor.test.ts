// The onnxruntime executor (sync `run` through the native binding, `runAsync` through the public API),
// variable writes as extra outputs, dropped Print/Assert, optimized graphs with Fused nodes, and tensor
// lists as ONNX sequences. Needs helpers-onnx, onnxruntime-node.
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { exportOnnxModel } from '../../src/export/onnx/index.js';
import { OnnxRuntimeExecutor } from '../../src/ort/index.js';
import { optimize } from '../../src/opt/pipeline.js';
import { checkOnnx, expectClose, runOrt, traceGraph } from '../export/helpers-onnx.js';
import { s7 } from '../corpus/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const i32 = (v: number) => tf.scalar(v, 'int32');
const inputsOf = (g: ag.Graph, args: tf.Tensor[]) => [
  ...args,
  ...g.captures.map((c) =>
    c.source.kind === 'variable' ? c.source.variable : (c.source as { tensor: tf.Tensor }).tensor,
  ),
];

describe('OnnxRuntimeExecutor', () => {
  const exec = new OnnxRuntimeExecutor();
  afterAll(() => exec.dispose());

  const w = tf.tensor2d([
    [1, 2],
    [3, 4],
  ]);
  const mlp = function mlp(x: tf.Tensor) {
    return [tf.relu(tf.matMul(x, w)), tf.sum(x)];
  };

  it('runs synchronously and returns tfjs tensors', () => {
    const x = tf.tensor2d([
      [1, -1],
      [0.5, 2],
    ]);
    const g = traceGraph(mlp, [x]);
    const before = tf.memory().numTensors;
    const outs = exec.run(g, inputsOf(g, [x]));
    expect(tf.memory().numTensors).toBe(before + 2);
    const want = mlp(x);
    outs.forEach((o, i) => {
      expect(o).toBeInstanceOf(tf.Tensor);
      expect(Array.from(o.dataSync())).toEqual(Array.from(want[i]!.dataSync()));
    });
    tf.dispose([...outs, ...want]);
    // The session is created once per graph.
    const again = exec.run(g, inputsOf(g, [x]));
    expect(again[0]!.shape).toEqual([2, 2]);
    tf.dispose(again);
  });

  it('runAsync gives the same results', async () => {
    const x = tf.tensor2d([
      [2, 1],
      [-3, 1],
    ]);
    const g = traceGraph(mlp, [x]);
    const [a, b] = await exec.runAsync(g, inputsOf(g, [x]));
    const [c, d] = exec.run(g, inputsOf(g, [x]));
    expect(Array.from(a!.dataSync())).toEqual(Array.from(c!.dataSync()));
    expect(Array.from(b!.dataSync())).toEqual(Array.from(d!.dataSync()));
    tf.dispose([a!, b!, c!, d!]);
  });

  it('feeds variables at call time and writes assigned values back', () => {
    const v = tf.variable(tf.tensor1d([1, 2]), true, 'counter');
    const step = function step(x: tf.Tensor) {
      v.assign(tf.add(v, x));
      return tf.mul(v, 2);
    };
    const x = tf.tensor1d([10, 20]);
    const g = traceGraph(step, [x]);
    const model = exec.model(g);
    expect(model.assignments.map((a) => a.output)).toEqual(['counter_new']);
    const [y1] = exec.run(g, inputsOf(g, [x]));
    expect(Array.from(y1!.dataSync())).toEqual([22, 44]);
    expect(Array.from(v.dataSync())).toEqual([11, 22]);
    const [y2] = exec.run(g, inputsOf(g, [x]));
    expect(Array.from(y2!.dataSync())).toEqual([42, 84]);
    expect(Array.from(v.dataSync())).toEqual([21, 42]);
    tf.dispose([y1!, y2!, v]);
  });

  it('the frozen export of a variable write holds its value at export time', async () => {
    const v = tf.variable(tf.tensor1d([1, 2]), true, 'frozen');
    const g = traceGraph(
      function bump(x: tf.Tensor) {
        v.assign(tf.add(v, x));
        return tf.sum(v);
      },
      [tf.tensor1d([1, 1])],
    );
    const model = exportOnnxModel(g);
    const [total, next] = await runOrt(model, inputsOf(g, [tf.tensor1d([1, 1])]));
    expect(total!.values).toEqual([5]);
    expect(next!.values).toEqual([2, 3]);
    v.dispose();
  });
});

describe('ONNX export of effects, optimized graphs and lists', () => {
  it('drops Print and Assert with a warning', async () => {
    const g = traceGraph(
      function effects(x: tf.Tensor) {
        ag.print('x is', x);
        ag.assert(tf.all(tf.greater(x, 0)), 'positive');
        return tf.add(x, 1);
      },
      [ag.spec([2])],
    );
    const warnings: string[] = [];
    const model = exportOnnxModel(g, { onWarning: (m) => warnings.push(m) });
    expect(warnings.some((w) => /dropped Print/.test(w))).toBe(true);
    expect(warnings.some((w) => /dropped Assert/.test(w))).toBe(true);
    const [y] = await runOrt(model, [tf.tensor1d([1, 2])]);
    expect(y!.values).toEqual([2, 3]);
  });

  it('exports optimized graphs (Fused elementwise nodes)', async () => {
    const fn = function fusable(x: tf.Tensor, y: tf.Tensor) {
      return tf.sigmoid(tf.add(tf.mul(tf.sub(x, y), 0.5), tf.exp(tf.neg(tf.abs(y)))));
    };
    const args = [tf.tensor1d([1, -2, 3.5]), tf.tensor1d([0.5, 0.25, -1])];
    const opt = (g: ag.Graph) => optimize(g);
    expect(opt(traceGraph(fn, args)).nodes.some((n) => n.op === 'Fused')).toBe(true);
    await checkOnnx(fn, args, { optimize: opt });
  });

  it('a list pushed in a loop and stacked (ONNX sequences), also when empty', async () => {
    const squares = function squares(n: tf.Tensor) {
      const z: unknown[] = [];
      ag.setElementType(z, 'int32');
      const [, list] = ag.whileLoop(
        (i) => tf.less(i, n),
        (i, l) => [tf.add(i, i32(1)), (l as unknown as ag.TensorList).push(tf.mul(i, i))],
        [0, z],
      );
      return ag.stack(list);
    };
    await checkOnnx(squares, [i32(5)], { reference: 'interpreter' });
    await checkOnnx(squares, [i32(0)], { reference: 'interpreter' });
  });

  it('list length, get and pop', async () => {
    const ops = function listOps(x: tf.Tensor, n: tf.Tensor) {
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
      return [len, second, last, ag.stack(list)];
    };
    await checkOnnx(ops, [tf.tensor1d([1, -2]), i32(4)], { reference: 'interpreter' });
  });

  it('a graph with an unknown dimension runs on any size', async () => {
    const g = traceGraph(
      function rows(x: tf.Tensor, n: tf.Tensor) {
        const [, l] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i, r) => {
            (r as unknown[]).push(tf.add(x, tf.cast(i, 'float32')));
            return [tf.add(i, 1), r];
          },
          [0, [] as unknown[]],
        );
        return tf.sum(ag.stack(l), 1);
      },
      [tf.tensor1d([1, 1]), i32(3)],
    );
    const model = exportOnnxModel(g);
    const [r] = await runOrt(model, [tf.tensor1d([1, 1]), i32(3)]);
    expectClose(r!, tf.tensor1d([2, 4, 6]), 'row sums');
    const [r5] = await runOrt(model, [tf.tensor1d([1, 1]), i32(5)]);
    expectClose(r5!, tf.tensor1d([2, 4, 6, 8, 10]), 'row sums, n = 5');
  });
});

describe('ONNX export of converted control flow (toGraph: break and return in loops)', () => {
  const i32v = (n: number) => tf.scalar(n, 'int32');
  it('break inside a while loop (S7)', async () => {
    const { toGraph } = await import('../../src/api/to-graph.js');
    const breaking = toGraph(s7, { scope: { tf } });
    for (const n of [4, 5, 9]) await checkOnnx(breaking, [i32v(n)], { reference: 'interpreter' });
  });

  it('return inside a for loop over a tensor', async () => {
    const { toGraph } = await import('../../src/api/to-graph.js');
    /* eslint-disable @typescript-eslint/no-explicit-any -- JS operators on tensors, as users of the converter write */
    const firstBig = toGraph(
      function firstBig(xs: any, limit: any) {
        for (const x of xs) {
          if (x > limit) return x;
        }
        return limit;
      },
      { scope: { tf } },
    );
    /* eslint-enable @typescript-eslint/no-explicit-any */
    await checkOnnx(firstBig, [tf.tensor1d([1, 5, 9, 2]), tf.scalar(4)], { reference: 'interpreter' });
    await checkOnnx(firstBig, [tf.tensor1d([1, 2]), tf.scalar(4)], { reference: 'interpreter' });
  });
});
