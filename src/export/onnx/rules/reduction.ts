// ONNX rules of tfjs's reductions (Sum, Prod, Max (reductionIndices), Min, Mean, All, Any with axis/keepDims; opset 18
// takes axes as an input), ArgMax/ArgMin (int64 indices cast to int32), Cumsum, and Cumprod (ONNX has
// no CumProd: a Scan whose state is the running product, multiplied in the same order as tfjs).
// float32 Max/Min give NaN where a NaN is reduced, as tfjs does. Needs rule-types and the builder.
// Produces `REDUCTION_RULES`.

import type { DType } from '../../../ir/types.js';
import { elemTypeOf, rawBytes } from '../onnx-dtypes.js';
import { arg, axesOf, finish, out, outType, type OnnxRule } from './rule-types.js';

/**
 * A Reduce* op over tfjs's `axis` attr, computed in `work` (undefined: the output dtype), or via
 * int32 for bool reductions (All/Any).
 */
function reduce(onnxOp: string, work?: DType): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const to = outType(k).dtype;
    const d: DType = work ?? (to === 'bool' ? 'int32' : to);
    const rank = x.shape.length;
    const axes = axesOf(k.op === 'Max' ? k.attrs.reductionIndices : k.attrs.axis, rank);
    const xs = b.cast(x.name, x.dtype, d);
    if (axes.length === 0) {
      finish(b, k, xs, d);
      return;
    }
    const keepdims = k.attrs.keepDims ? 1 : 0;
    let r = b.op(onnxOp, [xs, b.int64(axes)], { keepdims });
    if (d === 'float32' && (k.op === 'Max' || k.op === 'Min')) {
      // tfjs's Max/Min of a NaN is NaN; onnxruntime's ReduceMax/ReduceMin may skip it.
      const nan = b.op('ReduceMax', [b.op('Cast', [b.op('IsNaN', [xs])], { to: 1 }), b.int64(axes)], { keepdims });
      r = b.op('Where', [b.op('Greater', [nan, b.scalar('float32', 0)]), b.scalar('float32', NaN), r]);
    }
    finish(b, k, r, d);
  };
}

function argExtreme(onnxOp: string): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const axis = axesOf(k.attrs.axis ?? 0, x.shape.length)[0]!;
    const d: DType = x.dtype === 'bool' ? 'int32' : x.dtype;
    const r = b.op(onnxOp, [b.cast(x.name, x.dtype, d)], { axis, keepdims: 0, select_last_index: 0 });
    b.op('Cast', [r], { to: 6 }, out(k));
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
  const sliceShape = x.shape.filter((_, i) => i !== axis);
  const oneShape = sliceShape.every((n) => n >= 0) ? b.int64(sliceShape) : b.op('Shape', [b.op('Gather', [xs, b.int64([0], true)], { axis })]);
  const ones = b.op('ConstantOfShape', [oneShape], { value: { tensor: { name: 'value', dataType: elemType, dims: [1], rawData: rawBytes(d, [1]) } } });

  const body = b.subgraph('cumprod_body');
  const type = { kind: 'tensor' as const, elemType, shape: sliceShape };
  const before = body.fresh('product');
  const slice = body.fresh('slice');
  body.addInput(before, type);
  body.addInput(slice, type);
  const after = body.op('Mul', [before, slice]);
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

export const REDUCTION_RULES: Readonly<Record<string, OnnxRule>> = {
  Sum: reduce('ReduceSum'),
  Prod: reduce('ReduceProd'),
  Max: reduce('ReduceMax'),
  Min: reduce('ReduceMin'),
  Mean: reduce('ReduceMean', 'float32'),
  All: reduce('ReduceMin', 'int32'),
  Any: reduce('ReduceMax', 'int32'),
  ArgMax: argExtreme('ArgMax'),
  ArgMin: argExtreme('ArgMin'),
  Cumsum: cumsum,
  Cumprod: cumprod,
};
