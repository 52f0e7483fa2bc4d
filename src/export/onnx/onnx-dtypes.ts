// The mapping between IR dtypes and ONNX element types, and the raw bytes of tensor payloads.
// Needs the IR types and onnx-proto. Produces `elemTypeOf`, `tensorTypeOf`, `rawBytes`, `int64Bytes`.

import type { DType, TensorType } from '../../ir/types.js';
import { ElemType, type TensorTypeProto } from './onnx-proto.js';
import { OnnxExportError } from './onnx-errors.js';

export function elemTypeOf(dtype: DType): ElemType {
  switch (dtype) {
    case 'float32':
      return ElemType.FLOAT;
    case 'int32':
      return ElemType.INT32;
    case 'bool':
      return ElemType.BOOL;
    case 'string':
      return ElemType.STRING;
    default:
      throw new OnnxExportError(`the dtype ${dtype} has no ONNX export`);
  }
}

export function tensorTypeOf(t: TensorType): TensorTypeProto {
  return { kind: 'tensor', elemType: elemTypeOf(t.dtype), shape: t.shape };
}

/** Little-endian bytes of numeric values stored as `dtype` (bool: one byte per element). */
export function rawBytes(dtype: DType, values: ArrayLike<number | boolean>): Uint8Array {
  const n = values.length;
  switch (dtype) {
    case 'float32': {
      const out = new Uint8Array(n * 4);
      const view = new DataView(out.buffer);
      for (let i = 0; i < n; i++) view.setFloat32(i * 4, Number(values[i]), true);
      return out;
    }
    case 'int32': {
      const out = new Uint8Array(n * 4);
      const view = new DataView(out.buffer);
      for (let i = 0; i < n; i++) view.setInt32(i * 4, Number(values[i]), true);
      return out;
    }
    case 'bool': {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = values[i] ? 1 : 0;
      return out;
    }
    default:
      throw new OnnxExportError(`constants of dtype ${dtype} have no ONNX export`);
  }
}

export function int64Bytes(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 8);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setBigInt64(i * 8, BigInt(v), true));
  return out;
}
