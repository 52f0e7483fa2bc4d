// A broad corpus of real tfjs op calls (forward and backward) whose kernel invocations the rule tests record.
// Needs @tensorflow/tfjs on the cpu backend. Produces `CORPUS`: named thunks that run ops and return tensors.
// Seeded random data keeps every run identical; each case runs inside tf.tidy in the recorder.

import * as tf from '@tensorflow/tfjs';

type Case = readonly [name: string, run: () => unknown];

let seed = 1;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
// Tensor<any> so one helper serves ops typed for Tensor1D … Tensor5D.
/* eslint-disable @typescript-eslint/no-explicit-any -- the corpus calls every op with tensors of the rank its
   signature names (Tensor1D, Tensor4D …): these makers return a tensor of any rank, typed as each call site needs */
const r = (shape: number[]): tf.Tensor<any> =>
  tf.tensor(Array.from({ length: shape.reduce((a, b) => a * b, 1) }, rnd), shape);
const pos = (shape: number[]): tf.Tensor<any> => r(shape).abs().add(0.5);
const ri = (shape: number[], lo = -5, hi = 6): tf.Tensor<any> =>
  tf.tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => lo + Math.floor(((rnd() + 1) / 2) * (hi - lo))),
    shape,
    'int32',
  );
/* eslint-enable @typescript-eslint/no-explicit-any */
const rb = (shape: number[]) => r(shape).greater(0);

type Reduce = (x: tf.Tensor, axis?: number | number[] | null, keepDims?: boolean) => tf.Tensor;

const unaryOps: Array<[string, (x: tf.Tensor) => tf.Tensor]> = [
  ['abs', tf.abs],
  ['neg', tf.neg],
  ['exp', tf.exp],
  ['expm1', tf.expm1],
  ['log', (x) => tf.log(x.abs())],
  ['log1p', (x) => tf.log1p(x.abs())],
  ['sqrt', (x) => tf.sqrt(x.abs())],
  ['rsqrt', (x) => tf.rsqrt(x.abs())],
  ['square', tf.square],
  ['sin', tf.sin],
  ['cos', tf.cos],
  ['tan', tf.tan],
  ['asin', (x) => tf.asin(x.mul(0.5))],
  ['acos', (x) => tf.acos(x.mul(0.5))],
  ['atan', tf.atan],
  ['sinh', tf.sinh],
  ['cosh', tf.cosh],
  ['tanh', tf.tanh],
  ['asinh', tf.asinh],
  ['acosh', (x) => tf.acosh(x.abs().add(1))],
  ['atanh', (x) => tf.atanh(x.mul(0.5))],
  ['floor', tf.floor],
  ['ceil', tf.ceil],
  ['round', tf.round],
  ['sign', tf.sign],
  ['isNaN', tf.isNaN],
  ['isInf', tf.isInf],
  ['isFinite', tf.isFinite],
  ['relu', tf.relu],
  ['relu6', tf.relu6],
  ['sigmoid', tf.sigmoid],
  ['elu', tf.elu],
  ['selu', tf.selu],
  ['leakyRelu', (x) => tf.leakyRelu(x, 0.1)],
  ['softplus', tf.softplus],
  ['step', (x) => tf.step(x, 0.3)],
  ['erf', tf.erf],
  ['reciprocal', tf.reciprocal],
  ['zerosLike', tf.zerosLike],
  ['onesLike', tf.onesLike],
  ['clone', tf.clone],
  ['logSigmoid', tf.logSigmoid],
  ['clipByValue', (x) => tf.clipByValue(x, -0.2, 0.3)],
  ['castInt', (x) => tf.cast(x, 'int32')],
  ['castBool', (x) => tf.cast(x, 'bool')],
];

const binaryOps: Array<[string, (a: tf.Tensor, b: tf.Tensor) => tf.Tensor]> = [
  ['add', tf.add],
  ['sub', tf.sub],
  ['mul', tf.mul],
  ['div', tf.div],
  ['floorDiv', tf.floorDiv],
  ['mod', tf.mod],
  ['pow', (a, b) => tf.pow(a.abs(), b)],
  ['maximum', tf.maximum],
  ['minimum', tf.minimum],
  ['squaredDifference', tf.squaredDifference],
  ['atan2', tf.atan2],
  ['equal', tf.equal],
  ['notEqual', tf.notEqual],
  ['less', tf.less],
  ['lessEqual', tf.lessEqual],
  ['greater', tf.greater],
  ['greaterEqual', tf.greaterEqual],
  ['divNoNan', tf.divNoNan],
];

const bcPairs: Array<[number[], number[]]> = [
  [
    [2, 3],
    [2, 3],
  ],
  [
    [2, 1, 3],
    [4, 1],
  ],
  [[], [3, 2]],
  [[5], []],
  [
    [1, 4],
    [3, 1],
  ],
];

const elementwise: Case[] = [
  ...unaryOps.map(([n, f]): Case => [`unary ${n} float`, () => f(r([2, 3, 4]))]),
  ...unaryOps.map(([n, f]): Case => [`unary ${n} scalar`, () => f(tf.scalar(0.4))]),
  ...(
    [
      'abs',
      'neg',
      'square',
      'relu',
      'sign',
      'zerosLike',
      'onesLike',
      'clone',
      'castBool',
      'clipByValue',
      'relu6',
      'exp',
      'reciprocal',
    ] as const
  ).map((n): Case => [`unary ${n} int32`, () => unaryOps.find((u) => u[0] === n)![1](ri([3, 2]))]),
  ['cast bool->float', () => tf.cast(rb([3]), 'float32')],
  ['cast bool->int', () => tf.cast(rb([3]), 'int32')],
  ['cast float->float', () => tf.cast(r([3]), 'float32')],
  ['logicalNot', () => tf.logicalNot(rb([2, 2]))],
  ['prelu', () => tf.prelu(r([2, 3]), r([3]))],
  ['leakyRelu int', () => tf.leakyRelu(ri([4]), 0.2)],
  ...binaryOps.flatMap(([n, f]) =>
    bcPairs.map(([a, b]): Case => [`binary ${n} [${a}]x[${b}]`, () => f(r(a), r(b).add(n === 'pow' ? 0 : 0))]),
  ),
  ...binaryOps.map(([n, f]): Case => [`binary ${n} int32`, () => f(ri([2, 3], 1, 5), ri([3], 1, 4))]),
  ['add int+float (tensor, scalar)', () => tf.add(ri([3]), 1.5)],
  ['div int32 scalar', () => tf.div(ri([3]), 2)],
  ['realDiv via method', () => r([2]).div(tf.scalar(3))],
  ['logicalAnd', () => tf.logicalAnd(rb([2, 3]), rb([3]))],
  ['logicalOr', () => tf.logicalOr(rb([2, 1]), rb([1, 3]))],
  ['logicalXor', () => tf.logicalXor(rb([4]), rb([4]))],
  ['bitwiseAnd', () => tf.bitwiseAnd(ri([4], 0, 9), ri([4], 0, 9))],
  ['equal bool', () => tf.equal(rb([3]), rb([3]))],
  ['addN', () => tf.addN([r([2, 3]), r([2, 3]), r([2, 3])])],
  ['addN int', () => tf.addN([ri([2]), ri([2])])],
  ['where same', () => tf.where(rb([2, 3]), r([2, 3]), r([2, 3]))],
  ['where broadcast', () => tf.where(rb([2, 1]), r([1, 3]), tf.scalar(0))],
  ['where int', () => tf.where(rb([3]), ri([3]), ri([3]))],
  ['elu grad', () => tf.grad((x: tf.Tensor) => tf.elu(x).sum())(r([3, 2]))],
  ['relu6 grad', () => tf.grad((x: tf.Tensor) => tf.relu6(x.mul(7)).sum())(r([3, 2]))],
  [
    'complex',
    () => {
      const c = tf.complex(r([2, 3]), r([2, 3]));
      return [tf.real(c), tf.imag(c), tf.abs(c)];
    },
  ],
  [
    'fft',
    () => {
      const c = tf.complex(r([2, 4]), r([2, 4]));
      return [tf.spectral.fft(c), tf.spectral.ifft(c), tf.spectral.rfft(r([3, 8])), tf.spectral.irfft(c)];
    },
  ],
];

