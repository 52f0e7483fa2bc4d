// Targeted checks of the optimizer passes and pipeline: the user's backend is restored around
// constant folding, random and unknown kernels are neither folded nor merged, the fusion table
// matches tfjs, the pipeline logs and keeps the graph's interface.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ag from '../../src/index.js';
import { Graph, Node, type Value } from '../../src/ir/graph.js';
import { verify } from '../../src/ir/verify.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { constantFold } from '../../src/opt/constant-fold.js';
import { cse, stableKey } from '../../src/opt/cse.js';
import { dce } from '../../src/opt/dce.js';
import { ELEMENTWISE_KERNELS } from '../../src/opt/elementwise-kernels.js';
import { fuseElementwise } from '../../src/opt/fuse-elementwise.js';
import { optimize, PASSES } from '../../src/opt/pipeline.js';
import { expectSameBits, runGraph, traceGraph } from './helpers.js';
import { runOptPass } from '../helpers/one-pass.js';
import type { IrOp } from '../../src/ir/ops.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});
afterEach(async () => {
  if (tf.getBackend() !== 'cpu') await tf.setBackend('cpu');
});

type Tn = tf.Tensor;

function constNode(
  g: Graph,
  values: Float32Array | Int32Array | Uint8Array,
  dtype: 'float32' | 'int32' | 'bool',
  shape: number[],
): Value {
  return g.addNode(new Node(g, 'Const', [], [], {}, { values })).addOutput(dtype, shape);
}

describe('constant folding', () => {
  it('runs on cpu and restores the active backend (here wasm)', async () => {
    const ok = await tf.setBackend('wasm').catch(() => false);
    if (!ok) return; // wasm unavailable here: nothing to check
    const g = traceGraph((x: Tn) => tf.mul(x, tf.exp(tf.scalar(1))), [ag.spec([2])]);
    constantFold(g);
    expect(tf.getBackend()).toBe('wasm');
    expect(g.nodes.some((n) => n.op === 'Exp')).toBe(false);
    const x = tf.tensor([1, 2]);
    const [r] = runGraph(g, [x]);
    expect(r!.data[0]).toBeCloseTo(Math.E, 5);
    x.dispose();
  });

  it('leaves random, unknown and effect kernels alone', () => {
    const g = new Graph('g');
    const logits = constNode(g, new Float32Array([0, 1]), 'float32', [1, 2]);
    const m1 = g
      .addNode(new Node(g, 'Multinomial', [logits], ['logits'], { numSamples: 2, seed: 0, normalized: false }))
      .addOutput('int32', [1, 2]);
    const m2 = g
      .addNode(new Node(g, 'Multinomial', [logits], ['logits'], { numSamples: 2, seed: 0, normalized: false }))
      .addOutput('int32', [1, 2]);
    const u = g.addNode(new Node(g, 'MadeUpKernel' as IrOp, [logits], ['x'], {})).addOutput('float32', [1, 2]);
    g.addNode(new Node(g, 'Print', [logits], ['value0'], { parts: [{ tensor: 0 }] }, { effect: true }));
    g.outputs = [m1, m2, u];
    for (const pass of [constantFold, cse, dce]) pass(g);
    verify(g);
    expect(g.nodes.map((n) => n.op)).toEqual(['Const', 'Multinomial', 'Multinomial', 'MadeUpKernel', 'Print']);
  });

  it('folds multi-step int32 and bool expressions exactly (wrapping)', () => {
    const g = traceGraph(
      (x: Tn) =>
        tf.add(
          x,
          tf.cast(
            tf.logicalAnd(
              tf.greater(tf.mul(tf.scalar(2 ** 30, 'int32'), tf.scalar(4, 'int32')), tf.scalar(-1, 'int32')),
              tf.scalar(true),
            ),
            'int32',
          ),
        ),
      [ag.spec([2], 'int32')],
    );
    const ref = cloneGraph(g);
    optimize(g, { verify: true });
    expect(g.nodes.map((n) => n.op).filter((op) => op !== 'Const')).toEqual(['Add']);
    const x = tf.tensor([5, -7], [2], 'int32');
    expectSameBits(runGraph(g, [x]), runGraph(ref, [x]));
    x.dispose();
  });
  it('folds a one-element operand broadcast against the result shape as the kernel computes it', () => {
    // Shapes [1, 1] against [2, 3] (either side), [1] against [3], [1, 1] against [1, 1], and a
    // [1, 1, 1] operand that raises the rank: every result must equal the eager kernel's bits and shape.
    const cases: [string, number[], number[]][] = [
      ['Multiply', [1, 1], [2, 3]],
      ['RealDiv', [2, 3], [1, 1]],
      ['Sub', [1], [3]],
      ['Add', [1, 1], [1, 1]],
      ['Maximum', [1, 1, 1], [2, 3]],
      ['Less', [1, 1], [2, 3]],
    ];
    const vals = (shape: number[], seed: number) =>
      Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => (i - 2.5 + seed) / 3);
    for (const [op, sa, sb] of cases) {
      const a = tf.tensor(vals(sa, 0.3), sa);
      const b = tf.tensor(vals(sb, -1.7), sb);
      const ref = tf.engine().runKernel(op, { a, b }) as Tn;
      const g = new Graph('g');
      const out = g
        .addNode(
          new Node(
            g,
            op as IrOp,
            [
              constNode(g, a.dataSync() as Float32Array, 'float32', sa),
              constNode(g, b.dataSync() as Float32Array, 'float32', sb),
            ],
            ['a', 'b'],
            {},
          ),
        )
        .addOutput(ref.dtype as 'float32' | 'bool', ref.shape);
      g.outputs = [out];
      constantFold(g);
      verify(g);
      expect(
        g.nodes.every((n) => n.op === 'Const'),
        `${op} folded`,
      ).toBe(true);
      expectSameBits(runGraph(g, []), [
        { dtype: ref.dtype, shape: ref.shape, data: ref.dataSync() as ArrayLike<number> },
      ]);
      tf.dispose([a, b, ref]);
    }
  });
});

