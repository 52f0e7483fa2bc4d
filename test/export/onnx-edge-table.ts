// The edge-value table of the ONNX rules: for every kernel with an ONNX rule, calls on inputs at the
// edges (NaN, ±Infinity, ±0, denormals, float32 extremes, int32 extremes and overflow, empty tensors,
// NaN in each position of a reduction), compared by the test with eager tfjs on the cpu backend.
// Kernels without edge behaviour of their own are listed in EXEMPT with the reason.
// Needs tfjs. Produces `EDGE_CASES`, `EXEMPT`, `KNOWN`, the value sets.
import * as tf from '@tensorflow/tfjs';

type T = tf.Tensor;
type T4 = tf.Tensor4D;

export const F = [
  NaN,
  Infinity,
  -Infinity,
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  -1.5,
  2.5,
  -2.5,
  1e-45,
  -1e-45,
  1e-40,
  -1e-40,
  1.1754942e-38,
  1e-38,
  1e-30,
  -1e-30,
  1e-7,
  -1e-7,
  1e-4,
  3.4e38,
  -3.4e38,
  88.7,
  89,
  -87,
  -88,
  -100,
  -104,
  2,
  10,
  100,
  0.9999999,
  1.0000001,
  -0.9999999,
  16777217,
  1e10,
  -1e10,
  Math.PI,
  3,
];
export const I = [
  0, 1, -1, 2, -2, 3, -3, 31, 32, 33, 40, 2147483647, -2147483648, 16777217, -16777217, 46341, -46341, 65536, 16777216,
  100, 7, -7,
];

export interface EdgeCase {
  /** The kernel under test (the one the ONNX rule is for). */
  readonly kernel: string;
  readonly name: string;
  readonly fn: (...xs: T[]) => T | T[];
  readonly inputs: () => T[];
  /** Describes an input element (for the table of differences). */
  readonly label?: (i: number) => string;
}

const f1 = () => [tf.tensor1d(F)];
const i1 = () => [tf.tensor1d(I, 'int32')];
const cross = <V>(xs: readonly V[]) => ({ a: xs.flatMap((x) => xs.map(() => x)), b: xs.flatMap(() => xs) });
const fPairs = () => {
  const { a, b } = cross(F);
  return [tf.tensor1d(a), tf.tensor1d(b)];
};
const iPairs = () => {
  const { a, b } = cross(I);
  return [tf.tensor1d(a, 'int32'), tf.tensor1d(b, 'int32')];
};
const show = (v: number) => (Object.is(v, -0) ? '-0' : String(v));
const fLabel = (i: number) => show(F[i]!);
const iLabel = (i: number) => show(I[i]!);
const fPairLabel = (i: number) => `(${show(F[Math.floor(i / F.length)]!)}, ${show(F[i % F.length]!)})`;
const iPairLabel = (i: number) => `(${I[Math.floor(i / I.length)]}, ${I[i % I.length]})`;

