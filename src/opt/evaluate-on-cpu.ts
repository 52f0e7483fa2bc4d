// Runs one kernel on constant inputs with the tfjs cpu backend made active for the call (and the
// user's backend restored in `finally`), for constant folding. Needs tfjs, the backend switch.
// Produces `evaluateOnCpu(node, inputs)`: the output payloads, or undefined when it cannot tell.

import * as tf from '@tensorflow/tfjs-core';
import type { ConstValues, Node } from '../ir/graph.js';
import type { DType } from '../ir/types.js';
import { sameShape } from '../ir/types.js';
import { withActiveBackend } from '../trace/backend-switch.js';

/** A constant operand: its payload, dtype and shape. */
export interface ConstOperand {
  readonly values: ConstValues;
  readonly dtype: DType;
  readonly shape: readonly number[];
}

function cpuBackend(): tf.KernelBackend | undefined {
  return tf.findBackend('cpu') ?? undefined; // initializes it synchronously on first use
}

/** Whether `op` has a cpu kernel (so folding it means something). */
export function hasCpuKernel(op: string): boolean {
  return tf.getKernel(op, 'cpu') !== undefined;
}

/**
 * The payload of every output of `node` computed from `inputs`, or undefined when the kernel is
 * missing, throws, or returns other dtypes/shapes than the IR declares (folding then stays away).
 */
export function evaluateOnCpu(node: Node, inputs: readonly ConstOperand[]): ConstValues[] | undefined {
  const backend = cpuBackend();
  if (!backend || !hasCpuKernel(node.op)) return undefined;
  const made: tf.Tensor[] = [];
  try {
    return withActiveBackend('cpu', backend, () => {
      const tensors = inputs.map((c) => {
        const t = tf.tensor(c.values as never, [...c.shape], c.dtype);
        made.push(t);
        return t;
      });
      let named: tf.NamedTensorMap;
      if (node.options.arrayInputs) named = tensors as unknown as tf.NamedTensorMap;
      else {
        named = {};
        node.inputNames.forEach((name, i) => (named[name] = tensors[i]!));
      }
      const out = tf.engine().runKernel(node.op, named, node.attrs as tf.NamedAttrMap) as tf.Tensor | tf.Tensor[];
      const outs = Array.isArray(out) ? out : [out];
      made.push(...outs);
      if (outs.length !== node.outputs.length) return undefined;
      const result: ConstValues[] = [];
      for (let i = 0; i < outs.length; i++) {
        const t = outs[i]!;
        const v = node.outputs[i]!;
        if (t.dtype !== v.dtype || !sameShape(t.shape, v.shape)) return undefined;
        const values = payload(t.dataSync(), v.dtype);
        if (!values) return undefined;
        result.push(values);
      }
      return result;
    });
  } catch {
    return undefined;
  } finally {
    for (const t of made) if (!t.isDisposed) t.dispose();
  }
}

/** A fresh typed array of the IR's representation for `dtype` (undefined for strings/complex). */
function payload(data: tf.backend_util.TypedArray | string[] | Uint8Array[], dtype: DType): ConstValues | undefined {
  if (!ArrayBuffer.isView(data)) return undefined;
  switch (dtype) {
    case 'float32':
      return data instanceof Float32Array ? data.slice() : Float32Array.from(data as ArrayLike<number>);
    case 'int32':
      return data instanceof Int32Array ? data.slice() : Int32Array.from(data as ArrayLike<number>);
    case 'bool':
      return Uint8Array.from(data as ArrayLike<number>);
    default:
      return undefined;
  }
}
