// B5: RNN forward, h ← tanh(x_t·Wx + h·Wh + b), 50 steps, batch 32, input 64, hidden 128, as one
// staged loop over the step index (x_t = gather(x, t) of a [50, 32, 64] input). Kernel-bound
// (two small matmuls a step), so the bar compares with eager on the same backend's kernels.
// jit rows: the functional form and the same program in plain source, converted; onnxruntime with
// its float32 Tanh (the peer) and, beside it, the export's exact (float64) Tanh; jit compiled with
// `numerics: 'fast'` (the fast SIMD tanh) on cpu and wasm beside the default.
// Needs harness, contenders, fast-math's bounds. Produces `b5`.

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
  onnxExact,
  perBackend,
  uniform,
  type Variant,
} from '../contenders.js';
import { FAST_BOUNDS } from '../../src/exec/targets/wasm-simd/fast-math.js';

const T = 50;
const B = 32;
const IN = 64;
const H = 128;

export function rnn(x: tf.Tensor, h0: tf.Tensor, wx: tf.Tensor, wh: tf.Tensor, b: tf.Tensor): tf.Tensor {
  return ag.whileLoop(
    (t) => tf.less(t as tf.Tensor, tf.scalar(T, 'int32')),
    (t, h) => [
      tf.add(t as tf.Tensor, tf.scalar(1, 'int32')),
      tf.tanh(tf.add(tf.add(tf.matMul(tf.gather(x, t as tf.Tensor), wx), tf.matMul(h as tf.Tensor, wh)), b)),
    ],
    [tf.scalar(0, 'int32'), h0],
    { names: ['t', 'h'] },
  )[1] as tf.Tensor;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The same loop as an ordinary `while` on a tensor counter, converted by `jit` (a staged loop). */
function rnnSource(x: any, h0: any, wx: any, wh: any, b: any) {
  let h = h0;
  let t: any = tf.scalar(0, 'int32');
  while (t < T) {
    const xw: any = tf.matMul(tf.gather(x, t), wx);
    h = tf.tanh(xw + tf.matMul(h, wh) + b);
    t = t + 1;
  }
  return h;
}

/** The same RNN for jax-js, its 50 steps unrolled (jax-js has no loop primitive). */
const rnnJax =
  ({ numpy: np }: Jax) =>
  (x: JaxArray, h0: JaxArray, wx: JaxArray, wh: JaxArray, b: JaxArray): JaxArray => {
    let h = h0;
    for (let t = 0; t < T; t++) h = np.tanh(np.matmul(x.ref.slice(t), wx.ref).add(np.matmul(h, wh.ref)).add(b.ref));
    for (const a of [x, wx, wh, b]) a.dispose();
    return h;
  };

export const variants: Variant[] = [
  functional(rnn),
  { name: 'converted', fn: rnnSource, options: { scope: { tf, T } } },
];

const data = {
  x: uniform(T * B * IN, -1, 1, 51),
  wx: uniform(IN * H, -1 / Math.sqrt(IN), 1 / Math.sqrt(IN), 52),
  wh: uniform(H * H, -1 / Math.sqrt(H), 1 / Math.sqrt(H), 53),
  b: uniform(H, -0.1, 0.1, 54),
};

/**
 * The fast rows' check: each step's tanh (of a value in (−1, 1)) is within FAST_BOUNDS.Tanh ulp,
 * at most that many times 2^-24 absolute; the T steps' errors, added (what B5 measures is far below).
 */
const fastTolerance = { rtol: 0, atol: T * FAST_BOUNDS.Tanh * 2 ** -24 };

export const b5: Workload = {
  id: 'B5',
  title: `RNN forward, tanh cell, ${T} steps, batch ${B}, input ${IN}, hidden ${H}, staged loop`,
  barText:
    '≥ 2× tfjs eager (same backend’s kernels); on wasm ≥ 1× onnxruntime-web and jax-js (1 thread each); onnxruntime-node shown beside',
  bars: [{ kind: 'faster', than: refs.eagerSameBackend, factor: 2, applies: defaultJit }, ...wasmPeerBars],
  tolerance: { rtol: 1e-4, atol: 1e-5 },
  contenders() {
    const calls = perBackend(() => [
      [
        tf.tensor3d(data.x, [T, B, IN]),
        tf.zeros([B, H]),
        tf.tensor2d(data.wx, [IN, H]),
        tf.tensor2d(data.wh, [H, H]),
        tf.tensor1d(data.b),
      ],
    ]);
    return [
      eager('cpu', rnn, calls),
      eager('wasm', rnn, calls),
      ...jitContenders(variants, calls, ['cpu', 'wasm']),
      ...jitWithoutRelaxedSimd(variants, calls),
      ...jitFastNumerics(variants, calls, fastTolerance),
      onnx(variants, calls),
      onnxExact(variants, calls),
      onnxWeb(variants, calls),
      jaxJs({ make: rnnJax, unrolled: true }, calls),
    ];
  },
};
