// Builds one ONNX GraphProto: nodes, inputs/outputs, and (in the root builder) the model's
// initializers, with model-wide unique value names. Rules call `op`/`node` and the constant helpers.
// Needs onnx-proto and onnx-dtypes. Produces `OnnxGraphBuilder`, `NameScope`, `AttrValue`.

import type { DType, Shape } from '../../ir/types.js';
import {
  ElemType,
  type AttributeProto,
  type GraphProto,
  type NodeProto,
  type TensorProto,
  type TypeProto,
  type ValueInfoProto,
} from './onnx-proto.js';
import { elemTypeOf, int64Bytes, rawBytes } from './onnx-dtypes.js';
import { OnnxExportError } from './onnx-errors.js';

/**
 * An attribute value: an integer (INT), an array of integers (INTS), a string, or a tagged float,
 * float list, graph or tensor.
 */
export type AttrValue =
  | number
  | readonly number[]
  | string
  | { readonly float: number }
  | { readonly floats: readonly number[] }
  | { readonly graph: GraphProto }
  | { readonly tensor: TensorProto };

/** Hands out unique, identifier-like value names for a whole model (subgraphs included). */
export class NameScope {
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  fresh(hint: string): string {
    const base = sanitizeName(hint);
    if (!this.used.has(base)) {
      this.used.add(base);
      return base;
    }
    let k = this.counters.get(base) ?? 1;
    while (this.used.has(`${base}_${k}`)) k++;
    this.counters.set(base, k + 1);
    const name = `${base}_${k}`;
    this.used.add(name);
    return name;
  }
}

export function sanitizeName(hint: string): string {
  const s = hint.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(s) ? s : `v_${s}`;
}

export class OnnxGraphBuilder {
  readonly nodes: NodeProto[] = [];
  readonly inputs: ValueInfoProto[] = [];
  readonly outputs: ValueInfoProto[] = [];
  private readonly initializers: TensorProto[] = [];
  private readonly constCache = new Map<string, string>();
  private nodeCount = 0;

  private constructor(
    readonly name: string,
    readonly names: NameScope,
    private readonly root: OnnxGraphBuilder | undefined,
  ) {}

  static root(name: string): OnnxGraphBuilder {
    const names = new NameScope();
    return new OnnxGraphBuilder(names.fresh(name), names, undefined);
  }

  /** A builder for a subgraph (If branch, Loop body); its constants go to the root graph. */
  subgraph(hint: string): OnnxGraphBuilder {
    return new OnnxGraphBuilder(this.names.fresh(hint), this.names, this.root ?? this);
  }

  fresh(hint: string): string {
    return this.names.fresh(hint);
  }

  /** Appends a node; `outputs` are names, or a count of fresh names. Returns the output names. */
  node(
    opType: string,
    inputs: readonly string[],
    outputs: readonly string[] | number = 1,
    attrs: Record<string, AttrValue | undefined> = {},
  ): string[] {
    const outs =
      typeof outputs === 'number'
        ? Array.from({ length: outputs }, () => this.fresh(opType.toLowerCase()))
        : [...outputs];
    const attributes = Object.entries(attrs)
      .filter((e): e is [string, AttrValue] => e[1] !== undefined)
      .map(([name, v]) => toAttribute(name, v));
    this.nodes.push({
      opType,
      inputs: [...inputs],
      outputs: outs,
      name: `${opType}_${this.name}_${this.nodeCount++}`,
      attributes,
    });
    return outs;
  }

  /** A single-output node; returns its output name (or writes `into` when given). */
  op(
    opType: string,
    inputs: readonly string[],
    attrs: Record<string, AttrValue | undefined> = {},
    into?: string,
  ): string {
    return this.node(opType, inputs, into ? [into] : 1, attrs)[0]!;
  }

  addInput(name: string, type: TypeProto): void {
    this.inputs.push({ name, type });
  }

  addOutput(name: string, type: TypeProto | undefined): void {
    this.outputs.push({ name, type });
  }

  /** A named initializer of the root graph holding `values` as `dtype`. */
  initializer(
    hint: string,
    dtype: DType,
    dims: Shape,
    values: ArrayLike<number | boolean> | readonly string[],
  ): string {
    const target = this.root ?? this;
    const name = this.fresh(hint);
    if (dtype === 'string') {
      target.initializers.push({
        name,
        dataType: ElemType.STRING,
        dims: [...dims],
        stringData: [...(values as readonly string[])],
      });
    } else {
      target.initializers.push({
        name,
        dataType: elemTypeOf(dtype),
        dims: [...dims],
        rawData: rawBytes(dtype, values as ArrayLike<number>),
      });
    }
    return name;
  }

