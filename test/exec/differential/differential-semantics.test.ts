// Differential corpus, part 7: exact tfjs semantics that executors and optimizer passes can get
// wrong: float32 rounding after every op (not double intermediates), -0, NaN and Infinity through
// "identities" (x*1, x+0, x*0, x-x), int32 wrap-around, cast truncation, round half to even, scalar
// code (rank-0 values), constant subexpressions, duplicate expressions, constant predicates and
// pass-through loop variables. Exact on cpu (the compiled executor promises bit equality there).
import * as tf from '@tensorflow/tfjs';
import { cond, whileLoop } from '../../../src/index.js';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand, randInt } from '../../helpers/data.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const specials = () => tf.tensor1d([-0, 0, 1, -2.5, NaN, Infinity, -Infinity, 3e38]);
const int = (n: number) => tf.scalar(n, 'int32');
/** 1/x shows the sign of zeros (±Infinity). */
const recip = (x: T) => tf.div(tf.scalar(1), x);

const cases: DiffCase[] = [
  {
    name: 'identities keep -0, NaN and Infinity: x*1, 1*x, x/1, x-0, x+(-0), x+0',
    fn: (x: T) => [x.mul(1), tf.mul(tf.scalar(1), x), x.div(1), x.sub(0), x.add(tf.scalar(-0)), x.add(0)].map(recip),
    args: () => [specials()],
    exact: true,
  },
  {
    name: 'non-identities stay: x*0, 0*x, x-x, x/x with NaN and Infinity',
    fn: (x: T) => [x.mul(0), tf.mul(tf.scalar(0), x), x.sub(x), x.div(x), recip(x.mul(0))],
    args: () => [specials()],
    exact: true,
  },
  {
    name: 'float32 rounding after every op: (x*1e30)*1e30/1e30 overflows, exp(100)*0 is NaN',
    fn: (x: T) => [
      x.mul(1e30).mul(1e30).div(1e30),
      tf.exp(x.mul(100)).mul(0),
      x.add(1e8).sub(1e8),
      x.mul(0.1).mul(3).sub(x.mul(0.3)),
    ],
    args: () => [tf.tensor1d([1, 0.5, -1, 3])],
    exact: ['cpu'],
  },
  {
    name: 'the same on scalars (rank-0 values may be computed as JS numbers)',
    fn: (x: T) => [
      x.mul(1e30).mul(1e30).div(1e30),
      tf.exp(x.mul(100)).mul(0),
      x.add(1e8).sub(1e8),
      x.mul(0.1).mul(3).sub(x.mul(0.3)),
      tf.sqrt(x).mul(tf.sqrt(x)),
    ],
    args: () => [tf.scalar(0.7)],
    exact: ['cpu'],
  },
  {
    name: 'float32 accumulation in a scalar loop (0.1 added 10 times)',
    fn: (x: T) =>
      whileLoop(
        (i: Any) => tf.less(i, int(10)),
        (i: Any, s: Any) => [tf.add(i, int(1)), tf.add(s, x)],
        [int(0), tf.scalar(0)],
      ),
    args: () => [tf.scalar(0.1)],
    exact: ['cpu'],
  },
  {
    name: 'int32 wrap-around of add, sub, mul (tensors and scalars, exact)',
    fn: (a: T, b: T, s: T) => [
      tf.add(a, b),
      tf.sub(tf.neg(a), b),
      tf.mul(a, b),
      tf.add(s, int(1)),
      tf.mul(s, int(3)),
      tf.neg(tf.add(s, int(1))),
    ],
    args: () => [
      tf.tensor1d([2147483647, 50000, -2147483648], 'int32'),
      tf.tensor1d([1, 50000, -1], 'int32'),
      int(2147483647),
    ],
  },
  {
    name: 'cast to int32 truncates toward zero and NaN casts to 0 (tensors and scalars)',
    fn: (x: T, s: T) => [tf.cast(x, 'int32'), tf.cast(s, 'int32'), tf.cast(tf.neg(s), 'int32')],
    args: () => [tf.tensor1d([-1.7, -0.5, -0, 0.5, 1.99, NaN, 2.5]), tf.scalar(-3.9)],
  },
  {
    // tfjs-wasm casts float32 to bool by truncating to an integer and keeping its low byte
    // (-3.9 → 253, 0.5 → 0), eager alike; the compiled executor's scalar code gives cpu's answer.
    name: 'cast to bool: every non-zero (and NaN) is true, on tensors and scalars',
    fn: (x: T, s: T) => [tf.cast(x, 'bool'), tf.cast(s, 'bool'), tf.cast(tf.cast(s, 'bool'), 'int32')],
    args: () => [tf.tensor1d([-1.7, -0.5, -0, 0.5, 1.99, NaN, 2.5]), tf.scalar(-3.9)],
    skip: ['wasm'],
  },
  {
    name: 'round half to even, floor, ceil on tensors and scalars',
    fn: (x: T, s: T) => [tf.round(x), tf.floor(x), tf.ceil(x), tf.round(s), tf.round(tf.add(s, 1))],
    args: () => [tf.tensor1d([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999, -0]), tf.scalar(2.5)],
    exact: true,
  },
  {
    name: 'pow edge cases: 0^0, negative base with fractional exponent, negative int32 base',
    fn: (x: T, y: T, i: T) => [
      tf.pow(x, y),
      tf.pow(i, int(3)),
      tf.pow(tf.scalar(-8), tf.scalar(1 / 3)),
      tf.pow(tf.scalar(0), tf.scalar(0)),
    ],
    args: () => [
      tf.tensor1d([0, -8, 2, -2, 4]),
      tf.tensor1d([0, 0.5, -1, 2, 0.5]),
      tf.tensor1d([-2, 3, -1, 0], 'int32'),
    ],
    exact: ['cpu'],
  },
  {
    name: 'float mod by zero and of negatives, on tensors and scalars',
    fn: (a: T, b: T, s: T) => [tf.mod(a, b), tf.mod(s, tf.scalar(-0.75)), tf.mod(s, tf.scalar(0))],
    args: () => [tf.tensor1d([5, -5, 5, -5, 0, 3]), tf.tensor1d([0, 0, -2, 2, 0, 0.5]), tf.scalar(-2.5)],
    exact: ['cpu'],
  },
  {
    // tfjs's cpu FloorDiv returns int32 even for float32 inputs, its wasm FloorDiv float32. The graph
    // records cpu's int32 and executors cast a backend's differing result to it, so jit on wasm
    // follows the cpu backend (the reference) rather than eager wasm: see backend-reference.test.ts.
    name: 'float floorDiv (by zero too) followed by int32 arithmetic, on tensors and scalars',
    fn: (a: T, b: T, s: T) => [
      tf.floorDiv(a, b),
      tf.add(tf.floorDiv(a, tf.abs(b).add(1)), int(1)),
      tf.floorDiv(s, tf.scalar(0)),
      tf.floorDiv(s, tf.scalar(2)),
    ],
    args: () => [tf.tensor1d([5, -5, 5, -5, 0, 3]), tf.tensor1d([0, 0, -2, 2, 0, 0.5]), tf.scalar(-2.5)],
    exact: ['cpu'],
    skip: ['wasm'],
  },
  {
    name: 'scalar comparisons, logical ops, where and cond on computed scalars (exact)',
    fn: (a: T, b: T) => {
      const gt = tf.greater(a, b);
      const both = tf.logicalAnd(gt, tf.less(b, 0));
      const pick = tf.where(both, a, b);
      return [
        gt,
        both,
        tf.logicalOr(both, tf.logicalNot(gt)),
        pick,
        cond(
          both,
          () => tf.sub(a, b),
          () => tf.add(a, b),
        ),
      ];
    },
    args: () => [tf.scalar(1.5), tf.scalar(-2)],
    exact: true,
  },
  {
    name: 'constant subexpressions: arithmetic of constants, exp(1), sum(range), matMul of constants',
    fn: (x: T) => [
      tf.mul(tf.add(tf.scalar(2), tf.scalar(3)), x),
      tf.add(x, tf.exp(tf.scalar(1))),
      tf.sum(tf.range(0, 10, 1, 'int32')),
      tf.add(
        x,
        tf.sum(
          tf.matMul(
            tf.tensor2d([
              [1, 2],
              [3, 4],
            ]),
            tf.tensor2d([[0.5], [-1]]),
          ),
        ),
      ),
      tf.cast(tf.greater(tf.scalar(3), tf.scalar(2)), 'float32').mul(x),
    ],
    args: () => [rand([3], 170)],
    exact: ['cpu'],
  },
  {
    name: 'duplicate expressions (mergeable) returned separately and combined',
    fn: (x: T) => {
      const a = tf.exp(tf.mul(x, 2));
      const b = tf.exp(tf.mul(x, 2));
      return [a, b, tf.sub(a, b), tf.add(tf.sigmoid(x), tf.sigmoid(x))];
    },
    args: () => [rand([4], 171)],
    exact: ['cpu'],
  },
  {
    name: 'double negation, double logicalNot, same-dtype cast, reshape of reshape, clone',
    fn: (x: T, b: T) => [
      tf.neg(tf.neg(x)),
      tf.logicalNot(tf.logicalNot(b)),
      tf.cast(x, 'float32'),
      tf.reshape(tf.reshape(x, [2, 3]), [3, 2]),
      tf.clone(x).add(1),
    ],
    args: () => [tf.tensor1d([-0, 1, NaN, -2, 3, 0]), tf.tensor1d([true, false], 'bool')],
    exact: true,
  },
  {
    name: 'cond with a constant predicate, and with branches returning the same operand',
    fn: (x: T, y: T) => [
      cond(
        tf.scalar(true, 'bool'),
        () => tf.mul(x, 2),
        () => tf.mul(x, 3),
      ),
      cond(
        tf.greater(tf.sum(y), 100),
        () => x,
        () => x,
      ),
      cond(
        tf.greater(tf.sum(y), 0),
        () => [x, tf.add(y, 1)],
        () => [x, tf.sub(y, 1)],
      )[1]!,
    ],
    args: () => [rand([3], 172), rand([3], 173)],
    exact: ['cpu'],
  },
  {
    name: 'whileLoop with pass-through and unused loop variables',
    fn: (x: T, y: T) => {
      const [i, , acc] = whileLoop(
        (i: Any) => tf.less(i, int(4)),
        (i: Any, keep: Any, acc: Any, unused: Any) => [tf.add(i, int(1)), keep, tf.add(acc, keep), tf.mul(unused, 2)],
        [int(0), x, tf.zerosLike(x), y],
      );
      return [i, acc];
    },
    args: () => [rand([2], 174), rand([2], 175)],
    exact: ['cpu'],
  },
  {
    name: 'int32 floorDiv, mod and division by zero on cpu (exact)',
    fn: (a: T, b: T) => [tf.floorDiv(a, b), tf.mod(a, b), tf.div(a, b)],
    args: () => [randInt([6], 176, -20, 20), tf.tensor1d([0, 3, -3, 0, 7, -1], 'int32')],
    skip: ['wasm'], // tfjs-wasm's int32 division by zero differs from cpu's (eager alike)
  },
];

differentialSuite('differential: exact semantics', cases);
