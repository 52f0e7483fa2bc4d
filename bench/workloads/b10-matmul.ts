// B10: one float32 matMul alone, at 64³, 32×128·128×128, 256³ and 512³ (one workload per shape,
// ids B10.64 … B10.512; `--only B10` selects them all), in GFLOP/s beside µs per call. The jit
// rows run the compiled executor's own GEMM kernels (exec/targets/wasm-simd/gemm.ts); onnxruntime (1 thread) is
// shown beside. A call gets the same two input tensors each time (as a layer's weights are), so a
// kernel that keeps B packed while its tensor lives may do so. At 256³ and 512³ jit also runs on 2
// threads (the GEMM thread pool, ag.setThreads(2)) on both backends, judged against its own
// one-thread row run beside it in a child process that runs nothing else (threads/thread-rows.ts)
// and against onnxruntime-web with 2 threads (in a process of its own); onnxruntime-node with
// intraOpNumThreads 2 is shown beside.
// Needs harness, contenders, the peers. Produces `b10`.

import * as tf from '@tensorflow/tfjs';
import { matMul } from '../threads/programs.js';
import { jitThreadRows } from '../threads/thread-rows.js';
import { jaxJs, type Jax, type JaxArray } from '../peers/jax-js.js';
import { onnxWeb, ORT_WEB_LABEL } from '../peers/onnxruntime-web.js';
import { onnxWebThreads } from '../peers/onnxruntime-web-threads.js';
import { wasmPeerBars } from '../peers/bars.js';
import { defaultJitOnWasm, refs, threadedJitOnWasm, type Bar, type Contender, type Workload } from '../harness.js';
import {
  eager,
  functional,
  jitted,
  jitWithoutRelaxedSimd,
  onnx,
  perBackend,
  uniform,
  type Variant,
} from '../contenders.js';

const variants: Variant[] = [functional(matMul)];

const matMulJax =
  ({ numpy: np }: Jax) =>
  (a: JaxArray, b: JaxArray): JaxArray =>
    np.matmul(a, b);

/**
 * [id suffix, M, K, N, the bar's factor over tfjs eager wasm, jit on 2 threads over jit on 1 (0: no
 * rows with threads)]. At the small shapes 2× tfjs-wasm is above WebAssembly's 128-bit peak once the
 * call is counted; there the bar is 1.5× tfjs-wasm and 2× onnxruntime-web (smallShapeBars). They are
 * below the size from which matMuls use threads (gemm-pool.ts THREAD_MIN_MACS).
 */
const SHAPES: readonly [string, number, number, number, number, number][] = [
  ['64', 64, 64, 64, 1.5, 0],
  ['32x128', 32, 128, 128, 1.5, 0],
  ['256', 256, 256, 256, 1, 1.5],
  ['512', 512, 512, 512, 1, 1.7],
];

const ORT_WEB_2_LABEL = 'onnxruntime-web (wasm, 2 threads)';

/** The bars of the rows with 2 threads: over jit's own one-thread row, and against onnxruntime-web on 2 threads. */
function threadBars(scaling: number): Bar[] {
  if (!scaling) return [];
  return [
    // the bar is the wasm row's (the table's headline row); the cpu row's ratio is shown beside
    { kind: 'faster', than: refs.oneThread, factor: scaling, applies: threadedJitOnWasm },
    {
      kind: 'faster',
      than: refs.peer(ORT_WEB_2_LABEL, 'onnxruntime-web (2 threads)'),
      factor: 1,
      applies: threadedJitOnWasm,
    },
  ];
}

function workload([suffix, m, k, n, factor, scaling]: (typeof SHAPES)[number]): Workload {
  const a = uniform(m * k, -1, 1, 101 + m);
  const b = uniform(k * n, -1, 1, 202 + n);
  const shape = m === k && k === n ? `${m}³` : `${m}×${k}·${k}×${n}`;
  return {
    id: `B10.${suffix}`,
    title: `matMul ${shape}, float32`,
    barText:
      `jit on wasm ≥ ${factor}× tfjs eager wasm (${factor > 1 ? 'small shapes' : 'large shapes'}) and ≥ ${factor > 1 ? 2 : 1}× onnxruntime-web, ≥ 1× jax-js; onnxruntime-node shown beside` +
      (scaling
        ? `; jit on wasm on 2 threads ≥ ${scaling}× jit on 1 and ≥ 1× onnxruntime-web on 2 threads (cpu on 2 threads and onnxruntime-node on 2 threads shown beside)`
        : ''),
    bars: [
      { kind: 'faster', than: refs.eager('wasm'), factor, applies: defaultJitOnWasm },
      ...(factor > 1
        ? [
            {
              kind: 'faster' as const,
              than: refs.peer(ORT_WEB_LABEL, 'onnxruntime-web'),
              factor: 2,
              applies: defaultJitOnWasm,
            },
            wasmPeerBars[1]!,
          ]
        : wasmPeerBars),
      ...threadBars(scaling),
    ],
    // Summation orders differ between backends (tfjs-cpu: doubles in 48-wide blocks; XNNPACK and
    // the jit wasm kernel: float32 in k order), so values agree to float32 rounding, not bit for bit.
    tolerance: { rtol: 1e-4, atol: 1e-4 },
    flopsPerCall: 2 * m * k * n,
    contenders(): Contender[] {
      const calls = perBackend(() => [[tf.tensor2d(a, [m, k]), tf.tensor2d(b, [k, n])]]);
      return [
        eager('cpu', matMul, calls),
        eager('wasm', matMul, calls),
        jitted('compiled', 'cpu', variants[0]!, calls),
        jitted('compiled', 'wasm', variants[0]!, calls),
        ...jitWithoutRelaxedSimd(variants, calls),
        onnx(variants, calls),
        onnxWeb(variants, calls),
        jaxJs({ make: matMulJax }, calls),
        ...(scaling
          ? [
              ...jitThreadRows('matMul', calls, ['cpu', 'wasm'], [1, 2]),
              onnx(variants, calls, 2),
              onnxWebThreads(variants, calls, 2),
            ]
          : []),
      ];
    },
  };
}

export const b10: readonly Workload[] = SHAPES.map(workload);
