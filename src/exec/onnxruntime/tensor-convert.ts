// Conversions between tfjs tensors and onnxruntime tensors (float32, int32, bool; int64 results are
// narrowed to int32 as tfjs has no int64). Needs tfjs and ort-loader. Produces `toOrt`, `fromOrt`.

import * as tf from '@tensorflow/tfjs-core';
import { loadOrt, type OrtTensor } from './ort-loader.js';

export function toOrt(t: tf.Tensor): OrtTensor {
  const ort = loadOrt();
  const dims = [...t.shape];
  switch (t.dtype) {
    case 'float32':
      return new ort.Tensor('float32', t.dataSync() as Float32Array, dims);
    case 'int32':
      return new ort.Tensor('int32', t.dataSync() as Int32Array, dims);
    case 'bool':
      return new ort.Tensor('bool', Uint8Array.from(t.dataSync() as Uint8Array), dims);
    default:
      throw new Error(`the onnxruntime backend cannot feed a ${t.dtype} tensor`);
  }
}

export function fromOrt(v: OrtTensor): tf.Tensor {
  const dims = [...v.dims];
  switch (v.type) {
    case 'float32':
      return tf.tensor(v.data as Float32Array, dims, 'float32');
    case 'int32':
      return tf.tensor(v.data as Int32Array, dims, 'int32');
    case 'bool':
      return tf.tensor(v.data as Uint8Array, dims, 'bool');
    case 'int64':
      return tf.tensor(Int32Array.from(v.data as BigInt64Array, (x) => Number(x)), dims, 'int32');
    default:
      throw new Error(`the onnxruntime backend cannot return a ${v.type} tensor`);
  }
}