const unaryF: Record<string, (x: T) => T> = {
  Abs: tf.abs,
  Neg: tf.neg,
  Sign: tf.sign,
  Exp: tf.exp,
  Log: tf.log,
  Sqrt: tf.sqrt,
  Rsqrt: tf.rsqrt,
  Reciprocal: tf.reciprocal,
  Square: tf.square,
  Floor: tf.floor,
  Ceil: tf.ceil,
  Round: tf.round,
  Sin: tf.sin,
  Cos: tf.cos,
  Tan: tf.tan,
  Asin: tf.asin,
  Acos: tf.acos,
  Atan: tf.atan,
  Sinh: tf.sinh,
  Cosh: tf.cosh,
  Asinh: tf.asinh,
  Acosh: tf.acosh,
  Atanh: tf.atanh,
  Erf: tf.erf,
  Expm1: tf.expm1,
  Log1p: tf.log1p,
  Softplus: tf.softplus,
  Relu: tf.relu,
  Relu6: tf.relu6,
  Sigmoid: tf.sigmoid,
  Tanh: tf.tanh,
  Elu: tf.elu,
  Selu: tf.selu,
  LeakyRelu: (x) => tf.leakyRelu(x, 0.2),
  Step: (x) => tf.step(x, 0.3),
  IsNan: tf.isNaN,
  IsInf: tf.isInf,
  IsFinite: tf.isFinite,
  ClipByValue: (x) => tf.clipByValue(x, -1, 2),
  Identity: (x) => tf.clone(x),
  ZerosLike: tf.zerosLike,
  OnesLike: tf.onesLike,
  LogicalNot: (x) => tf.logicalNot(tf.cast(x, 'bool')),
  Prelu: (x) => tf.prelu(x, tf.scalar(0.25)),
};
const castF: Record<string, (x: T) => T> = {
  'Cast to int32': (x) => tf.cast(x, 'int32'),
  'Cast to bool': (x) => tf.cast(x, 'bool'),
};
const unaryI: Record<string, (x: T) => T> = {
  Abs: tf.abs,
  Neg: tf.neg,
  Sign: tf.sign,
  Square: tf.square,
  Relu: tf.relu,
  Relu6: tf.relu6,
  ClipByValue: (x) => tf.clipByValue(x, -5, 40),
  Exp: tf.exp,
  Step: (x) => tf.step(x, 0.3),
  Reciprocal: tf.reciprocal,
};
const castI: Record<string, (x: T) => T> = {
  'Cast to float32': (x) => tf.cast(x, 'float32'),
  'Cast to bool': (x) => tf.cast(x, 'bool'),
};
const binaryF: Record<string, (a: T, b: T) => T> = {
  Add: tf.add,
  Sub: tf.sub,
  Multiply: tf.mul,
  RealDiv: tf.div,
  FloorDiv: tf.floorDiv,
  Mod: tf.mod,
  Maximum: tf.maximum,
  Minimum: tf.minimum,
  Pow: tf.pow,
  SquaredDifference: tf.squaredDifference,
  Atan2: tf.atan2,
  Equal: tf.equal,
  NotEqual: tf.notEqual,
  Greater: tf.greater,
  GreaterEqual: tf.greaterEqual,
  Less: tf.less,
  LessEqual: tf.lessEqual,
  Prelu: (a, b) => tf.prelu(a, b),
  AddN: (a, b) => tf.addN([a, b]),
  Select: (a, b) => tf.where(tf.greater(a, b), a, b),
};
const binaryI: Record<string, (a: T, b: T) => T> = {
  Add: tf.add,
  Sub: tf.sub,
  Multiply: tf.mul,
  RealDiv: tf.div,
  FloorDiv: tf.floorDiv,
  Mod: tf.mod,
  Maximum: tf.maximum,
  Minimum: tf.minimum,
  Pow: tf.pow,
  SquaredDifference: tf.squaredDifference,
  Equal: tf.equal,
  NotEqual: tf.notEqual,
  Greater: tf.greater,
  Less: tf.less,
  LessEqual: tf.lessEqual,
  GreaterEqual: tf.greaterEqual,
  BitwiseAnd: (a, b) => tf.bitwiseAnd(a, b),
  AddN: (a, b) => tf.addN([a, b, a]),
  Select: (a, b) => tf.where(tf.less(a, b), a, b),
};

const B = [true, false];
const bPairs = () => [tf.tensor1d([true, true, false, false], 'bool'), tf.tensor1d([true, false, true, false], 'bool')];
const binaryB: Record<string, (a: T, b: T) => T> = {
  LogicalAnd: tf.logicalAnd,
  LogicalOr: tf.logicalOr,
  LogicalXor: tf.logicalXor,
  Equal: tf.equal,
  NotEqual: tf.notEqual,
  Multiply: tf.mul,
  Maximum: tf.maximum,
  Minimum: tf.minimum,
  Add: (a, b) => tf.add(a, b),
  Sub: (a, b) => tf.sub(a, b),
};
void B;

