// Runs one kernel on constant inputs with the tfjs cpu backend made active for the call (and the
// user's backend restored in `finally`), for constant folding. Needs tfjs, the backend switch.
// Produces `evaluateOnCpu(node, inputs)`: the output payloads, or undefined when it cannot tell.

import * as tf from '@tensorflow/tfjs-core';
import type { ConstValues, Node } from '../ir/graph.js';
import type { DType } from '../ir/types.js';
import { sameShape } from '../ir/types.js';
import { withActiveBackend } from '../engine/backend-switch.js';
import { cpuStoredValues } from '../engine/tfjs-engine.js';

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
        // A value the cpu backend holds outside its dtype (tfjs's Cast from int32 relabels the
        // Int32Array, so 16777217 stays exact for the next kernel) cannot be a constant of the dtype.
        if (!heldInDType(backend, t)) return undefined;
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

/** Whether the cpu backend holds `t`'s values exactly as its dtype's typed array would. */
function heldInDType(backend: tf.KernelBackend, t: tf.Tensor): boolean {
  const raw = cpuStoredValues(backend, t.dataId);
  if (!ArrayBuffer.isView(raw) || raw instanceof DataView) return true;
  const xs = raw as unknown as ArrayLike<number>;
  if (t.dtype === 'float32' && !(raw instanceof Float32Array))
    return Array.prototype.every.call(xs, (x: number) => Math.fround(x) === x || x !== x);
  if (t.dtype === 'int32' && !(raw instanceof Int32Array))
    return Array.prototype.every.call(xs, (x: number) => (x | 0) === x);
  return true;
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
