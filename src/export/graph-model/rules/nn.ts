// GraphModel rules of the neural-network kernels: BatchMatMul (MatMul for rank 2, else BatchMatMulV2),
// fused matmul/conv (lowered to the plain op + bias + activation, as tfjs's cpu kernels compute them),
// Conv2D, DepthwiseConv2dNative, Conv2DBackpropInput, MaxPool, AvgPool, FusedBatchNorm→FusedBatchNormV3,
// resize, TopK→TopKV2, SearchSorted, Einsum, LRN, Bincount. Needs rule-types. Produces `NN_RULES` and
// the window helpers `pair`, `windowAttrs` (gradients.ts uses them).

import { attr, type Attrs } from '../graph-def.js';
import { int, ints, numberAttr, numberList, tAttr, type GraphModelRule, type GraphModelTable, type RuleContext } from './rule-types.js';

export function pair(ctx: RuleContext, name: string, fallback = 1): [number, number] {
  const v = ctx.call.attrs[name] ?? fallback;
  const xs = typeof v === 'number' ? [v, v] : numberList(ctx, name);
  return [xs[0]!, xs[1] ?? xs[0]!];
}

/** TF window attrs (strides/dilations as [1, h, w, 1], padding) from tfjs conv/pool attrs. */
export function windowAttrs(ctx: RuleContext, withDilations: boolean, explicitAllowed: boolean, padding: unknown = ctx.call.attrs.pad): Attrs {
  if (ctx.call.attrs.dimRoundingMode != null) ctx.fail(`dimRoundingMode '${String(ctx.call.attrs.dimRoundingMode)}' has no TF equivalent`);
  const format = String(ctx.call.attrs.dataFormat ?? 'NHWC');
  if (format !== 'NHWC') ctx.fail(`data format ${format}: tfjs-converter reads strides in NHWC order only`);
  const [sh, sw] = pair(ctx, 'strides');
  const out: Attrs = { ...tAttr(ctx), strides: attr.ints([1, sh, sw, 1]), data_format: attr.str('NHWC') };
  if (withDilations) {
    const [dh, dw] = pair(ctx, 'dilations');
    out.dilations = attr.ints([1, dh, dw, 1]);
  }
  const pad = zeroPad(padding) ? 'valid' : padding;
  if (pad === 'same' || pad === 'valid') return { ...out, padding: attr.str(pad.toUpperCase()) };
  if (!explicitAllowed) ctx.fail(`padding ${JSON.stringify(pad)}: TF pooling takes 'same' or 'valid' only`);
  const explicit = typeof pad === 'number' ? [0, 0, pad, pad, pad, pad, 0, 0] : Array.isArray(pad) ? (pad as number[][]).flat() : undefined;
  if (!explicit || explicit.length !== 8) ctx.fail(`padding ${JSON.stringify(pad)} is not supported`);
  return { ...out, padding: attr.str('EXPLICIT'), explicit_paddings: attr.ints(explicit) };
}

function matMul(ctx: RuleContext, a: string, b: string): string {
  const ta = ctx.call.attrs.transposeA === true;
  const tb = ctx.call.attrs.transposeB === true;
  const rank2 = ctx.typeOf(0).shape.length === 2 && ctx.typeOf(1).shape.length === 2;
  return rank2
    ? ctx.emit('MatMul', [a, b], { ...tAttr(ctx), transpose_a: attr.bool(ta), transpose_b: attr.bool(tb) })
    : ctx.emit('BatchMatMulV2', [a, b], { ...tAttr(ctx), adj_x: attr.bool(ta), adj_y: attr.bool(tb) });
}

/** bias add + activation of the tfjs fused kernels, in the order their cpu kernels apply them. */
function biasAndActivation(ctx: RuleContext, y: string): string {
  const T = tAttr(ctx);
  const bias = ctx.optionalInput('bias');
  if (bias) y = ctx.emit('AddV2', [y, bias], T);
  const act = String(ctx.call.attrs.activation ?? 'linear');
  switch (act) {
    case 'linear':
      return y;
    case 'relu':
      return ctx.emit('Relu', [y], T);
    case 'relu6':
      return ctx.emit('Relu6', [y], T);
    case 'elu':
      return ctx.emit('Elu', [y], T);
    case 'sigmoid':
      return ctx.emit('Sigmoid', [y], T);
    case 'leakyrelu': {
      const alpha = typeof ctx.call.attrs.leakyreluAlpha === 'number' ? ctx.call.attrs.leakyreluAlpha : 0.2;
      return ctx.emit('LeakyRelu', [y], { ...T, alpha: attr.float(alpha) });
    }
    case 'prelu':
      return ctx.emit('Prelu', [y, ctx.input('preluActivationWeights')], T);
    default:
      return ctx.fail(`activation '${act}' is not supported`);
  }
}