/** Vectors whose reductions meet the edges: empty, NaN first/middle/last, signed zeros, overflow, cancellation. */
const REDUCE_F: Record<string, number[]> = {
  empty: [],
  nanFirst: [NaN, 1, 2],
  nanMiddle: [1, NaN, 2],
  nanLast: [1, 2, NaN],
  zeros: [0, -0, 0],
  negZeros: [-0, 0, -0],
  onlyNegZero: [-0, -0],
  infs: [Infinity, -Infinity, 1],
  overflow: [3e38, 3e38, -3e38],
  cancel: [1e8, 1, -1e8],
  tiny: [1e-30, 1e-30, 1e20],
  negInf: [-Infinity, NaN, -Infinity],
};
const REDUCE_I: Record<string, number[]> = {
  empty: [],
  wrap: [2147483647, 2147483647, 5],
  min: [-2147483648, -1, 3],
  big: [65536, 65536, 3, 7],
  neg: [-3, -2147483648],
};
const reduceF: Record<string, (x: T) => T> = {
  Sum: (x) => tf.sum(x),
  Prod: (x) => tf.prod(x),
  Max: (x) => tf.max(x),
  Min: (x) => tf.min(x),
  Mean: (x) => tf.mean(x),
  ArgMax: (x) => tf.argMax(x),
  ArgMin: (x) => tf.argMin(x),
  Cumsum: (x) => tf.cumsum(x),
  Cumprod: (x) => tf.cumprod(x),
  All: (x) => tf.all(tf.cast(x, 'bool')),
  Any: (x) => tf.any(tf.cast(x, 'bool')),
  Softmax: (x) => tf.softmax(x),
  LogSoftmax: (x) => tf.logSoftmax(x),
};
const reduceI: Record<string, (x: T) => T> = {
  Sum: (x) => tf.sum(x),
  Prod: (x) => tf.prod(x),
  Max: (x) => tf.max(x),
  Min: (x) => tf.min(x),
  Mean: (x) => tf.mean(x),
  ArgMax: (x) => tf.argMax(x),
  ArgMin: (x) => tf.argMin(x),
  Cumsum: (x) => tf.cumsum(x),
  Cumprod: (x) => tf.cumprod(x),
};

/** A 2-D [3, n] input: reductions along each axis and over both. */
const grid = () => [
  tf.tensor2d([
    [NaN, 1, -0],
    [0, -0, 5],
    [-Infinity, 2, -0],
  ]),
];

const cases: EdgeCase[] = [];
const add = (c: EdgeCase) => cases.push(c);

for (const [k, fn] of Object.entries(unaryF)) add({ kernel: k, name: `${k} float32`, fn, inputs: f1, label: fLabel });
for (const [k, fn] of Object.entries(castF))
  add({ kernel: 'Cast', name: `${k} (from float32)`, fn, inputs: f1, label: fLabel });
for (const [k, fn] of Object.entries(unaryI)) add({ kernel: k, name: `${k} int32`, fn, inputs: i1, label: iLabel });
for (const [k, fn] of Object.entries(castI))
  add({ kernel: 'Cast', name: `${k} (from int32)`, fn, inputs: i1, label: iLabel });
for (const [k, fn] of Object.entries(binaryF))
  add({ kernel: k, name: `${k} float32`, fn, inputs: fPairs, label: fPairLabel });
for (const [k, fn] of Object.entries(binaryI))
  add({ kernel: k, name: `${k} int32`, fn, inputs: iPairs, label: iPairLabel });