const reduceOps: Array<[string, Reduce]> = (
  [
    ['sum', tf.sum],
    ['mean', tf.mean],
    ['max', tf.max],
    ['min', tf.min],
    ['prod', tf.prod],
    ['logSumExp', tf.logSumExp],
    ['euclideanNorm', tf.euclideanNorm],
  ] as const
).map(([n, f]) => [n, f as unknown as Reduce]);
const axesCases: Array<[number | number[] | null | undefined, boolean]> = [
  [undefined, false],
  [null, true],
  [0, false],
  [-1, true],
  [[0, 2], false],
  [[-1, 1], true],
  [[], false],
  [1, false],
];

const reduction: Case[] = [
  ...reduceOps.flatMap(([n, f]) =>
    axesCases
      .filter(([ax]) => n !== 'euclideanNorm' || !(Array.isArray(ax) && ax.length === 0))
      .map(([ax, k]): Case => [`reduce ${n} axis=${JSON.stringify(ax)} keep=${k}`, () => f(r([2, 3, 4]), ax, k)]),
  ),
  ...(['sum', 'prod', 'max', 'min', 'mean'] as const).map((n): Case => [
    `reduce ${n} int32`,
    () => reduceOps.find((o) => o[0] === n)![1](ri([2, 3]), 1),
  ]),
  ['sum bool', () => tf.sum(rb([2, 3]), 0)],
  ['prod bool', () => tf.prod(rb([2, 3]))],
  ['mean bool', () => tf.mean(rb([2, 3]))],
  ['all', () => [tf.all(rb([2, 3])), tf.all(rb([2, 3]), -1, true), tf.all(rb([2, 3]), [0])]],
  ['any', () => [tf.any(rb([2, 3])), tf.any(rb([2, 3]), 1), tf.any(rb([2, 3, 2]), [0, -1], true)]],
  ['argMax', () => [tf.argMax(r([2, 3, 4])), tf.argMax(r([2, 3, 4]), -1), tf.argMax(r([5])), tf.argMax(ri([2, 3]), 1)]],
  ['argMin', () => [tf.argMin(r([2, 3, 4]), 1), tf.argMin(r([2, 3]), -2)]],
  [
    'cumsum',
    () => [
      tf.cumsum(r([2, 3])),
      tf.cumsum(r([2, 3]), 1, true, true),
      tf.cumsum(ri([4])),
      tf.cumsum(rb([3])),
      tf.cumsum(r([2, 3]), -1),
      tf.cumsum(r([4]), -1),
    ],
  ],
  [
    'cumprod',
    () => [
      tf.cumprod(r([2, 3]), 1),
      tf.cumprod(ri([2, 3]), 0, false, true),
      tf.cumprod(rb([2])),
      tf.cumprod(r([2, 3]), -1),
      tf.cumprod(r([2, 3, 2]), -2),
    ],
  ],
  [
    'norm',
    () => [
      tf.norm(r([3, 4])),
      tf.norm(r([3, 4]), 1, 1),
      tf.norm(r([3, 4]), 'fro', [0, 1]),
      tf.norm(r([3, 4]), Infinity, 0),
    ],
  ],
  [
    'moments',
    () => {
      const m = tf.moments(r([2, 3, 4]), [0, 1], true);
      return [m.mean, m.variance];
    },
  ],
  ['softmax', () => [tf.softmax(r([2, 5])), tf.softmax(r([3])), tf.softmax(r([2, 3, 4]))]],
  ['logSoftmax', () => [tf.logSoftmax(r([2, 5])), tf.logSoftmax(r([4]))]],
];

const matmul: Case[] = [
  ['matMul plain', () => tf.matMul(r([2, 3]), r([3, 4]))],
  ['matMul tA', () => tf.matMul(r([3, 2]), r([3, 4]), true)],
  ['matMul tB', () => tf.matMul(r([2, 3]), r([4, 3]), false, true)],
  ['matMul tAtB', () => tf.matMul(r([3, 2]), r([4, 3]), true, true)],
  ['matMul batch', () => tf.matMul(r([5, 2, 3]), r([5, 3, 4]))],
  ['matMul batch broadcast', () => tf.matMul(r([2, 1, 2, 3]), r([5, 3, 4]))],
  ['matMul batch 1 vs n', () => tf.matMul(r([1, 2, 3]), r([4, 3, 2]), false, false)],
  ['matMul int32', () => tf.matMul(ri([2, 3]), ri([3, 2]))],
  ['dot', () => [tf.dot(r([3]), r([3])), tf.dot(r([2, 3]), r([3])), tf.dot(r([3]), r([3, 2]))]],
  ['outerProduct', () => tf.outerProduct(r([3]), r([4]))],
  ['fused matMul', () => tf.fused.matMul({ a: r([2, 3]), b: r([3, 4]), bias: r([4]), activation: 'relu' })],
  [
    'fused matMul t',
    () =>
      tf.fused.matMul({
        a: r([3, 2]),
        b: r([4, 3]),
        transposeA: true,
        transposeB: true,
        bias: r([2, 4]),
        activation: 'leakyrelu',
        leakyreluAlpha: 0.3,
      }),
  ],
  [
    'fused matMul prelu',
    () => tf.fused.matMul({ a: r([2, 2, 3]), b: r([2, 3, 4]), activation: 'prelu', preluActivationWeights: r([4]) }),
  ],
  ['fused matMul nobias', () => tf.fused.matMul({ a: r([2, 3]), b: r([3, 4]) })],
  [
    'einsum',
    () => [
      tf.einsum('ij,jk->ik', r([2, 3]), r([3, 4])),
      tf.einsum('ij->ji', r([2, 3])),
      tf.einsum('bij,bjk->bik', r([2, 2, 3]), r([2, 3, 4])),
      tf.einsum('i,i->', r([3]), r([3])),
      tf.einsum('ij->', r([2, 3])),
      tf.einsum('i,j->ij', r([2]), r([3])),
      tf.einsum('ij,ij->i', r([2, 3]), r([2, 3])),
    ],
  ],
];

