// B2: `y = x*x/2 + abs(x) - 1` on 1e6 float32 (a chain of elementwise kernels: fusion and buffer
// reuse). Plain JS: one hand-fused loop into a preallocated output, and the same loop allocating.
// jit rows: the functional form and the same program in plain source, converted.
// Needs harness, contenders. Produces `b2`.

import * as tf from '@tensorflow/tfjs';
import { jaxJs, type Jax, type JaxArray } from '../peers/jax-js.js';
import { onnxWeb } from '../peers/onnxruntime-web.js';
import { wasmPeerBars } from '../peers/bars.js';
import { defaultJitOnWasm, refs, type Workload } from '../harness.js';
import { eager, functional, jitContenders, onnx, perBackend, plain, uniform, type Variant } from '../contenders.js';

const N = 1_000_000;

export function poly(x: tf.Tensor): tf.Tensor {
  return tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1);
}

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The same expression with plain operators, converted by `jit`. */
function polySource(x: any) {
  return (x * x) / 2 + tf.abs(x) - 1;
}

/** The same expression for jax-js (each use but the last takes a reference). */
const polyJax =
  ({ numpy: np }: Jax) =>
  (x: JaxArray): JaxArray =>
    x.ref.mul(x.ref).div(2).add(np.abs(x)).sub(1);

export const variants: Variant[] = [
  functional(poly),
  { name: 'converted', fn: polySource, options: { scope: { tf } } },
];

const data = uniform(N, -3, 3, 2);

function fused(x: Float32Array, out: Float32Array): Float32Array {
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    out[i] = (v * v) / 2 + Math.abs(v) - 1;
  }
  return out;
}

export const b2: Workload = {
  id: 'B2',
  title: '`y = x*x/2 + abs(x) - 1` on 1e6 float32',
  barText:
    '≥ 50× tfjs eager cpu; ≥ 1.2× tfjs eager wasm; ≤ 1.5× a hand-fused JS loop; on wasm no slower than on cpu; on wasm ≥ 1× onnxruntime-web and jax-js',
  bars: [
    { kind: 'faster', than: refs.eager('cpu'), factor: 50 },
    { kind: 'faster', than: refs.eager('wasm'), factor: 1.2 },
    { kind: 'within', of: refs.label('plain JS, fused, preallocated', 'hand-fused JS loop'), factor: 1.5 },
    { kind: 'within', of: refs.compiledOnCpu, factor: 1, applies: defaultJitOnWasm },
    ...wasmPeerBars,
  ],
  tolerance: { rtol: 1e-6, atol: 1e-6 },
  contenders() {
    const calls = perBackend(() => [[tf.tensor1d(data)]]);
    const out = new Float32Array(N);
    return [
      plain('plain JS, fused, preallocated', {
        batch: () => void fused(data, out),
        result: () => Array.from(fused(data, out)),
      }),
      plain('plain JS, fused, allocating', {
        batch: () => void fused(data, new Float32Array(N)),
        result: () => Array.from(fused(data, new Float32Array(N))),
      }),
      eager('cpu', poly, calls),
      eager('wasm', poly, calls),
      ...jitContenders(variants, calls, ['cpu', 'wasm']),
      onnx(variants, calls),
      onnxWeb(variants, calls),
      jaxJs({ make: polyJax }, calls),
    ];
  },
};
