// The closed vocabulary of IR ops. A node's op is either a structural op of the IR (Const, Cond,
// While, the effects, tensor lists, Fused), described once in `STRUCTURAL_OPS`, or a leaf op: a
// tfjs kernel name or a random draw (ir/random.ts), which rule tables handle. Every consumer keys
// its structural handlers by `StructuralOp` (`Record<StructuralOp, …>`), so a new op does not
// compile until each one handles or refuses it. Needs the draw ops' names (types only).
// Produces `IrOp`, `StructuralOp`, `STRUCTURAL_OPS`, `OP`, `LIST_OPS`.

import type { DrawOp } from './random.js';

/** A tfjs kernel name (Add, BatchMatMul …): the names recorded in ir/kernels/. */
import type { KernelName } from './kernels/index.js';
export type { KernelName };

/** How many inputs or outputs a node of an op has: exactly `min` when `max` equals it, `max` undefined: any number ≥ `min`. */
export interface Arity {
  readonly min: number;
  readonly max?: number;
}

/** Facts about one structural op, read by the verifier and documented in docs/architecture.md. */
export interface StructuralOpInfo {
  /** `always`: never removed, never repeated by a gradient; `subgraphs`: when a subgraph has effects. */
  readonly effect: 'never' | 'always' | 'subgraphs';
  /** Names of the node's subgraphs (`node.options.subgraphs`), in the order they run. */
  readonly subgraphs: readonly string[];
  readonly inputs: Arity;
  readonly outputs: Arity;
  /** The operands in order, as the verifier checks them (`…` marks a variadic tail). */
  readonly operands: string;
  /**
   * Whether the optimizer may treat a node of the op as a pure value: merge two alike (cse) and
   * compute it from constant inputs (constant-fold). False for effects, control flow, Const (its
   * payload is its value) and Fused (made after those passes).
   */
  readonly pure: boolean;
}

const exactly = (n: number): Arity => ({ min: n, max: n });
const atLeast = (n: number): Arity => ({ min: n });

/** Every structural op of the IR with its properties: the one place that names them. */
export const STRUCTURAL_OPS = {
  Const: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(0),
    outputs: exactly(1),
    operands: '() → value; payload in options.values',
    pure: false,
  },
  Cond: {
    effect: 'subgraphs',
    subgraphs: ['then', 'else'],
    inputs: atLeast(1),
    outputs: atLeast(0),
    operands: '(pred: bool[], ...operands) → branch outputs',
    pure: false,
  },
  While: {
    effect: 'subgraphs',
    subgraphs: ['cond', 'body'],
    inputs: atLeast(0),
    outputs: atLeast(0),
    operands: '(...loopVars, ...invariants) → loopVars',
    pure: false,
  },
  Print: {
    effect: 'always',
    subgraphs: [],
    inputs: atLeast(0),
    outputs: exactly(0),
    operands: '(...values) → (); attrs.parts',
    pure: false,
  },
  Assert: {
    effect: 'always',
    subgraphs: [],
    inputs: exactly(1),
    outputs: exactly(0),
    operands: '(condition: bool[]) → (); attrs.message',
    pure: false,
  },
  AssignVariable: {
    effect: 'always',
    subgraphs: [],
    inputs: exactly(1),
    outputs: exactly(0),
    operands: '(value) → (); options.variable',
    pure: false,
  },
  Fused: {
    effect: 'never',
    subgraphs: [],
    inputs: atLeast(1),
    outputs: exactly(1),
    operands: '(...inputs) → last step; attrs.steps (ir/fused.ts)',
    pure: false,
  },
  ListEmpty: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(0),
    outputs: exactly(1),
    operands: '() → list',
    pure: true,
  },
  ListPush: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(2),
    outputs: exactly(1),
    operands: '(list, element) → list',
    pure: true,
  },
  ListPop: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(1),
    outputs: exactly(2),
    operands: '(list) → (list, element)',
    pure: true,
  },
  ListLength: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(1),
    outputs: exactly(1),
    operands: '(list) → int32[]',
    pure: true,
  },
  ListGet: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(2),
    outputs: exactly(1),
    operands: '(list, index: int32[]) → element',
    pure: true,
  },
  ListSetItem: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(3),
    outputs: exactly(1),
    operands: '(list, index: int32[], element) → list',
    pure: true,
  },
  ListStack: {
    effect: 'never',
    subgraphs: [],
    inputs: exactly(1),
    outputs: exactly(1),
    operands: '(list) → tensor [-1, ...element]',
    pure: true,
  },
} as const satisfies Record<string, StructuralOpInfo>;

/** The structural ops of the IR: a closed union. */
export type StructuralOp = keyof typeof STRUCTURAL_OPS;

/** A leaf op: run by the engine or a rule table, with no structure of its own (a kernel, or a draw of ir/random.ts). */
export type LeafOp = KernelName | DrawOp;

/** Every op a node can carry: a structural op or a leaf op. */
export type IrOp = StructuralOp | LeafOp;

/** Each structural op by name (`OP.Cond`), for comparisons that the compiler checks. */
export const OP: { readonly [K in StructuralOp]: K } = Object.fromEntries(
  Object.keys(STRUCTURAL_OPS).map((k) => [k, k]),
) as never;

/** The tensor-list ops (List*), the ops that take or give a list handle. */
export const LIST_OPS = [
  'ListEmpty',
  'ListPush',
  'ListPop',
  'ListLength',
  'ListGet',
  'ListSetItem',
  'ListStack',
] as const satisfies readonly StructuralOp[];
export type ListOp = (typeof LIST_OPS)[number];

const LISTS = new Set<string>(LIST_OPS);

export function isStructuralOp(op: string): op is StructuralOp {
  return Object.prototype.hasOwnProperty.call(STRUCTURAL_OPS, op);
}

export function isListOp(op: string): op is ListOp {
  return LISTS.has(op);
}

/**
 * What a consumer puts in its `Record<StructuralOp, …>` for an op it does not handle (a gradient
 * replay never meets Fused, which only the optimizer makes): the refusal is explicit, and it fits
 * any handler's signature.
 */
export function refusedOp(consumer: string, op: StructuralOp): () => never {
  return () => {
    throw new Error(`internal: ${consumer} does not handle IR op ${op}`);
  };
}

/**
 * The default of a switch that handles every structural op (`switch (op)` with `op: StructuralOp`):
 * `op` is `never` there, so a new op is a compile error at each such switch until it has a case.
 */
export function unhandledOp(op: never, consumer: string): never {
  throw new Error(`internal: ${consumer} has no case for IR op ${String(op)}`);
}
