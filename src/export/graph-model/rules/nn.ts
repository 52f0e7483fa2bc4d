// GraphModel rules of the neural-network kernels: BatchMatMul (MatMul for rank 2, else BatchMatMulV2),
// fused matmul/conv (lowered to the plain op + bias + activation, as tfjs's cpu kernels compute them),
// Conv2D, DepthwiseConv2dNative, Conv2DBackpropInput, MaxPool, AvgPool, FusedBatchNorm→FusedBatchNormV3,
// resize, TopK→TopKV2, SearchSorted, Einsum, LRN, Bincount. Needs rule-types. Produces `NN_RULES` and
// the window helpers `pair`, `windowAttrs` (gradients.ts uses them).

import { attr, type Attrs } from '../graph-def.js';
import { int, ints, numberAttr, numberList, tAttr, type GraphModelRule, type GraphModelTable, type GraphModelBuilder, type KernelCall } from './support/rule-types.js';

export function pair(b: GraphModelBuilder, k: KernelCall, name: string, fallback = 1): [number, number] {
  const v = k.attrs[name] ?? fallback;
  const xs = typeof v === 'number' ? [v, v] : numberList(b, k, name);
  return [xs[0]!, xs[1] ?? xs[0]!];
}

/** TF window attrs (strides/dilations as [1, h, w, 1], padding) from tfjs conv/pool attrs. */
export function windowAttrs(b: GraphModelBuilder, k: KernelCall, withDilations: boolean, explicitAllowed: boolean, padding: unknown = k.attrs.pad): Attrs {
  if (k.attrs.dimRoundingMode != null) b.fail(`dimRoundingMode '${String(k.attrs.dimRoundingMode)}' has no TF equivalent`);
  const format = String(k.attrs.dataFormat ?? 'NHWC');
  if (format !== 'NHWC') b.fail(`data format ${format}: tfjs-converter reads strides in NHWC order only`);
  const [sh, sw] = pair(b, k, 'strides');
  const out: Attrs = { ...tAttr(k), strides: attr.ints([1, sh, sw, 1]), data_format: attr.str('NHWC') };
  if (withDilations) {
    const [dh, dw] = pair(b, k, 'dilations');
    out.dilations = attr.ints([1, dh, dw, 1]);
  }
  const pad = zeroPad(padding) ? 'valid' : padding;
  if (pad === 'same' || pad === 'valid') return { ...out, padding: attr.str(pad.toUpperCase()) };
  if (!explicitAllowed) b.fail(`padding ${JSON.stringify(pad)}: TF pooling takes 'same' or 'valid' only`);
  const explicit = typeof pad === 'number' ? [0, 0, pad, pad, pad, pad, 0, 0] : Array.isArray(pad) ? (pad as number[][]).flat() : undefined;
  if (!explicit || explicit.length !== 8) b.fail(`padding ${JSON.stringify(pad)} is not supported`);
  return { ...out, padding: attr.str('EXPLICIT'), explicit_paddings: attr.ints(explicit) };
}

function matMul(b: GraphModelBuilder, k: KernelCall, x: string, y: string): string {
  const ta = k.attrs.transposeA === true;
  const tb = k.attrs.transposeB === true;
  const rank2 = k.typeOf(0).shape.length === 2 && k.typeOf(1).shape.length === 2;
  return rank2
    ? b.emit('MatMul', [x, y], { ...tAttr(k), transpose_a: attr.bool(ta), transpose_b: attr.bool(tb) })
    : b.emit('BatchMatMulV2', [x, y], { ...tAttr(k), adj_x: attr.bool(ta), adj_y: attr.bool(tb) });
}

/** bias add + activation of the tfjs fused kernels, in the order their cpu kernels apply them. */
function biasAndActivation(b: GraphModelBuilder, k: KernelCall, y: string): string {
  const T = tAttr(k);
  const bias = k.optionalInput('bias');
  if (bias) y = b.emit('AddV2', [y, bias], T);
  const act = String(k.attrs.activation ?? 'linear');
  switch (act) {
    case 'linear':
      return y;
    case 'relu':
      return b.emit('Relu', [y], T);
    case 'relu6':
      return b.emit('Relu6', [y], T);
    case 'elu':
      return b.emit('Elu', [y], T);
    case 'sigmoid':
      return b.emit('Sigmoid', [y], T);
    case 'leakyrelu': {
      const alpha = typeof k.attrs.leakyreluAlpha === 'number' ? k.attrs.leakyreluAlpha : 0.2;
      return b.emit('LeakyRelu', [y], { ...T, alpha: attr.float(alpha) });
    }
    case 'prelu':
      return b.emit('Prelu', [y, k.input('preluActivationWeights')], T);
    default:
      return b.fail(`activation '${act}' is not supported`);
  }
}

const conv = (tfOp: string, fused: boolean): GraphModelRule => (b, k) => {
  const y = b.emit(tfOp, [k.input('x'), k.input('filter')], windowAttrs(b, k, true, true));
  return [fused ? biasAndActivation(b, k, y) : y];
};

/** A numeric or explicit padding of zeros: what TF calls 'VALID'. */
function zeroPad(pad: unknown): boolean {
  return pad === 0 || (Array.isArray(pad) && (pad as unknown[]).flat().every((p) => p === 0));
}

/** [[top, bottom], [left, right]] of a numeric or explicit (NHWC) tfjs padding; undefined otherwise. */
function explicitPads(pad: unknown): [[number, number], [number, number]] | undefined {
  if (typeof pad === 'number') return [[pad, pad], [pad, pad]];
  if (Array.isArray(pad) && pad.length === 4) return [pad[1] as [number, number], pad[2] as [number, number]];
  return undefined;
}

