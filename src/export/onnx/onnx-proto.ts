// The ONNX messages this exporter writes (a subset of onnx.proto: ModelProto, GraphProto, NodeProto,
// AttributeProto, TensorProto, ValueInfoProto, TypeProto, TensorShapeProto, OperatorSetIdProto,
// StringStringEntryProto) as plain objects, and their protobuf encoding. Needs protobuf-writer.
// Produces the message types, `ElemType` and `encodeModel(model) → Uint8Array`.

import { ProtoWriter } from './protobuf-writer.js';

/** TensorProto.DataType values used here. */
export const ElemType = { FLOAT: 1, UINT8: 2, INT32: 6, INT64: 7, STRING: 8, BOOL: 9, DOUBLE: 11 } as const;
export type ElemType = (typeof ElemType)[keyof typeof ElemType];

export interface TensorProto {
  readonly name: string;
  readonly dataType: ElemType;
  readonly dims: readonly number[];
  /** Little-endian element bytes (raw_data); not for strings. */
  readonly rawData?: Uint8Array;
  readonly stringData?: readonly string[];
}

/** A tensor type; a dim of -1 is unknown, a string dim is symbolic; no shape = unknown rank. */
export interface TensorTypeProto {
  readonly kind: 'tensor';
  readonly elemType: ElemType;
  readonly shape?: readonly (number | string)[];
}

export interface SequenceTypeProto {
  readonly kind: 'sequence';
  readonly elem: TensorTypeProto;
}

export type TypeProto = TensorTypeProto | SequenceTypeProto;

export interface ValueInfoProto {
  readonly name: string;
  readonly type?: TypeProto;
  readonly docString?: string;
}

export type AttributeProto =
  | { readonly name: string; readonly kind: 'float'; readonly value: number }
  | { readonly name: string; readonly kind: 'int'; readonly value: number }
  | { readonly name: string; readonly kind: 'string'; readonly value: string }
  | { readonly name: string; readonly kind: 'tensor'; readonly value: TensorProto }
  | { readonly name: string; readonly kind: 'graph'; readonly value: GraphProto }
  | { readonly name: string; readonly kind: 'floats'; readonly value: readonly number[] }
  | { readonly name: string; readonly kind: 'ints'; readonly value: readonly number[] };

export interface NodeProto {
  readonly opType: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly name?: string;
  readonly domain?: string;
  readonly attributes?: readonly AttributeProto[];
  readonly docString?: string;
}

export interface GraphProto {
  readonly name: string;
  readonly nodes: readonly NodeProto[];
  readonly initializers: readonly TensorProto[];
  readonly inputs: readonly ValueInfoProto[];
  readonly outputs: readonly ValueInfoProto[];
  readonly valueInfo?: readonly ValueInfoProto[];
  readonly docString?: string;
}

export interface ModelProto {
  readonly irVersion: number;
  readonly opsetImports: readonly { readonly domain: string; readonly version: number }[];
  readonly producerName: string;
  readonly producerVersion: string;
  readonly graph: GraphProto;
  readonly docString?: string;
  readonly metadata?: Readonly<Record<string, string>>;
}

/** AttributeProto.AttributeType values. */
const ATTR_TYPE = { float: 1, int: 2, string: 3, tensor: 4, graph: 5, floats: 6, ints: 7 } as const;

export function encodeModel(m: ModelProto): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, m.irVersion);
  w.string(2, m.producerName);
  w.string(3, m.producerVersion);
  if (m.docString) w.string(6, m.docString);
  w.message(7, (g) => writeGraph(g, m.graph));
  for (const o of m.opsetImports) w.message(8, (x) => x.string(1, o.domain).int(2, o.version));
  for (const [key, value] of Object.entries(m.metadata ?? {})) w.message(14, (x) => x.string(1, key).string(2, value));
  return w.finish();
}

function writeGraph(w: ProtoWriter, g: GraphProto): void {
  for (const n of g.nodes) w.message(1, (x) => writeNode(x, n));
  w.string(2, g.name);
  for (const t of g.initializers) w.message(5, (x) => writeTensor(x, t));
  if (g.docString) w.string(10, g.docString);
  for (const v of g.inputs) w.message(11, (x) => writeValueInfo(x, v));
  for (const v of g.outputs) w.message(12, (x) => writeValueInfo(x, v));
  for (const v of g.valueInfo ?? []) w.message(13, (x) => writeValueInfo(x, v));
}

function writeNode(w: ProtoWriter, n: NodeProto): void {
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  if (n.name) w.string(3, n.name);
  w.string(4, n.opType);
  for (const a of n.attributes ?? []) w.message(5, (x) => writeAttribute(x, a));
  if (n.docString) w.string(6, n.docString);
  if (n.domain) w.string(7, n.domain);
}

function writeAttribute(w: ProtoWriter, a: AttributeProto): void {
  w.string(1, a.name);
  w.int(20, ATTR_TYPE[a.kind]);
  switch (a.kind) {
    case 'float':
      w.float(2, a.value);
      break;
    case 'int':
      w.int(3, a.value);
      break;
    case 'string':
      w.string(4, a.value);
      break;
    case 'tensor':
      w.message(5, (x) => writeTensor(x, a.value));
      break;
    case 'graph':
      w.message(6, (x) => writeGraph(x, a.value));
      break;
    case 'floats':
      w.packedFloats(7, a.value);
      break;
    case 'ints':
      w.packedInts(8, a.value);
      break;
  }
}

function writeTensor(w: ProtoWriter, t: TensorProto): void {
  w.packedInts(1, t.dims);
  w.int(2, t.dataType);
  for (const s of t.stringData ?? []) w.string(6, s);
  w.string(8, t.name);
  if (t.rawData) w.bytes(9, t.rawData);
}

function writeValueInfo(w: ProtoWriter, v: ValueInfoProto): void {
  w.string(1, v.name);
  if (v.type) w.message(2, (x) => writeType(x, v.type!));
  if (v.docString) w.string(3, v.docString);
}

function writeType(w: ProtoWriter, t: TypeProto): void {
  if (t.kind === 'sequence') {
    w.message(4, (s) => s.message(1, (e) => writeType(e, t.elem)));
    return;
  }
  w.message(1, (x) => {
    x.int(1, t.elemType);
    if (t.shape) {
      x.message(2, (s) => {
        for (const d of t.shape!) {
          s.message(1, (dim) => {
            if (typeof d === 'string') dim.string(2, d);
            else if (d >= 0) dim.int(1, d);
          });
        }
      });
    }
  });
}