for (const [k, fn] of Object.entries(binaryB)) add({ kernel: k, name: `${k} bool`, fn, inputs: bPairs });
for (const [vec, values] of Object.entries(REDUCE_F)) {
  for (const [k, fn] of Object.entries(reduceF))
    add({ kernel: k, name: `${k} float32 ${vec}`, fn, inputs: () => [tf.tensor1d(values)] });
}
for (const [vec, values] of Object.entries(REDUCE_I)) {
  for (const [k, fn] of Object.entries(reduceI))
    add({ kernel: k, name: `${k} int32 ${vec}`, fn, inputs: () => [tf.tensor1d(values, 'int32')] });
}
for (const [k, fn] of Object.entries({ Sum: tf.sum, Prod: tf.prod, Max: tf.max, Min: tf.min, Mean: tf.mean } as Record<
  string,
  (x: T, axis?: number | number[], keep?: boolean) => T
>)) {
  add({
    kernel: k,
    name: `${k} float32 [3,3] over each axis and both`,
    fn: (x) => [fn(x, 0), fn(x, 1, true), fn(x, [0, 1])],
    inputs: grid,
  });
  add({
    kernel: k,
    name: `${k} float32 [2,0] over its empty axis`,
    fn: (x) => [fn(x, 1), fn(x, 1, true)],
    inputs: () => [tf.zeros([2, 0])],
  });
}
add({
  kernel: 'All',
  name: 'All / Any bool [2,0] over the empty axis',
  fn: (x) => [tf.all(x, 1), tf.any(x, 1)],
  inputs: () => [tf.zeros([2, 0], 'bool')],
});
add({
  kernel: 'ArgMax',
  name: 'ArgMax / ArgMin along each axis with NaN',
  fn: (x) => [tf.argMax(x, 0), tf.argMax(x, 1), tf.argMin(x, 0), tf.argMin(x, 1)],
  inputs: grid,
});
add({
  kernel: 'Max',
  name: 'Max / Min int32 [2,0] over the empty axis',
  fn: (x) => [tf.max(x, 1), tf.min(x, 1)],
  inputs: () => [tf.zeros([2, 0], 'int32')],
});
add({
  kernel: 'Max',
  name: 'Max / Min / ArgMax / ArgMin of [0,3] along its full axis (no output)',
  fn: (x) => [tf.max(x, 1), tf.min(x, 1), tf.argMax(x, 1), tf.argMin(x, 1)],
  inputs: () => [tf.zeros([0, 3])],
});
add({
  kernel: 'Cumsum',
  name: 'Cumsum / Cumprod exclusive and reversed',
  fn: (x) => [tf.cumsum(x, 0, true, true), tf.cumprod(x, 0, true, true)],
  inputs: () => [tf.tensor1d([-0, NaN, 3e38, 3e38, -1e-45])],
});
for (const c of [3, -2, 2 ** 22, 2 ** 22 + 1, 2147483647, 0, -1]) {
  add({
    kernel: 'Multiply',
    name: `int32 x·${c} (a constant factor)`,
    fn: (x) => tf.mul(x, tf.scalar(c, 'int32')),
    inputs: i1,
    label: iLabel,
  });
  add({
    kernel: 'FloorDiv',
    name: `int32 floorDiv and mod by the constant ${c}`,
    fn: (x) => [tf.floorDiv(x, tf.scalar(c, 'int32')), tf.mod(x, tf.scalar(c, 'int32'))],
    inputs: i1,
  });
}
add({
  kernel: 'Cumprod',
  name: 'Cumprod int32 wrapping per step',
  fn: (x) => tf.cumprod(x),
  inputs: () => [tf.tensor1d([2147483647, 2147483647, 5, 65536, 65536], 'int32')],
});

