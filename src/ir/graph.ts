// The dataflow IR: Graph, Node and Value. A Graph holds params (function inputs), captures
// (values fed from outside: tensors, variables, or values of an enclosing graph), nodes in
// program order, and outputs. Cond/While nodes hold subgraphs. Needs ./types. Produces the IR classes.

import type { Tensor, Variable } from '@tensorflow/tfjs-core';
import type { DType, Shape, TensorType } from './types.js';
import { printGraph, type PrintOptions } from './print.js';
import type { NodeSource, SourceSite } from './source.js';
import type { IrOp } from './ops.js';

let nextValueId = 0;
let nextNodeId = 0;

export { resolvedSource, type NodeSource, type SourceSite } from './source.js';

/** A tensor-typed value: produced by a node output, or a graph param. */
export class Value implements TensorType {
  readonly id = nextValueId++;
  constructor(
    readonly graph: Graph,
    readonly dtype: DType,
    readonly shape: Shape,
    /** The producing node, or undefined for params. */
    readonly node: Node | undefined,
    /** Output index within the producing node (0 for params). */
    readonly index: number,
    /** A readable name (parameter name, or a user variable name) for printing. */
    public name?: string,
  ) {}
}

/** What a capture param of a graph is fed with at call time. */
export type CaptureSource =
  | { readonly kind: 'tensor'; readonly tensor: Tensor }
  | { readonly kind: 'variable'; readonly variable: Variable }
  | { readonly kind: 'outer'; readonly value: Value };

export interface Capture {
  readonly param: Value;
  readonly source: CaptureSource;
}

/** Constant payload of a Const node. */
export type ConstValues = Float32Array | Int32Array | Uint8Array | string[];

export class Node {
  readonly id = nextNodeId++;
  outputs: Value[] = [];
  constructor(
    readonly graph: Graph,
    /** A structural op of the IR (ir/ops.ts: Const, Cond, While …) or a leaf op: a tfjs kernel name or a draw. */
    readonly op: IrOp,
    public inputs: Value[],
    /** The names tfjs passed the inputs under (same length as inputs). */
    public inputNames: string[],
    public attrs: Record<string, unknown>,
    readonly options: {
      /** The kernel took its inputs as an array (Concat, AddN, Pack …). */
      readonly arrayInputs?: boolean;
      /** The kernel returns an array of outputs, even of length 1. */
      readonly multiOutput?: boolean;
      /** Subgraphs of functional control flow: then/else for Cond, cond/body for While. */
      readonly subgraphs?: Readonly<Record<string, Graph>>;
      /** Payload of Const nodes. */
      readonly values?: ConstValues;
      /** Has effects beyond its outputs (print, assert, variable write): never removed. */
      readonly effect?: boolean;
      readonly source?: NodeSource;
      /** For Cond/While made from a converted statement: the statement as the user wrote it. */
      readonly site?: SourceSite;
      /** The variable an AssignVariable node writes. */
      readonly variable?: Variable;
    } = {},
  ) {}

  get subgraphs(): Readonly<Record<string, Graph>> | undefined {
    return this.options.subgraphs;
  }

  /** Run-time values for this node's inputs as a kernel takes them: by input name, or as an array. */
  kernelInputs<T>(args: readonly T[]): Record<string, T> {
    if (this.options.arrayInputs) return args as unknown as Record<string, T>;
    const inputs: Record<string, T> = {};
    this.inputNames.forEach((name, i) => (inputs[name] = args[i]!));
    return inputs;
  }

  addOutput(dtype: DType, shape: Shape): Value {
    const v = new Value(this.graph, dtype, shape, this, this.outputs.length);
    this.outputs.push(v);
    return v;
  }
}

export class Graph {
  /** Explicit inputs, in order. For a While subgraph: one per loop variable. */
  readonly params: Value[] = [];
  /** Implicit inputs, fed after the params. */
  readonly captures: Capture[] = [];
  readonly nodes: Node[] = [];
  outputs: Value[] = [];
  /** Names of the outputs (user variable names where known), for printing and errors. */
  outputNames: (string | undefined)[] = [];

  constructor(
    public name: string,
    readonly parent?: Graph,
  ) {}

  addParam(dtype: DType, shape: Shape, name?: string): Value {
    const v = new Value(this, dtype, shape, undefined, this.params.length, name);
    this.params.push(v);
    return v;
  }

  /** A param fed from outside at call time (not an explicit input). */
  addCapture(type: TensorType, source: CaptureSource, name?: string): Value {
    const v = new Value(this, type.dtype, type.shape, undefined, 0, name);
    this.captures.push({ param: v, source });
    return v;
  }

  /** All inputs in feeding order: params, then captures. */
  get inputs(): Value[] {
    return [...this.params, ...this.captures.map((c) => c.param)];
  }

  addNode(node: Node): Node {
    this.nodes.push(node);
    return node;
  }

  toString(options?: PrintOptions): string {
    return printGraph(this, options);
  }

  /** True when `g` is this graph or one of its ancestors. */
  isWithin(g: Graph): boolean {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- walks the chain of graphs from this one
    for (let cur: Graph | undefined = this; cur; cur = cur.parent) if (cur === g) return true;
    return false;
  }
}

/** The site string converted code passes (`"while (a != 1)"`, `"while (a != 1) @ src/app.ts:12"`). */
export function parseSite(text: string | undefined): SourceSite | undefined {
  if (!text) return undefined;
  const m = /^([\s\S]*) @ (.+):(\d+)$/.exec(text);
  return m ? { code: m[1]!, file: m[2]!, line: Number(m[3]) } : { code: text };
}
