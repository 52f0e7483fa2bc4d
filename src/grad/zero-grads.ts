// Zero gradients for the kernels tfjs registers none for although their outputs carry no gradient:
// comparisons, logical ops and BitwiseAnd (TensorFlow marks them not differentiable). Converted
// code builds JS's values from them (`%`'s sign rule, Math.round, Number.isInteger …), so without
// these `tf.grad` through such code fails ("gradient function not found for Equal").
// Needs tfjs's gradient registry and the kernel records of ir/. Produces `registerZeroGradients()`.

import * as tf from '@tensorflow/tfjs-core';
import { KERNELS, inputName, type KernelName } from '../ir/kernels/index.js';

/** Kernels whose outputs (bool or int32) have a zero gradient with respect to every input. */
export const NOT_DIFFERENTIABLE: readonly KernelName[] = [
  'Equal',
  'NotEqual',
  'Less',
  'LessEqual',
  'Greater',
  'GreaterEqual',
  'LogicalAnd',
  'LogicalOr',
  'LogicalNot',
  'BitwiseAnd',
  'IsNan',
  'IsInf',
  'IsFinite',
];

/** `kernel`'s gradient: a float32 zero of each input's shape (tfjs's backward pass takes float32 gradients only). */
function zeroGradient(kernel: KernelName, names: readonly string[]): tf.GradConfig {
  return {
    kernelName: kernel,
    inputsToSave: [...names],
    gradFunc: (_dy, saved) =>
      Object.fromEntries(names.map((n, i) => [n, () => tf.cast(tf.zerosLike(saved[i]!), 'float32')])),
  };
}

let registered = false;

/** Registers the zero gradients tfjs lacks (a gradient tfjs already has is kept). Idempotent. */
export function registerZeroGradients(): void {
  if (registered) return;
  registered = true;
  for (const kernel of NOT_DIFFERENTIABLE) {
    if (tf.getGradient(kernel)) continue;
    const inputs = KERNELS[kernel].inputs;
    if (inputs === 'variadic') continue;
    tf.registerGradient(zeroGradient(kernel, inputs.map(inputName)));
  }
}
