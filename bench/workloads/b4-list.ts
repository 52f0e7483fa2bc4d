// B4: a list built in a staged loop, `for (i < n) z.push(i*i)`, then stacked, n = 1000 (int32):
// one function (functional ag.whileLoop carrying the array declared with ag.setElementType), run
// eagerly (a JS array of scalar tensors, tf.stack) and staged (a tensor list: ListPush, ListStack).
// jit rows: this functional form and the seed's plain `for` source, converted.
// Needs harness, contenders, examples/seeds. Produces `b4`, `squares`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { seedScope, squares as squaresSource } from '../../examples/seed-functions.js';
import { refs, type Workload } from '../harness.js';
import { eager, functional, jitContenders, onnx, perBackend, plain, sink, type Variant } from '../contenders.js';

const N = 1000;

export function squares(n: tf.Tensor): tf.Tensor {
  const z: unknown[] = [];
  ag.setElementType(z, 'int32');
  const one = tf.scalar(1, 'int32');
  const [, list] = ag.whileLoop(
    (i) => tf.less(i as tf.Tensor, n),
    (i, l) => {
      (l as unknown[]).push(tf.mul(i as tf.Tensor, i as tf.Tensor));
      return [tf.add(i as tf.Tensor, one), l];
    },
    [tf.scalar(0, 'int32'), z],
    { names: ['i', 'z'] },
  );
  return ag.stack(list);
}

/** The seed's ordinary `for` loop with `z.push` (examples/seeds.ts), converted by `jit`. */
export const variants: Variant[] = [
  functional(squares),
  { name: 'converted', fn: squaresSource, options: { scope: seedScope } },
];

function listJs(n: number): Int32Array {
  const z: number[] = [];
  for (let i = 0; i < n; i++) z.push(i * i);
  return Int32Array.from(z);
}

export const b4: Workload = {
  id: 'B4',
  title: 'list built in a staged loop (push i*i, stack), n = 1000',
  barText: '≥ 100× tfjs eager cpu',
  bars: [{ kind: 'faster', than: refs.eager('cpu'), factor: 100 }],
  contenders() {
    const calls = perBackend(() => [[tf.scalar(N, 'int32')]]);
    return [
      plain('plain JS (array push)', {
        batch: () => void (sink.value += listJs(N)[N - 1]!),
        result: () => Array.from(listJs(N)),
      }),
      eager('cpu', squares, calls),
      eager('wasm', squares, calls),
      ...jitContenders(variants, calls),
      onnx(variants, calls),
    ];
  },
};
