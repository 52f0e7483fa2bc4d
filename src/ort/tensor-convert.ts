// Conversions between tfjs tensors and onnxruntime tensors (float32, int32, bool; int64 results are
// narrowed to int32 as tfjs has no int64). Needs tfjs and ort-loader. Produces `toOrt`, `fromOrt`.

import * as tf from '@tensorflow/tfjs-core';
import { loadOrt, type OrtTensor } from './ort-loader.js';

/** `t` as an onnxruntime tensor; with `copy`, on a copy of its values (else it may share them). */
export function toOrt(t: tf.Tensor, copy = false): OrtTensor {
  const ort = loadOrt();
  const dims = [...t.shape];
  switch (t.dtype) {
    case 'float32': {
      const data = t.dataSync() as Float32Array;
      return new ort.Tensor('float32', copy ? data.slice() : data, dims);
    }
    case 'int32': {
      const data = t.dataSync() as Int32Array;
      return new ort.Tensor('int32', copy ? data.slice() : data, dims);
    }
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
      return tf.tensor(
        Int32Array.from(v.data as BigInt64Array, (x) => Number(x)),
        dims,
        'int32',
      );
    default:
      throw new Error(`the onnxruntime backend cannot return a ${v.type} tensor`);
  }
}