describe('cse', () => {
  it('keys attrs canonically: order-free, -0 ≠ 0, NaN = NaN, opaque objects refuse', () => {
    expect(stableKey({ a: 1, b: [2, 3] })).toBe(stableKey({ b: [2, 3], a: 1, c: undefined }));
    expect(stableKey({ x: -0 })).not.toBe(stableKey({ x: 0 }));
    expect(stableKey({ x: NaN })).toBe(stableKey({ x: NaN }));
    expect(stableKey({ v: new Map() })).toBeUndefined();
  });

  it('merges equal constants across dtypes only when dtype matches', () => {
    const g = new Graph('g');
    const a = constNode(g, new Float32Array([1, 2]), 'float32', [2]);
    const b = constNode(g, new Float32Array([1, 2]), 'float32', [2]);
    const c = constNode(g, new Int32Array([1, 2]), 'int32', [2]);
    const d = constNode(g, new Float32Array([1, 2]), 'float32', [2, 1]);
    g.outputs = [a, b, c, d];
    cse(g);
    verify(g);
    expect(g.outputs[0]).toBe(g.outputs[1]);
    expect(new Set(g.outputs).size).toBe(3);
  });
});

describe('fusion', () => {
  it('lists kernels tfjs knows, with the input names its ops pass', () => {
    const known = new Set(tf.getKernelsForBackend('cpu').map((k) => k.kernelName));
    for (const name of Object.keys(ELEMENTWISE_KERNELS)) expect(known.has(name), name).toBe(true);
    expect(ELEMENTWISE_KERNELS.Select.inputs).toEqual(['condition', 't', 'e']);
    expect(ELEMENTWISE_KERNELS.Add.inputs).toEqual(['a', 'b']);
    expect(ELEMENTWISE_KERNELS.Cast.inputs).toEqual(['x']);
  });

  it('needs two kernels, and keeps graph outputs and shared values out of groups', () => {
    const g = traceGraph(
      (x: Tn) => {
        const a = tf.exp(x);
        return [a, tf.neg(a), tf.abs(tf.sqrt(x))];
      },
      [ag.spec([3])],
    );
    fuseElementwise(g);
    verify(g);
    expect(g.nodes.map((n) => n.op)).toEqual(['Exp', 'Neg', 'Fused']);
  });
});

