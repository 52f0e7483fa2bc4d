// Rules on shapes with unknown (-1) dims: direct cases per family, and a soundness sweep over the recorded
// corpus (turning input dims into -1 may only turn output dims into -1, never into another number).
// Needs the rule table, the corpus recorder and the cpu backend.

import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { DATA_DEPENDENT_KERNELS, shapeRuleFor } from '../../../src/trace/rules/index.js';
import type { ArgInfo } from '../../../src/trace/rules/support/rule-types.js';
import { broadcastShapes } from '../../../src/trace/rules/support/shape-util.js';
import type { DType } from '../../../src/ir/types.js';
import { CORPUS } from './corpus.js';
import { recordKernels, type Invocation } from './record.js';

const f = (...shape: number[]): ArgInfo => ({ shape, dtype: 'float32' });
const i32 = (...shape: number[]): ArgInfo => ({ shape, dtype: 'int32' });

/** Runs a rule with named inputs (in order) and returns the output shapes. */
function shapes(
  kernel: string,
  inputs: Record<string, ArgInfo> | ArgInfo[],
  attrs: Record<string, unknown> = {},
): number[][] {
  const list = Array.isArray(inputs) ? inputs : Object.values(inputs);
  const named = Array.isArray(inputs) ? Object.fromEntries(inputs.map((a, i) => [String(i), a])) : inputs;
  return shapeRuleFor(kernel)!({ inputs: named, list, attrs }).map((o) => [...o.shape]);
}
const dtypeOf = (kernel: string, inputs: Record<string, ArgInfo>, attrs: Record<string, unknown> = {}): DType =>
  shapeRuleFor(kernel)!({ inputs, list: Object.values(inputs), attrs })[0]!.dtype;

describe('broadcasting with unknown dims', () => {
  it('(-1, n>1) gives n, (-1, 1) and (-1, -1) give -1', () => {
    expect(broadcastShapes('Add', [-1, 3], [1])).toEqual([-1, 3]);
    expect(broadcastShapes('Add', [-1], [4])).toEqual([4]);
    expect(broadcastShapes('Add', [4], [-1])).toEqual([4]);
    expect(broadcastShapes('Add', [-1], [1])).toEqual([-1]);
    expect(broadcastShapes('Add', [-1], [-1])).toEqual([-1]);
    expect(broadcastShapes('Add', [2, -1], [-1, 1])).toEqual([2, -1]);
    expect(broadcastShapes('Add', [], [-1, 2])).toEqual([-1, 2]);
    expect(shapes('Add', { a: f(-1, 1, 3), b: f(4, 1) })).toEqual([[-1, 4, 3]]);
    expect(shapes('Select', { condition: { shape: [-1, 3], dtype: 'bool' }, t: f(2, 3), e: f(2, 3) })).toEqual([
      [2, 3],
    ]);
    expect(dtypeOf('Less', { a: f(-1), b: f(-1) })).toBe('bool');
  });
});

