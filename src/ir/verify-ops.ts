// The verifier's checks of each structural op (ir/ops.ts): input and output counts and subgraph
// names from the op table, then the op's own rule (types of Cond/While subgraphs against the node,
// list handles where a list is expected, a Const's payload, a Fused program's operands, effects
// marked as effects). Needs the IR and the op table. Produces `verifyOp(graph, node, fail)`.

import type { Graph, Node, Value } from './graph.js';
import { STRUCTURAL_OPS, isStructuralOp, type Arity, type StructuralOp } from './ops.js';
import type { FusedStep } from './fused.js';
import { fitsShape, LIST_DTYPE, sameShape, sizeOf, typeToString } from './types.js';

export type Fail = (msg: string) => never;

type Check = (graph: Graph, node: Node, fail: Fail) => void;

/** Checks `node` if its op is structural; leaf ops (kernels, draws) are checked by their rules when traced. */
export function verifyOp(graph: Graph, node: Node, fail: Fail): void {
  if (!isStructuralOp(node.op)) {
    if (node.subgraphs) fail(`${label(node)} is not a control-flow op but has subgraphs`);
    return;
  }
  const info = STRUCTURAL_OPS[node.op];
  arity(node, 'inputs', node.inputs.length, info.inputs, fail);
  arity(node, 'outputs', node.outputs.length, info.outputs, fail);
  const names = Object.keys(node.subgraphs ?? {}).sort();
  const expected = [...info.subgraphs].sort();
  if (names.join() !== expected.join()) {
    fail(`${label(node)} has subgraphs [${names.join(', ')}] where [${expected.join(', ')}] are expected`);
  }
  if (info.effect === 'always' && !node.options.effect) fail(`${label(node)} is an effect but is not marked as one`);
  CHECKS[node.op](graph, node, fail);
}

function label(node: Node): string {
  return `${node.op}#${node.id}`;
}

function arity(node: Node, what: string, n: number, a: Arity, fail: Fail): void {
  if (n < a.min || (a.max !== undefined && n > a.max)) {
    const want = a.max === undefined ? `at least ${a.min}` : a.max === a.min ? `${a.min}` : `${a.min} to ${a.max}`;
    fail(`${label(node)} has ${n} ${what} where ${want} are expected`);
  }
}

function sameType(a: Value, b: Value): boolean {
  return a.dtype === b.dtype && sameShape(a.shape, b.shape);
}

function expectTypes(
  fail: Fail,
  what: string,
  actual: readonly Value[],
  expected: readonly Value[],
  fits = false,
): void {
  if (actual.length !== expected.length) fail(`${what}: ${actual.length} values where ${expected.length} are expected`);
  actual.forEach((v, i) => {
    const e = expected[i]!;
    const ok = fits ? v.dtype === e.dtype && fitsShape(v.shape, e.shape) : sameType(v, e);
    if (!ok) fail(`${what} ${i}: ${typeToString(v)} where ${typeToString(e)} is expected`);
  });
}

function boolScalar(v: Value | undefined): boolean {
  return !!v && v.dtype === 'bool' && v.shape.length === 0;
}

/** `node`'s input or output `i` is a list handle (`list` true) or a tensor (`list` false). */
function handle(node: Node, side: 'input' | 'output', i: number, list: boolean, fail: Fail): void {
  const v = (side === 'input' ? node.inputs : node.outputs)[i]!;
  if ((v.dtype === LIST_DTYPE) !== list)
    fail(`${label(node)} ${side} ${i} is ${typeToString(v)} where ${list ? 'a list handle' : 'a tensor'} is expected`);
}

/** A list op: which inputs and outputs are list handles; the others must be tensors. */
function listOp(inputs: readonly boolean[], outputs: readonly boolean[], more?: Check): Check {
  return (graph, node, fail) => {
    inputs.forEach((list, i) => handle(node, 'input', i, list, fail));
    outputs.forEach((list, i) => handle(node, 'output', i, list, fail));
    more?.(graph, node, fail);
  };
}

/** The index operand of ListGet/ListSetItem: a scalar. */
const scalarIndex: Check = (_, node, fail) => {
  if (node.inputs[1]!.shape.length !== 0)
    fail(`${label(node)} index must be a scalar, not ${typeToString(node.inputs[1]!)}`);
};

