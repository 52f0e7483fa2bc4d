// Effects survive every optimizer pass: variable writes, print, assert, and any node flagged
// `effect: true` (also inside Cond/While whose outputs nothing uses), in program order; and they
// still act when the optimized graph runs.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { capturePrintedLines } from '../helpers/print-capture.js';
import { Graph, Node } from '../../src/ir/graph.js';
import { verify } from '../../src/ir/verify.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { optimize, PASSES } from '../../src/opt/pipeline.js';
import { runGraph, traceGraph } from './helpers.js';
import type { IrOp } from '../../src/ir/ops.js';

/** An effect op no consumer knows (the passes must keep it because it is marked as an effect). */
const BEEP = 'Beep' as IrOp;

const lines = capturePrintedLines();
beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Tn = tf.Tensor;

/** The effect nodes of a graph and its subgraphs, in program order, as `op` or `op(attr)`. */
function effects(g: Graph, out: string[] = []): string[] {
  for (const n of g.nodes) {
    if (n.options.effect && !n.subgraphs) out.push(n.attrs.parts ? `${n.op}(${JSON.stringify(n.attrs.parts)})` : n.op);
    for (const sub of Object.values(n.subgraphs ?? {})) effects(sub, out);
  }
  return out;
}

/** A traced function with a variable write, prints (one in a branch, one with a constant), an assert. */
function tracedWithEffects(v: tf.Variable): Graph {
  return traceGraph(
    (x: Tn) => {
      ag.print('start', tf.add(tf.scalar(1), tf.scalar(2)));
      const y = tf.mul(x, 1);
      ag.assert(tf.greater(tf.scalar(3), tf.scalar(1)), 'constant assert');
      ag.cond(
        tf.greater(tf.sum(y), 0),
        () => {
          ag.print('positive', tf.sum(y));
          return tf.abs(y);
        },
        () => tf.neg(y),
      );
      ag.cond(
        tf.less(tf.scalar(1), tf.scalar(2)),
        () => {
          ag.print('constant branch', tf.sum(y));
          return y;
        },
        () => y,
      );
      v.assign(tf.add(v, tf.exp(tf.scalar(0))));
      return tf.add(y, 0);
    },
    [ag.spec([3])],
    'effects',
  );
}

/** A hand-built graph: unused Cond/While whose subgraphs hold a node flagged `effect: true`. */
function handBuilt(): Graph {
  const g = new Graph('hand');
  const x = g.addParam('float32', [], 'x');
  const pred = g.addNode(new Node(g, 'Const', [], [], {}, { values: new Uint8Array([1]) })).addOutput('bool', []);
  const branch = (label: string, withEffect: boolean) => {
    const b = new Graph(label, g);
    const p = b.addParam('float32', [], 'x');
    if (withEffect) b.addNode(new Node(b, BEEP, [p], ['x'], { tone: label }, { effect: true }));
    b.outputs = [p];
    return b;
  };
  // The Cond node itself is not flagged: the passes must look inside.
  const c = g.addNode(
    new Node(
      g,
      'Cond',
      [pred, x],
      ['pred', 'input0'],
      {},
      { subgraphs: { then: branch('then', true), else: branch('else', false) } },
    ),
  );
  c.addOutput('float32', []);
  const cond = new Graph('cond', g);
  cond.addParam('float32', []);
  cond.outputs = [
    cond.addNode(new Node(cond, 'Const', [], [], {}, { values: new Uint8Array([1]) })).addOutput('bool', []),
  ];
  const body = branch('body', true);
  const w = g.addNode(new Node(g, 'While', [x], ['var0'], { maximumIterations: 2 }, { subgraphs: { cond, body } }));
  w.addOutput('float32', []);
  g.addNode(new Node(g, BEEP, [], [], { tone: 'top' }, { effect: true }));
  g.outputs = [x];
  return g;
}

describe('effects survive the optimizer', () => {
  it.each(PASSES.map(([name]) => name).filter((n, i, all) => all.indexOf(n) === i))(
    'pass %s keeps traced effects',
    (name) => {
      const v = tf.variable(tf.scalar(1));
      const g = tracedWithEffects(v);
      const before = effects(g);
      expect(before).toEqual([
        'Print([{"text":"start"},{"tensor":0}])',
        'Assert',
        'Print([{"text":"positive"},{"tensor":0}])',
        'Print([{"text":"constant branch"},{"tensor":0}])',
        'AssignVariable',
      ]);
      const pass = PASSES.find(([n]) => n === name)![1];
      const after = pass(g);
      verify(after);
      expect(effects(after)).toEqual(before);
      v.dispose();
    },
  );

  it('the whole pipeline keeps them in order, and they act when the optimized graph runs', () => {
    const v = tf.variable(tf.scalar(1));
    const original = tracedWithEffects(v);
    const optimized = optimize(cloneGraph(original), { verify: true });
    expect(effects(optimized)).toEqual(effects(original));
    const x = tf.tensor([1, -2, 4]);
    const feeds = [
      x,
      ...original.captures.map((c) =>
        c.source.kind === 'variable' ? c.source.variable : (c.source as { tensor: Tn }).tensor,
      ),
    ];
    const a = runGraph(original, feeds);
    const printedA = [...lines];
    const va = v.dataSync()[0];
    lines.length = 0;
    const b = runGraph(optimized, feeds);
    expect(lines).toEqual(printedA);
    expect(printedA).toEqual(['start 3', 'positive 3', 'constant branch 3']);
    expect(v.dataSync()[0]).toBe(va! + 1);
    expect(Array.from(b[0]!.data)).toEqual(Array.from(a[0]!.data));
    tf.dispose([x, v]);
  });

  it('nodes flagged effect: true inside unused Cond/While survive every pass', () => {
    for (const [name, pass] of PASSES) {
      const g = handBuilt();
      const after = pass(g);
      verify(after);
      const beeps: string[] = [];
      const walk = (h: Graph) => {
        for (const n of h.nodes) {
          if (n.op === BEEP) beeps.push(String(n.attrs.tone));
          for (const sub of Object.values(n.subgraphs ?? {})) walk(sub);
        }
      };
      walk(after);
      // constant-fold inlines the taken (then) branch of the Cond: its effect moves to the top graph.
      expect(beeps, name).toEqual(['then', 'body', 'top']);
    }
    const g = optimize(handBuilt(), { verify: true });
    expect(g.nodes.map((n) => n.op)).toEqual(['Beep', 'While', 'Beep']);
  });
});