/**
 * MaxPool, AvgPool. TF pools take 'SAME' or 'VALID' only: a zero padding is 'VALID'; a max pool with
 * a positive padding pads with -Infinity first (tfjs's window skips the padding, so the maximum is
 * the same), then pools 'VALID'. An average pool with a positive padding is refused (tfjs divides by
 * the count of real elements in the window).
 */
const pool = (tfOp: string): GraphModelRule => (b, k) => {
  const [kh, kw] = pair(b, k, 'filterSize');
  const pad = k.attrs.pad;
  const ksize = { ksize: attr.ints([1, kh, kw, 1]) };
  const pads = explicitPads(pad);
  if (tfOp !== 'MaxPool' || !pads || zeroPad(pad)) return [b.emit(tfOp, [k.input('x')], { ...windowAttrs(b, k, false, false), ...ksize })];
  const { dtype, shape } = k.typeOf('x');
  const out = k.outputTypes[0]!.shape;
  const [sh, sw] = pair(b, k, 'strides');
  // Pad the bottom/right so that 'VALID' gives tfjs's output size (tfjs sizes a numeric padding's
  // output with the filter height on both axes).
  const after = (i: number, size: number, s: number, before: number) => (out[i]! - 1) * s + size - shape[i]! - before;
  const bottom = after(1, kh, sh, pads[0][0]);
  const right = after(2, kw, sw, pads[1][0]);
  if (shape.some((d) => d < 0) || bottom < 0 || right < 0) b.fail(`padding ${JSON.stringify(pad)} with this filter and input size has no 'VALID' equivalent`);
  const paddings = [0, 0, pads[0][0], bottom, pads[1][0], right, 0, 0];
  const padded = b.emit('PadV2', [k.input('x'), b.constant(paddings, 'int32', [4, 2]), b.constant([-Infinity], dtype, [])],
    { ...tAttr(k), Tpaddings: attr.type('int32') });
  return [b.emit(tfOp, [padded], { ...windowAttrs(b, k, false, false, 'valid'), ...ksize })];
};

const conv2DBackpropInput: GraphModelRule = (b, k) => {
  const sizes = ints(b, numberList(b, k, 'inputShape'));
  return [b.emit('Conv2DBackpropInput', [sizes, k.input('filter'), k.input('dy')], windowAttrs(b, k, false, true))];
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

const resize = (tfOp: string): GraphModelRule => (b, k) => [
  b.emit(tfOp, [k.input('images'), ints(b, numberList(b, k, 'size'))], {
    ...tAttr(k),
    align_corners: attr.bool(k.attrs.alignCorners === true),
    half_pixel_centers: attr.bool(k.attrs.halfPixelCenters === true),
  }),
];

const topK: GraphModelRule = (b, k) => {
  const name = b.emit('TopKV2', [k.input('x'), int(b, numberAttr(b, k, 'k'))], { ...tAttr(k), sorted: attr.bool(k.attrs.sorted !== false) });
  return [name, `${name}:1`];
};

const searchSorted: GraphModelRule = (b, k) => {
  const op = k.attrs.side === 'right' ? 'UpperBound' : 'LowerBound';
  return [b.emit(op, [k.input('sortedSequence'), k.input('values')], { ...tAttr(k), out_type: attr.type('int32') })];
};

const einsum: GraphModelRule = (b, k) => {
  const eq = String(k.attrs.equation);
  const letters = (s: string) => new Set(s.replace(/[^A-Za-z]/g, '')).size;
  // tfjs-converter lower-cases string attrs, so 'aA' would become 'aa'.
  if (letters(eq) !== letters(eq.toLowerCase())) b.fail(`equation '${eq}' mixes upper and lower case of one letter (tfjs-converter lower-cases it)`);
  return [b.emit('Einsum', k.inputs, { ...tAttr(k), N: attr.int(k.inputs.length), equation: attr.str(eq.toLowerCase()) })];
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

const bincount = (tfOp: string): GraphModelRule => (b, k) => [
  b.emit(tfOp, [k.input('x'), int(b, numberAttr(b, k, 'size')), k.input('weights')], {
    T: attr.type(k.typeOf('weights').dtype),
    Tidx: attr.type('int32'),
    ...(tfOp === 'DenseBincount' ? { binary_output: attr.bool(k.attrs.binaryOutput === true) } : {}),
  }),
];

export const NN_RULES: GraphModelTable = {
  BatchMatMul: (b, k) => [matMul(b, k, k.input('a'), k.input('b'))],
  _FusedMatMul: (b, k) => [biasAndActivation(b, k, matMul(b, k, k.input('a'), k.input('b')))],
  Conv2D: conv('Conv2D', false),
  FusedConv2D: conv('Conv2D', true),
  DepthwiseConv2dNative: conv('DepthwiseConv2dNative', false),
  FusedDepthwiseConv2D: conv('DepthwiseConv2dNative', true),
  Conv2DBackpropInput: conv2DBackpropInput,
  MaxPool: pool('MaxPool'),
  AvgPool: pool('AvgPool'),
  FusedBatchNorm: fusedBatchNorm,
  ResizeBilinear: resize('ResizeBilinear'),
  ResizeNearestNeighbor: resize('ResizeNearestNeighbor'),
  TopK: topK,
  SearchSorted: searchSorted,
  Einsum: einsum,
  LRN: lrn,
  Bincount: bincount('Bincount'),
  DenseBincount: bincount('DenseBincount'),
};
