// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Tensor-indexed lists (TF's slices converter): `z[i]` and `z[i] = x` with a tensor `i` on a staged
// list, rows of tensors read and replaced with `x[i]`, and plain JS arrays unchanged; a JS array
// indexed by a tensor known only at run time is a catalogued error.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { needsExecuteAsync } from '../../src/index.js';
import { expectAgError, f32, i32, values } from './t-mode.js';

const scope = { tf, ag };

function readAt(n, k) {
  const z = [];
  ag.setElementType(z, 'int32');
  for (const i of ag.range(n)) z.push(i * 10);
  return z[k];
}
function writeAt(n, k) {
  const z = [];
  ag.setElementType(z, 'int32');
  for (const i of ag.range(n)) z.push(i * 10);
  z[k] = 7;
  z[k] += 1;
  return ag.stack(z);
}
function squaresInPlace(n) {
  const z = [];
  ag.setElementType(z, 'int32');
  for (const i of ag.range(n)) z.push(0);
  for (const i of ag.range(n)) z[i] = i * i;
  let s = 0;
  for (const i of ag.range(n)) s += z[i];
  return [ag.stack(z), s];
}

describe('a staged list indexed by a tensor', () => {
  it.each(['compiled', 'interpreter', 'onnxruntime'] as const)('reads and writes elements (%s)', (executor) => {
    expect(values(ag.jit(readAt, { scope, executor })(i32(4), i32(2)))).toBe(20);
    expect(values(ag.jit(writeAt, { scope, executor })(i32(4), i32(1)))).toEqual([0, 8, 20, 30]);
    expect(values(ag.jit(squaresInPlace, { scope, executor })(i32(4)))).toEqual([[0, 1, 4, 9], 14]);
  });
  it('the same programs on JS values give the same answers', () => {
    expect(readAt(4, 2)).toBe(20);
    expect(values(ag.toGraph(writeAt, { scope })(4, 1))).toEqual([0, 8, 20, 30]);
    expect(values(writeAt(4, 1))).toEqual([0, 8, 20, 30]);
    expect(values(ag.jit(squaresInPlace, { scope })(4))).toEqual([[0, 1, 4, 9], 14]);
  });
  it('an index past the end fails at run time with the catalogued error', () => {
    expectAgError(() => ag.jit(readAt, { scope })(i32(2), i32(5)), 'exec/list-index');
    expectAgError(() => ag.jit(writeAt, { scope, executor: 'interpreter' })(i32(2), i32(5)), 'exec/list-index');
  });
  it('exports to a GraphModel that tfjs-converter runs', async () => {
    const artifacts = ag.jit(writeAt, { scope }).getConcreteFunction(i32(4), i32(1)).toGraphModel();
    const model = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
    try {
      const out = needsExecuteAsync(artifacts)
        ? await model.executeAsync([i32(4), i32(1)])
        : model.execute([i32(4), i32(1)]);
      expect(values(out)).toEqual([0, 8, 20, 30]);
    } finally {
      model.dispose();
    }
  });
});

describe('tensors indexed like arrays', () => {
  it('x[i] is row i and x[i] = v replaces it, as on the JS arrays of the same values', () => {
    function row(x, k) {
      return x[k];
    }
    function replace(x, k) {
      x[k] = 0;
      return x;
    }
    expect(
      values(
        ag.jit(row, { scope })(
          tf.tensor2d([
            [1, 2],
            [3, 4],
          ]),
          i32(1),
        ),
      ),
    ).toEqual(
      row(
        [
          [1, 2],
          [3, 4],
        ],
        1,
      ),
    );
    expect(values(ag.jit(replace, { scope })(tf.tensor1d([1, 2, 3]), i32(1)))).toEqual(replace([1, 2, 3], 1));
    // A JS number index, from a loop over JS values.
    function sumRows(x) {
      let s = 0;
      for (let i = 0; i < 3; i++) s = s + x[i];
      return s;
    }
    expect(values(ag.jit(sumRows, { scope })(f32([1, 2, 3])))).toBe(6);
  });
});

describe('JS arrays', () => {
  it('indexed by JS values stay plain JS', () => {
    function f(k) {
      const z = [1, 2, 3];
      let s = 0;
      for (let i = 0; i < 3; i++) {
        s += z[i];
        z[i] += 1;
      }
      const o = { a: 1 };
      const key = 'a';
      o[key] = o[key] + k;
      return [s, z, o.a];
    }
    // jit hands JS numbers back as scalar tensors (as typed); their values are plain JS's.
    expect(values(ag.jit(f, { scope })(5))).toEqual(f(5));
  });
  it('indexed by a tensor known only at run time: a catalogued error', () => {
    function pick(x, k) {
      const z = [x, x.mul(2)];
      return z[k];
    }
    expectAgError(() => ag.jit(pick, { scope })(f32(1), i32(1)), 'list/tensor-index', 'cannot index a JS array');
    // Eagerly (a concrete index) it is read.
    expect(values(ag.toGraph(pick, { scope })(f32(1), i32(1)))).toBe(2);
  });
});

describe('tf.range with a tensor bound', () => {
  it('is a catalogued error naming ag.range (an op attribute is fixed when the graph is made)', () => {
    expectAgError(
      () => ag.jit((n) => tf.range(0, n), { scope })(i32(5)),
      'trace/tensor-attribute',
      "the Range op takes 'stop' as a JS number",
    );
    let hint = '';
    try {
      ag.jit((n) => tf.range(0, n), { scope })(i32(5));
    } catch (e) {
      hint = e.hint;
    }
    expect(hint).toContain('ag.range(n)');
  });
  it('the staged way the hint gives makes 0..n-1', () => {
    function upTo(n) {
      const z = [];
      ag.setElementType(z, 'int32');
      for (const i of ag.range(n)) z.push(i);
      return ag.stack(z);
    }
    const f = ag.jit(upTo, { scope });
    expect(values(f(i32(5)))).toEqual([0, 1, 2, 3, 4]);
    expect(values(f(i32(0)))).toEqual([]);
  });
});
