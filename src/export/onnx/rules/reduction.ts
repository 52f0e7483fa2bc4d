// ONNX rules of tfjs's reductions (Sum, Prod, Max (reductionIndices), Min, Mean, All, Any with axis/keepDims; opset 18
// takes axes as an input), ArgMax/ArgMin (int64 indices cast to int32), Cumsum, and Cumprod (ONNX has
// no CumProd: a Scan whose state is the running product, multiplied in the same order as tfjs), with
// the values of tfjs's cpu kernels: Sum, Prod and Mean accumulate in doubles (int32 results wrapped);
// float Max/Min take the first extreme element (its signed zero) and are NaN if any element is;
// ArgMax/ArgMin skip NaNs after the first element; empty reductions give tfjs's NaN, 0 or false.
// Needs support/rule-types, support/tfjs-numerics and the builder. Produces `REDUCTION_RULES`.

import type { DType } from '../../../ir/types.js';
import { elemTypeOf, rawBytes } from '../onnx-dtypes.js';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import {
  arg,
  axesOf,
  finish,
  out,
  outType,
  type Arg,
  type KernelCall,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';
import { doubleToFloat, doubleToInt32, toDouble } from './support/tfjs-numerics.js';
import { int32Multiply } from './support/binary-edges.js';
import { plusZero } from './elementwise-unary.js';

/** The reduced axes of a reduction kernel call. */
function reducedAxes(k: KernelCall, x: Arg): number[] {
  return axesOf(k.op === 'Max' ? k.attrs.reductionIndices : k.attrs.axis, x.shape.length);
}

/** The number of elements reduced into each output: a count, or undefined when only known at run time. */
function reduceSize(x: Arg, axes: readonly number[]): number | undefined {
  const dims = axes.map((a) => x.shape[a]!);
  return dims.some((d) => d < 0) ? undefined : dims.reduce((p, d) => p * d, 1);
}

/** A bool scalar: does each output reduce no element? (Run time, for shapes with unknown dims.) */
function emptyAtRunTime(b: OnnxGraphBuilder, x: string, axes: readonly number[]): string {
  const dims = b.op('Gather', [b.op('Shape', [x]), b.int64([...axes])], { axis: 0 });
  return b.op('Equal', [b.op('ReduceProd', [dims], { keepdims: 0 }), b.int64([0], true)]);
}

/** `value` (a scalar of the output dtype) in the output's shape, for reductions of no element. */
function filled(b: OnnxGraphBuilder, k: KernelCall, x: string, axes: readonly number[], value: string): string {
  const like = b.op('ReduceSum', [b.op('Cast', [x], { to: 7 }), b.int64([...axes])], {
    keepdims: k.attrs.keepDims ? 1 : 0,
  });
  return b.op('Expand', [value, b.op('Shape', [like])]);
}

/** What tfjs gives for an empty Max/Min/All/Any: NaN (float; an int32 store of NaN is 0), false. */
function emptyValue(b: OnnxGraphBuilder, dtype: DType): string {
  return dtype === 'float32'
    ? b.scalar('float32', NaN)
    : dtype === 'bool'
      ? b.scalar('bool', false)
      : b.scalar(dtype, 0);
}

/**
 * Sum, Prod, Mean: tfjs accumulates in doubles and stores the result once (float32: rounded; int32:
 * wrapped), so the reduction runs in float64. Mean divides each float32 element by the count first,
 * as tfjs's kernel does.
 */
function accumulate(onnxOp: 'ReduceSum' | 'ReduceProd', mean = false): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const to = outType(k).dtype;
    const axes = reducedAxes(k, x);
    let xs = x.name;
    if (mean) {
      const size = reduceSize(x, axes);
      const n =
        size !== undefined
          ? b.scalar('float32', size)
          : b.op(
              'Cast',
              [
                b.op('ReduceProd', [b.op('Gather', [b.op('Shape', [x.name]), b.int64(axes)], { axis: 0 })], {
                  keepdims: 0,
                }),
              ],
              { to: 1 },
            );
      xs = b.op('Div', [b.cast(x.name, x.dtype, 'float32'), n]);
    }
    const xd = toDouble(b, xs);
    const r = axes.length === 0 ? xd : b.op(onnxOp, [xd, b.int64(axes)], { keepdims: k.attrs.keepDims ? 1 : 0 });
    // A float sum starts from +0 in tfjs (a sum of −0s is +0); a product from 1.
    if (to === 'float32' && onnxOp === 'ReduceSum') plusZero(b, doubleToFloat(b, r), out(k));
    else if (to === 'float32') b.op('Identity', [doubleToFloat(b, r)], {}, out(k));
    else finish(b, k, doubleToInt32(b, r, true), 'int32');
  };
}

