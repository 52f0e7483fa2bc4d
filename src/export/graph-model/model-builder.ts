// The mutable state of one GraphModel export: globally unique node names (tfjs-converter looks Const
// values up by node name in one weight map shared by all functions), the weights, the function
// library; and `Scope`, the node list of the main graph or of one function, with the TF tensor
// reference of every IR value in it (the environment the IR walk binds). Needs the IR and graph-def. Produces `ModelBuilder`, `Scope`.

import type { ConstValues, Value } from '../../ir/graph.js';
import { LIST_DTYPE, type DType, type Shape, type TensorType } from '../../ir/types.js';
import { attr, type Attrs, type FunctionDef, type NodeDef } from './graph-def.js';

export interface WeightEntry {
  readonly name: string;
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly values: ConstValues | ArrayLike<number | boolean>;
}

export class ModelBuilder {
  private readonly used = new Set<string>();
  readonly weights: WeightEntry[] = [];
  readonly functions: FunctionDef[] = [];

  /** `listTypes`: the element type of every tensor-list value (lists are written as dense tensors). */
  constructor(private readonly listTypes: ReadonlyMap<Value, TensorType> = new Map()) {}

  /** The element type of the list value `v`. */
  elementType(v: Value): TensorType {
    const t = this.listTypes.get(v);
    if (!t) throw new Error(`internal: no element type for list value #${v.id}`);
    return t;
  }

  /** The type `v` has in the GraphModel: itself, or [length, ...element] for a list. */
  denseType(v: TensorType & Partial<Value>): TensorType {
    if (v.dtype !== LIST_DTYPE) return v;
    const el = this.elementType(v as Value);
    return { dtype: el.dtype, shape: [-1, ...el.shape] };
  }

  /** A fresh name from `hint`: letters, digits and `_` only (`:` and `-` mean something to tfjs-converter). */
  uniqueName(hint: string): string {
    let base = hint.replace(/[^A-Za-z0-9_]/g, '_').replace(/_+$/, '') || 'node';
    if (!/^[A-Za-z]/.test(base)) base = `n_${base}`;
    let name = base;
    for (let k = 1; this.used.has(name); k++) name = `${base}_${k}`;
    this.used.add(name);
    return name;
  }
}

const keyOf = (v: unknown): string => (Object.is(v, -0) ? '-0' : String(v));

/** Small constants (axes, shapes, scalars) are shared within a scope. */
const CACHE_LIMIT = 16;

export class Scope {
  readonly nodes: NodeDef[] = [];
  private readonly refs = new Map<Value, string>();
  private readonly constants = new Map<string, string>();

  constructor(readonly model: ModelBuilder) {}

  bind(v: Value, ref: string): void {
    this.refs.set(v, ref);
  }

  /** The walk's environment (ir/walk.ts): the ref bound to `v`, or undefined. */
  get(v: Value): string | undefined {
    return this.refs.get(v);
  }

  set(v: Value, ref: string): void {
    this.bind(v, ref);
  }

  ref(v: Value): string {
    const r = this.refs.get(v);
    if (r === undefined) throw new Error(`internal: GraphModel export met value #${v.id} before its definition`);
    return r;
  }

  /** Adds a node named after `hint` (default: the op); returns its name. */
  emit(op: string, inputs: readonly string[], attrs: Attrs = {}, hint = op): string {
    const name = this.model.uniqueName(hint);
    this.nodes.push({ name, op, input: [...inputs], attr: attrs });
    return name;
  }

  /** A Const node whose value is a weight of the same name. */
  constant(
    values: ConstValues | ArrayLike<number | boolean>,
    dtype: DType,
    shape: Shape,
    hint = 'Const',
    shared = true,
  ): string {
    const key =
      shared && values.length <= CACHE_LIMIT
        ? `${dtype}|${shape.join(',')}|${Array.from(values as ArrayLike<unknown>)
            .map(keyOf)
            .join(',')}`
        : undefined;
    const hit = key && this.constants.get(key);
    if (hit) return hit;
    const name = this.emit('Const', [], { dtype: attr.type(dtype), value: attr.tensor(dtype, shape) }, hint);
    this.model.weights.push({ name, dtype, shape: [...shape], values });
    if (key) this.constants.set(key, name);
    return name;
  }
}
