// B3: vectorised Huber loss, `mean(where(abs(a) <= δ, a*a/2, δ*(abs(a)-δ/2)))`, δ = 1, on 1e6
// float32 (elementwise chain with a select, then a reduction). Plain JS: one fused loop with a
// running sum; the allocating variant writes the elementwise loss to a new array, then sums it.
// jit rows: the functional form and the same program in plain source, converted.
// Needs harness, contenders. Produces `b3`.

import * as tf from '@tensorflow/tfjs';
import { jaxJs, type Jax, type JaxArray } from '../peers/jax-js.js';
import { onnxWeb } from '../peers/onnxruntime-web.js';
import { wasmPeerBars } from '../peers/bars.js';
import { defaultJitOnWasm, refs, type Workload } from '../harness.js';
import { eager, functional, jitContenders, onnx, perBackend, plain, uniform, type Variant } from '../contenders.js';

const N = 1_000_000;
const delta = 1;

export function huber(a: tf.Tensor): tf.Tensor {
  return tf.mean(
    tf.where(tf.lessEqual(tf.abs(a), delta), tf.div(tf.mul(a, a), 2), tf.mul(delta, tf.sub(tf.abs(a), delta / 2))),
  );
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The same loss with plain operators, converted by `jit`. */
function huberSource(a: any) {
  return tf.mean(tf.where(tf.abs(a) <= delta, (a * a) / 2, delta * (tf.abs(a) - delta / 2)));
}

/** The same loss for jax-js (δ = 1; each use but the last takes a reference). */
const huberJax =
  ({ numpy: np }: Jax) =>
  (a: JaxArray): JaxArray => {
    const m = np.abs(a.ref);
    const quadratic = a.ref.mul(a).div(2);
    const linear = m.ref.sub(delta / 2).mul(delta);
    return np.where(np.lessEqual(m, delta), quadratic, linear).mean();
  };

export const variants: Variant[] = [
  functional(huber),
  { name: 'converted', fn: huberSource, options: { scope: { tf, delta } } },
];

const data = uniform(N, -3, 3, 3);

function fused(a: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    const m = Math.abs(v);
    s += m <= delta ? (v * v) / 2 : delta * (m - delta / 2);
  }
  return Math.fround(s / a.length);
}

function allocating(a: Float32Array): number {
  const loss = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    const m = Math.abs(v);
    loss[i] = m <= delta ? (v * v) / 2 : delta * (m - delta / 2);
  }
  let s = 0;
  for (let i = 0; i < loss.length; i++) s += loss[i]!;
  return Math.fround(s / a.length);
}

export const b3: Workload = {
  id: 'B3',
  title: 'Huber loss (where + mean) on 1e6 float32',
  barText:
    '≥ 50× tfjs eager cpu; ≥ 1.2× tfjs eager wasm; ≤ 1.5× a hand-fused JS loop; on wasm no slower than on cpu; on wasm ≥ 1× onnxruntime-web and jax-js',
  bars: [
    { kind: 'faster', than: refs.eager('cpu'), factor: 50 },
    { kind: 'faster', than: refs.eager('wasm'), factor: 1.2 },
    { kind: 'within', of: refs.label('plain JS, fused, running sum', 'hand-fused JS loop'), factor: 1.5 },
    { kind: 'within', of: refs.compiledOnCpu, factor: 1, applies: defaultJitOnWasm },
    ...wasmPeerBars,
  ],
  // A mean of 1e6 float32 terms: the cpu kernel sums in doubles, wasm in float32 (≈2e-4 relative apart).
  tolerance: { rtol: 1e-3, atol: 1e-6 },
  contenders() {
    const calls = perBackend(() => [[tf.tensor1d(data)]]);
    return [
      plain('plain JS, fused, running sum', { batch: () => void fused(data), result: () => [fused(data)] }),
      plain('plain JS, allocating loss array', {
        batch: () => void allocating(data),
        result: () => [allocating(data)],
      }),
      eager('cpu', huber, calls),
      eager('wasm', huber, calls),
      ...jitContenders(variants, calls, ['cpu', 'wasm']),
      onnx(variants, calls),
      onnxWeb(variants, calls),
      jaxJs({ make: huberJax }, calls),
    ];
  },
};