const shapeOps: Case[] = [
  [
    'reshape',
    () => [
      tf.reshape(r([2, 3, 4]), [6, 4]),
      tf.reshape(r([2, 3, 4]), [-1, 2]),
      tf.reshape(r([2, 3]), [6]),
      tf.reshape(r([1]), []),
      tf.reshape(tf.zeros([0, 3]), [-1, 3]),
    ],
  ],
  ['flatten', () => r([2, 3]).flatten()],
  [
    'transpose',
    () => [
      tf.transpose(r([2, 3, 4])),
      tf.transpose(r([2, 3, 4]), [1, 0, 2]),
      tf.transpose(r([2, 3]), [0, 1]),
      tf.transpose(ri([2, 3])),
    ],
  ],
  [
    'concat',
    () => [
      tf.concat([r([2, 3]), r([2, 1])], 1),
      tf.concat([r([2, 3]), r([1, 3]), r([4, 3])]),
      tf.concat([r([2, 3]), r([2, 2])], -1),
      tf.concat([r([3])]),
      tf.concat([ri([2]), ri([3])]),
    ],
  ],
  [
    'stack',
    () => [
      tf.stack([r([2, 3]), r([2, 3])]),
      tf.stack([r([2, 3]), r([2, 3]), r([2, 3])], 2),
      tf.stack([r([2])], -1),
      tf.stack([tf.scalar(1), tf.scalar(2)]),
    ],
  ],
  ['unstack', () => [tf.unstack(r([3, 2])), tf.unstack(r([2, 3, 4]), 1), tf.unstack(r([2, 3]), -1)]],
  [
    'slice',
    () => [
      tf.slice(r([4, 5]), [1, 2], [2, 3]),
      tf.slice(r([4, 5]), [1, 0], [-1, 2]),
      tf.slice(r([6]), 2),
      tf.slice(r([4, 5, 6]), [1], [2]),
      tf.slice(r([4, 5]), 1, 2),
    ],
  ],
  [
    'stridedSlice',
    () => {
      const x = r([5, 6, 7]);
      return [
        tf.stridedSlice(x, [1, 0, 2], [4, 6, 7], [1, 2, 2]),
        tf.stridedSlice(x, [0, 0, 0], [3, 3, 3], [1, 1, 1], 1, 4),
        tf.stridedSlice(x, [4, 5, 6], [0, 0, 0], [-1, -2, -3]),
        tf.stridedSlice(x, [1], [2], [1], 0, 0, 0, 0, 1),
        tf.stridedSlice(x, [0, 1], [0, 3], [1, 1], 0, 0, 1),
        tf.stridedSlice(x, [0, 0, 1], [0, 0, 3], [1, 1, 1], 0, 0, 0, 2),
        tf.stridedSlice(x, [-3, -2], [-1, 10], [1, 1]),
        tf.stridedSlice(x, [0, 2], [0, 3], [1, 1], 0, 0, 0, 1, 2),
        tf.stridedSlice(x, [2, 0], [3, 0], [1, 1], 0, 2, 0, 0, 1),
      ];
    },
  ],
  [
    'gather',
    () => [
      tf.gather(r([5, 3]), ri([4], 0, 5)),
      tf.gather(r([5, 3]), ri([2, 2], 0, 3), 1),
      tf.gather(r([5, 3]), ri([2], 0, 3), -1),
      tf.gather(r([2, 5, 3]), ri([2, 4], 0, 5), 1, 1),
      tf.gather(r([5]), tf.scalar(2, 'int32')),
      tf.gather(ri([5, 2]), ri([3], 0, 5)),
    ],
  ],
  [
    'gatherND',
    () => [
      tf.gatherND(r([4, 5, 3]), ri([2, 2], 0, 4)),
      tf.gatherND(r([4, 5]), ri([3, 1], 0, 4)),
      tf.gatherND(r([4, 5]), ri([2, 3, 2], 0, 4)),
    ],
  ],
  [
    'pad',
    () => [
      tf.pad(r([2, 3]), [
        [1, 2],
        [0, 1],
      ]),
      tf.pad(r([3]), [[2, 2]], 5),
      tf.pad(ri([2, 2]), [
        [1, 1],
        [1, 1],
      ]),
    ],
  ],
  [
    'mirrorPad',
    () => [
      tf.mirrorPad(
        r([3, 4]),
        [
          [1, 2],
          [2, 0],
        ],
        'reflect',
      ),
      tf.mirrorPad(
        r([3, 4]),
        [
          [1, 1],
          [3, 2],
        ],
        'symmetric',
      ),
    ],
  ],
  [
    'tile',
    () => [tf.tile(r([2, 3]), [2, 1]), tf.tile(r([2]), [3]), tf.tile(ri([1, 2, 1]), [2, 2, 3]), tf.tile(rb([2]), [2])],
  ],
  [
    'expandDims',
    () => [
      tf.expandDims(r([2, 3])),
      tf.expandDims(r([2, 3]), -1),
      tf.expandDims(r([2, 3]), 1),
      tf.expandDims(tf.scalar(1)),
    ],
  ],
  ['squeeze', () => [tf.squeeze(r([1, 2, 1, 3])), tf.squeeze(r([1, 2, 1, 3]), [2]), tf.squeeze(r([1, 2, 1]), [-1])]],
  [
    'broadcastTo',
    () => [
      tf.broadcastTo(r([3]), [2, 3]),
      tf.broadcastTo(r([2, 1]), [4, 2, 5]),
      tf.broadcastTo(tf.scalar(2), [2, 2]),
      tf.broadcastTo(r([2, 3]), [2, 3]),
    ],
  ],
  [
    'reverse',
    () => [tf.reverse(r([2, 3])), tf.reverse(r([2, 3]), 1), tf.reverse(r([2, 3, 4]), [0, -1]), tf.reverse(r([3]))],
  ],
  ['split', () => [tf.split(r([6, 2]), 3), tf.split(r([2, 7]), [2, 5], 1), tf.split(r([2, 7]), [2, -1, 1], -1)]],
  [
    'topk',
    () => {
      const a = tf.topk(r([3, 6]), 2);
      const b = tf.topk(ri([5]), 5, false);
      return [a.values, a.indices, b.values, b.indices];
    },
  ],
  [
    'spaceToBatchND',
    () =>
      tf.spaceToBatchND(
        r([1, 4, 4, 1]),
        [2, 2],
        [
          [0, 0],
          [0, 0],
        ],
      ),
  ],
  [
    'batchToSpaceND',
    () =>
      tf.batchToSpaceND(
        r([4, 1, 1, 1]),
        [2, 2],
        [
          [0, 0],
          [0, 0],
        ],
      ),
  ],
  [
    'spaceToBatchND pad',
    () =>
      tf.spaceToBatchND(
        r([2, 3, 5, 2]),
        [2, 3],
        [
          [1, 0],
          [0, 1],
        ],
      ),
  ],
  ['depthToSpace', () => tf.depthToSpace(r([1, 2, 2, 4]), 2)],
  ['diag', () => [tf.diag(r([3])), tf.diag(r([2, 2]))]],
  ['eye', () => [tf.eye(3), tf.eye(2, 4), tf.eye(2, 2, [3])]],
  ['oneHot', () => [tf.oneHot(ri([3], 0, 4), 4), tf.oneHot(ri([2, 2], 0, 3), 3, 5, -1, 'float32')]],
  ['scatterND', () => tf.scatterND(ri([3, 1], 0, 5), r([3, 2]), [5, 2])],
  ['tensorScatterUpdate', () => tf.tensorScatterUpdate(r([5, 2]), ri([2, 1], 0, 5), r([2, 2]))],
  ['unsortedSegmentSum', () => tf.unsortedSegmentSum(r([4, 3]), tf.tensor1d([0, 2, 1, 2], 'int32'), 3)],
  [
    'searchSorted',
    () => [
      tf.searchSorted(tf.tensor1d([1, 2, 3, 4]), r([5])),
      tf.upperBound(
        tf.tensor2d([
          [1, 2],
          [3, 4],
        ]),
        r([2, 3]),
      ),
    ],
  ],
  [
    'bincount',
    () => [tf.bincount(ri([5], 0, 4), tf.tensor1d([]), 4), tf.denseBincount(ri([2, 5], 0, 4), tf.tensor([]), 4, true)],
  ],
  ['broadcastArgs', () => tf.broadcastArgs(tf.tensor1d([2, 1], 'int32'), tf.tensor1d([3], 'int32'))],
  ['meshgrid', () => tf.meshgrid(r([2]), r([3]))],
  ['booleanMask-free inTopK-free linalg', () => [tf.linalg.bandPart(r([3, 4]), 1, 1)]],
];

