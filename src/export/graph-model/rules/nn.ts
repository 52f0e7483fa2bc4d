// GraphModel rules of the neural-network kernels: MaxPool, AvgPool, FusedBatchNorm→FusedBatchNormV3,
// LRN, Softmax/LogSoftmax (last axis only, as in TF and tfjs-converter), and the pooling gradients
// tf.grad records inside a trace, written with ops tfjs-converter runs: AvgPoolGrad
// (Conv2DBackpropInput by a diagonal 1/(fh·fw) filter, as tfjs's cpu kernel divides), MaxPoolGrad
// (MaxPoolWithArgmax indices + ScatterNd, which sums at repeated indices). NHWC; the gradients float32.
// Needs support/rule-types, support/nhwc. Produces `NN_RULES`.

import { attr } from '../graph-def.js';
import type { KernelInputName } from '../../../ir/kernels/index.js';
import { checkFormat, F, pair, reshape, shape4, windowAttrs, zeroPad } from './support/nhwc.js';
import { ints, numberAttr, tAttr, type GraphModelRule, type GraphModelTable } from './support/rule-types.js';

/** [[top, bottom], [left, right]] of a numeric or explicit (NHWC) tfjs padding; undefined otherwise. */
function explicitPads(pad: unknown): [[number, number], [number, number]] | undefined {
  if (typeof pad === 'number')
    return [
      [pad, pad],
      [pad, pad],
    ];
  if (Array.isArray(pad) && pad.length === 4) return [pad[1] as [number, number], pad[2] as [number, number]];
  return undefined;
}

/**
 * MaxPool, AvgPool. TF pools take 'SAME' or 'VALID' only: a zero padding is 'VALID'; a max pool with
 * a positive padding pads with -Infinity first (tfjs's window skips the padding, so the maximum is
 * the same), then pools 'VALID'. An average pool with a positive padding is refused (tfjs divides by
 * the count of real elements in the window).
 */
const pool =
  (tfOp: string): GraphModelRule =>
  (b, k) => {
    const [kh, kw] = pair(b, k, 'filterSize');
    const pad = k.attrs.pad;
    const ksize = { ksize: attr.ints([1, kh, kw, 1]) };
    const pads = explicitPads(pad);
    if (tfOp !== 'MaxPool' || !pads || zeroPad(pad))
      return [b.emit(tfOp, [k.input('x')], { ...windowAttrs(b, k, false, false), ...ksize })];
    const { dtype, shape } = k.typeOf('x');
    const out = k.outputTypes[0]!.shape;
    const [sh, sw] = pair(b, k, 'strides');
    // Pad the bottom/right so that 'VALID' gives tfjs's output size (tfjs sizes a numeric padding's
    // output with the filter height on both axes).
    const after = (i: number, size: number, s: number, before: number) => (out[i]! - 1) * s + size - shape[i]! - before;
    const bottom = after(1, kh, sh, pads[0][0]);
    const right = after(2, kw, sw, pads[1][0]);
    if (shape.some((d) => d < 0) || bottom < 0 || right < 0)
      b.fail(`padding ${JSON.stringify(pad)} with this filter and input size has no 'VALID' equivalent`);
    const paddings = [0, 0, pads[0][0], bottom, pads[1][0], right, 0, 0];
    const padded = b.emit(
      'PadV2',
      [k.input('x'), b.constant(paddings, 'int32', [4, 2]), b.constant([-Infinity], dtype, [])],
      { ...tAttr(k), Tpaddings: attr.type('int32') },
    );
    return [b.emit(tfOp, [padded], { ...windowAttrs(b, k, false, false, 'valid'), ...ksize })];
  };

const fusedBatchNorm: GraphModelRule = (b, k) => {
  const mean = k.typeOf('mean');
  const n = mean.shape.reduce((p, d) => p * d, 1);
  const filled = (v: number) => b.constant(new Array<number>(n).fill(v), 'float32', mean.shape);
  const scale = k.optionalInput('scale') ?? filled(1);
  const offset = k.optionalInput('offset') ?? filled(0);
  const eps = typeof k.attrs.varianceEpsilon === 'number' ? k.attrs.varianceEpsilon : 0.001;
  return [
    b.emit('FusedBatchNormV3', [k.input('x'), scale, offset, k.input('mean'), k.input('variance')], {
      ...tAttr(k),
      U: attr.type('float32'),
      epsilon: attr.float(eps),
      is_training: attr.bool(false),
      data_format: attr.str('NHWC'),
    }),
  ];
};

const lrn: GraphModelRule = (b, k) => [
  b.emit('LRN', [k.input('x')], {
    ...tAttr(k),
    depth_radius: attr.int(numberAttr(b, k, 'depthRadius')),
    bias: attr.float(numberAttr(b, k, 'bias')),
    alpha: attr.float(numberAttr(b, k, 'alpha')),
    beta: attr.float(numberAttr(b, k, 'beta')),
  }),
];

function lastAxisOnly(tfOp: string, inputName: KernelInputName, axisAttr: string): GraphModelRule {
  return (b, k) => {
    const rank = k.typeOf(inputName).shape.length;
    const a = k.attrs[axisAttr];
    const axis = typeof a === 'number' ? (a < 0 ? a + rank : a) : rank - 1;
    if (axis !== rank - 1)
      b.fail(`${tfOp} over axis ${String(a)} of a rank-${rank} tensor: TF ${tfOp} works on the last axis only`);
    return [b.emit(tfOp, [k.input(inputName)], tAttr(k))];
  };
}

const avgPoolGrad: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  const [fh, fw] = pair(b, k, 'filterSize');
  const shape = shape4(b, k, 'input', 'an avgPool gradient');
  const c = shape[3];
  const values = new Float32Array(fh * fw * c * c);
  for (let p = 0; p < fh * fw; p++) for (let i = 0; i < c; i++) values[p * c * c + i * c + i] = 1 / (fh * fw);
  const filter = b.constant(values, 'float32', [fh, fw, c, c]);
  return [b.emit('Conv2DBackpropInput', [ints(b, shape), filter, k.input('dy')], windowAttrs(b, k, false, false))];
};

const maxPoolGrad: GraphModelRule = (b, k) => {
  checkFormat(b, k);
  const [kh, kw] = pair(b, k, 'filterSize');
  const shape = shape4(b, k, 'input', 'a maxPool gradient');
  const pool = b.emit('MaxPoolWithArgmax', [k.input('input')], {
    ...windowAttrs(b, k, false, false),
    ksize: attr.ints([1, kh, kw, 1]),
    include_batch_in_index: attr.bool(true),
    Targmax: attr.type('int32'),
  });
  const size = shape.reduce((n, d) => n * d, 1);
  const indices = b.emit('Reshape', [`${pool}:1`, ints(b, [-1, 1])], {
    T: attr.type('int32'),
    Tshape: attr.type('int32'),
  });
  const scattered = b.emit('ScatterNd', [indices, reshape(b, k.input('dy'), [-1]), ints(b, [size])], {
    ...F,
    Tindices: attr.type('int32'),
  });
  return [reshape(b, scattered, shape)];
};

export const NN_RULES: GraphModelTable = {
  MaxPool: pool('MaxPool'),
  AvgPool: pool('AvgPool'),
  FusedBatchNorm: fusedBatchNorm,
  LRN: lrn,
  Softmax: lastAxisOnly('Softmax', 'logits', 'dim'),
  LogSoftmax: lastAxisOnly('LogSoftmax', 'logits', 'axis'),
  AvgPoolGrad: avgPoolGrad,
  MaxPoolGrad: maxPoolGrad,
};
