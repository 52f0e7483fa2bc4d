// Lowers IR nodes into GraphDef nodes of one scope through the IR walk (ir/walk.ts): Const → a
// weight, Cond/While → functional control flow, Fused → its steps one by one, lists → dense
// tensors, kernels → the rule table; Print/Assert are dropped with a warning (tfjs-converter runs
// only what the outputs need), a variable write is an error. Needs the IR walk, the rule table,
// lower-control-flow, lower-lists, the model builder, the kernel-call contract.
// Produces `lowerBody`, `LowerContext`.

import type { Graph, Node, NodeSource } from '../../ir/graph.js';
import type { StructuralOp } from '../../ir/ops.js';
import { expandFused, walk, type NodeHandler, type WalkTable } from '../../ir/walk.js';
import type { Scope } from './model-builder.js';
import { lowerCond, lowerWhile } from './lower-control-flow.js';
import { lowerListOp } from './lower-lists.js';
import { graphModelError } from './export-error.js';
import { graphModelRuleFor } from './rules/index.js';
import type { GraphModelBuilder } from './rules/support/rule-types.js';
import { kernelCall, type KernelCallParts } from '../kernel-call.js';

export interface LowerContext {
  /** Told about every effect the GraphModel cannot express and drops (Print, Assert). */
  readonly warn: (message: string) => void;
}

/** Where a node is lowered: the scope of the main graph or of one function (also the walk's environment), and the export's state. */
export interface GraphModelScope {
  readonly scope: Scope;
  readonly ctx: LowerContext;
}

/** Lowers every node of `graph` into `scope` (its inputs must be bound already). */
export function lowerBody(scope: Scope, graph: Graph, ctx: LowerContext): void {
  walk(graph, scope, GRAPH_MODEL_LOWERING, { scope, ctx });
}

type Lower = NodeHandler<string, GraphModelScope>;

/** tfjs-converter runs only what the outputs need: an effect is dropped, with a warning. */
const dropEffect: Lower = (node, _, { ctx }) => {
  ctx.warn(
    `GraphModel export drops the ${node.op} node${where(node.options.source)}: tfjs-converter has no staged ${node.op.toLowerCase()}`,
  );
  return [];
};

const lowerList: Lower = (node, ins, { scope }) => lowerListOp(scope, node, ins);

/** How each structural op (ir/ops.ts) becomes GraphDef nodes; kernels and draws go through the rule table. */
const LOWER: Record<StructuralOp, Lower> = {
  Const: (node, _, { scope }) => {
    const v = node.outputs[0]!;
    return [scope.constant(node.options.values!, v.dtype, v.shape)];
  },
  Cond: (node, ins, { scope, ctx }) => lowerCond(scope, node, ins, (s, g) => lowerBody(s, g, ctx)),
  While: (node, ins, { scope, ctx }) => lowerWhile(scope, node, ins, (s, g) => lowerBody(s, g, ctx)),
  // A Fused node's steps as plain kernels on node inputs or earlier steps.
  // Pure (no effect when the module loads), so bundlers can drop the table where the lowering is unused.
  Fused: /* @__PURE__ */ expandFused(({ step, inputs, inputTypes }, node, { scope }) => {
    const parts = {
      op: step.op,
      inputs,
      inputTypes,
      inputNames: step.argNames,
      attrs: step.attrs,
      outputTypes: [step],
    };
    return applyRule(scope, parts, node)[0]!;
  }),
  Print: dropEffect,
  Assert: dropEffect,
  AssignVariable: (node) => {
    throw graphModelError(
      node.op,
      `a GraphModel has no variables, so the write to '${String(node.attrs.variable)}' cannot be kept`,
      node.options.source,
    );
  },
  ListEmpty: lowerList,
  ListPush: lowerList,
  ListPop: lowerList,
  ListLength: lowerList,
  ListGet: lowerList,
  ListSetItem: lowerList,
  ListStack: lowerList,
};

/** The GraphModel lowering's handlers for the walk (ir/walk.ts); the walk binds each node's refs in the scope. */
const GRAPH_MODEL_LOWERING: WalkTable<string, GraphModelScope> = {
  consumer: 'GraphModel export',
  structural: LOWER,
  leaf: (node, ins, { scope }) => {
    const parts = {
      op: node.op,
      inputs: ins,
      inputTypes: node.inputs,
      inputNames: node.inputNames,
      attrs: node.attrs,
      outputTypes: node.outputs,
    };
    return applyRule(scope, parts, node);
  },
};

function applyRule(scope: Scope, parts: KernelCallParts, node: Node): readonly string[] {
  const source = node.options.source;
  const rule = graphModelRuleFor(parts.op);
  if (!rule) throw graphModelError(parts.op, 'the GraphModel rule table has no rule for it', source);
  const fail = (detail: string): never => {
    throw graphModelError(parts.op, detail, source);
  };
  const b: GraphModelBuilder = {
    emit: (op, ins, attrs) => scope.emit(op, ins, attrs),
    constant: (values, dtype, shape) => scope.constant(values, dtype, shape),
    fail,
  };
  const refs = rule(b, kernelCall(parts, fail));
  if (refs.length !== parts.outputTypes.length) {
    throw new Error(
      `internal: GraphModel rule of ${parts.op} gave ${refs.length} outputs, the kernel has ${parts.outputTypes.length}`,
    );
  }
  return refs;
}

function where(source: NodeSource | undefined): string {
  return source ? ` at ${(source.file ?? '<anonymous>').replace(/^.*[\\/]/, '')}:${source.line}` : '';
}