const creation: Case[] = [
  ['fill', () => [tf.fill([2, 3], 4), tf.fill([2], 3, 'int32'), tf.fill([], 1)]],
  ['zeros/ones', () => [tf.zeros([2, 3]), tf.ones([3], 'int32')]],
  [
    'range',
    () => [
      tf.range(0, 5),
      tf.range(0, 5, 2),
      tf.range(5, 0, -1.5),
      tf.range(3, 3),
      tf.range(0, 4, 1, 'int32'),
      tf.range(5, 1),
      tf.range(0.5, 3.2, 0.7),
    ],
  ],
  ['linspace', () => [tf.linspace(0, 1, 5), tf.linspace(2, 2, 1)]],
  ['multinomial', () => [tf.multinomial(r([2, 4]), 3, 7), tf.multinomial(r([4]), 2, 3, true)]],
];

const conv: Case[] = [
  ['conv2d same', () => tf.conv2d(r([2, 5, 5, 3]) as tf.Tensor4D, r([3, 3, 3, 4]) as tf.Tensor4D, 1, 'same')],
  [
    'conv2d valid stride',
    () => tf.conv2d(r([1, 7, 6, 2]) as tf.Tensor4D, r([3, 2, 2, 3]) as tf.Tensor4D, [2, 1], 'valid'),
  ],
  [
    'conv2d dilation',
    () => tf.conv2d(r([1, 7, 7, 1]) as tf.Tensor4D, r([2, 2, 1, 2]) as tf.Tensor4D, 1, 'valid', 'NHWC', 2),
  ],
  [
    'conv2d explicit pad',
    () =>
      tf.conv2d(r([1, 4, 4, 1]) as tf.Tensor4D, r([2, 2, 1, 1]) as tf.Tensor4D, 1, [
        [0, 0],
        [1, 2],
        [0, 1],
        [0, 0],
      ]),
  ],
  ['conv2d 3d input', () => tf.conv2d(r([5, 5, 3]) as tf.Tensor3D, r([3, 3, 3, 4]) as tf.Tensor4D, 2, 'same')],
  ['conv1d', () => tf.conv1d(r([2, 8, 3]) as tf.Tensor3D, r([3, 3, 5]) as tf.Tensor3D, 2, 'same')],
  ['depthwise', () => tf.depthwiseConv2d(r([1, 5, 5, 2]) as tf.Tensor4D, r([3, 3, 2, 2]) as tf.Tensor4D, 1, 'valid')],
  [
    'depthwise stride same',
    () => tf.depthwiseConv2d(r([2, 6, 6, 3]) as tf.Tensor4D, r([2, 2, 3, 1]) as tf.Tensor4D, 2, 'same'),
  ],
  [
    'separable',
    () =>
      tf.separableConv2d(
        r([1, 5, 5, 2]) as tf.Tensor4D,
        r([3, 3, 2, 2]) as tf.Tensor4D,
        r([1, 1, 4, 3]) as tf.Tensor4D,
        1,
        'same',
      ),
  ],
  [
    'conv2dTranspose',
    () => tf.conv2dTranspose(r([1, 3, 3, 2]) as tf.Tensor4D, r([3, 3, 4, 2]) as tf.Tensor4D, [1, 6, 6, 4], 2, 'same'),
  ],
  ['conv3d', () => tf.conv3d(r([1, 4, 4, 4, 2]) as tf.Tensor5D, r([2, 2, 2, 2, 3]) as tf.Tensor5D, 1, 'valid')],
  [
    'conv3dTranspose',
    () =>
      tf.conv3dTranspose(
        r([1, 2, 2, 2, 2]) as tf.Tensor5D,
        r([2, 2, 2, 3, 2]) as tf.Tensor5D,
        [1, 4, 4, 4, 3],
        2,
        'same',
      ),
  ],
  [
    'maxPool',
    () => [
      tf.maxPool(r([1, 5, 5, 2]) as tf.Tensor4D, 2, 2, 'valid'),
      tf.maxPool(r([2, 5, 5, 1]) as tf.Tensor4D, [3, 2], 1, 'same'),
      tf.maxPool(r([4, 4, 1]) as tf.Tensor3D, 2, 1, 0),
    ],
  ],
  [
    'avgPool',
    () => [
      tf.avgPool(r([1, 5, 5, 2]) as tf.Tensor4D, 2, 2, 'valid'),
      tf.avgPool(r([2, 6, 5, 1]) as tf.Tensor4D, [3, 2], [2, 1], 'same'),
    ],
  ],
  [
    'pool',
    () => [
      tf.pool(r([1, 6, 6, 1]) as tf.Tensor4D, [2, 2], 'max', 'valid', [2, 2]),
      tf.pool(r([1, 6, 6, 1]) as tf.Tensor4D, [2, 2], 'avg', 'same', 1, 2),
    ],
  ],
  [
    'maxPool3d/avgPool3d',
    () => [
      tf.maxPool3d(r([1, 4, 4, 4, 1]) as tf.Tensor5D, 2, 2, 'valid'),
      tf.avgPool3d(r([1, 4, 4, 4, 2]) as tf.Tensor5D, 2, 1, 'same'),
    ],
  ],
  [
    'maxPoolWithArgmax',
    () => {
      const o = tf.maxPoolWithArgmax(r([1, 4, 4, 2]) as tf.Tensor4D, 2, 2, 'valid');
      return [o.result, o.indexes];
    },
  ],
  [
    'fused conv2d',
    () =>
      tf.fused.conv2d({
        x: r([1, 5, 5, 2]) as tf.Tensor4D,
        filter: r([3, 3, 2, 3]) as tf.Tensor4D,
        strides: 1,
        pad: 'same',
        bias: r([3]),
        activation: 'relu',
      }),
  ],
  [
    'fused conv2d nobias',
    () =>
      tf.fused.conv2d({
        x: r([1, 5, 5, 2]) as tf.Tensor4D,
        filter: r([3, 3, 2, 3]) as tf.Tensor4D,
        strides: 2,
        pad: 'valid',
      }),
  ],
  [
    'fused depthwise',
    () =>
      tf.fused.depthwiseConv2d({
        x: r([1, 5, 5, 2]) as tf.Tensor4D,
        filter: r([3, 3, 2, 2]) as tf.Tensor4D,
        strides: 1,
        pad: 'same',
        bias: r([4]),
        activation: 'elu',
      }),
  ],
  [
    'batchNorm',
    () => [
      tf.batchNorm(r([2, 3, 4]), r([4]), pos([4]), r([4]), r([4]), 1e-3),
      tf.batchNorm(r([2, 4]), r([4]), pos([4])),
      tf.batchNorm4d(r([1, 2, 2, 3]) as tf.Tensor4D, r([3]), pos([3]), undefined, r([3])),
    ],
  ],
  ['lrn', () => tf.localResponseNormalization(r([1, 3, 3, 4]) as tf.Tensor4D, 2)],
  ['dilation2d', () => tf.dilation2d(r([1, 5, 5, 2]) as tf.Tensor4D, r([2, 2, 2]) as tf.Tensor3D, 1, 'same')],
  [
    'resize',
    () => [
      tf.image.resizeBilinear(r([1, 3, 4, 2]) as tf.Tensor4D, [6, 5]),
      tf.image.resizeNearestNeighbor(r([2, 3, 4, 1]) as tf.Tensor4D, [2, 8]),
      tf.image.resizeBilinear(r([3, 4, 2]) as tf.Tensor3D, [2, 2], true),
    ],
  ],
  [
    'image misc',
    () => [
      tf.image.flipLeftRight(r([1, 3, 4, 2]) as tf.Tensor4D),
      tf.image.rotateWithOffset(r([1, 3, 4, 3]) as tf.Tensor4D, 0.5),
      tf.image.cropAndResize(
        r([1, 5, 5, 2]) as tf.Tensor4D,
        tf.tensor2d([
          [0, 0, 1, 1],
          [0.2, 0.2, 0.8, 0.8],
        ]),
        tf.tensor1d([0, 0], 'int32'),
        [3, 2],
      ),
      tf.image.transform(r([1, 4, 4, 1]) as tf.Tensor4D, tf.tensor2d([[1, 0, 0, 0, 1, 0, 0, 0]])),
    ],
  ],
  ['dropout', () => tf.dropout(r([4, 4]), 0.5, undefined, 3)],
  [
    'resize int32',
    () => [tf.image.resizeBilinear(ri([1, 2, 2, 1]), [3, 3]), tf.image.resizeNearestNeighbor(ri([1, 2, 2, 1]), [4, 3])],
  ],
];

