// Per-op rules of how pictures show a node: attributes not worth a label line (tfjs's defaults, such
// as `transposeA=false`, and attributes that only matter in another mode, such as `leakyreluAlpha`
// unless the activation is leakyrelu), and nodes that change nothing a reader cares about (a Slice of
// the whole tensor, a Reshape that only adds or drops dimensions of size 1), which pictures draw as
// a plain edge. The info panel still lists every attribute. Needs the IR. Produces `OP_DISPLAY`,
// `labelAttrs`, `isNoOp`.

import type { Node } from '../../ir/graph.js';

type Attrs = Readonly<Record<string, unknown>>;

export interface OpDisplay {
  /** Attribute values that are the kernel's defaults: left out of labels. */
  readonly defaults?: Attrs;
  /** Attributes left out of labels when the predicate holds on the node's attributes. */
  readonly irrelevant?: Readonly<Record<string, (attrs: Attrs) => boolean>>;
  /** Attributes the label's type line already says (a list's element type). */
  readonly implied?: readonly string[];
  /** The node passes its first input through as far as a reader is concerned. */
  readonly noOp?: (node: Node) => boolean;
}

const MATMUL: OpDisplay = { defaults: { transposeA: false, transposeB: false } };
const REDUCE: OpDisplay = { defaults: { keepDims: false } };
const LIST: OpDisplay = { implied: ['elementDtype', 'elementShape'] };
const notLeaky = (a: Attrs): boolean => a.activation !== 'leakyrelu';

/** `to` differs from `from` only by dimensions of size 1. */
function sameButUnitDims(from: readonly number[], to: readonly number[]): boolean {
  const a = from.filter((d) => d !== 1);
  const b = to.filter((d) => d !== 1);
  return a.length === b.length && a.every((d, i) => d >= 0 && d === b[i]);
}

export const OP_DISPLAY: Readonly<Record<string, OpDisplay>> = {
  MatMul: MATMUL,
  BatchMatMul: MATMUL,
  _FusedMatMul: { defaults: { ...MATMUL.defaults, activation: 'linear' }, irrelevant: { leakyreluAlpha: notLeaky } },
  FusedConv2D: { defaults: { activation: 'linear', dataFormat: 'NHWC' }, irrelevant: { leakyreluAlpha: notLeaky } },
  Conv2D: { defaults: { dataFormat: 'NHWC' } },
  GatherV2: { defaults: { batchDims: 0 } },
  Sum: REDUCE,
  Mean: REDUCE,
  Max: REDUCE,
  Min: REDUCE,
  Prod: REDUCE,
  All: REDUCE,
  Any: REDUCE,
  ListEmpty: LIST,
  ListPush: LIST,
  ListPop: LIST,
  ListGet: LIST,
  ListSetItem: LIST,
  ListStack: LIST,
  Slice: {
    noOp: (n) => {
      const x = n.inputs[0]!.shape;
      const begin = n.attrs.begin as readonly number[] | undefined;
      const size = n.attrs.size as readonly number[] | undefined;
      return (
        !!begin &&
        !!size &&
        x.every((d, i) => d >= 0 && (begin[i] ?? 0) === 0 && (size[i] === -1 || size[i] === d || size[i] === undefined))
      );
    },
  },
  Reshape: { noOp: (n) => sameButUnitDims(n.inputs[0]!.shape, n.outputs[0]!.shape) },
};

/** The attributes of `node` worth a label: not defaults, not irrelevant, not implied by its type. */
export function labelAttrs(node: Node): [string, unknown][] {
  const rule = OP_DISPLAY[node.op] ?? {};
  return Object.entries(node.attrs).filter(([k, v]) => {
    if (v === undefined || v === null) return false;
    if (rule.defaults && k in rule.defaults && JSON.stringify(rule.defaults[k]) === JSON.stringify(v)) return false;
    if (rule.irrelevant?.[k]?.(node.attrs)) return false;
    return !rule.implied?.includes(k);
  });
}

/** Whether pictures draw `node` as a plain edge from its first input. */
export function isNoOp(node: Node): boolean {
  return (
    !node.subgraphs &&
    !node.options.effect &&
    node.outputs.length === 1 &&
    node.inputs.length >= 1 &&
    !!OP_DISPLAY[node.op]?.noOp?.(node)
  );
}