// Matrix products and convolutions: the edges of their float64 (tfjs) vs float32 (onnxruntime) sums.
add({
  kernel: 'BatchMatMul',
  name: 'matMul float32 with NaN, ±Infinity, -0',
  fn: (a, b) => tf.matMul(a, b),
  inputs: () => [
    tf.tensor2d([
      [NaN, 1],
      [Infinity, 0],
      [-0, -0],
      [Infinity, -Infinity],
    ]),
    tf.tensor2d([
      [1, -0],
      [0, 1],
    ]),
  ],
});
add({
  kernel: 'BatchMatMul',
  name: 'matMul int32 beyond 2^31',
  fn: (a, b) => tf.matMul(a, b),
  inputs: () => [
    tf.tensor2d(
      [
        [2147483647, 3],
        [65536, 65536],
        [-2147483648, 1],
      ],
      [3, 2],
      'int32',
    ),
    tf.tensor2d(
      [
        [2147483647, 1],
        [1, 65536],
      ],
      [2, 2],
      'int32',
    ),
  ],
});
add({
  kernel: 'Einsum',
  name: 'einsum int32 beyond 2^31',
  fn: (a, b) => tf.einsum('ij,jk->ik', a, b),
  inputs: () => [tf.tensor2d([[2147483647, 3]], [1, 2], 'int32'), tf.tensor2d([[2147483647], [1]], [2, 1], 'int32')],
});
add({
  kernel: 'Einsum',
  name: 'einsum float32 with NaN and -0',
  fn: (a, b) => tf.einsum('i,i->', a, b),
  inputs: () => [tf.tensor1d([-0, -0]), tf.tensor1d([1, 1])],
});
add({
  kernel: '_FusedMatMul',
  name: 'fused matMul + bias + relu/elu/sigmoid at the edges',
  fn: (a, b) => [
    tf.fused.matMul({ a, b, bias: tf.tensor1d([-0, 0]), activation: 'relu' }),
    tf.fused.matMul({ a, b, activation: 'elu' }),
    tf.fused.matMul({ a, b, activation: 'sigmoid' }),
    tf.fused.matMul({ a, b, activation: 'relu6' }),
  ],
  inputs: () => [
    tf.tensor2d([
      [-1e-7, 0],
      [-100, 1e-45],
      [-0, -0],
    ]),
    tf.tensor2d([
      [1, 0],
      [0, -1],
    ]),
  ],
});
const img = () => [
  tf.tensor4d([NaN, 1, -Infinity, 2, -0, 3, Infinity, -1, 0, 5, -0, -2, 1e-45, 7, -3e38, -3e38], [1, 4, 4, 1]),
];
add({
  kernel: 'MaxPool',
  name: 'maxPool with NaN, ±Infinity, -0',
  fn: (x) => [tf.maxPool(x as T4, 2, 2, 'valid'), tf.maxPool(x as T4, 3, 1, 'same')],
  inputs: img,
});
add({
  kernel: 'AvgPool',
  name: 'avgPool with NaN, ±Infinity, -0, overflow',
  fn: (x) => [tf.avgPool(x as T4, 2, 2, 'valid'), tf.avgPool(x as T4, 3, 1, 'same')],
  inputs: img,
});
add({
  kernel: 'Conv2D',
  name: 'conv2d with NaN, ±Infinity, -0, overflow',
  fn: (x) => tf.conv2d(x as T4, tf.tensor4d([1, -1, 1, 1], [2, 2, 1, 1]), 1, 'valid'),
  inputs: img,
});
add({
  kernel: 'DepthwiseConv2dNative',
  name: 'depthwiseConv2d with NaN, ±Infinity, -0',
  fn: (x) => tf.depthwiseConv2d(x as T4, tf.tensor4d([1, -0, 0, 1], [2, 2, 1, 1]), 1, 'valid'),
  inputs: img,
});
add({
  kernel: 'FusedConv2D',
  name: 'fused conv2d + relu at -0',
  fn: (x) =>
    tf.fused.conv2d({
      x: x as T4,
      filter: tf.tensor4d([-1], [1, 1, 1, 1]),
      strides: 1,
      pad: 'valid',
      activation: 'relu',
    }),
  inputs: img,
});
add({
  kernel: 'FusedDepthwiseConv2D',
  name: 'fused depthwise conv2d + elu',
  fn: (x) =>
    tf.fused.depthwiseConv2d({
      x: x as T4,
      filter: tf.tensor4d([1e-7], [1, 1, 1, 1]),
      strides: 1,
      pad: 'valid',
      activation: 'elu',
    }),
  inputs: () => [tf.tensor4d([-1, -0, 1e-30, -100], [1, 2, 2, 1])],
});
add({
  kernel: 'FusedBatchNorm',
  name: 'batchNorm with variance 0 and NaN',
  fn: (x) => tf.batchNorm(x, tf.scalar(0), tf.scalar(0), tf.scalar(-0), tf.scalar(2), 0),
  inputs: () => [tf.tensor1d([1, -0, 0, NaN, Infinity])],
});
add({
  kernel: 'LRN',
  name: 'localResponseNormalization with NaN and large values',
  fn: (x) => tf.localResponseNormalization(x as T4, 1, 1, 1, 0.5),
  inputs: () => [tf.tensor4d([NaN, 1, 3e19, -0], [1, 1, 1, 4])],
});
add({
  kernel: 'TopK',
  name: 'topk with NaN, ±Infinity, ties, -0',
  fn: (x) => {
    const r = tf.topk(x, 4);
    return [r.values, r.indices];
  },
  inputs: () => [tf.tensor1d([1, NaN, 2, Infinity, -0, 0, 2, -Infinity])],
});
add({
  kernel: 'TopK',
  name: 'topk without NaN or repeated infinities (ties by index)',
  fn: (x) => {
    const r = tf.topk(x, 5);
    return [r.values, r.indices];
  },
  inputs: () => [tf.tensor1d([1, 3, 2, Infinity, -0, 0, 2, -Infinity, 3])],
});
add({
  kernel: 'OneHot',
  name: 'oneHot with negative and out-of-range indices',
  fn: (x) => tf.oneHot(x, 3, -0, 2),
  inputs: () => [tf.tensor1d([-1, 0, 2, 3, 2147483647], 'int32')],
});
add({
  kernel: 'UnsortedSegmentSum',
  name: 'unsortedSegmentSum drops negative and out-of-range ids',
  fn: (x, ids) => tf.unsortedSegmentSum(x, ids as tf.Tensor1D, 2),
  inputs: () => [tf.tensor1d([1, 2, 3, 4, -0]), tf.tensor1d([0, -1, 1, 2, 1], 'int32')],
});
add({
  kernel: 'Diag',
  name: 'diag keeps -0 and NaN',
  fn: (x) => tf.diag(x),
  inputs: () => [tf.tensor1d([-0, NaN, Infinity])],
});
add({
  kernel: 'ResizeBilinear',
  name: 'resizeBilinear with NaN and ±Infinity',
  fn: (x) => tf.image.resizeBilinear(x as T4, [3, 3]),
  inputs: () => [tf.tensor4d([NaN, 1, Infinity, -0], [1, 2, 2, 1])],
});
add({
  kernel: 'ResizeNearestNeighbor',
  name: 'resizeNearestNeighbor keeps -0 and NaN',
  fn: (x) => tf.image.resizeNearestNeighbor(x as T4, [3, 3]),
  inputs: () => [tf.tensor4d([NaN, 1, Infinity, -0], [1, 2, 2, 1])],
});
add({
  kernel: 'Fill',
  name: 'fill with -0, NaN',
  fn: (x) => [tf.add(tf.fill([2], -0), x), tf.fill([2], NaN)],
  inputs: () => [tf.tensor1d([-0, 1])],
});
add({
  kernel: 'Range',
  name: 'range with a float step',
  fn: (x) => tf.add(x, tf.range(0, 1, 0.1)),
  inputs: () => [tf.scalar(-0)],
});
add({
  kernel: 'LinSpace',
  name: 'linspace',
  fn: (x) => tf.add(x, tf.linspace(-1, 1, 7)),
  inputs: () => [tf.scalar(-0)],
});

