// Invalid kernel inputs: each rule throws a plain Error whose message names the kernel and the shapes involved.
// Needs the rule table only (no backend).

import { describe, expect, it } from 'vitest';
import { shapeRuleFor } from '../../../src/trace/rules/index.js';
import type { ArgInfo } from '../../../src/trace/rules/support/rule-types.js';

const f = (...shape: number[]): ArgInfo => ({ shape, dtype: 'float32' });
const i32 = (...shape: number[]): ArgInfo => ({ shape, dtype: 'int32' });

function run(kernel: string, inputs: Record<string, ArgInfo> | ArgInfo[], attrs: Record<string, unknown> = {}) {
  const list = Array.isArray(inputs) ? inputs : Object.values(inputs);
  const named = Array.isArray(inputs) ? Object.fromEntries(inputs.map((a, i) => [String(i), a])) : inputs;
  return () => shapeRuleFor(kernel)!({ inputs: named, list, attrs });
}

describe('rule errors name the kernel and the shapes', () => {
  it('incompatible broadcasts', () => {
    expect(run('Add', { a: f(2, 3), b: f(4) })).toThrow(/^Add: shapes \[2,3\] and \[4\] are not broadcast-compatible/);
    expect(run('Greater', { a: f(2, -1, 3), b: f(5, 2) })).toThrow(/Greater: shapes \[2,\?,3\] and \[5,2\]/);
    expect(run('Select', { condition: { shape: [3], dtype: 'bool' }, t: f(4, 2), e: f(4, 2) })).toThrow(
      /Select.*\[3\].*\[4,2\]/,
    );
    expect(run('AddN', [f(2, 3), f(3, 2)])).toThrow(/AddN.*\[2,3\], \[3,2\]/);
  });

  it('matmul inner dimensions', () => {
    expect(run('BatchMatMul', { a: f(2, 3), b: f(4, 5) }, { transposeA: false, transposeB: false })).toThrow(
      /^BatchMatMul: inner dimensions of \[2,3\] and \[4,5\]/,
    );
    expect(run('BatchMatMul', { a: f(2, 2, 3), b: f(3, 3, 4) }, { transposeA: false, transposeB: false })).toThrow(
      /BatchMatMul: shapes \[2\] and \[3\]/,
    );
    expect(run('_FusedMatMul', { a: f(2, 3), b: f(3) }, {})).toThrow(/_FusedMatMul.*rank >= 2.*\[2,3\].*\[3\]/);
    expect(run('Einsum', [f(2, 3), f(4, 5)], { equation: 'ij,jk->ik' })).toThrow(/Einsum: label 'j'.*\[2,3\], \[4,5\]/);
  });

  it('reshape, transpose, concat, split, tile', () => {
    expect(run('Reshape', { x: f(2, 3) }, { shape: [4] })).toThrow(
      /^Reshape: cannot reshape \[2,3\] \(6 elements\) to \[4\]/,
    );
    expect(run('Reshape', { x: f(2, 3) }, { shape: [-1, 4] })).toThrow(/Reshape.*\[2,3\].*not divisible/);
    expect(run('Reshape', { x: f(2, 3) }, { shape: [-1, -1] })).toThrow(/Reshape.*more than one -1/);
    expect(run('Transpose', { x: f(2, 3) }, { perm: [0, 0] })).toThrow(/Transpose: perm \[0,0\].*\[2,3\]/);
    expect(run('Concat', [f(2, 3), f(2, 4)], { axis: 0 })).toThrow(
      /Concat: shapes \[2,3\], \[2,4\] differ outside axis 0/,
    );
    expect(run('Pack', [f(2, 3), f(2, 4)], { axis: 0 })).toThrow(/Pack.*\[2,3\], \[2,4\]/);
    expect(run('SplitV', { x: f(2, 7) }, { numOrSizeSplits: 3, axis: 1 })).toThrow(
      /SplitV: 3 splits do not evenly divide dim 7 of \[2,7\]/,
    );
    expect(run('SplitV', { x: f(2, 7) }, { numOrSizeSplits: [2, 2], axis: 1 })).toThrow(/SplitV.*\[2,7\]/);
    expect(run('Tile', { x: f(2, 3) }, { reps: [2] })).toThrow(/Tile.*\[2,3\]/);
  });

  it('axes out of range', () => {
    expect(run('Sum', { x: f(2, 3) }, { axis: 2, keepDims: false })).toThrow(/^Sum: axis 2 is out of range for rank 2/);
    expect(run('Max', { x: f(2, 3) }, { reductionIndices: [-3], keepDims: false })).toThrow(/Max: axis -3/);
    expect(run('ArgMax', { x: f(2) }, { axis: 1 })).toThrow(/ArgMax: axis 1/);
    expect(run('GatherV2', { x: f(5, 3), indices: i32(2) }, { axis: 2, batchDims: 0 })).toThrow(/GatherV2: axis 2/);
  });

  it('slicing and gathering', () => {
    expect(run('Slice', { x: f(4, 5) }, { begin: [3, 0], size: [2, 1] })).toThrow(/Slice: .*out of bounds for \[4,5\]/);
    expect(
      run(
        'StridedSlice',
        { x: f(4, 5) },
        {
          begin: [0],
          end: [1],
          strides: [0],
          beginMask: 0,
          endMask: 0,
          ellipsisMask: 0,
          newAxisMask: 0,
          shrinkAxisMask: 0,
        },
      ),
    ).toThrow(/StridedSlice: invalid slice of \[4,5\].*non-zero/);
    expect(
      run(
        'StridedSlice',
        { x: f(4, 5) },
        {
          begin: [7],
          end: [8],
          strides: [1],
          beginMask: 0,
          endMask: 0,
          ellipsisMask: 0,
          newAxisMask: 0,
          shrinkAxisMask: 1,
        },
      ),
    ).toThrow(/StridedSlice.*\[4,5\].*out of bounds/);
    expect(run('GatherV2', { x: f(2, 5), indices: i32(3, 4) }, { axis: 1, batchDims: 1 })).toThrow(
      /GatherV2: batch dims of x \[2,5\] and indices \[3,4\]/,
    );
    expect(run('GatherNd', { params: f(4, 5), indices: i32(2, 3) })).toThrow(
      /GatherNd: index depth 3 of indices \[2,3\] exceeds the rank of params \[4,5\]/,
    );
    expect(run('TopK', { x: f(2, 3) }, { k: 4, sorted: true })).toThrow(/TopK: k=4.*\[2,3\]/);
  });

  it('convolution and pooling', () => {
    const conv = { strides: 1, pad: 'valid', dataFormat: 'NHWC', dilations: [1, 1] };
    expect(run('Conv2D', { x: f(5, 5, 3), filter: f(3, 3, 3, 4) }, conv)).toThrow(
      /Conv2D: x \[5,5,3\] and filter \[3,3,3,4\] must be rank 4/,
    );
    expect(run('Conv2D', { x: f(1, 4, 4, 3), filter: f(3, 3, 3, 4) }, { ...conv, pad: 'bogus' })).toThrow(
      /Conv2D: convolution .* of \[1,4,4,3\] and \[3,3,3,4\] is invalid: .*bogus/,
    );
    expect(run('Conv2D', { x: f(1, 4, 4, 2), filter: f(3, 3, 3, 4) }, conv)).toThrow(
      /Conv2D: input channels of x \[1,4,4,2\].*filter \[3,3,3,4\]/,
    );
    expect(run('FusedDepthwiseConv2D', { x: f(1, 4, 4, 2), filter: f(3, 3, 3, 1) }, conv)).toThrow(
      /FusedDepthwiseConv2D: input channels/,
    );
    expect(run('MaxPool', { x: f(5, 5, 2) }, { filterSize: 2, strides: 2, pad: 'valid' })).toThrow(
      /MaxPool: x must be rank 4.*\[5,5,2\]/,
    );
    expect(run('Conv2DBackpropInput', { dy: f(1, 3, 3, 2), filter: f(3, 3, 4, 2) }, { inputShape: [1, 6] })).toThrow(
      /Conv2DBackpropInput: attr 'inputShape'/,
    );
  });

  it('bad attrs', () => {
    expect(run('Cast', { x: f(2) }, { dtype: 'float64' })).toThrow(/Cast: attr 'dtype'.*float64/);
    expect(run('Range', {}, { start: 0, stop: 3, step: 0, dtype: 'float32' })).toThrow(/Range: step must not be zero/);
    expect(run('OneHot', { indices: i32(3) }, { depth: -1, dtype: 'int32' })).toThrow(/OneHot: depth/);
    expect(run('Fill', {}, { shape: [2, -3], value: 1, dtype: 'float32' })).toThrow(/Fill: invalid shape/);
    expect(run('Unpack', { value: f(-1, 3) }, { axis: 0 })).toThrow(/Unpack: cannot unstack \[\?,3\] along axis 0/);
  });

  it('errors are plain Errors', () => {
    try {
      run('Add', { a: f(2), b: f(3) })();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).constructor).toBe(Error);
    }
  });
});