/**
 * Float Max/Min as tfjs computes them: the first extreme element in order (so the sign of a zero is
 * that element's), NaN where any element is NaN. The reduced axes are moved last and flattened, the
 * first extreme's index found with ArgMax/ArgMin, the element gathered.
 */
function floatExtreme(
  b: OnnxGraphBuilder,
  k: KernelCall,
  x: Arg,
  axes: readonly number[],
  kind: 'Max' | 'Min',
): string {
  const rank = x.shape.length;
  const kept = [...Array(rank).keys()].filter((a) => !axes.includes(a));
  const moved =
    kept.length + axes.length === rank && axes.every((a, i) => a === kept.length + i)
      ? x.name
      : b.op('Transpose', [x.name], { perm: [...kept, ...axes] });
  const size = reduceSize(x, axes);
  const known = kept.every((a) => x.shape[a]! >= 0) && size !== undefined;
  // Static dims where known (a -1 cannot be inferred for an empty tensor); else copy the kept dims.
  const rows = b.op('Reshape', [
    moved,
    b.int64(known ? [...kept.map((a) => x.shape[a]!), size!] : [...kept.map(() => 0), -1]),
  ]);
  const index = b.op(kind === 'Max' ? 'ArgMax' : 'ArgMin', [rows], { axis: -1, keepdims: 1, select_last_index: 0 });
  const picked = b.op('GatherElements', [rows, index], { axis: -1 });
  const nan = b.op(
    'Cast',
    [b.op('ReduceMax', [b.op('Cast', [b.op('IsNaN', [rows])], { to: 6 }), b.int64([-1])], { keepdims: 1 })],
    { to: 9 },
  );
  let r = b.op('Squeeze', [b.op('Where', [nan, b.scalar('float32', NaN), picked]), b.int64([-1])]);
  if (k.attrs.keepDims) r = b.op('Unsqueeze', [r, b.int64([...axes])]);
  return r;
}

/** Max, Min, All, Any: ONNX Reduce* (float Max/Min by floatExtreme), with tfjs's values for empty reductions. */
function extreme(onnxOp: 'ReduceMax' | 'ReduceMin'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const to = outType(k).dtype;
    const d: DType = to === 'bool' ? 'int32' : to;
    const axes = reducedAxes(k, x);
    const xs = b.cast(x.name, x.dtype, d);
    if (axes.length === 0) {
      finish(b, k, xs, d);
      return;
    }
    const size = reduceSize(x, axes);
    // No element to reduce, or no output: tfjs's value for an empty reduction, in the output's shape.
    if (size === 0 || outType(k).shape.includes(0)) {
      b.op('Identity', [filled(b, k, x.name, axes, emptyValue(b, to))], {}, out(k));
      return;
    }
    if (d === 'float32') {
      finish(b, k, floatExtreme(b, k, { ...x, name: xs }, axes, onnxOp === 'ReduceMax' ? 'Max' : 'Min'), d);
      return;
    }
    let r = b.op(onnxOp, [xs, b.int64(axes)], { keepdims: k.attrs.keepDims ? 1 : 0 });
    if (size === undefined) r = b.op('Where', [emptyAtRunTime(b, x.name, axes), b.cast(emptyValue(b, to), to, d), r]);
    finish(b, k, r, d);
  };
}

/**
 * ArgMax/ArgMin as tfjs's loop finds them: the first extreme element, where NaNs never win unless the
 * first element is NaN (then index 0). NaNs become −Infinity (ArgMax) / +Infinity (ArgMin) first.
 * An axis of size 0 gives index 0 (tfjs) where onnxruntime fails.
 */
