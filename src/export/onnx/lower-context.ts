// State shared while one IR graph (and its subgraphs) is lowered to ONNX: the export's numerics,
// warnings, variable writes turned into extra outputs, the element types of tensor-list (ONNX
// sequence) values, and (when effects become outputs) the effect streams of the scope being lowered.
// Needs the IR and onnx-proto. Produces `LowerContext`, `ListElement`, `EffectState`, `onnxTypeOf`.

import type { Variable } from '@tensorflow/tfjs-core';
import type { Node, Value } from '../../ir/graph.js';
import { LIST_DTYPE, type DType, type Shape } from '../../ir/types.js';
import type { TypeProto } from './onnx-proto.js';
import type { OnnxNumerics } from './rules/support/rule-types.js';
import { elemTypeOf, tensorTypeOf } from './onnx-dtypes.js';
import { OnnxExportError } from './onnx-errors.js';

export interface ListElement {
  readonly dtype: DType;
  /** Null when the element shape is unknown. */
  readonly shape: Shape | null;
}

/** The ONNX names of the effect streams in the scope being lowered (see lower-effects.ts). */
export interface EffectState {
  log: string;
  f32: string;
  i32: string;
  dims: string;
  ok: string;
}

/** What one logged event stands for. */
export type EffectRecord =
  | { readonly kind: 'print'; readonly node: Node }
  | { readonly kind: 'assert'; readonly node: Node }
  | { readonly kind: 'assign'; readonly assignment: number };

export interface LowerContext {
  readonly warn: (message: string) => void;
  /** How the float32 transcendental kernels compute (rules/support/rule-types.ts), passed to every rule call. */
  readonly numerics: OnnxNumerics;
  /** AssignVariable nodes of the top graph: the ONNX name of each new value. */
  readonly assignments: { readonly variable: Variable; readonly value: string; readonly type: TypeProto }[];
  /** Element types of sequence-valued ONNX names (tensor lists). */
  readonly lists: Map<string, ListElement>;
  /** What this export has warned about (each difference once per kernel and line). */
  readonly warned: Set<string>;
  /** 0 while lowering the top graph; deeper inside If branches and Loop bodies. */
  readonly depth: number;
  /** Set when Print/Assert become outputs instead of being dropped: the records, and this scope's streams. */
  readonly effects?: { readonly records: EffectRecord[]; readonly state: EffectState };
}

/** The ONNX type of IR value `v` bound to ONNX name `name` (sequence types for tensor lists). */
export function onnxTypeOf(ctx: LowerContext, v: Value, name: string): TypeProto {
  if (v.dtype !== LIST_DTYPE) return tensorTypeOf(v);
  const el = ctx.lists.get(name);
  if (!el) throw new OnnxExportError(`internal: the element type of tensor list '${name}' is unknown`);
  return { kind: 'sequence', elem: { kind: 'tensor', elemType: elemTypeOf(el.dtype), shape: el.shape ?? undefined } };
}