  /** An int64 constant (shapes, axes, pads …): 1-D by default, a scalar with `scalar`. Shared. */
  int64(values: readonly number[], scalar = false): string {
    if (scalar && values.length !== 1) throw new Error('internal: an int64 scalar needs one value');
    const target = this.root ?? this;
    const key = `i64${scalar ? 's' : ''}:${values.join(',')}`;
    let name = target.constCache.get(key);
    if (!name) {
      name = this.fresh(scalar ? 'i64_scalar' : 'i64');
      target.initializers.push({
        name,
        dataType: ElemType.INT64,
        dims: scalar ? [] : [values.length],
        rawData: int64Bytes(values),
      });
      target.constCache.set(key, name);
    }
    return name;
  }

  /** A float64 scalar constant (shared): ONNX-only, for computing as tfjs's cpu kernels do, in doubles. */
  f64(value: number): string {
    const target = this.root ?? this;
    const key = `f64:${Object.is(value, -0) ? '-0' : String(value)}`;
    let name = target.constCache.get(key);
    if (!name) {
      name = this.fresh('f64_scalar');
      const rawData = new Uint8Array(8);
      new DataView(rawData.buffer).setFloat64(0, value, true);
      target.initializers.push({ name, dataType: ElemType.DOUBLE, dims: [], rawData });
      target.constCache.set(key, name);
    }
    return name;
  }

  /** A float64 initializer of the root graph (values computed at export time as tfjs computes them). */
  f64Tensor(hint: string, dims: Shape, values: ArrayLike<number>): string {
    const target = this.root ?? this;
    const name = this.fresh(hint);
    const rawData = new Uint8Array(values.length * 8);
    const view = new DataView(rawData.buffer);
    for (let i = 0; i < values.length; i++) view.setFloat64(i * 8, values[i]!, true);
    target.initializers.push({ name, dataType: ElemType.DOUBLE, dims: [...dims], rawData });
    return name;
  }

  /** A scalar constant of an IR dtype (shared). */
  scalar(dtype: DType, value: number | boolean): string {
    const target = this.root ?? this;
    const key = `${dtype}:${Object.is(value, -0) ? '-0' : String(value)}`;
    let name = target.constCache.get(key);
    if (!name) {
      name = this.initializer(`${dtype}_scalar`, dtype, [], [value]);
      target.constCache.set(key, name);
    }
    return name;
  }

  /**
   * Casts `name` from `from` to `to` as tfjs does (no node when they agree, unless `into` names the
   * result). float32 → int32: tfjs stores the value into an Int32Array (ToInt32: truncation, then
   * modulo 2^32; NaN and ±Infinity give 0) where ONNX's Cast is undefined out of range. Finite values
   * of magnitude ≥ 2^31 are integers (multiples of 256) whose remainder modulo 2^32, shifted into
   * [−2^31, 2^31), float32 holds exactly; smaller ones Cast truncates. (Computed in float32: a Cast
   * through int64 would be folded into one Cast by onnxruntime's optimizer.)
   */
  cast(name: string, from: DType, to: DType, into?: string): string {
    if (from === to) return into ? this.op('Identity', [name], {}, into) : name;
    if (from === 'float32' && to === 'int32') {
      const f = (v: number) => this.scalar('float32', v);
      const abs = this.op('Abs', [name]);
      const finite = this.op('Where', [this.op('Less', [abs, f(Infinity)]), name, f(0)]);
      const periods = this.op('Floor', [this.op('Mul', [finite, f(2 ** -32)])]);
      const rem = this.op('Sub', [finite, this.op('Mul', [periods, f(2 ** 32)])]);
      const wrapped = this.op('Where', [
        this.op('GreaterOrEqual', [rem, f(2 ** 31)]),
        this.op('Sub', [rem, f(2 ** 32)]),
        rem,
      ]);
      const big = this.op('GreaterOrEqual', [this.op('Abs', [finite]), f(2 ** 31)]);
      return this.op('Cast', [this.op('Where', [big, wrapped, finite])], { to: elemTypeOf(to) }, into);
    }
    return this.op('Cast', [name], { to: elemTypeOf(to) }, into);
  }

  toProto(docString?: string): GraphProto {
    return {
      name: this.name,
      nodes: this.nodes,
      initializers: this.initializers,
      inputs: this.inputs,
      outputs: this.outputs,
      docString,
    };
  }
}

function toAttribute(name: string, v: AttrValue): AttributeProto {
  if (typeof v === 'number') {
    if (!Number.isInteger(v))
      throw new OnnxExportError(`internal: attribute ${name}=${v} is not an integer (tag floats with {float})`);
    return { name, kind: 'int', value: v };
  }
  if (typeof v === 'string') return { name, kind: 'string', value: v };
  if (Array.isArray(v)) return { name, kind: 'ints', value: v as number[] };
  const o = v as Exclude<AttrValue, number | string | readonly number[]>;
  if ('float' in o) return { name, kind: 'float', value: o.float };
  if ('floats' in o) return { name, kind: 'floats', value: o.floats };
  if ('graph' in o) return { name, kind: 'graph', value: o.graph };
  return { name, kind: 'tensor', value: o.tensor };
}
