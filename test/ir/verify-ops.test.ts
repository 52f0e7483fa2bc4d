// verify() checks every structural op of the IR (src/ir/ops.ts): for each op a well-formed node
// passes and a malformed one is refused with a message naming the op and the problem. The cases are
// a Record over the ops, so a new op does not compile here until it has its own case.
import * as tf from '@tensorflow/tfjs';
import { afterAll, describe, expect, it } from 'vitest';
import { Graph, Node, type Value } from '../../src/ir/graph.js';
import { STRUCTURAL_OPS, type IrOp, type StructuralOp } from '../../src/ir/ops.js';
import { verify } from '../../src/ir/verify.js';
import type { FusedStep } from '../../src/ir/fused.js';
import { LIST_DTYPE, type DType, type Shape } from '../../src/ir/types.js';

const variable = tf.variable(tf.scalar(1), false, 'v22');
afterAll(() => variable.dispose());

interface Made {
  readonly g: Graph;
  readonly p: (dtype: DType, shape?: Shape) => Value;
}

/** A graph with one node built by `build`; its outputs are the graph's outputs. */
function graphWith(build: (m: Made) => Node): Graph {
  const g = new Graph('top');
  const node = build({ g, p: (dtype, shape = []) => g.addParam(dtype, shape) });
  g.addNode(node);
  g.outputs = [...node.outputs];
  return g;
}

function node(
  g: Graph,
  op: IrOp,
  inputs: Value[],
  outs: [DType, Shape][],
  attrs: Record<string, unknown> = {},
  options: Node['options'] = {},
): Node {
  const n = new Node(
    g,
    op,
    inputs,
    inputs.map((_, i) => `x${i}`),
    attrs,
    options,
  );
  for (const [dtype, shape] of outs) n.addOutput(dtype, shape);
  return n;
}

/** A subgraph of `parent` with params of `params`, returning `ret(params)`. */
function sub(parent: Graph, name: string, params: DType[], ret: (ps: Value[], g: Graph) => Value[]): Graph {
  const g = new Graph(name, parent);
  const ps = params.map((d) => g.addParam(d, []));
  g.outputs = ret(ps, g);
  return g;
}

function boolConst(g: Graph): Value {
  const c = node(g, 'Const', [], [['bool', []]], {}, { values: Uint8Array.of(1) });
  g.addNode(c);
  return c.outputs[0]!;
}

const list = LIST_DTYPE;
const steps = (args: number[]): FusedStep[] => [
  { op: 'Add', args, argNames: ['a', 'b'], attrs: {}, dtype: 'float32', shape: [] },
];