// Kernels whose output sizes depend on the data (rules answer -1 there).
const boxes = () =>
  tf.tensor2d([
    [0, 0, 1, 1],
    [0, 0.1, 1, 1.1],
    [0, -0.1, 1, 0.9],
    [0, 10, 1, 11],
    [0, 10.1, 1, 11.1],
    [0, 100, 1, 101],
  ]);
const scores = () => tf.tensor1d([0.9, 0.75, 0.6, 0.95, 0.5, 0.3]);
const dataDependent: Case[] = [
  ['nms', () => tf.image.nonMaxSuppression(boxes(), scores(), 3, 0.5)],
  [
    'nms padded',
    () => {
      const o = tf.image.nonMaxSuppressionPadded(boxes(), scores(), 5, 0.5, 0, true);
      return [o.selectedIndices, o.validOutputs];
    },
  ],
  [
    'nms unpadded',
    () => {
      const o = tf.image.nonMaxSuppressionPadded(boxes(), scores(), 5, 0.5);
      return [o.selectedIndices, o.validOutputs];
    },
  ],
  [
    'nms with score',
    () => {
      const o = tf.image.nonMaxSuppressionWithScore(boxes(), scores(), 4, 0.5, 0, 0.5);
      return [o.selectedIndices, o.selectedScores];
    },
  ],
  [
    'unique',
    () => {
      const a = tf.unique(ri([6], 0, 3));
      const b = tf.unique(
        tf.tensor2d(
          [
            [1, 0, 1],
            [2, 0, 2],
          ],
          [2, 3],
          'int32',
        ),
        1,
      );
      return [a.values, a.indices, b.values, b.indices];
    },
  ],
  [
    'sparseFillEmptyRows',
    () =>
      Object.values(
        tf.sparse.sparseFillEmptyRows(
          tf.tensor2d(
            [
              [0, 0],
              [1, 0],
              [1, 3],
              [1, 4],
              [3, 2],
              [3, 3],
            ],
            [6, 2],
            'int32',
          ),
          tf.tensor1d([0, 10, 13, 14, 32, 33]),
          tf.tensor1d([5, 6], 'int32'),
          tf.scalar(-1),
        ),
      ),
  ],
  [
    'sparseReshape',
    () =>
      Object.values(
        tf.sparse.sparseReshape(
          tf.tensor2d(
            [
              [0, 0, 0],
              [0, 0, 1],
              [0, 1, 0],
              [1, 0, 0],
              [1, 2, 3],
            ],
            [5, 3],
            'int32',
          ),
          tf.tensor1d([2, 3, 6], 'int32'),
          tf.tensor1d([9, -1], 'int32'),
        ),
      ),
  ],
  [
    'sparseSegment',
    () => {
      const data = tf.tensor2d([
        [1, 2, 3, 4],
        [-1, -2, -3, -4],
        [6, 7, 8, 9],
      ]);
      return [
        tf.sparse.sparseSegmentSum(data, tf.tensor1d([0, 1], 'int32'), tf.tensor1d([0, 0], 'int32')),
        tf.sparse.sparseSegmentMean(data, tf.tensor1d([0, 1, 2], 'int32'), tf.tensor1d([0, 1, 1], 'int32')),
      ];
    },
  ],
  [
    'sparseToDense',
    () => [
      tf.sparseToDense(tf.tensor1d([4, 5, 7], 'int32'), tf.tensor1d([10, 11, 12]), [8]),
      tf.sparseToDense(
        tf.tensor2d(
          [
            [0, 1],
            [1, 1],
          ],
          [2, 2],
          'int32',
        ),
        tf.tensor1d([3, 4], 'int32'),
        [2, 3],
        tf.scalar(0, 'int32'),
      ),
    ],
  ],
  [
    'strings',
    () => [
      ...Object.values(
        tf.string.stringNGrams(
          tf.tensor1d(['a', 'b', 'c', 'd'], 'string'),
          tf.tensor1d([0, 4], 'int32'),
          '|',
          [1, 2],
          'LP',
          'RP',
          -1,
          false,
        ),
      ),
      ...Object.values(
        tf.string.stringSplit(tf.tensor1d(['hello world', 'a b c'], 'string'), tf.scalar(' ', 'string')),
      ),
      tf.string.stringToHashBucketFast(tf.tensor1d(['a', 'b', 'c'], 'string'), 3),
      tf.string.staticRegexReplace(tf.tensor1d(['ab', 'cb'], 'string'), 'b', 'x'),
    ],
  ],
  [
    'ragged',
    () => [
      ...Object.values(
        tf.raggedGather([tf.tensor1d([0, 2, 3], 'int32')], tf.tensor1d([1, 2, 3]), tf.tensor1d([1, 0], 'int32'), 1),
      ).flat(),
      ...Object.values(
        tf.raggedRange(tf.tensor1d([0, 5], 'int32'), tf.tensor1d([3, 7], 'int32'), tf.tensor1d([1, 1], 'int32')),
      ),
      tf.raggedTensorToTensor(
        tf.tensor1d([2, 3], 'int32'),
        tf.tensor1d([1, 2, 3]),
        tf.scalar(0),
        [tf.tensor1d([0, 2, 3], 'int32')],
        ['ROW_SPLITS'],
      ),
    ],
  ],
];