describe('pipeline', () => {
  it('logs the IR after each pass with AG_DEBUG (to stderr), and through opts.log', () => {
    const g = traceGraph((x: Tn) => tf.add(tf.mul(x, 2), 1), [ag.spec([2])]);
    const seen: string[] = [];
    optimize(cloneGraph(g), { log: (pass, h) => seen.push(`${pass}:${h.nodes.length}`) });
    expect(seen.map((s) => s.split(':')[0])).toEqual(PASSES.map(([n]) => n));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const saved = process.env.AG_DEBUG;
    process.env.AG_DEBUG = '1';
    let calls: unknown[][];
    try {
      optimize(cloneGraph(g));
      calls = [...spy.mock.calls];
    } finally {
      if (saved === undefined) delete process.env.AG_DEBUG;
      else process.env.AG_DEBUG = saved;
      spy.mockRestore();
    }
    expect(calls.length).toBe(PASSES.length);
    expect(String(calls.at(-1)![0])).toMatch(/after fuse-elementwise[\s\S]*Fused/);
  });

  it('keeps params, captures (same objects, same order) and output types', () => {
    const w = tf.tensor([1, 2, 3]);
    const v = tf.variable(tf.scalar(2));
    const g = traceGraph(
      (x: Tn, y: Tn) => [tf.mul(tf.mul(x, v), w), tf.add(y, 0), y, tf.mul(tf.scalar(2), tf.scalar(3))],
      [ag.spec([3]), ag.spec([])],
    );
    const params = [...g.params];
    const caps = g.captures.map((c) => c.param);
    const types = g.outputs.map((o) => `${o.dtype}${o.shape}`);
    const out = optimize(g, { verify: true });
    expect(out.params).toEqual(params);
    out.params.forEach((p, i) => expect(p).toBe(params[i]));
    out.captures.forEach((c, i) => expect(c.param).toBe(caps[i]));
    expect(out.outputs.map((o) => `${o.dtype}${o.shape}`)).toEqual(types);
    tf.dispose([w, v]);
  });

  it('optimizes a larger unrolled graph quickly', () => {
    const g = traceGraph(
      (x: Tn) => {
        let y = x;
        for (let i = 0; i < 500; i++) y = tf.add(tf.mul(y, 1), tf.mul(tf.scalar(i % 7), tf.scalar(0.5)));
        return y;
      },
      [ag.spec([8])],
    );
    const t0 = performance.now();
    optimize(g, { verify: true });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(g.nodes.filter((n) => n.op === 'Fused').length).toBe(1);
  });
});

describe('one pass in isolation (test/helpers/one-pass.ts)', () => {
  const twice = (a: Tn, b: Tn) => tf.add(tf.mul(a, b), tf.mul(a, b));

  it('cse alone merges the repeated product, and leaves the input graph as it was', () => {
    const g = traceGraph(twice, [ag.spec([3]), ag.spec([3])]);
    const { before, after, graph } = runOptPass('cse', g);
    expect(before.match(/= Multiply\(/g)).toHaveLength(2);
    expect(after.match(/= Multiply\(/g)).toHaveLength(1);
    const add = graph.nodes.find((n) => n.op === 'Add')!;
    expect(add.inputs[0]).toBe(add.inputs[1]);
    expect(g.toString()).toBe(before);
  });

  it('dce alone changes nothing in a graph without dead nodes', () => {
    const g = traceGraph(twice, [ag.spec([3]), ag.spec([3])]);
    const { before, after } = runOptPass('dce', g);
    expect(after).toBe(before);
  });

  it('refuses a pass that is not in the pipeline', () => {
    const g = traceGraph(twice, [ag.spec([3]), ag.spec([3])]);
    expect(() => runOptPass('no-such-pass', g)).toThrow(/no optimizer pass 'no-such-pass'/);
  });
});
