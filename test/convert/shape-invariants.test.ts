// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Shape invariants (TF's shape_invariants): `ag.setLoopOptions({ shapeInvariants: [[v, [null]]] })`
// lets a loop variable change size along the null dimensions; the graph carries it with unknown
// (-1) dimensions, every executor and export runs it, and misuses are catalogued errors.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { needsExecuteAsync } from '../../src/index.js';
import { verify } from '../../src/ir/verify.js';
import { expectAgError, i32, values } from './t-mode.js';

const scope = { tf, ag };

function grow(n) {
  let v = tf.ones([1]);
  let i = 0;
  while (i < n) {
    ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
    v = tf.concat([v, v.mul(2)]);
    i++;
  }
  return v;
}

function rows(n) {
  let m = tf.zeros([0, 2]);
  for (const i of ag.range(n)) {
    ag.setLoopOptions({ shapeInvariants: [[m, [null, 2]]] });
    const x = tf.cast(i, 'float32');
    m = tf.concat([m, tf.reshape(tf.stack([x, x]), [1, 2])]);
  }
  return m.sum(1);
}

describe('shape invariants', () => {
  it.each(['compiled', 'interpreter', 'onnxruntime'] as const)(
    'a loop variable grows along a null dimension (%s)',
    (executor) => {
      const f = ag.jit(grow, { scope, executor });
      expect(values(f(i32(3)))).toEqual(values(grow(3)));
      expect(values(f(i32(0)))).toEqual([1]);
      expect(values(f(i32(2)))).toEqual([1, 2, 2, 4]);
      expect(f.traceCount).toBe(1);
    },
  );
  it('in a for...of loop, with a known dimension kept', () => {
    const f = ag.jit(rows, { scope });
    expect(values(f(i32(4)))).toEqual([0, 2, 4, 6]);
    expect(values(f(i32(0)))).toEqual([]);
  });
  it('the graph has unknown dimensions there and verifies, before and after optimization', () => {
    const cf = ag.jit(grow, { scope }).getConcreteFunction(i32(3));
    expect(cf.graph.toString()).toMatch(/While\(.*\)/);
    expect(cf.graph.toString()).toContain('float32[?]');
    verify(cf.graph);
    verify(cf.optimizedGraph);
  });
  it('exports to a GraphModel that tfjs-converter runs', async () => {
    const cf = ag.jit(grow, { scope }).getConcreteFunction(i32(3));
    const artifacts = cf.toGraphModel();
    const model = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
    try {
      const out = needsExecuteAsync(artifacts) ? await model.executeAsync(i32(3)) : model.execute(i32(3));
      expect(values(out)).toEqual(values(grow(3)));
    } finally {
      model.dispose();
    }
  });
  it('a value that does not fit its invariant, before the loop or after an iteration, is a catalogued error', () => {
    function badRank(n) {
      let v = tf.ones([2, 2]);
      let i = 0;
      while (i < n) {
        ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
        v = tf.concat([v, v]);
        i++;
      }
      return v;
    }
    expectAgError(
      () => ag.jit(badRank, { scope })(i32(2)),
      'while/shape-invariant',
      "'v' has shape [2,2] before the loop, which does not fit its shape invariant [null]",
    );
    function badDim(n) {
      let v = tf.ones([1, 2]);
      let i = 0;
      while (i < n) {
        ag.setLoopOptions({ shapeInvariants: [[v, [null, 2]]] });
        v = tf.concat([v, v], 1);
        i++;
      }
      return v;
    }
    expectAgError(
      () => ag.jit(badDim, { scope })(i32(2)),
      'while/shape-invariant',
      "'v' has shape [?,4] after one iteration, which does not fit its shape invariant [null,2]",
    );
  });
  it('an invariant for a value that is not a loop variable, or a malformed one, is a catalogued error', () => {
    function notLoopVar(n) {
      const other = tf.ones([1]);
      let v = tf.ones([1]);
      let i = 0;
      while (i < n) {
        ag.setLoopOptions({ shapeInvariants: [[other, [null]]] });
        v = v.add(other);
        i++;
      }
      return v;
    }
    expectAgError(() => ag.jit(notLoopVar, { scope })(i32(2)), 'convert/shape-invariant-not-loop-var', "'v'");
    expectAgError(() => ag.setLoopOptions({ shapeInvariants: [tf.ones([1]), [null]] }), 'api/bad-shape-invariants');
  });
  it('without the invariant, growth is the shape-changed error (it is not ignored)', () => {
    function noInvariant(n) {
      let v = tf.ones([1]);
      let i = 0;
      while (i < n) {
        v = tf.concat([v, v]);
        i++;
      }
      return v;
    }
    expectAgError(() => ag.jit(noInvariant, { scope })(i32(2)), 'convert/loop-var-shape-changed', "'v'");
  });
  it('a staged if merging a grown value with a fixed-size one gives unknown dimensions where they differ', () => {
    function insideIf(n) {
      let v = tf.ones([2]);
      let i = 0;
      if (n > 1) {
        while (i < n) {
          ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
          v = tf.concat([v, v]);
          i++;
        }
      } else {
        v = tf.zeros([3]);
      }
      return v;
    }
    const f = ag.jit(insideIf, { scope });
    expect(values(f(i32(2)))).toEqual(new Array(8).fill(1));
    expect(values(f(i32(0)))).toEqual([0, 0, 0]);
    const cf = f.getConcreteFunction(i32(2));
    expect(cf.graph.toString()).toMatch(/float32\[\?\]\) = Cond|%\d+: float32\[\?\] = Cond/);
    verify(cf.graph);
    // Two known sizes still disagree: the catalogued error.
    function fixed(c) {
      let v = tf.ones([2]);
      if (c > 0) v = tf.ones([3]);
      return v;
    }
    expectAgError(() => ag.jit(fixed, { scope })(i32(1)), 'cond/shape-mismatch');
  });
  it('ag.whileLoop takes shapeInvariants per loop variable', () => {
    const f = ag.jit(
      (x) =>
        ag.whileLoop(
          (v, i) => tf.less(i, 3),
          (v, i) => [tf.concat([v, v]), tf.add(i, tf.scalar(1, 'int32'))],
          [x, tf.scalar(0, 'int32')],
          { shapeInvariants: [[null], undefined] },
        )[0],
      { autograph: false },
    );
    expect(values(f(tf.ones([1])))).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