/** For each op: a well-formed node, a malformed one, and the words the verifier's message must contain. */
const CASES: Record<StructuralOp, { good: (m: Made) => Node; bad: (m: Made) => Node; message: RegExp }> = {
  Const: {
    good: ({ g }) => node(g, 'Const', [], [['float32', [2]]], {}, { values: Float32Array.of(1, 2) }),
    bad: ({ g }) => node(g, 'Const', [], [['float32', [2]]], {}, { values: Float32Array.of(1, 2, 3) }),
    message: /Const#\d+ has 3 values for shape float32\[2\]/,
  },
  Cond: {
    good: ({ g, p }) =>
      node(
        g,
        'Cond',
        [p('bool'), p('float32')],
        [['float32', []]],
        {},
        {
          subgraphs: { then: sub(g, 'then', ['float32'], (ps) => ps), else: sub(g, 'else', ['float32'], (ps) => ps) },
        },
      ),
    bad: ({ g, p }) =>
      node(
        g,
        'Cond',
        [p('float32'), p('float32')],
        [['float32', []]],
        {},
        {
          subgraphs: { then: sub(g, 'then', ['float32'], (ps) => ps), else: sub(g, 'else', ['float32'], (ps) => ps) },
        },
      ),
    message: /Cond#\d+ predicate must be a bool scalar/,
  },
  While: {
    good: ({ g, p }) =>
      node(
        g,
        'While',
        [p('float32')],
        [['float32', []]],
        {},
        {
          subgraphs: {
            cond: sub(g, 'cond', ['float32'], (_, s) => [boolConst(s)]),
            body: sub(g, 'body', ['float32'], (ps) => ps),
          },
        },
      ),
    bad: ({ g, p }) =>
      node(
        g,
        'While',
        [p('float32')],
        [['float32', []]],
        {},
        {
          subgraphs: { cond: sub(g, 'cond', ['float32'], (ps) => ps), body: sub(g, 'body', ['float32'], (ps) => ps) },
        },
      ),
    message: /While#\d+ cond must return one bool scalar/,
  },
  Print: {
    good: ({ g, p }) => node(g, 'Print', [p('float32')], [], { parts: [] }, { effect: true }),
    bad: ({ g, p }) => node(g, 'Print', [p('float32')], [], { parts: [] }),
    message: /Print#\d+ is an effect but is not marked as one/,
  },
  Assert: {
    good: ({ g, p }) => node(g, 'Assert', [p('bool')], [], { message: 'm' }, { effect: true }),
    bad: ({ g, p }) => node(g, 'Assert', [p('float32', [2])], [], { message: 'm' }, { effect: true }),
    message: /Assert#\d+ condition must be a bool scalar/,
  },
  AssignVariable: {
    good: ({ g, p }) => node(g, 'AssignVariable', [p('float32')], [], {}, { effect: true, variable }),
    bad: ({ g, p }) => node(g, 'AssignVariable', [p('int32')], [], {}, { effect: true, variable }),
    message: /AssignVariable#\d+ writes int32\[\] to variable 'v22' of float32\[\]/,
  },
  Fused: {
    good: ({ g, p }) => node(g, 'Fused', [p('float32'), p('float32')], [['float32', []]], { steps: steps([0, 1]) }),
    bad: ({ g, p }) => node(g, 'Fused', [p('float32'), p('float32')], [['float32', []]], { steps: steps([0, 2]) }),
    message: /Fused#\d+ step 0 \(Add\) reads operand 2, not an input or an earlier step/,
  },
  ListEmpty: {
    good: ({ g }) => node(g, 'ListEmpty', [], [[list, []]]),
    bad: ({ g }) => node(g, 'ListEmpty', [], [['float32', []]]),
    message: /ListEmpty#\d+ output 0 is float32\[\] where a list handle is expected/,
  },
  ListPush: {
    good: ({ g, p }) => node(g, 'ListPush', [p(list), p('float32')], [[list, []]]),
    bad: ({ g, p }) => node(g, 'ListPush', [p(list)], [[list, []]]),
    message: /ListPush#\d+ has 1 inputs where 2 are expected/,
  },
  ListPop: {
    good: ({ g, p }) =>
      node(
        g,
        'ListPop',
        [p(list)],
        [
          [list, []],
          ['float32', []],
        ],
      ),
    bad: ({ g, p }) => node(g, 'ListPop', [p(list)], [[list, []]]),
    message: /ListPop#\d+ has 1 outputs where 2 are expected/,
  },
  ListLength: {
    good: ({ g, p }) => node(g, 'ListLength', [p(list)], [['int32', []]]),
    bad: ({ g, p }) => node(g, 'ListLength', [p(list)], [['float32', []]]),
    message: /ListLength#\d+ output must be an int32 scalar, not float32\[\]/,
  },
  ListGet: {
    good: ({ g, p }) => node(g, 'ListGet', [p(list), p('int32')], [['float32', []]]),
    bad: ({ g, p }) => node(g, 'ListGet', [p(list), p('int32', [2])], [['float32', []]]),
    message: /ListGet#\d+ index must be a scalar, not int32\[2\]/,
  },
  ListSetItem: {
    good: ({ g, p }) => node(g, 'ListSetItem', [p(list), p('int32'), p('float32')], [[list, []]]),
    bad: ({ g, p }) => node(g, 'ListSetItem', [p(list), p('int32'), p(list)], [[list, []]]),
    message: /ListSetItem#\d+ input 2 is list\[\] where a tensor is expected/,
  },
  ListStack: {
    good: ({ g, p }) => node(g, 'ListStack', [p(list)], [['float32', [-1]]]),
    bad: ({ g, p }) => node(g, 'ListStack', [p(list)], [['float32', []]]),
    message: /ListStack#\d+ output must have a first \(length\) dimension/,
  },
};

describe('verify: every structural op', () => {
  it('has a case for every op of the table', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(STRUCTURAL_OPS).sort());
  });

  for (const op of Object.keys(CASES) as StructuralOp[]) {
    it(`${op}: a well-formed node passes, a malformed one is refused`, () => {
      expect(() => verify(graphWith(CASES[op].good))).not.toThrow();
      expect(() => verify(graphWith(CASES[op].bad))).toThrow(CASES[op].message);
    });
  }

  it('refuses a structural op with subgraphs other than its own', () => {
    const g = graphWith(({ g, p }) =>
      node(
        g,
        'Cond',
        [p('bool'), p('float32')],
        [['float32', []]],
        {},
        {
          subgraphs: { then: sub(g, 'then', ['float32'], (ps) => ps) },
        },
      ),
    );
    expect(() => verify(g)).toThrow(/Cond#\d+ has subgraphs \[then\] where \[else, then\] are expected/);
  });

  it('refuses a kernel node with subgraphs', () => {
    const g = graphWith(({ g, p }) =>
      node(
        g,
        'Add',
        [p('float32'), p('float32')],
        [['float32', []]],
        {},
        {
          subgraphs: { body: sub(g, 'body', [], () => []) },
        },
      ),
    );
    expect(() => verify(g)).toThrow(/Add#\d+ is not a control-flow op but has subgraphs/);
  });
});