// Gradients: each function runs its ops forward and the backward pass through tf.grads.
const g = (f: (...xs: tf.Tensor[]) => tf.Tensor, ...xs: tf.Tensor[]) => tf.grads(f)(xs);
const grads: Case[] = [
  ['grad matMul', () => g((a, b) => tf.matMul(a!, b!).sum(), r([2, 3]), r([3, 4]))],
  ['grad matMul t', () => g((a, b) => tf.matMul(a!, b!, true, true).square().mean(), r([3, 2]), r([4, 3]))],
  ['grad matMul batch bc', () => g((a, b) => tf.matMul(a!, b!).sum(), r([5, 2, 3]), r([5, 3, 4]))],
  [
    'grad fused matMul',
    () =>
      g(
        (a, b, c) => tf.fused.matMul({ a: a!, b: b!, bias: c!, activation: 'relu' }).sum(),
        r([2, 3]),
        r([3, 4]),
        r([4]),
      ),
  ],
  [
    'grad conv2d',
    () => g((x, f) => tf.conv2d(x as tf.Tensor4D, f as tf.Tensor4D, 2, 'same').sum(), r([2, 5, 5, 3]), r([3, 3, 3, 4])),
  ],
  [
    'grad conv2d valid',
    () =>
      g(
        (x, f) => tf.conv2d(x as tf.Tensor4D, f as tf.Tensor4D, [2, 1], 'valid').sum(),
        r([1, 7, 7, 1]),
        r([2, 2, 1, 2]),
      ),
  ],
  [
    'grad depthwise',
    () =>
      g(
        (x, f) => tf.depthwiseConv2d(x as tf.Tensor4D, f as tf.Tensor4D, 1, 'same').sum(),
        r([1, 5, 5, 2]),
        r([3, 3, 2, 2]),
      ),
  ],
  [
    'grad fused conv',
    () =>
      g(
        (x, f, b) =>
          tf.fused
            .conv2d({
              x: x as tf.Tensor4D,
              filter: f as tf.Tensor4D,
              strides: 1,
              pad: 'same',
              bias: b,
              activation: 'relu',
            })
            .sum(),
        r([1, 4, 4, 2]),
        r([3, 3, 2, 3]),
        r([3]),
      ),
  ],
  [
    'grad fused depthwise',
    () =>
      g(
        (x, f, b) =>
          tf.fused
            .depthwiseConv2d({ x: x as tf.Tensor4D, filter: f as tf.Tensor4D, strides: 1, pad: 'valid', bias: b })
            .sum(),
        r([1, 4, 4, 2]),
        r([2, 2, 2, 1]),
        r([2]),
      ),
  ],
  [
    'grad conv2dTranspose',
    () =>
      g(
        (x, f) => tf.conv2dTranspose(x as tf.Tensor4D, f as tf.Tensor4D, [1, 6, 6, 4], 2, 'same').sum(),
        r([1, 3, 3, 2]),
        r([3, 3, 4, 2]),
      ),
  ],
  [
    'grad conv3d',
    () =>
      g(
        (x, f) => tf.conv3d(x as tf.Tensor5D, f as tf.Tensor5D, 1, 'same').sum(),
        r([1, 3, 3, 3, 2]),
        r([2, 2, 2, 2, 3]),
      ),
  ],
  ['grad maxPool', () => g((x) => tf.maxPool(x as tf.Tensor4D, 2, 2, 'valid').sum(), r([1, 4, 4, 2]))],
  ['grad maxPool same', () => g((x) => tf.maxPool(x as tf.Tensor4D, 3, 1, 'same').sum(), r([2, 5, 5, 1]))],
  ['grad avgPool', () => g((x) => tf.avgPool(x as tf.Tensor4D, [2, 3], 1, 'same').sum(), r([1, 4, 5, 2]))],
  [
    'grad pool3d',
    () =>
      g(
        (x) =>
          tf
            .maxPool3d(x as tf.Tensor5D, 2, 1, 'valid')
            .sum()
            .add(tf.avgPool3d(x as tf.Tensor5D, 2, 2, 'same').sum()),
        r([1, 4, 4, 4, 1]),
      ),
  ],
  [
    'grad softmax',
    () =>
      g(
        (x) =>
          tf
            .softmax(x!)
            .mul(r([2, 5]))
            .sum(),
        r([2, 5]),
      ),
  ],
  [
    'grad logSoftmax',
    () =>
      g(
        (x) =>
          tf
            .logSoftmax(x!)
            .mul(r([2, 5]))
            .sum(),
        r([2, 5]),
      ),
  ],
  [
    'grad activations',
    () =>
      g(
        (x) =>
          tf
            .addN([
              tf.sigmoid(x!),
              tf.tanh(x!),
              tf.relu(x!),
              tf.elu(x!),
              tf.selu(x!),
              tf.leakyRelu(x!, 0.2),
              tf.relu6(x!),
              tf.softplus(x!),
              tf.logSigmoid(x!),
            ])
            .sum(),
        r([3, 4]),
      ),
  ],
  ['grad prelu', () => g((x, a) => tf.prelu(x!, a!).sum(), r([3, 4]), r([4]))],
  [
    'grad unary math',
    () =>
      g(
        (x) =>
          tf
            .addN([
              x!.exp(),
              x!.abs().add(1).log(),
              x!.abs().add(1).sqrt(),
              x!.abs().add(1).rsqrt(),
              x!.square(),
              x!.sin(),
              x!.cos(),
              x!.tan(),
              x!.mul(0.5).asin(),
              x!.mul(0.5).acos(),
              x!.atan(),
              x!.sinh(),
              x!.cosh(),
              x!.asinh(),
              x!.abs().add(1.5).acosh(),
              x!.mul(0.5).atanh(),
              x!.expm1(),
              x!.abs().log1p(),
              x!.erf(),
              x!.reciprocal(),
              x!.neg(),
              x!.floor(),
              x!.ceil(),
              x!.round(),
              x!.sign(),
              tf.step(x!),
            ])
            .sum(),
        r([2, 3]),
      ),
  ],
  [
    'grad reductions',
    () =>
      g(
        (x) =>
          tf.addN([
            x!.sum(1).sum(),
            x!.mean([0, 2], true).sum(),
            x!.max(-1).sum(),
            x!.min([0, 1]).sum(),
            x!.prod(2).sum(),
            tf.logSumExp(x!, 1).sum(),
            tf.cumsum(x!, 2).sum(),
            tf.cumsum(x!, 2, true, true).sum(),
            tf.euclideanNorm(x!, 1).sum(),
            x!.max(),
            x!.min(null as unknown as undefined, true).sum(),
          ]),
        r([2, 3, 4]),
      ),
  ],
  [
    'grad shape ops',
    () =>
      g(
        (x, y) => {
          const a = tf.reshape(x!, [3, 8]);
          const b = tf.transpose(a, [1, 0]);
          const c = tf.concat([b, tf.reshape(y!, [8, 3])], 1);
          const d = tf.stack([c, c.mul(2)], 1);
          const e = tf.slice(d, [1, 0, 1], [5, 2, 4]);
          const f = e.mul(2);
          const h = tf.gather(c, tf.tensor1d([0, 2, 2], 'int32'), 1);
          const i = tf.pad(h, [
            [1, 0],
            [0, 2],
          ]);
          const j = tf.tile(i, [1, 2]);
          const k = tf.unstack(d, 1)[0]!;
          const l = tf.split(k, [2, 4], 1)[1]!;
          const m = tf.mirrorPad(
            tf.reverse(l, 0),
            [
              [1, 1],
              [0, 1],
            ],
            'reflect',
          );
          const n = tf.squeeze(tf.expandDims(m, 1));
          const o = tf.broadcastTo(tf.reshape(x!, [2, 1, 12]), [2, 3, 12]);
          return tf.addN([f.sum(), j.sum(), n.sum(), o.sum()]);
        },
        r([2, 3, 4]),
        r([3, 8]),
      ),
  ],
  ['grad where/select', () => g((a, b) => tf.where(rb([2, 3]), a!.mul(2), b!.square()).sum(), r([2, 3]), r([3]))],
  [
    'grad binary',
    () =>
      g(
        (a, b) =>
          tf
            .addN([
              tf.pow(a!.abs().add(1), b!),
              tf.floorDiv(a!, b!).cast('float32'),
              tf.mod(a!, b!.abs().add(1)),
              a!.div(b!.abs().add(1)),
              tf.maximum(a!, a!.mul(0.5)),
              tf.minimum(a!, a!.mul(-1)),
              tf.squaredDifference(a!, a!.mul(0.5)),
              tf.atan2(a!, b!),
              a!.sub(b!),
              a!.mul(b!),
            ])
            .sum(),
        r([2, 3]),
        r([2, 1]),
      ),
  ],
  ['grad pow int exponent', () => g((a) => tf.pow(a!, tf.scalar(2, 'int32')).sum(), r([3]))],
  [
    'grad clip/cast',
    () =>
      g(
        (x) => tf.clipByValue(x!, -0.2, 0.3).sum().add(tf.cast(x!, 'float32').sum()).add(tf.cast(x!, 'int32').sum()),
        r([3, 2]),
      ),
  ],
  [
    'grad losses',
    () =>
      g(
        (p, l) =>
          tf.addN([
            tf.losses.meanSquaredError(l!, p!),
            tf.losses.softmaxCrossEntropy(l!.softmax(), p!),
            tf.losses.sigmoidCrossEntropy(l!.sigmoid(), p!),
            tf.losses.absoluteDifference(l!, p!),
            tf.losses.huberLoss(l!, p!),
            tf.losses.logLoss(l!.sigmoid(), p!.sigmoid()),
            tf.losses.cosineDistance(l!, p!, 1),
            tf.losses.hingeLoss(l!, p!),
          ]),
        r([4, 3]),
        r([4, 3]),
      ),
  ],
  [
    'grad batchNorm',
    () =>
      g(
        (x, m, v, o, s) => tf.batchNorm(x!, m!, v!.abs().add(0.5), o!, s!).sum(),
        r([2, 3, 4]),
        r([4]),
        r([4]),
        r([4]),
        r([4]),
      ),
  ],
  ['grad lrn', () => g((x) => tf.localResponseNormalization(x as tf.Tensor4D, 1).sum(), r([1, 2, 2, 3]))],
  [
    'grad resize',
    () =>
      g(
        (x) =>
          tf.image
            .resizeBilinear(x as tf.Tensor4D, [5, 6])
            .sum()
            .add(tf.image.resizeNearestNeighbor(x as tf.Tensor4D, [4, 4]).sum()),
        r([1, 3, 3, 2]),
      ),
  ],
  [
    'grad spaceToBatch',
    () =>
      g(
        (x) =>
          tf
            .batchToSpaceND(
              tf
                .spaceToBatchND(
                  x!,
                  [2, 2],
                  [
                    [0, 0],
                    [0, 0],
                  ],
                )
                .mul(2),
              [2, 2],
              [
                [0, 0],
                [0, 0],
              ],
            )
            .sum(),
        r([1, 4, 4, 1]),
      ),
  ],
  [
    'grad dilation2d',
    () =>
      g((x, f) => tf.dilation2d(x as tf.Tensor4D, f as tf.Tensor3D, 1, 'same').sum(), r([1, 4, 4, 1]), r([2, 2, 1])),
  ],
  [
    'grad unsortedSegmentSum',
    () => g((x) => tf.unsortedSegmentSum(x!, tf.tensor1d([0, 1, 0], 'int32'), 2).sum(), r([3, 2])),
  ],
  [
    'grad misc',
    () =>
      g(
        (x) =>
          tf.addN([
            tf.isNaN(x!).cast('float32').sum(),
            tf.oneHot(tf.argMax(x!, 1), 4).cast('float32').mul(x!).sum(),
            tf.zerosLike(x!).add(x!).sum(),
            tf.onesLike(x!).mul(x!).sum(),
            x!.clone().sum(),
          ]),
        r([3, 4]),
      ),
  ],
  [
    'valueAndGrad',
    () => {
      const o = tf.valueAndGrad((x: tf.Tensor) => tf.sigmoid(tf.matMul(x, x, false, true)).mean())(r([3, 3]));
      return [o.value, o.grad];
    },
  ],
  [
    'grad of grad',
    () =>
      tf.grad((x: tf.Tensor) =>
        tf
          .grad((y: tf.Tensor) => y.square().mul(y).sum())(x)
          .sum(),
      )(r([3])),
  ],
  [
    'layers dense fit step',
    () => {
      const model = tf.sequential({
        layers: [
          tf.layers.dense({ units: 4, inputShape: [3], activation: 'relu' }),
          tf.layers.dense({ units: 2, activation: 'softmax' }),
        ],
      });
      const opt = tf.train.adam(0.01);
      const x = r([5, 3]);
      const y = tf.oneHot(tf.tensor1d([0, 1, 1, 0, 1], 'int32'), 2).cast('float32');
      const loss = opt.minimize(() => tf.losses.softmaxCrossEntropy(y, model.apply(x) as tf.Tensor) as tf.Scalar, true);
      model.dispose();
      opt.dispose();
      return loss;
    },
  ],
];