// Kernels that move data: every edge value comes through bit for bit (signed zeros, NaN, denormals).
const moves: Record<string, (x: T) => T> = {
  Reshape: (x) => tf.reshape(x, [-1, 1]),
  Transpose: (x) => tf.transpose(tf.reshape(x, [1, -1])),
  Concat: (x) => tf.concat([x, x]),
  Pack: (x) => tf.stack([x, x]),
  Unpack: (x) => tf.unstack(tf.reshape(x, [1, -1]))[0]!,
  SplitV: (x) => tf.split(x, [2, F.length - 2])[1]!,
  Tile: (x) => tf.tile(x, [2]),
  ExpandDims: (x) => tf.expandDims(x, 0),
  BroadcastTo: (x) => tf.broadcastTo(x, [2, F.length]),
  Reverse: (x) => tf.reverse(x),
  PadV2: (x) => tf.pad(x, [[1, 2]], -0),
  MirrorPad: (x) => tf.mirrorPad(x, [[2, 2]], 'reflect'),
  Slice: (x) => tf.slice(x, 3, 10),
  StridedSlice: (x) => tf.stridedSlice(x, [1], [20], [3]),
  GatherV2: (x) => tf.gather(x, tf.tensor1d([4, 0, 13, 4], 'int32')),
  GatherNd: (x) => tf.gatherND(x, tf.tensor2d([[4], [0], [13]], [3, 1], 'int32')),
  Identity: (x) => tf.clone(x),
  ScatterNd: (x) =>
    tf.add(tf.scatterND(tf.tensor2d([[1]], [1, 1], 'int32'), tf.slice(x, 4, 1), [3]), tf.slice(x, 4, 3)),
  TensorScatterUpdate: (x) =>
    tf.tensorScatterUpdate(tf.slice(x, 0, 5), tf.tensor2d([[1]], [1, 1], 'int32'), tf.slice(x, 4, 1)),
  DepthToSpace: (x) => tf.depthToSpace(tf.reshape(tf.slice(x, 0, 16), [1, 2, 2, 4]) as T4, 2),
  FlipLeftRight: (x) => tf.image.flipLeftRight(tf.reshape(tf.slice(x, 0, 16), [1, 2, 4, 2]) as T4),
};
for (const [k, fn] of Object.entries(moves))
  add({ kernel: k, name: `${k} moves edge values unchanged`, fn, inputs: f1, label: fLabel });

