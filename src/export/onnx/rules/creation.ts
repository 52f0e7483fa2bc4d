// ONNX rules of the creation kernels: Fill (ConstantOfShape), Range and LinSpace (values computed at
// export time exactly as tfjs's cpu kernels do, stored as initializers), OneHot (tfjs semantics:
// out-of-range and negative indices give all-off rows), Diag (an identity mask selecting the values).
// Needs support/rule-types, support/tfjs-numerics and the builder. Produces `CREATION_RULES`.

import type { DType } from '../../../ir/types.js';
import { elemTypeOf, rawBytes } from '../onnx-dtypes.js';
import { OnnxExportError } from '../onnx-errors.js';
import { arg, knownShape, out, outType, type OnnxRule, type OnnxRuleTable } from './support/rule-types.js';
import { select } from './support/tfjs-numerics.js';

const fill: OnnxRule = (b, k) => {
  const t = outType(k);
  if (t.dtype === 'string') throw new OnnxExportError('fill with strings has no ONNX rule');
  const shape = knownShape(t, 'fill');
  const tensor = {
    name: 'value',
    dataType: elemTypeOf(t.dtype),
    dims: [1],
    rawData: rawBytes(t.dtype, [Number(k.attrs.value)]),
  };
  b.op('ConstantOfShape', [b.int64(shape)], { value: { tensor } }, out(k));
};

function typedZeros(n: number, dtype: DType): Float32Array | Int32Array {
  return dtype === 'int32' ? new Int32Array(n) : new Float32Array(n);
}

/** The values of tfjs's cpu Range kernel (repeated addition in the output dtype). */
function rangeValues(start: number, stop: number, step: number, dtype: DType): Float32Array | Int32Array {
  if (start === stop || (start < stop && step < 0) || (stop < start && step > 1)) return typedZeros(0, dtype);
  const values = typedZeros(Math.abs(Math.ceil((stop - start) / step)), dtype);
  if (stop < start && step === 1) step = -1;
  values[0] = start;
  for (let i = 1; i < values.length; i++) values[i] = values[i - 1]! + step;
  return values;
}

const range: OnnxRule = (b, k) => {
  const t = outType(k);
  const values = rangeValues(Number(k.attrs.start), Number(k.attrs.stop), Number(k.attrs.step ?? 1), t.dtype);
  if (t.shape[0] !== values.length)
    throw new OnnxExportError(`range length ${values.length} differs from the traced shape [${t.shape}]`);
  b.op('Identity', [b.initializer('range', t.dtype, [values.length], values)], {}, out(k));
};

const linSpace: OnnxRule = (b, k) => {
  const num = Number(k.attrs.num);
  const start = Number(k.attrs.start);
  const step = (Number(k.attrs.stop) - start) / (num - 1);
  const values = new Float32Array(num);
  values[0] = start;
  for (let i = 1; i < num; i++) values[i] = values[i - 1]! + step;
  b.op('Identity', [b.initializer('linspace', 'float32', [num], values)], {}, out(k));
};

const oneHot: OnnxRule = (b, k) => {
  const indices = arg(k, 'indices');
  const t = outType(k);
  const depth = Number(k.attrs.depth);
  const positions = b.initializer(
    'onehot_positions',
    'int32',
    [depth],
    Int32Array.from({ length: depth }, (_, i) => i),
  );
  const idx = b.op('Unsqueeze', [b.cast(indices.name, indices.dtype, 'int32'), b.int64([-1])]);
  const hit = b.op('Equal', [idx, positions]);
  const on = b.scalar(t.dtype, Number(k.attrs.onValue ?? 1));
  const off = b.scalar(t.dtype, Number(k.attrs.offValue ?? 0));
  b.op('Where', [hit, on, off], {}, out(k));
};

const diag: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const shape = knownShape(x, 'diag');
  const n = shape.reduce((p, d) => p * d, 1);
  const eye = b.op('Cast', [b.op('EyeLike', [b.op('ConstantOfShape', [b.int64([n, n])])])], { to: 9 });
  const column = b.op('Reshape', [x.name, b.int64([n, 1])]);
  const d = select(b, eye, column, b.scalar(x.dtype, 0), x.dtype);
  b.op('Reshape', [d, b.int64([...shape, ...shape])], {}, out(k));
};

export const CREATION_RULES: OnnxRuleTable = {
  Fill: fill,
  Range: range,
  LinSpace: linSpace,
  OneHot: oneHot,
  Diag: diag,
};