describe('rules with unknown dims', () => {
  it('reductions over and beside an unknown axis', () => {
    expect(shapes('Sum', { x: f(-1, 3) }, { axis: 0, keepDims: false })).toEqual([[3]]);
    expect(shapes('Sum', { x: f(-1, 3) }, { axis: [-2], keepDims: true })).toEqual([[1, 3]]);
    expect(shapes('Max', { x: f(-1, 3) }, { reductionIndices: 1, keepDims: false })).toEqual([[-1]]);
    expect(shapes('Mean', { x: f(-1, 3) }, { axis: null, keepDims: false })).toEqual([[]]);
    expect(shapes('ArgMax', { x: f(2, -1, 4) }, { axis: -1 })).toEqual([[2, -1]]);
    expect(shapes('Cumsum', { x: f(-1, 2) }, { axis: 0, exclusive: false, reverse: false })).toEqual([[-1, 2]]);
  });

  it('reshape: an unknown input size leaves the -1 unknown; a known one infers it', () => {
    expect(shapes('Reshape', { x: f(-1, 3) }, { shape: [-1] })).toEqual([[-1]]);
    expect(shapes('Reshape', { x: f(-1, 3) }, { shape: [3, -1] })).toEqual([[3, -1]]);
    expect(shapes('Reshape', { x: f(-1, 3) }, { shape: [6] })).toEqual([[6]]);
    expect(shapes('Reshape', { x: f(2, 3) }, { shape: [-1, 2] })).toEqual([[3, 2]]);
    expect(shapes('Reshape', { x: f(0, 3) }, { shape: [-1, 3] })).toEqual([[0, 3]]);
  });

  it('matmul, concat, pack, tile, split', () => {
    expect(shapes('BatchMatMul', { a: f(-1, 2, 3), b: f(3, 4) }, { transposeA: false, transposeB: false })).toEqual([
      [-1, 2, 4],
    ]);
    expect(shapes('BatchMatMul', { a: f(2, -1), b: f(5, -1) }, { transposeA: false, transposeB: true })).toEqual([
      [2, 5],
    ]);
    expect(shapes('Concat', [f(-1, 3), f(2, 3)], { axis: 0 })).toEqual([[-1, 3]]);
    expect(shapes('Concat', [f(-1, 3), f(2, 4)], { axis: -1 })).toEqual([[2, 7]]);
    expect(shapes('Pack', [f(-1, 2), f(3, 2)], { axis: 1 })).toEqual([[3, 2, 2]]);
    expect(shapes('Tile', { x: f(-1, 2) }, { reps: [3, 0] })).toEqual([[-1, 0]]);
    expect(shapes('SplitV', { x: f(-1, 4) }, { numOrSizeSplits: 2, axis: 0 })).toEqual([
      [-1, 4],
      [-1, 4],
    ]);
    expect(shapes('SplitV', { x: f(-1, 4) }, { numOrSizeSplits: [1, -1], axis: 0 })).toEqual([
      [1, 4],
      [-1, 4],
    ]);
    expect(shapes('SplitV', { x: f(2, 7) }, { numOrSizeSplits: [-1, 2], axis: 1 })).toEqual([
      [2, 5],
      [2, 2],
    ]);
    expect(shapes('Einsum', [f(-1, 3), f(3, 4)], { equation: 'ij,jk->ik' })).toEqual([[-1, 4]]);
  });

  it('slicing and gathering', () => {
    expect(shapes('Slice', { x: f(-1, 5) }, { begin: [0, 1], size: [-1, 2] })).toEqual([[-1, 2]]);
    expect(
      shapes(
        'StridedSlice',
        { x: f(-1, 4) },
        {
          begin: [0, 1],
          end: [0, 3],
          strides: [1, 1],
          beginMask: 1,
          endMask: 1,
          ellipsisMask: 0,
          newAxisMask: 0,
          shrinkAxisMask: 0,
        },
      ),
    ).toEqual([[-1, 2]]);
    expect(
      shapes(
        'StridedSlice',
        { x: f(-1, 4) },
        {
          begin: [0],
          end: [1],
          strides: [1],
          beginMask: 0,
          endMask: 0,
          ellipsisMask: 0,
          newAxisMask: 0,
          shrinkAxisMask: 1,
        },
      ),
    ).toEqual([[4]]);
    expect(shapes('GatherV2', { x: f(5, 3), indices: i32(-1) }, { axis: 0, batchDims: 0 })).toEqual([[-1, 3]]);
    expect(shapes('GatherV2', { x: f(-1, 5, 3), indices: i32(2, 4) }, { axis: 1, batchDims: 1 })).toEqual([[2, 4, 3]]);
    expect(shapes('GatherNd', { params: f(-1, 5, 3), indices: i32(-1, 2) })).toEqual([[-1, 3]]);
    expect(
      shapes(
        'PadV2',
        { x: f(-1, 2) },
        {
          paddings: [
            [1, 1],
            [0, 3],
          ],
          constantValue: 0,
        },
      ),
    ).toEqual([[-1, 5]]);
    expect(shapes('TopK', { x: f(-1, 6) }, { k: 2, sorted: true })).toEqual([
      [-1, 2],
      [-1, 2],
    ]);
  });

  it('convolution and pooling with an unknown batch or spatial dim', () => {
    const conv = { strides: 1, pad: 'same', dataFormat: 'NHWC', dilations: [1, 1] };
    expect(shapes('Conv2D', { x: f(-1, 5, 5, 3), filter: f(3, 3, 3, 4) }, conv)).toEqual([[-1, 5, 5, 4]]);
    expect(
      shapes('Conv2D', { x: f(2, -1, 5, 3), filter: f(3, 3, 3, 4) }, { ...conv, pad: 'valid', strides: 2 }),
    ).toEqual([[2, -1, 2, 4]]);
    expect(
      shapes('DepthwiseConv2dNative', { x: f(-1, 6, 6, 3), filter: f(2, 2, 3, 2) }, { ...conv, strides: 2 }),
    ).toEqual([[-1, 3, 3, 6]]);
    expect(shapes('MaxPool', { x: f(-1, 5, 5, 2) }, { filterSize: 2, strides: 2, pad: 'valid' })).toEqual([
      [-1, 2, 2, 2],
    ]);
    expect(shapes('AvgPool', { x: f(1, -1, 4, 2) }, { filterSize: 2, strides: 1, pad: 'same' })).toEqual([
      [1, -1, 4, 2],
    ]);
    expect(
      shapes(
        'ResizeBilinear',
        { images: f(-1, 3, 4, 2) },
        { size: [6, 5], alignCorners: false, halfPixelCenters: false },
      ),
    ).toEqual([[-1, 6, 5, 2]]);
  });

  it('kernel names no cpu op reaches (BroadcastTo, LogSoftmax, LogicalXor)', () => {
    expect(shapes('BroadcastTo', { x: f(-1, 1) }, { shape: [4, -1, 3], inputShape: [-1, 1] })).toEqual([[4, -1, 3]]);
    expect(shapes('BroadcastTo', { x: f(2, 1) }, { shape: [4, 2, 3], inputShape: [2, 1] })).toEqual([[4, 2, 3]]);
    expect(() => shapes('BroadcastTo', { x: f(2, 3) }, { shape: [4, 2], inputShape: [2, 3] })).toThrow(
      /BroadcastTo: cannot broadcast \[2,3\] to \[4,2\]/,
    );
    expect(shapes('LogSoftmax', { logits: f(-1, 5) }, { axis: -1 })).toEqual([[-1, 5]]);
    expect(shapes('LogicalXor', { a: { shape: [-1, 1], dtype: 'bool' }, b: { shape: [3], dtype: 'bool' } })).toEqual([
      [-1, 3],
    ]);
  });

  it('data-dependent kernels answer -1 for what only the data decides', () => {
    expect(shapes('Unique', { x: i32(-1, 3) }, { axis: 1 })).toEqual([[-1, -1], [3]]);
    expect(
      shapes('NonMaxSuppressionV4', { boxes: f(6, 4), scores: f(6) }, { maxOutputSize: 5, padToMaxOutputSize: true }),
    ).toEqual([[5], []]);
    expect(shapes('SparseSegmentSum', { data: f(3, 4), indices: i32(2), segmentIds: i32(2) })).toEqual([[-1, 4]]);
  });

  it('unstacking along an unknown dim is an error naming the kernel and the shape', () => {
    expect(() => shapes('Unpack', { value: f(-1, 3) }, { axis: 0 })).toThrow(/Unpack.*\[\?,3\].*unknown/);
    expect(shapes('Unpack', { value: f(-1, 3) }, { axis: 1 })).toEqual([[-1], [-1], [-1]]);
  });
});