export const EDGE_CASES: readonly EdgeCase[] = cases;

/** Kernels with ONNX rules that are not in the table, and why. */
export const EXEMPT: Readonly<Record<string, string>> = {
  AvgPoolGrad: 'gradient kernel: sums of its input scaled by the window size (test/export/onnx-kernels.test.ts)',
  MaxPoolGrad: 'gradient kernel: routes its input to the argmax positions (test/export/onnx-kernels.test.ts)',
  EluGrad: 'gradient kernel (test/export/onnx-kernels.test.ts)',
  Conv2DBackpropFilter: 'a convolution: the same float32 sums as Conv2D (test/export/onnx-kernels.test.ts)',
  Conv2DBackpropInput: 'a convolution: the same float32 sums as Conv2D (test/export/onnx-kernels.test.ts)',
  DepthwiseConv2dNativeBackpropFilter:
    'a convolution: the same float32 sums as Conv2D (test/export/onnx-kernels.test.ts)',
  DepthwiseConv2dNativeBackpropInput:
    'a convolution: the same float32 sums as Conv2D (test/export/onnx-kernels.test.ts)',
  RandomNormal:
    "a draw from onnxruntime's generator: other values than tfjs's by design; its distribution is tested (test/trace/random)",
  RandomUniform:
    "a draw from onnxruntime's generator: other values than tfjs's by design; its distribution is tested (test/trace/random)",
  TruncatedNormal:
    "a draw from onnxruntime's generator: other values than tfjs's by design; its distribution is tested (test/trace/random)",
  Multinomial:
    "a draw from onnxruntime's generator: other values than tfjs's by design; its frequencies are tested (test/trace/random)",
};

/**
 * Differences kept, each listed in docs/limitations.md and warned about when a graph uses the kernel:
 * `allows` says which compared elements may differ, and how.
 */
export interface KnownDifference {
  readonly kernels: readonly string[];
  /** The words the export's warning and docs/limitations.md use for it. */
  readonly text: string;
  readonly allows: (c: EdgeCase, want: number, got: number) => boolean;
}

export const KNOWN: readonly KnownDifference[] = [
  {
    kernels: ['Add', 'Sub'],
    text: 'bool + bool and bool − bool',
    allows: (c, want, got) => c.name.endsWith('bool') && ((want === 2 && got === 1) || (want === 255 && got === 1)),
  },
  {
    kernels: ['TopK'],
    text: 'NaN or a repeated infinity',
    allows: (c) => c.name.includes('with NaN'),
  },
  {
    kernels: [
      'BatchMatMul',
      '_FusedMatMul',
      'Einsum',
      'Conv2D',
      'DepthwiseConv2dNative',
      'FusedConv2D',
      'FusedDepthwiseConv2D',
      'AvgPool',
    ],
    text: 'sums in float32',
    allows: (c, want, got) => !c.name.includes('int32') && Number.isFinite(want) && !Number.isFinite(got),
  },
  {
    kernels: ['Einsum'],
    text: 'int32 products beyond 2^53',
    allows: (c) => c.name.includes('int32'),
  },
];
