// runFused: a Fused node runs its steps as kernels on the active backend, bit-identical to the
// unfused kernels, freeing every intermediate (also when a step throws).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Graph, Node } from '../../src/ir/graph.js';
import { FUSED_OP, type FusedStep } from '../../src/ir/fused.js';
import { runFused } from '../../src/exec/run-fused.js';
import type { KernelName } from '../../src/ir/kernels/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function fusedNode(nInputs: number, steps: FusedStep[]): Node {
  const g = new Graph('g');
  const ins = Array.from({ length: nInputs }, () => g.addParam('float32', [2, 3]));
  const node = new Node(
    g,
    FUSED_OP,
    ins,
    ins.map((_, i) => `x${i}`),
    { steps },
  );
  const last = steps[steps.length - 1]!;
  node.addOutput(last.dtype, last.shape);
  return node;
}

const step = (
  op: KernelName,
  args: number[],
  argNames: string[],
  shape: number[],
  dtype: FusedStep['dtype'] = 'float32',
  attrs = {},
): FusedStep => ({
  op,
  args,
  argNames,
  attrs,
  dtype,
  shape,
});

describe('runFused', () => {
  it('computes select(x > 0, x, 0.1 * x) with scalar broadcasting, same bits as the kernels, no leaks', () => {
    const x = tf.tensor([
      [1, -2, NaN],
      [-0, Infinity, -Infinity],
    ]);
    const zero = tf.scalar(0);
    const k = tf.scalar(0.1);
    const node = fusedNode(3, [
      step('Greater', [0, 1], ['a', 'b'], [2, 3], 'bool'),
      step('Multiply', [0, 2], ['a', 'b'], [2, 3]),
      step('Select', [3, 0, 4], ['condition', 't', 'e'], [2, 3]),
    ]);
    const before = tf.memory().numTensors;
    const out = runFused(node, [x, zero, k]);
    expect(tf.memory().numTensors).toBe(before + 1);
    const ref = tf.where(tf.greater(x, zero), x, tf.mul(x, k));
    const a = Array.from(out.dataSync());
    const b = Array.from(ref.dataSync());
    a.forEach((v, i) => expect(Object.is(v, b[i]), `[${i}] ${v} vs ${b[i]}`).toBe(true));
    tf.dispose([x, zero, k, out, ref]);
  });

  it('runs attrs (Cast, LeakyRelu, ClipByValue) and same-rank broadcasting', () => {
    const a = tf.tensor([[1.5], [-2.5]]); // [2,1]
    const b = tf.tensor([[0.25, -3, 7]]); // [1,3]
    const g = new Graph('g');
    const pa = g.addParam('float32', [2, 1]);
    const pb = g.addParam('float32', [1, 3]);
    const steps = [
      step('Add', [0, 1], ['a', 'b'], [2, 3]),
      step('LeakyRelu', [2], ['x'], [2, 3], 'float32', { alpha: 0.2 }),
      step('ClipByValue', [3], ['x'], [2, 3], 'float32', { clipValueMin: -0.5, clipValueMax: 4 }),
      step('Cast', [4], ['x'], [2, 3], 'int32', { dtype: 'int32' }),
    ];
    const node = new Node(g, FUSED_OP, [pa, pb], ['x0', 'x1'], { steps });
    node.addOutput('int32', [2, 3]);
    const out = runFused(node, [a, b]);
    const ref = tf.cast(tf.clipByValue(tf.leakyRelu(tf.add(a, b), 0.2), -0.5, 4), 'int32');
    expect(out.dtype).toBe('int32');
    expect(Array.from(out.dataSync())).toEqual(Array.from(ref.dataSync()));
    tf.dispose([a, b, out, ref]);
  });

  it('frees its intermediates when a step throws', () => {
    const x = tf.ones([2, 3]);
    const node = fusedNode(1, [
      step('Exp', [0], ['x'], [2, 3]),
      step('Neg', [1], ['x'], [2, 3]),
      step('NoSuchKernel' as KernelName, [2], ['x'], [2, 3]),
    ]);
    const before = tf.memory().numTensors;
    expect(() => runFused(node, [x])).toThrow();
    expect(tf.memory().numTensors).toBe(before);
    x.dispose();
  });
});
