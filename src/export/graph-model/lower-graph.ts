// Lowers IR nodes into GraphDef nodes of one scope: Const → a weight, Cond/While → functional
// control flow, Fused → its steps one by one, lists → dense tensors, kernels → the rule table;
// Print/Assert are dropped with a warning (tfjs-converter runs only what the outputs need), a
// variable write is an error. Needs the rule table, lower-control-flow, lower-lists, the model builder.
// Produces `lowerBody`, `LowerContext`.

import type { Graph, Node, NodeSource } from '../../ir/graph.js';
import type { FusedStep } from '../../ir/fused.js';
import { isStructuralOp, type StructuralOp } from '../../ir/ops.js';
import type { TensorType } from '../../ir/types.js';
import type { Scope } from './model-builder.js';
import { lowerCond, lowerWhile } from './lower-control-flow.js';
import { lowerListOp } from './lower-lists.js';
import { graphModelError } from './export-error.js';
import { graphModelRuleFor } from './rules/index.js';
import type { KernelCall, RuleContext } from './rules/rule-types.js';

export interface LowerContext {
  /** Told about every effect the GraphModel cannot express and drops (Print, Assert). */
  readonly warn: (message: string) => void;
}

export function lowerBody(scope: Scope, graph: Graph, ctx: LowerContext): void {
  for (const node of graph.nodes) lowerNode(scope, node, ctx);
}

function lowerNode(scope: Scope, node: Node, ctx: LowerContext): void {
  if (isStructuralOp(node.op)) return LOWER[node.op](scope, node, ctx);
  const k: KernelCall = { op: node.op, inputTypes: node.inputs, inputNames: node.inputNames, attrs: node.attrs, outputTypes: node.outputs };
  const refs = applyRule(scope, k, node.inputs.map((v) => scope.ref(v)), node);
  node.outputs.forEach((v, k) => scope.bind(v, refs[k]!));
}

type Lower = (scope: Scope, node: Node, ctx: LowerContext) => void;

/** tfjs-converter runs only what the outputs need: an effect is dropped, with a warning. */
const dropEffect: Lower = (_, node, ctx) =>
  ctx.warn(`GraphModel export drops the ${node.op} node${where(node.options.source)}: tfjs-converter has no staged ${node.op.toLowerCase()}`);

/** How each structural op (ir/ops.ts) becomes GraphDef nodes; kernels and draws go through the rule table. */
const LOWER: Record<StructuralOp, Lower> = {
  Const: (scope, node) => {
    const v = node.outputs[0]!;
    scope.bind(v, scope.constant(node.options.values!, v.dtype, v.shape));
  },
  Cond: (scope, node, ctx) => lowerCond(scope, node, (s, g) => lowerBody(s, g, ctx)),
  While: (scope, node, ctx) => lowerWhile(scope, node, (s, g) => lowerBody(s, g, ctx)),
  Fused: (scope, node) => lowerFused(scope, node),
  Print: dropEffect,
  Assert: dropEffect,
  AssignVariable: (_, node) => {
    throw graphModelError(node.op, `a GraphModel has no variables, so the write to '${String(node.attrs.variable)}' cannot be kept`, node.options.source);
  },
  ListEmpty: lowerListOp,
  ListPush: lowerListOp,
  ListPop: lowerListOp,
  ListLength: lowerListOp,
  ListGet: lowerListOp,
  ListSetItem: lowerListOp,
  ListStack: lowerListOp,
};

/** A Fused node's steps as plain kernels: step args below the input count are node inputs, the rest earlier steps. */
function lowerFused(scope: Scope, node: Node): void {
  const steps = node.attrs.steps as readonly FusedStep[];
  const refs = node.inputs.map((v) => scope.ref(v));
  const types: TensorType[] = [...node.inputs];
  for (const step of steps) {
    const k: KernelCall = {
      op: step.op,
      inputTypes: step.args.map((a) => types[a]!),
      inputNames: step.argNames,
      attrs: step.attrs,
      outputTypes: [step],
    };
    const [ref] = applyRule(scope, k, step.args.map((a) => refs[a]!), node);
    refs.push(ref!);
    types.push(step);
  }
  scope.bind(node.outputs[0]!, refs[refs.length - 1]!);
}

function applyRule(scope: Scope, k: KernelCall, inputs: readonly string[], node: Node): readonly string[] {
  const source = node.options.source;
  const rule = graphModelRuleFor(k.op);
  if (!rule) throw graphModelError(k.op, 'the GraphModel rule table has no rule for it', source);
  const indexOf = (name: string | number): number => (typeof name === 'number' ? name : k.inputNames.indexOf(name));
  const fail = (detail: string): never => {
    throw graphModelError(k.op, detail, source);
  };
  const ctx: RuleContext = {
    call: k,
    inputs,
    input: (name) => inputs[indexOf(name)] ?? fail(`input '${name}' is missing`),
    optionalInput: (name) => inputs[indexOf(name)],
    typeOf: (name) => k.inputTypes[indexOf(name)] ?? fail(`input '${String(name)}' is missing`),
    emit: (op, ins, attrs) => scope.emit(op, ins, attrs),
    constant: (values, dtype, shape) => scope.constant(values, dtype, shape),
    fail,
  };
  const refs = rule(ctx);
  if (refs.length !== k.outputTypes.length) {
    throw new Error(`internal: GraphModel rule of ${k.op} gave ${refs.length} outputs, the kernel has ${k.outputTypes.length}`);
  }
  return refs;
}

function where(source: NodeSource | undefined): string {
  return source ? ` at ${(source.file ?? '<anonymous>').replace(/^.*[\\/]/, '')}:${source.line}` : '';
}