describe('soundness over the recorded corpus', () => {
  const calls: Invocation[] = [];
  beforeAll(async () => {
    await tf.setBackend('cpu');
    const seen = new Set<string>();
    for (const [, run] of CORPUS) {
      for (const c of recordKernels(run)) {
        const key = JSON.stringify([c.kernel, c.inputs, c.attrs]);
        const bad = c.outputs.some((o) => o.shape.some((d) => !Number.isInteger(d)));
        if (!seen.has(key) && !bad && !DATA_DEPENDENT_KERNELS.has(c.kernel)) {
          seen.add(key);
          calls.push(c);
        }
      }
    }
  });

  it('an unknown input dim only ever makes output dims unknown (or the rule refuses with its name)', () => {
    const problems: string[] = [];
    let tried = 0;
    for (const c of calls) {
      const rule = shapeRuleFor(c.kernel)!;
      c.inputs.forEach((input, i) => {
        const variants = [...input.shape.map((_, j) => [j]), input.shape.map((_, j) => j)].filter((v) => v.length > 0);
        for (const dims of variants) {
          const list = c.inputs.map((a, k) =>
            k === i ? { ...a, shape: a.shape.map((d, j) => (dims.includes(j) ? -1 : d)) } : a,
          );
          const inputs = Object.fromEntries(c.names.map((n, k) => [n, list[k]!]));
          const where = `${c.kernel} input ${i} dims ${JSON.stringify(dims)} of ${JSON.stringify(c.inputs.map((a) => a.shape))} attrs ${JSON.stringify(c.attrs)}`;
          tried++;
          let got: ArgInfo[];
          try {
            got = rule({ inputs, list, attrs: c.attrs });
          } catch (e) {
            if (!(e instanceof Error) || !e.message.includes(c.kernel))
              problems.push(`${where}: threw without naming the kernel: ${String(e)}`);
            continue;
          }
          const ok =
            got.length === c.outputs.length &&
            got.every((g, k) => {
              const want = c.outputs[k]!;
              return (
                g.dtype === want.dtype &&
                g.shape.length === want.shape.length &&
                g.shape.every((d, j) => Number.isInteger(d) && (d === -1 || d === want.shape[j]))
              );
            });
          if (!ok) problems.push(`${where}: got ${JSON.stringify(got)}, real ${JSON.stringify(c.outputs)}`);
        }
      });
    }
    expect(tried).toBeGreaterThan(2000);
    expect(problems.slice(0, 30)).toEqual([]);
  });
});
