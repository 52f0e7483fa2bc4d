// The GLSL target (src/exec/targets/glsl) in Node, without a browser: the rule table covers every
// kernel fusion merges and yields a function body for each; the user code of a traced chain reads
// each input once at the output's coordinates and has one setOutput; a dense layer's product and
// its epilogue are one program with the k loop (transposed operands swap their sampler's indices);
// what stays kernel by kernel says why (too many inputs, rank, WebGL 1). The
// programs' compilation and values are checked in headless Chromium (test/browser/gpu-targets).
// Needs tfjs-core, src.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { afterAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import type { Graph, Node } from '../../src/ir/graph.js';
import { FUSED_OP, type FusedStep } from '../../src/ir/fused.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { optimize } from '../../src/opt/pipeline.js';
import { ELEMENTWISE_KERNELS } from '../../src/opt/elementwise-kernels.js';
import { GLSL_RULES, floatLiteral } from '../../src/exec/targets/glsl/rules.js';
import { GLSL_TARGET } from '../../src/exec/targets/glsl/target.js';
import { chainUserCode } from '../../src/exec/targets/glsl/elementwise.js';
import { matMulUserCode } from '../../src/exec/targets/glsl/matmul.js';
import { deviceTargetFor } from '../../src/exec/targets/device-targets.js';
import type { KernelName } from '../../src/ir/ops.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
const chain = (x: any) => tf.sub(tf.mul(tf.tanh(tf.add(tf.mul(x, 2), 1)), x), 0.5);
const dense = (x: any, w: any, b: any) => tf.relu(tf.add(tf.matMul(x, w), b));
const denseT = (x: any, w: any, b: any) => tf.sigmoid(tf.add(tf.matMul(x, w, true, true), b));
const wide = (a: any, b: any, c: any, d: any, e: any, f: any, g: any, h: any, i: any) =>
  tf.add(tf.add(tf.add(tf.add(a, b), tf.add(c, d)), tf.add(tf.add(e, f), tf.add(g, h))), tf.mul(i, 2));
const rank7 = (x: any) => tf.exp(tf.mul(x, 2));
/* eslint-enable @typescript-eslint/no-explicit-any */

const made: tf.Tensor[] = [];
const t = (shape: number[], dtype: tf.DataType = 'float32'): tf.Tensor => {
  const x = tf.zeros(shape, dtype);
  made.push(x);
  return x;
};
afterAll(() => tf.dispose(made));

