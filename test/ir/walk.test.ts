// The IR walk (src/ir/walk.ts) that the interpreter, both exporters and the gradient replay share:
// nodes in order with inputs resolved and outputs bound, structural ops to their handler, leaf ops
// to the leaf handler, subgraphs through the callback, Fused nodes as steps when asked, the hooks,
// and the errors (a value read before its definition, `failed` replacing a handler's error).
import { describe, expect, it } from 'vitest';
import { Graph, Node, type Value } from '../../src/ir/graph.js';
import { STRUCTURAL_OPS, type IrOp, type StructuralOp } from '../../src/ir/ops.js';
import type { FusedStep } from '../../src/ir/fused.js';
import { expandFused, walk, walkGraph, type NodeHandler, type WalkTable } from '../../src/ir/walk.js';

function node(g: Graph, op: IrOp, inputs: Value[], outputs: number, attrs: Record<string, unknown> = {}): Node {
  const n = g.addNode(
    new Node(
      g,
      op,
      inputs,
      inputs.map((_, i) => `x${i}`),
      attrs,
      {},
    ),
  );
  for (let i = 0; i < outputs; i++) n.addOutput('float32', []);
  return n;
}

/** Values are strings naming how they were made, so a test reads the whole walk in its result. */
type Trace = string[];

function table(
  log: Trace,
  overrides: Partial<Record<StructuralOp, NodeHandler<string, Trace>>> = {},
): WalkTable<string, Trace> {
  const refuse: NodeHandler<string, Trace> = (n) => {
    throw new Error(`unexpected ${n.op}`);
  };
  const structural = Object.fromEntries(
    Object.keys(STRUCTURAL_OPS).map((op) => [op, overrides[op as StructuralOp] ?? refuse]),
  ) as WalkTable<string, Trace>['structural'];
  return {
    consumer: 'the test walk',
    structural,
    leaf: (n, ins, c) => {
      c.push(n.op);
      return n.outputs.map((_, k) => `${n.op}${k}(${ins.join(',')})`);
    },
  };
}

describe('walk', () => {
  it('visits nodes in order, resolving inputs and binding outputs; leaf ops go to the leaf handler', () => {
    const g = new Graph('top');
    const a = g.addParam('float32', []);
    const b = g.addParam('float32', []);
    const add = node(g, 'Add', [a, b], 1);
    const neg = node(g, 'Neg', [add.outputs[0]!], 1);
    g.outputs = [neg.outputs[0]!, add.outputs[0]!];
    const log: Trace = [];
    expect(walkGraph(g, ['a', 'b'], table(log), log)).toEqual(['Neg0(Add0(a,b))', 'Add0(a,b)']);
    expect(log).toEqual(['Add', 'Neg']);
  });

  it('sends structural ops to their handler and gives Cond the subgraph callback', () => {
    const g = new Graph('top');
    const p = g.addParam('bool', []);
    const x = g.addParam('float32', []);
    const then = new Graph('then', g);
    const tx = then.addParam('float32', []);
    then.outputs = [node(then, 'Exp', [tx], 1).outputs[0]!];
    const cond = g.addNode(new Node(g, 'Cond', [p, x], ['pred', 'x'], {}, { subgraphs: { then, else: then } }));
    cond.addOutput('float32', []);
    g.outputs = [cond.outputs[0]!];
    const log: Trace = [];
    const t = table(log, {
      Cond: (n, [pred, ...ops], c, subgraph) => subgraph(n.subgraphs!.then!, ops, c).map((o) => `if ${pred}: ${o}`),
    });
    expect(walkGraph(g, ['p', 'x'], t, log)).toEqual(['if p: Exp0(x)']);
    expect(log).toEqual(['Exp']);
  });

  it('expands a Fused node step by step when the table asks, operands from inputs or earlier steps', () => {
    const g = new Graph('top');
    const a = g.addParam('float32', []);
    const b = g.addParam('float32', []);
    const steps: FusedStep[] = [
      { op: 'Multiply', args: [0, 1], attrs: {}, argNames: ['a', 'b'], dtype: 'float32', shape: [] },
      { op: 'Neg', args: [2], attrs: {}, argNames: ['x'], dtype: 'float32', shape: [] },
    ];
    const fused = node(g, 'Fused', [a, b], 1, { steps });
    g.outputs = [fused.outputs[0]!];
    const log: Trace = [];
    const operands: (Value | undefined)[][] = [];
    const t = table(log, {
      Fused: expandFused(({ step, inputs, operands: ops }, _, c) => {
        c.push(step.op);
        operands.push([...ops]);
        return `${step.op}(${inputs.join(',')})`;
      }),
    });
    expect(walkGraph(g, ['a', 'b'], t, log)).toEqual(['Neg(Multiply(a,b))']);
    expect(log).toEqual(['Multiply', 'Neg']);
    expect(operands).toEqual([[a, b], [undefined]]);
  });

  it('skips the nodes the hook names and calls `after` with each node index and outputs', () => {
    const g = new Graph('top');
    const a = g.addParam('float32', []);
    const first = node(g, 'Exp', [a], 1);
    const second = node(g, 'Neg', [first.outputs[0]!], 1);
    g.outputs = [second.outputs[0]!];
    const env = new Map<Value, string>([
      [a, 'a'],
      [first.outputs[0]!, 'given'],
    ]);
    const log: Trace = [];
    const seen: string[] = [];
    walk(g, env, table(log), log, {
      skip: (n) => n === first,
      after: (n, i, outs) => seen.push(`${i}:${n.op}:${outs.join()}`),
    });
    expect(log).toEqual(['Neg']);
    expect(seen).toEqual(['1:Neg:Neg0(given)']);
  });

  it('names a value read before its definition, and lets `failed` replace a handler error', () => {
    const g = new Graph('top');
    const a = g.addParam('float32', []);
    const orphan = new Graph('other').addParam('float32', []);
    const n = node(g, 'Add', [a, orphan], 1);
    g.outputs = [n.outputs[0]!];
    expect(() => walkGraph(g, ['a'], table([]), [])).toThrow(
      `internal: the test walk met value #${orphan.id} before its definition`,
    );

    const h = new Graph('top');
    const x = h.addParam('float32', []);
    node(h, 'Print', [x], 0);
    h.outputs = [];
    const t = { ...table([]), failed: (e: unknown, at: Node) => new Error(`${at.op}: ${(e as Error).message}`) };
    expect(() => walkGraph(h, ['x'], t, [])).toThrow('Print: unexpected Print');
  });
});