// Kernel invocations no public op makes this way, called directly to pin the kernels' own dtype/shape behaviour.
const run = (kernel: string, inputs: Record<string, tf.Tensor> | tf.Tensor[], attrs: Record<string, unknown> = {}) =>
  tf.engine().runKernel(kernel, inputs as unknown as tf.NamedTensorMap, attrs as tf.NamedAttrMap);
const direct: Case[] = [
  ['RealDiv int32', () => run('RealDiv', { a: ri([2, 3], 1, 5), b: ri([3], 1, 4) })],
  ['Select rank-1 condition', () => run('Select', { condition: rb([3]), t: r([3, 2]), e: r([3, 2]) })],
  ['Select scalar condition', () => run('Select', { condition: rb([]), t: r([]), e: r([]) })],
  [
    'Cast to complex64',
    () => [run('Cast', { x: r([2, 2]) }, { dtype: 'complex64' }), run('Cast', { x: ri([3]) }, { dtype: 'complex64' })],
  ],
  [
    'complex arithmetic',
    () => {
      const c = tf.complex(r([2, 3]), r([2, 3])); // Reshape last: the cpu backend's Reshape of a complex tensor rewrites the shapes of the *source's* parts.
      return [
        tf.add(c, c),
        tf.mul(c, c),
        tf.sub(c, c),
        tf.zerosLike(c),
        tf.concat([c, c]),
        tf.transpose(c),
        tf.reshape(c, [3, 2]),
      ];
    },
  ],
  ['Max axis alias', () => run('Max', { x: r([2, 3]) }, { reductionIndices: [-1], keepDims: true })],
  ['Sum int keepDims all', () => run('Sum', { x: ri([2, 3]) }, { axis: null, keepDims: true })],
  ['Transpose no perm', () => run('Transpose', { x: r([2, 3, 4]) }, { perm: [2, 0, 1] })],
  [
    'ExpandDims negative',
    () => [run('ExpandDims', { input: r([2, 3]) }, { dim: -1 }), run('ExpandDims', { input: r([2, 3]) }, { dim: -3 })],
  ],
  ['Pack negative axis', () => run('Pack', [r([2, 3]), r([2, 3])], { axis: -1 })],
  ['Unpack negative axis', () => run('Unpack', { value: r([2, 3]) }, { axis: -1 })],
  ['Concat negative axis', () => run('Concat', [r([2, 3]), r([2, 1])], { axis: -1 })],
  [
    'GatherV2 negative batchDims',
    () => run('GatherV2', { x: r([2, 5, 3]), indices: ri([2, 4], 0, 5) }, { axis: 1, batchDims: -1 }),
  ],
  [
    'Fill inferred dtype',
    () => [
      run('Fill', {}, { shape: [2], value: 3, dtype: 'int32' }),
      run('Fill', {}, { shape: [2, 1], value: 1.5, dtype: 'float32' }),
    ],
  ],
  [
    'Range decreasing',
    () => [
      run('Range', {}, { start: 5, stop: 1, step: 1, dtype: 'float32' }),
      run('Range', {}, { start: 5, stop: 1, step: -2, dtype: 'int32' }),
      run('Range', {}, { start: 0, stop: 3, step: 0.5, dtype: 'float32' }),
      run('Range', {}, { start: 5, stop: 1, step: 2, dtype: 'float32' }),
    ],
  ],
  ['DepthToSpace NCHW-free', () => run('DepthToSpace', { x: r([2, 1, 2, 8]) }, { blockSize: 2, dataFormat: 'NHWC' })],
];

export const CORPUS: readonly Case[] = [
  ...elementwise,
  ...reduction,
  ...matmul,
  ...shapeOps,
  ...creation,
  ...conv,
  ...grads,
  ...dataDependent,
  ...direct,
];
