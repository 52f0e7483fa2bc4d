// Lowers IR nodes into GraphDef nodes of one scope: Const → a weight, Cond/While → functional
// control flow, Fused → its steps one by one, lists → dense tensors, kernels → the rule table;
// Print/Assert are dropped with a warning (tfjs-converter runs only what the outputs need), a
// variable write is an error. Needs the rule table, control-flow, lower-lists, the model builder.
// Produces `lowerBody`, `LowerOptions`.

import type { Graph, Node, NodeSource } from '../../ir/graph.js';
import type { FusedStep } from '../../ir/fused.js';
import { isStructuralOp, type StructuralOp } from '../../ir/ops.js';
import type { TensorType } from '../../ir/types.js';
import type { Scope } from './model-builder.js';
import { lowerCond, lowerWhile } from './control-flow.js';
import { lowerListNode } from './lower-lists.js';
import { graphModelError } from './export-error.js';
import { graphModelRuleFor } from './rules/index.js';
import type { KernelCall, RuleContext } from './rules/rule-types.js';

export interface LowerOptions {
  /** Told about every effect the GraphModel cannot express and drops (Print, Assert). */
  readonly warn: (message: string) => void;
}

export function lowerBody(scope: Scope, graph: Graph, opts: LowerOptions): void {
  for (const node of graph.nodes) lowerNode(scope, node, opts);
}

function lowerNode(scope: Scope, node: Node, opts: LowerOptions): void {
  if (isStructuralOp(node.op)) return LOWER[node.op](scope, node, opts);
  const call: KernelCall = { op: node.op, attrs: node.attrs, inputNames: node.inputNames, inputTypes: node.inputs, outputTypes: node.outputs };
  const refs = applyRule(scope, call, node.inputs.map((v) => scope.ref(v)), node.options.source);
  node.outputs.forEach((v, k) => scope.bind(v, refs[k]!));
}

type Lower = (scope: Scope, node: Node, opts: LowerOptions) => void;

/** tfjs-converter runs only what the outputs need: an effect is dropped, with a warning. */
const dropEffect: Lower = (_, node, opts) =>
  opts.warn(`GraphModel export drops the ${node.op} node${where(node.options.source)}: tfjs-converter has no staged ${node.op.toLowerCase()}`);

/** How each structural op (ir/ops.ts) becomes GraphDef nodes; kernels and draws go through the rule table. */
const LOWER: Record<StructuralOp, Lower> = {
  Const: (scope, node) => {
    const v = node.outputs[0]!;
    scope.bind(v, scope.constant(node.options.values!, v.dtype, v.shape));
  },
  Cond: (scope, node, opts) => lowerCond(scope, node, (s, g) => lowerBody(s, g, opts)),
  While: (scope, node, opts) => lowerWhile(scope, node, (s, g) => lowerBody(s, g, opts)),
  Fused: (scope, node) => lowerFused(scope, node),
  Print: dropEffect,
  Assert: dropEffect,
  AssignVariable: (_, node) => {
    throw graphModelError(node.op, `a GraphModel has no variables, so the write to '${String(node.attrs.variable)}' cannot be kept`, node.options.source);
  },
  ListEmpty: lowerListNode,
  ListPush: lowerListNode,
  ListPop: lowerListNode,
  ListLength: lowerListNode,
  ListGet: lowerListNode,
  ListSetItem: lowerListNode,
  ListStack: lowerListNode,
};

/** A Fused node's steps as plain kernels: step args below the input count are node inputs, the rest earlier steps. */
function lowerFused(scope: Scope, node: Node): void {
  const steps = node.attrs.steps as readonly FusedStep[];
  const refs = node.inputs.map((v) => scope.ref(v));
  const types: TensorType[] = [...node.inputs];
  for (const step of steps) {
    const call: KernelCall = {
      op: step.op,
      attrs: step.attrs,
      inputNames: step.argNames,
      inputTypes: step.args.map((a) => types[a]!),
      outputTypes: [{ dtype: step.dtype, shape: step.shape }],
    };
    const [ref] = applyRule(scope, call, step.args.map((a) => refs[a]!), node.options.source);
    refs.push(ref!);
    types.push(call.outputTypes[0]!);
  }
  scope.bind(node.outputs[0]!, refs[refs.length - 1]!);
}

function applyRule(scope: Scope, call: KernelCall, inputs: readonly string[], source: NodeSource | undefined): readonly string[] {
  const rule = graphModelRuleFor(call.op);
  if (!rule) throw graphModelError(call.op, 'the GraphModel rule table has no rule for it', source);
  const indexOf = (name: string | number): number => (typeof name === 'number' ? name : call.inputNames.indexOf(name));
  const fail = (detail: string): never => {
    throw graphModelError(call.op, detail, source);
  };
  const ctx: RuleContext = {
    call,
    inputs,
    input: (name) => inputs[indexOf(name)] ?? fail(`input '${name}' is missing`),
    optionalInput: (name) => inputs[indexOf(name)],
    typeOf: (name) => call.inputTypes[indexOf(name)] ?? fail(`input '${String(name)}' is missing`),
    emit: (op, ins, attrs) => scope.emit(op, ins, attrs),
    constant: (values, dtype, shape) => scope.constant(values, dtype, shape),
    fail,
  };
  const refs = rule(ctx);
  if (refs.length !== call.outputTypes.length) {
    throw new Error(`internal: GraphModel rule of ${call.op} gave ${refs.length} outputs, the kernel has ${call.outputTypes.length}`);
  }
  return refs;
}

function where(source: NodeSource | undefined): string {
  return source ? ` at ${(source.file ?? '<anonymous>').replace(/^.*[\\/]/, '')}:${source.line}` : '';
}