/** The Fused nodes of `fn`'s graph as the GLSL target sees it (optimized, epilogues merged). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function fusedNodes(fn: (...xs: any[]) => unknown, ...xs: tf.Tensor[]): Node[] {
  const f = ag.jit(fn as (...a: tf.Tensor[]) => tf.Tensor, { autograph: false }) as unknown as {
    getConcreteFunction(...a: tf.Tensor[]): { graph: Graph };
  };
  const cf = f.getConcreteFunction(...xs);
  const g: Graph = GLSL_TARGET.prepare(optimize(cloneGraph(cf.graph)));
  return g.nodes.filter((n) => n.op === FUSED_OP);
}

describe('the GLSL target', () => {
  it('is the device target of tfjs webgl', () => {
    expect(deviceTargetFor('webgl')).toBe(GLSL_TARGET);
    expect(GLSL_TARGET.name).toBe('glsl');
  });

  it('has a rule for every kernel fusion merges, each a function body that returns', () => {
    expect(Object.keys(GLSL_RULES).sort()).toEqual(Object.keys(ELEMENTWISE_KERNELS).sort());
    const attrs = { alpha: 0.25, clipValueMin: -1, clipValueMax: 2, dtype: 'bool' };
    for (const [op, rule] of Object.entries(GLSL_RULES)) {
      const body = rule(attrs);
      expect(body, op).toMatch(/return [^;]+;\s*$/);
      expect(body, op).not.toMatch(/\bround\(|\bisnan\(|\bisinf\(/); // tfjs-webgl redefines round (→ int) and isnan
      const operands = new Set(body.match(/\b[abc]\b/g));
      expect(
        [...operands].every(
          (o) => ELEMENTWISE_KERNELS[op as keyof typeof ELEMENTWISE_KERNELS].inputs.length > 'abc'.indexOf(o),
        ),
        op,
      ).toBe(true);
    }
  });

  it('writes GLSL float literals: a decimal point or exponent, NaN and ±∞ by name, negatives in parentheses', () => {
    expect([1, 0.5, -2, 1e-7, -0].map(floatLiteral)).toEqual([
      '1.0',
      '0.5',
      '(-2.0)',
      '1.0000000116860974e-7',
      '(-0.0)',
    ]);
    expect([NaN, Infinity, -Infinity].map(floatLiteral)).toEqual(['NAN', 'agInf()', '(-agInf())']);
  });

  it('makes the 5-op chain one program: each input read once at the output coordinates, one setOutput', () => {
    const nodes = fusedNodes(chain, t([10_000]));
    expect(nodes).toHaveLength(1);
    const node = nodes[0]!;
    expect(GLSL_TARGET.problem(node)).toBeUndefined();
    const steps = node.attrs.steps as readonly FusedStep[];
    expect(steps.map((s) => s.op)).toEqual(['Multiply', 'Add', 'Tanh', 'Multiply', 'Sub']);
    const code = chainUserCode(steps, node.inputs.length);
    expect(code.match(/setOutput\(/g)).toHaveLength(1);
    expect(code.match(/void main\(\)/g)).toHaveLength(1);
    for (let i = 0; i < node.inputs.length; i++)
      expect(code.match(new RegExp(`getX${i}AtOutCoords\\(\\)`, 'g'))).toHaveLength(1);
    expect(code.match(/float agStep\d+\(/g)).toHaveLength(steps.length);
  });

  it('truncates int32 steps toward zero', () => {
    const step = (op: KernelName, args: number[], dtype: 'float32' | 'int32'): FusedStep => ({
      op,
      args,
      attrs: {},
      argNames: ['a', 'b'],
      dtype,
      shape: [],
    });
    const code = chainUserCode([step('FloorDiv', [0, 1], 'int32'), step('Add', [2, 0], 'float32')], 2);
    expect(code).toContain('float r0 = trunc(agStep0(x0, x1));');
    expect(code).toContain('float r1 = agStep1(r0, x0);');
  });

  it('makes a dense layer one program: the k loop, then the epilogue on the sum', () => {
    const [node] = fusedNodes(dense, t([8, 33]), t([33, 20]), t([20]));
    expect(GLSL_TARGET.problem(node!)).toBeUndefined();
    const code = matMulUserCode(node!);
    expect(code).toContain('for (int kk = 0; kk < 33; kk++)');
    expect(code).toContain('acc += getX0(row, kk) * getX1(kk, col);');
    expect(code).toContain('getX2AtOutCoords()');
    expect(code.match(/setOutput\(/g)).toHaveLength(1);
    const [nodeT] = fusedNodes(denseT, t([33, 8]), t([20, 33]), t([20]));
    expect(matMulUserCode(nodeT!)).toContain('acc += getX0(kk, row) * getX1(col, kk);');
  });

  it('says why a node stays kernel by kernel', () => {
    const xs = Array.from({ length: 9 }, () => t([16]));
    const [w] = fusedNodes(wide, ...xs);
    expect(GLSL_TARGET.problem(w!)).toBe('10 inputs (a WebGL program here samples at most 8 textures)'); // and the constant 2;
    const [r] = fusedNodes(rank7, t([1, 1, 1, 1, 1, 1, 2]));
    expect(GLSL_TARGET.problem(r!)).toBe("rank 7 (tfjs-webgl's programs go up to rank 6)");
  });

  it('under WebGL 1 every node stays kernel by kernel, saying so', () => {
    const [node] = fusedNodes(chain, t([4]));
    tf.env().registerFlag('WEBGL_VERSION', () => 1);
    try {
      expect(GLSL_TARGET.problem(node!)).toBe('WebGL 1 (the GLSL target writes GLSL ES 3.0, for WebGL 2)');
    } finally {
      tf.env().set('WEBGL_VERSION', 2);
    }
    expect(GLSL_TARGET.problem(node!)).toBeUndefined();
  });
});
