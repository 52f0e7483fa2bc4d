// State shared while one IR graph (and its subgraphs) is lowered to ONNX: warnings, variable writes
// turned into extra outputs, and the element types of tensor-list (ONNX sequence) values.
// Needs the IR and onnx-proto. Produces `LowerContext`, `ListElement`, `onnxTypeOf`.

import type { Variable } from '@tensorflow/tfjs-core';
import type { Value } from '../../ir/graph.js';
import { LIST_DTYPE, type DType, type Shape } from '../../ir/types.js';
import type { TypeProto } from './onnx-proto.js';
import { elemTypeOf, tensorTypeOf } from './onnx-dtypes.js';
import { OnnxExportError } from './onnx-errors.js';

export interface ListElement {
  readonly dtype: DType;
  /** Null when the element shape is unknown. */
  readonly shape: Shape | null;
}

export interface LowerContext {
  readonly warn: (message: string) => void;
  /** AssignVariable nodes of the top graph: the ONNX name of each new value. */
  readonly assignments: { readonly variable: Variable; readonly value: string; readonly type: TypeProto }[];
  /** Element types of sequence-valued ONNX names (tensor lists). */
  readonly lists: Map<string, ListElement>;
  /** 0 while lowering the top graph; deeper inside If branches and Loop bodies. */
  readonly depth: number;
}

/** The ONNX type of IR value `v` bound to ONNX name `name` (sequence types for tensor lists). */
export function onnxTypeOf(ctx: LowerContext, v: Value, name: string): TypeProto {
  if (v.dtype !== LIST_DTYPE) return tensorTypeOf(v);
  const el = ctx.lists.get(name);
  if (!el) throw new OnnxExportError(`internal: the element type of tensor list '${name}' is unknown`);
  return { kind: 'sequence', elem: { kind: 'tensor', elemType: elemTypeOf(el.dtype), shape: el.shape ?? undefined } };
}