function argExtreme(onnxOp: 'ArgMax' | 'ArgMin'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
    const d: DType = x.dtype === 'bool' ? 'int32' : x.dtype;
    let xs = b.cast(x.name, x.dtype, d);
    if (x.shape[axis] === 0) {
      b.op('Identity', [b.op('Cast', [filled(b, k, x.name, [axis], b.int64([0], true))], { to: 6 })], {}, out(k));
      return;
    }
    if (d !== 'float32') {
      b.op('Cast', [b.op(onnxOp, [xs], { axis, keepdims: 0, select_last_index: 0 })], { to: 6 }, out(k));
      return;
    }
    const nan = b.op('IsNaN', [xs]);
    xs = b.op('Where', [nan, b.scalar('float32', onnxOp === 'ArgMax' ? -Infinity : Infinity), xs]);
    const r = b.op(onnxOp, [xs], { axis, keepdims: 0, select_last_index: 0 });
    const firstNaN = b.op('IsNaN', [b.op('Gather', [x.name, b.int64([0], true)], { axis })]);
    b.op('Cast', [b.op('Where', [firstNaN, b.int64([0], true), r])], { to: 6 }, out(k));
  };
}

const cumsum: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
  const d = outType(k).dtype;
  const r = b.op('CumSum', [b.cast(x.name, x.dtype, d), b.int64([axis], true)], {
    exclusive: k.attrs.exclusive ? 1 : 0,
    reverse: k.attrs.reverse ? 1 : 0,
  });
  finish(b, k, r, d);
};

/**
 * Cumprod: Scan over `axis` (backwards when `reverse`) carrying the product so far, from ones of the
 * shape of one slice; each step emits the product before (exclusive) or after (inclusive) its slice.
 */
const cumprod: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
  const d = outType(k).dtype;
  const elemType = elemTypeOf(d);
  const xs = b.cast(x.name, x.dtype, d);
  if (x.shape[axis] === 0) {
    b.op('Identity', [xs], {}, out(k)); // onnxruntime's Scan fails on an empty axis
    return;
  }
  const sliceShape = x.shape.filter((_, i) => i !== axis);
  const oneShape = sliceShape.every((n) => n >= 0)
    ? b.int64(sliceShape)
    : b.op('Shape', [b.op('Gather', [xs, b.int64([0], true)], { axis })]);
  const ones = b.op('ConstantOfShape', [oneShape], {
    value: { tensor: { name: 'value', dataType: elemType, dims: [1], rawData: rawBytes(d, [1]) } },
  });

  const body = b.subgraph('cumprod_body');
  const type = { kind: 'tensor' as const, elemType, shape: sliceShape };
  const before = body.fresh('product');
  const slice = body.fresh('slice');
  body.addInput(before, type);
  body.addInput(slice, type);
  // tfjs stores each product into the output array: int32 products computed in doubles, wrapped.
  const after = d === 'int32' ? int32Multiply(body, before, slice) : body.op('Mul', [before, slice]);
  const state = body.op('Identity', [after], {}, body.fresh('product_out'));
  const emitted = body.op('Identity', [k.attrs.exclusive ? before : after], {}, body.fresh('scan_out'));
  body.addOutput(state, type);
  body.addOutput(emitted, type);

  const direction = k.attrs.reverse ? 1 : 0;
  const [, r] = b.node('Scan', [ones, xs], 2, {
    body: { graph: body.toProto() },
    num_scan_inputs: 1,
    scan_input_axes: [axis],
    scan_input_directions: [direction],
    scan_output_axes: [axis],
    scan_output_directions: [direction],
  });
  finish(b, k, r!, d);
};

export const REDUCTION_RULES: OnnxRuleTable = {
  Sum: accumulate('ReduceSum'),
  Prod: accumulate('ReduceProd'),
  Max: extreme('ReduceMax'),
  Min: extreme('ReduceMin'),
  Mean: accumulate('ReduceSum', true),
  All: extreme('ReduceMin'),
  Any: extreme('ReduceMax'),
  ArgMax: argExtreme('ArgMax'),
  ArgMin: argExtreme('ArgMin'),
  Cumsum: cumsum,
  Cumprod: cumprod,
};
