// Runs a registered tfjs kernel of the active backend directly — its kernel function, then the
// output tensors — without the eager engine's per-op bookkeeping (kernel lookup by name string,
// profiling and leak-check hooks, scope naming), which costs microseconds per op on small tensors.
// When a gradient tape is recording (the call runs inside tf.grad), under tf.profile, or with
// tfjs's DEBUG flag, it goes through the engine so the tape, the profiler or the NaN check sees it. Needs tfjs. Produces `runKernelDirect`.

import * as tf from '@tensorflow/tfjs-core';
import { engineInternals } from '../../engine/tfjs-engine.js';

type KernelFunc = (args: { inputs: unknown; backend: tf.KernelBackend; attrs: unknown }) => TensorInfo | TensorInfo[];

interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: tf.DataType;
}

const cache = new Map<string, KernelFunc | null>();

function kernelOf(name: string, backend: string): KernelFunc | null {
  const key = `${backend}\u0000${name}`;
  let k = cache.get(key);
  if (k === undefined) {
    k = (tf.getKernel(name, backend)?.kernelFunc as unknown as KernelFunc | undefined) ?? null;
    cache.set(key, k);
  }
  return k;
}

let lastBackend = '';
let lastKernels = new Map<string, KernelFunc | null>();

/** The kernel's output tensor(s), as `tf.engine().runKernel` returns them. */
export function runKernelDirect(name: string, inputs: unknown, attrs: unknown): tf.Tensor | tf.Tensor[] {
  const engine = engineInternals();
  // The engine's own path where it does more than run the kernel: a tape, tf.profile, DEBUG checks.
  if (engine.isTapeOn() || engine.state.profiling || engine.ENV.getBool('DEBUG'))
    return engine.runKernel(name, inputs, attrs);
  const backendName = engine.backendName ?? '';
  if (backendName !== lastBackend) {
    lastBackend = backendName;
    lastKernels = new Map();
  }
  let k = lastKernels.get(name);
  if (k === undefined) lastKernels.set(name, (k = kernelOf(name, backendName)));
  if (!k) return engine.runKernel(name, inputs, attrs); // not registered: the engine's error
  const out = k({ inputs, backend: engine.backend, attrs });
  if (!Array.isArray(out)) return wrap(out, engine);
  const outs: tf.Tensor[] = new Array(out.length);
  for (let i = 0; i < out.length; i++) outs[i] = wrap(out[i]!, engine);
  return outs;
}

/** A kernel output as a tensor: as the engine does, one that is a Tensor already (it has a rank) is returned as it is. */
function wrap(o: TensorInfo, engine: ReturnType<typeof engineInternals>): tf.Tensor {
  return (o as { rank?: number }).rank != null ? (o as unknown as tf.Tensor) : engine.makeTensorFromTensorInfo(o);
}