const CHECKS: Record<StructuralOp, Check> = {
  Const: (_, node, fail: Fail) => {
    const values = node.options.values;
    if (!values) fail(`${label(node)} has no values`);
    const n = sizeOf(node.outputs[0]!.shape);
    if (n >= 0 && node.outputs[0]!.dtype !== 'complex64' && values.length !== n)
      fail(`${label(node)} has ${values.length} values for shape ${typeToString(node.outputs[0]!)}`);
  },
  Cond: (graph, node, fail) => {
    const subs = node.subgraphs!;
    if (!boolScalar(node.inputs[0])) fail(`${label(node)} predicate must be a bool scalar`);
    const operands = node.inputs.slice(1);
    for (const name of ['then', 'else'] as const) {
      expectTypes(fail, `${label(node)} ${name} params`, subs[name]!.params, operands);
      // A branch may know a dimension the Cond's output leaves unknown (-1).
      expectTypes(fail, `${label(node)} ${name} outputs`, subs[name]!.outputs, node.outputs, true);
    }
  },
  While: (graph, node, fail) => {
    const subs = node.subgraphs!;
    const nVars = node.outputs.length;
    if (node.inputs.length < nVars) fail(`${label(node)} has ${node.inputs.length} inputs for ${nVars} loop variables`);
    const loopVars = node.inputs.slice(0, nVars);
    // A loop variable with a shape invariant is declared with unknown (-1) dimensions: its initial
    // value and each iteration's value may have any size there.
    expectTypes(fail, `${label(node)} loop variables`, loopVars, node.outputs, true);
    for (const name of ['cond', 'body'] as const) {
      expectTypes(fail, `${label(node)} ${name} params`, loopVars, subs[name]!.params.slice(0, nVars), true);
      expectTypes(fail, `${label(node)} ${name} params`, subs[name]!.params.slice(nVars), node.inputs.slice(nVars));
      expectTypes(
        fail,
        `${label(node)} ${name} loop-variable params`,
        subs[name]!.params.slice(0, nVars),
        node.outputs,
      );
    }
    expectTypes(fail, `${label(node)} body outputs`, subs.body!.outputs, node.outputs, true);
    const c = subs.cond!.outputs;
    if (c.length !== 1 || !boolScalar(c[0])) fail(`${label(node)} cond must return one bool scalar`);
  },
  Print: (_, node, fail) => {
    if (!Array.isArray(node.attrs.parts)) fail(`${label(node)} has no parts to print`);
  },
  Assert: (_, node, fail) => {
    if (!boolScalar(node.inputs[0])) fail(`${label(node)} condition must be a bool scalar`);
  },
  AssignVariable: (_, node, fail: Fail) => {
    const variable = node.options.variable;
    if (!variable) fail(`${label(node)} names no variable`);
    const v = node.inputs[0]!;
    if (v.dtype !== variable.dtype || !sameShape(v.shape, variable.shape)) {
      fail(
        `${label(node)} writes ${typeToString(v)} to variable '${variable.name}' of ${variable.dtype}[${variable.shape.join(',')}]`,
      );
    }
  },
  Fused: (_, node, fail: Fail) => {
    const steps = node.attrs.steps as readonly FusedStep[] | undefined;
    if (!Array.isArray(steps) || steps.length === 0) fail(`${label(node)} has no steps`);
    const n = node.inputs.length;
    steps.forEach((s, k) => {
      if (s.args.length !== s.argNames.length)
        fail(`${label(node)} step ${k} (${s.op}) has ${s.args.length} operands and ${s.argNames.length} names`);
      for (const a of s.args)
        if (!Number.isInteger(a) || a < 0 || a >= n + k)
          fail(`${label(node)} step ${k} (${s.op}) reads operand ${a}, not an input or an earlier step`);
    });
    const last = steps[steps.length - 1]!;
    const o = node.outputs[0]!;
    if (last.dtype !== o.dtype || !sameShape(last.shape, o.shape))
      fail(`${label(node)} output is ${typeToString(o)} but its last step gives ${typeToString(last)}`);
  },
  ListEmpty: listOp([], [true]),
  ListPush: listOp([true, false], [true]),
  ListPop: listOp([true], [true, false]),
  ListLength: listOp([true], [false], (_, node, fail) => {
    const o = node.outputs[0]!;
    if (o.dtype !== 'int32' || o.shape.length !== 0)
      fail(`${label(node)} output must be an int32 scalar, not ${typeToString(o)}`);
  }),
  ListGet: listOp([true, false], [false], scalarIndex),
  ListSetItem: listOp([true, false, false], [true], scalarIndex),
  ListStack: listOp([true], [false], (_, node, fail) => {
    if (node.outputs[0]!.shape.length === 0) fail(`${label(node)} output must have a first (length) dimension`);
  }),
};
