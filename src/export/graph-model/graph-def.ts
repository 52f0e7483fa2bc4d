// The TensorFlow GraphDef in the JSON form tfjs-converter's model.json uses (protobuf JSON mapping,
// camelCase fields, int64 as strings, strings base64), and constructors for attr values.
// Needs the IR types. Produces `GraphDef`, `NodeDef`, `FunctionDef`, `AttrValue`, `attr`, `tfDType`.

import { LIST_DTYPE, type DType, type Shape } from '../../ir/types.js';

export type TfDType = 'DT_FLOAT' | 'DT_INT32' | 'DT_BOOL' | 'DT_STRING' | 'DT_COMPLEX64' | 'DT_VARIANT';

export interface TensorShapeProto {
  readonly dim?: readonly { readonly size: string }[];
  readonly unknownRank?: boolean;
}

export interface AttrList {
  readonly i?: readonly string[];
  readonly f?: readonly number[];
  readonly b?: readonly boolean[];
  readonly s?: readonly string[];
  readonly type?: readonly TfDType[];
  readonly shape?: readonly TensorShapeProto[];
}

export interface AttrValue {
  readonly type?: TfDType;
  readonly i?: string;
  readonly f?: number;
  readonly b?: boolean;
  readonly s?: string;
  readonly shape?: TensorShapeProto;
  readonly list?: AttrList;
  readonly func?: { readonly name: string };
  readonly tensor?: { readonly dtype: TfDType; readonly tensorShape: TensorShapeProto };
}

export type Attrs = Record<string, AttrValue>;

export interface NodeDef {
  readonly name: string;
  readonly op: string;
  readonly input?: string[];
  readonly attr?: Attrs;
}

export interface ArgDef {
  readonly name: string;
  readonly type: TfDType;
}

export interface FunctionDef {
  readonly signature: { readonly name: string; readonly inputArg: ArgDef[]; readonly outputArg: ArgDef[] };
  readonly nodeDef: NodeDef[];
  /** Output arg name → the tensor it returns (`node:index`). */
  readonly ret: Record<string, string>;
}

export interface GraphDef {
  readonly node: NodeDef[];
  readonly library?: { readonly function: FunctionDef[] };
  readonly versions: { readonly producer: number; readonly minConsumer?: number };
}

/** A tensor of a SignatureDef: `name` is `node:index`. */
export interface TensorInfoDef {
  readonly name: string;
  readonly dtype: TfDType;
  readonly tensorShape: TensorShapeProto;
}

export interface SignatureDef {
  readonly inputs: Record<string, TensorInfoDef>;
  readonly outputs: Record<string, TensorInfoDef>;
}

const DTYPES: Record<DType, TfDType> = {
  float32: 'DT_FLOAT',
  int32: 'DT_INT32',
  bool: 'DT_BOOL',
  string: 'DT_STRING',
  complex64: 'DT_COMPLEX64',
};

/** The TF dtype of an IR dtype; tensor lists (IR dtype 'list') are DT_VARIANT handles, as in TF. */
export function tfDType(d: DType): TfDType {
  if (d === LIST_DTYPE) return 'DT_VARIANT';
  const t = DTYPES[d];
  if (!t) throw new Error(`internal: no TF dtype for '${String(d)}'`);
  return t;
}

export function shapeProto(shape: Shape): TensorShapeProto {
  return { dim: shape.map((d) => ({ size: String(d < 0 ? -1 : d) })) };
}

/** ASCII (attr strings are op names, paddings, formats) to base64, in Node and in browsers. */
function base64(text: string): string {
  return globalThis.btoa(text);
}

/** Constructors of attr values, named after the proto field they fill. */
export const attr = {
  type: (d: DType): AttrValue => ({ type: tfDType(d) }),
  int: (n: number): AttrValue => ({ i: String(Math.trunc(n)) }),
  float: (n: number): AttrValue => ({ f: n }),
  bool: (b: boolean): AttrValue => ({ b }),
  str: (s: string): AttrValue => ({ s: base64(s) }),
  shape: (s: Shape): AttrValue => ({ shape: shapeProto(s) }),
  func: (name: string): AttrValue => ({ func: { name } }),
  ints: (xs: readonly number[]): AttrValue => ({ list: { i: xs.map((x) => String(Math.trunc(x))) } }),
  floats: (xs: readonly number[]): AttrValue => ({ list: { f: [...xs] } }),
  strs: (xs: readonly string[]): AttrValue => ({ list: { s: xs.map(base64) } }),
  types: (ds: readonly DType[]): AttrValue => ({ list: { type: ds.map(tfDType) } }),
  shapes: (ss: readonly Shape[]): AttrValue => ({ list: { shape: ss.map(shapeProto) } }),
  tensor: (d: DType, s: Shape): AttrValue => ({ tensor: { dtype: tfDType(d), tensorShape: shapeProto(s) } }),
};

/** `node` for output 0, `node:k` otherwise (the form GraphDef inputs use). */
export function outputRef(node: string, index: number): string {
  return index === 0 ? node : `${node}:${index}`;
}
