// jit's trace cache, signatures, inputSignature and the retracing warning.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('trace cache', () => {
  it('traces once per dtype/shape signature and reuses the trace', () => {
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, x), { autograph: false });
    const a = tf.tensor1d([1, 2, 3]);
    const b = tf.tensor1d([4, 5, 6]);
    expect(Array.from(f(a).dataSync())).toEqual([1, 4, 9]);
    expect(Array.from(f(b).dataSync())).toEqual([16, 25, 36]);
    expect(f.traceCount).toBe(1);
    f(tf.tensor1d([1, 2]));
    expect(f.traceCount).toBe(2);
    f(tf.tensor1d([1, 2], 'int32'));
    expect(f.traceCount).toBe(3);
    expect(f.concreteFunctions()).toHaveLength(3);
  });

  it('keys JS primitives by value and nesting by structure', () => {
    let traces = 0;
    const f = ag.jit(
      (x: tf.Tensor, k: number) => {
        traces++;
        return tf.mul(x, k);
      },
      { autograph: false },
    );
    const x = tf.scalar(2);
    expect(f(x, 3).dataSync()[0]).toBe(6);
    expect(f(x, 3).dataSync()[0]).toBe(6);
    expect(f(x, 4).dataSync()[0]).toBe(8);
    expect(traces).toBe(2);
    const g = ag.jit((p: { a: tf.Tensor; b: tf.Tensor[] }) => tf.add(p.a, p.b[0]!), { autograph: false });
    g({ a: x, b: [x] });
    g({ a: x, b: [x, x] });
    expect(g.traceCount).toBe(2);
  });

  it('returns the same nesting as the function: JS numbers and booleans as scalar tensors, other JS values passed through', () => {
    const f = ag.jit((x: tf.Tensor) => ({ y: [tf.neg(x), 7], z: 'tag', w: x, h: 0.5, ok: true, none: null }), {
      autograph: false,
    });
    const out = f(tf.tensor1d([1, -2]));
    expect(Array.from(out.y[0].dataSync())).toEqual([-1, 2]);
    expect([out.y[1].dtype, out.y[1].shape, out.y[1].dataSync()[0]]).toEqual(['int32', [], 7]);
    expect([out.h.dtype, out.h.dataSync()[0]]).toEqual(['float32', 0.5]);
    expect([out.ok.dtype, out.ok.dataSync()[0]]).toEqual(['bool', 1]);
    expect(out.none).toBe(null);
    expect(out.z).toBe('tag');
    expect(Array.from(out.w.dataSync())).toEqual([1, -2]);
  });

  it('getConcreteFunction accepts TensorSpecs and exposes the graph', () => {
    const f = ag.jit((x: tf.Tensor) => tf.relu(x), { autograph: false });
    const cf = f.getConcreteFunction(ag.spec([2, 2]));
    expect(cf.graph.toString()).toContain('Relu(%x)'); // params are named after the function's own
    expect(
      cf.call(
        tf.tensor2d([
          [-1, 2],
          [3, -4],
        ]),
      ) instanceof tf.Tensor,
    ).toBe(true);
    expect(f.traceCount).toBe(1);
    f(
      tf.tensor2d([
        [1, 1],
        [1, 1],
      ]),
    );
    expect(f.traceCount).toBe(1);
  });

  it('inputSignature fixes one trace and rejects calls that do not match', () => {
    const f = ag.jit((x: tf.Tensor) => tf.sum(x), { autograph: false, inputSignature: [ag.spec([3], 'float32')] });
    expect(f(tf.tensor1d([1, 2, 3])).dataSync()[0]).toBe(6);
    expect(() => f(tf.tensor1d([1, 2]))).toThrow(
      /does not match its inputSignature: expected float32\[3\], got float32\[2\]/,
    );
    expect(() => f(tf.tensor1d([1, 2, 3], 'int32'))).toThrow(/api\/signature-mismatch/);
    expect(() => (f as (...a: unknown[]) => unknown)()).toThrow(/inputSignature of 1 argument\(s\) but called with 0/);
    expect(f.traceCount).toBe(1);
  });

  it('inputSignature with a null dimension accepts any size there', () => {
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, tf.scalar(2)), {
      autograph: false,
      inputSignature: [ag.spec([null], 'float32')],
    });
    expect(Array.from((f(tf.tensor1d([1, 2])) as tf.Tensor).dataSync())).toEqual([2, 4]);
    expect(Array.from((f(tf.tensor1d([1, 2, 3])) as tf.Tensor).dataSync())).toEqual([2, 4, 6]);
    expect(f.traceCount).toBe(1);
    expect(f.concreteFunctions()[0]!.graph.toString()).toContain('float32[?]');
  });

  it('rejects bad specs and non-functions with catalogued errors', () => {
    expect(() => ag.spec([1.5])).toThrow(/api\/bad-spec/);
    expect(() => ag.spec([2], 'float64' as never)).toThrow(/unknown dtype 'float64'/);
    expect(() => ag.jit(42 as never)).toThrow(/api\/not-a-function/);
  });

  it('rejects a disposed tensor argument', () => {
    const f = ag.jit((x: tf.Tensor) => tf.abs(x), { autograph: false });
    const t = tf.scalar(1);
    t.dispose();
    expect(() => f(t)).toThrow(/argument 0 of .* is a disposed tensor/);
  });
});

describe('retracing warning', () => {
  it('says which argument changed and how, and suggests an inputSignature', () => {
    const seen: string[] = [];
    const f = ag.jit((x: tf.Tensor) => tf.sum(x), { autograph: false, name: 'total', onWarning: (m) => seen.push(m) });
    for (let n = 1; n <= 5; n++) f(tf.ones([n]));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('total was traced 5 times in its last 5 calls');
    expect(seen[0]).toContain('argument 0: shape [4] → [5]');
    expect(seen[0]).toContain("inputSignature: [ag.spec([null], 'float32')]");
  });

  it('names a changing JS value and suggests passing a tensor', () => {
    const seen: string[] = [];
    const f = ag.jit((x: tf.Tensor, k: number) => tf.mul(x, k), { autograph: false, onWarning: (m) => seen.push(m) });
    const x = tf.scalar(1);
    for (let k = 0; k < 5; k++) f(x, k);
    expect(seen[0]).toContain('argument 1: JS value 3 → 4');
    expect(seen[0]).toContain('as tensors');
  });

  it('stays quiet when calls hit the cache', () => {
    const seen: string[] = [];
    const f = ag.jit((x: tf.Tensor) => tf.sum(x), { autograph: false, onWarning: (m) => seen.push(m) });
    for (let i = 0; i < 20; i++) f(tf.ones([1 + (i % 2)]));
    expect(f.traceCount).toBe(2);
    expect(seen).toHaveLength(0);
  });
});