const conv = (tfOp: string, fused: boolean): GraphModelRule => (ctx) => {
  const y = ctx.emit(tfOp, [ctx.input('x'), ctx.input('filter')], windowAttrs(ctx, true, true));
  return [fused ? biasAndActivation(ctx, y) : y];
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
const pool = (tfOp: string): GraphModelRule => (ctx) => {
  const [kh, kw] = pair(ctx, 'filterSize');
  const pad = ctx.call.attrs.pad;
  const ksize = { ksize: attr.ints([1, kh, kw, 1]) };
  const pads = explicitPads(pad);
  if (tfOp !== 'MaxPool' || !pads || zeroPad(pad)) return [ctx.emit(tfOp, [ctx.input('x')], { ...windowAttrs(ctx, false, false), ...ksize })];
  const { dtype, shape } = ctx.typeOf('x');
  const out = ctx.call.outputTypes[0]!.shape;
  const [sh, sw] = pair(ctx, 'strides');
  // Pad the bottom/right so that 'VALID' gives tfjs's output size (tfjs sizes a numeric padding's
  // output with the filter height on both axes).
  const after = (i: number, k: number, s: number, before: number) => (out[i]! - 1) * s + k - shape[i]! - before;
  const bottom = after(1, kh, sh, pads[0][0]);
  const right = after(2, kw, sw, pads[1][0]);
  if (shape.some((d) => d < 0) || bottom < 0 || right < 0) ctx.fail(`padding ${JSON.stringify(pad)} with this filter and input size has no 'VALID' equivalent`);
  const paddings = [0, 0, pads[0][0], bottom, pads[1][0], right, 0, 0];
  const padded = ctx.emit('PadV2', [ctx.input('x'), ctx.constant(paddings, 'int32', [4, 2]), ctx.constant([-Infinity], dtype, [])],
    { ...tAttr(ctx), Tpaddings: attr.type('int32') });
  return [ctx.emit(tfOp, [padded], { ...windowAttrs(ctx, false, false, 'valid'), ...ksize })];
};

const conv2DBackpropInput: GraphModelRule = (ctx) => {
  const sizes = ints(ctx, numberList(ctx, 'inputShape'));
  return [ctx.emit('Conv2DBackpropInput', [sizes, ctx.input('filter'), ctx.input('dy')], windowAttrs(ctx, false, true))];
};

const fusedBatchNorm: GraphModelRule = (ctx) => {
  const mean = ctx.typeOf('mean');
  const n = mean.shape.reduce((p, d) => p * d, 1);
  const filled = (v: number) => ctx.constant(new Array<number>(n).fill(v), 'float32', mean.shape);
  const scale = ctx.optionalInput('scale') ?? filled(1);
  const offset = ctx.optionalInput('offset') ?? filled(0);
  const eps = typeof ctx.call.attrs.varianceEpsilon === 'number' ? ctx.call.attrs.varianceEpsilon : 0.001;
  return [
    ctx.emit('FusedBatchNormV3', [ctx.input('x'), scale, offset, ctx.input('mean'), ctx.input('variance')], {
      ...tAttr(ctx),
      U: attr.type('float32'),
      epsilon: attr.float(eps),
      is_training: attr.bool(false),
      data_format: attr.str('NHWC'),
    }),
  ];
};

const resize = (tfOp: string): GraphModelRule => (ctx) => [
  ctx.emit(tfOp, [ctx.input('images'), ints(ctx, numberList(ctx, 'size'))], {
    ...tAttr(ctx),
    align_corners: attr.bool(ctx.call.attrs.alignCorners === true),
    half_pixel_centers: attr.bool(ctx.call.attrs.halfPixelCenters === true),
  }),
];

const topK: GraphModelRule = (ctx) => {
  const name = ctx.emit('TopKV2', [ctx.input('x'), int(ctx, numberAttr(ctx, 'k'))], { ...tAttr(ctx), sorted: attr.bool(ctx.call.attrs.sorted !== false) });
  return [name, `${name}:1`];
};

const searchSorted: GraphModelRule = (ctx) => {
  const op = ctx.call.attrs.side === 'right' ? 'UpperBound' : 'LowerBound';
  return [ctx.emit(op, [ctx.input('sortedSequence'), ctx.input('values')], { ...tAttr(ctx), out_type: attr.type('int32') })];
};

const einsum: GraphModelRule = (ctx) => {
  const eq = String(ctx.call.attrs.equation);
  const letters = (s: string) => new Set(s.replace(/[^A-Za-z]/g, '')).size;
  // tfjs-converter lower-cases string attrs, so 'aA' would become 'aa'.
  if (letters(eq) !== letters(eq.toLowerCase())) ctx.fail(`equation '${eq}' mixes upper and lower case of one letter (tfjs-converter lower-cases it)`);
  return [ctx.emit('Einsum', ctx.inputs, { ...tAttr(ctx), N: attr.int(ctx.inputs.length), equation: attr.str(eq.toLowerCase()) })];
};

const lrn: GraphModelRule = (ctx) => [
  ctx.emit('LRN', [ctx.input('x')], {
    ...tAttr(ctx),
    depth_radius: attr.int(numberAttr(ctx, 'depthRadius')),
    bias: attr.float(numberAttr(ctx, 'bias')),
    alpha: attr.float(numberAttr(ctx, 'alpha')),
    beta: attr.float(numberAttr(ctx, 'beta')),
  }),
];

const bincount = (tfOp: string): GraphModelRule => (ctx) => [
  ctx.emit(tfOp, [ctx.input('x'), int(ctx, numberAttr(ctx, 'size')), ctx.input('weights')], {
    T: attr.type(ctx.typeOf('weights').dtype),
    Tidx: attr.type('int32'),
    ...(tfOp === 'DenseBincount' ? { binary_output: attr.bool(ctx.call.attrs.binaryOutput === true) } : {}),
  }),
];

export const NN_RULES: GraphModelTable = {
  BatchMatMul: (ctx) => [matMul(ctx, ctx.input('a'), ctx.input('b'))],
  _FusedMatMul: (ctx) => [biasAndActivation(ctx, matMul(ctx, ctx.input('a'), ctx.input('b')))],
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
