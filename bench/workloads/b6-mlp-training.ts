// B6: a training loop in one call: 2-layer MLP (32 → 64 relu → 10, MSE), 100 SGD steps on one
// batch of 64, weights as loop variables of ag.whileLoop, gradients by tf.grads of the loss as a
// function of the weights, w ← w − lr·g. Eager runs the same function op by op.
// jit rows: the functional form and the same program in plain source, converted; jit compiled with
// `numerics: 'fast'` on cpu and wasm beside the default (the program has no tanh, sigmoid, exp or
// log: the row shows that it changes nothing else).
// Needs harness, contenders. Produces `b6`.

import * as tf from '@tensorflow/tfjs';
import { jaxJs, type Jax, type JaxArray } from '../peers/jax-js.js';
import { onnxWeb } from '../peers/onnxruntime-web.js';
import { wasmPeerBars } from '../peers/bars.js';
import * as ag from '../../src/index.js';
import { defaultJit, refs, type Workload } from '../harness.js';
import {
  eager,
  functional,
  jitContenders,
  jitFastNumerics,
  jitWithoutRelaxedSimd,
  onnx,
  perBackend,
  uniform,
  type Variant,
} from '../contenders.js';

const STEPS = 100;
const BATCH = 64;
const IN = 32;
const HID = 64;
const OUT = 10;
const LR = 0.05;

const loss = (x: tf.Tensor, y: tf.Tensor) => (w1: tf.Tensor, b1: tf.Tensor, w2: tf.Tensor, b2: tf.Tensor) => {
  const h = tf.relu(tf.add(tf.matMul(x, w1), b1));
  const o = tf.add(tf.matMul(h, w2), b2);
  return tf.mean(tf.square(tf.sub(o, y)));
};

export function train(
  x: tf.Tensor,
  y: tf.Tensor,
  w1: tf.Tensor,
  b1: tf.Tensor,
  w2: tf.Tensor,
  b2: tf.Tensor,
): tf.Tensor[] {
  const grad = tf.grads(loss(x, y) as (...w: tf.Tensor[]) => tf.Tensor);
  const out = ag.whileLoop(
    (i) => tf.less(i as tf.Tensor, tf.scalar(STEPS, 'int32')),
    (i, ...ws) => {
      const gs = grad(ws as tf.Tensor[]);
      return [
        tf.add(i as tf.Tensor, tf.scalar(1, 'int32')),
        ...ws.map((w, k) => tf.sub(w as tf.Tensor, tf.mul(LR, gs[k]!))),
      ];
    },
    [tf.scalar(0, 'int32'), w1, b1, w2, b2],
    { names: ['i', 'w1', 'b1', 'w2', 'b2'] },
  );
  return out.slice(1) as tf.Tensor[];
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The same training loop as an ordinary `while` with plain operators, converted by `jit`. */
function trainSource(x: any, y: any, w1: any, b1: any, w2: any, b2: any) {
  const grad: any = tf.grads(loss(x, y) as (...w: tf.Tensor[]) => tf.Tensor);
  let i: any = tf.scalar(0, 'int32');
  while (i < STEPS) {
    const [g1, gb1, g2, gb2] = grad([w1, b1, w2, b2]);
    w1 = w1 - LR * g1;
    b1 = b1 - LR * gb1;
    w2 = w2 - LR * g2;
    b2 = b2 - LR * gb2;
    i = i + 1;
  }
  return [w1, b1, w2, b2];
}

type JaxWeights = { w1: JaxArray; b1: JaxArray; w2: JaxArray; b2: JaxArray };

/** The same training loop for jax-js: `grad` of the loss, its 100 steps unrolled (no loop primitive). */
const trainJax =
  ({ grad, nn, numpy: np, tree }: Jax) =>
  (x: JaxArray, y: JaxArray, w1: JaxArray, b1: JaxArray, w2: JaxArray, b2: JaxArray): JaxArray[] => {
    const lossOf =
      (xs: JaxArray, ys: JaxArray) =>
      (p: JaxWeights): JaxArray => {
        const h = nn.relu(np.matmul(xs, p.w1).add(p.b1));
        return np.square(np.matmul(h, p.w2).add(p.b2).sub(ys)).mean();
      };
    let p: JaxWeights = { w1, b1, w2, b2 };
    for (let i = 0; i < STEPS; i++) {
      const g = grad(lossOf(x.ref, y.ref))(tree.ref(p));
      p = {
        w1: p.w1.sub(g.w1.mul(LR)),
        b1: p.b1.sub(g.b1.mul(LR)),
        w2: p.w2.sub(g.w2.mul(LR)),
        b2: p.b2.sub(g.b2.mul(LR)),
      };
    }
    x.dispose();
    y.dispose();
    return [p.w1, p.b1, p.w2, p.b2];
  };

export const variants: Variant[] = [
  functional(train),
  { name: 'converted', fn: trainSource, options: { scope: { tf, loss, STEPS, LR } } },
];

const data = {
  x: uniform(BATCH * IN, -1, 1, 61),
  y: uniform(BATCH * OUT, -1, 1, 62),
  w1: uniform(IN * HID, -1 / Math.sqrt(IN), 1 / Math.sqrt(IN), 63),
  w2: uniform(HID * OUT, -1 / Math.sqrt(HID), 1 / Math.sqrt(HID), 64),
};

export const b6: Workload = {
  id: 'B6',
  title: `training loop in one call: MLP ${IN}→${HID}→${OUT}, ${STEPS} SGD steps, batch ${BATCH}`,
  barText:
    '≥ 2× the same loop in eager tfjs; on wasm ≥ 1× onnxruntime-web and jax-js (1 thread each); onnxruntime-node shown beside',
  bars: [{ kind: 'faster', than: refs.eagerSameBackend, factor: 2, applies: defaultJit }, ...wasmPeerBars],
  // 100 steps of float32 SGD: kernels that sum in another order drift apart a little.
  tolerance: { rtol: 1e-3, atol: 1e-4 },
  contenders() {
    const calls = perBackend(() => [
      [
        tf.tensor2d(data.x, [BATCH, IN]),
        tf.tensor2d(data.y, [BATCH, OUT]),
        tf.tensor2d(data.w1, [IN, HID]),
        tf.zeros([HID]),
        tf.tensor2d(data.w2, [HID, OUT]),
        tf.zeros([OUT]),
      ],
    ]);
    return [
      eager('cpu', train, calls),
      eager('wasm', train, calls),
      ...jitContenders(variants, calls, ['cpu', 'wasm']),
      ...jitWithoutRelaxedSimd(variants, calls),
      ...jitFastNumerics(variants, calls),
      onnx(variants, calls),
      onnxWeb(variants, calls),
      jaxJs({ make: trainJax, unrolled: true }, calls),
    ];
  },
};
