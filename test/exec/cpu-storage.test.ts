// The compiled executor equals eager tfjs cpu bit for bit where the cpu backend holds a value
// outside its dtype's array: tfjs's Cast from int32 to float32 only relabels the Int32Array (the
// next kernel computes with 16777217, not its float32 rounding 16777216), and its int32 Abs stores
// into a Float32Array (Abs(-2^31) is held as 2^31 and read back wrapped). Scalars (JS numbers in
// generated code), typed-array loops, fused programs ending in a Cast, SIMD kernels, matMul,
// constant folding and the optimizer's identities are each checked on such values.
import * as tf from '@tensorflow/tfjs';
import { cond, whileLoop } from '../../src/index.js';
import { differentialSuite, type DiffCase } from '../helpers/differential.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const I = 16777217; // 2^24 + 1: no float32 value
const MAX = 2147483647;
const MIN = -2147483648;
const int = (n: number): T => tf.scalar(n, 'int32');
const f32 = (x: T): T => tf.cast(x, 'float32');
/** int32 values around 2^24 and the int32 limits, `n` of them. */
const wide = (n: number): T =>
  tf.tensor1d(
    Array.from({ length: n }, (_, k) => [I, MAX, MIN, -I, I + 2, 3][k % 6]!),
    'int32',
  );

const cases: DiffCase[] = [
  {
    name: 'scalars: i / j, i * 1.5, i + 0.5 after an int32 → float32 cast',
    fn: (i: T, j: T) => [tf.div(f32(i), f32(j)), tf.mul(f32(i), 1.5), tf.add(f32(i), 0.5), tf.sub(f32(j), f32(i))],
    args: () => [int(I), int(MAX)],
    exact: true,
  },
  {
    name: 'a relabelled cast returned as it is (scalar and vector), and after a reshape',
    fn: (i: T, v: T) => [f32(i), f32(v), tf.reshape(f32(v), [2, 3])],
    args: () => [int(I), wide(6)],
    exact: true,
  },
  {
    name: 'vectors: the cast inside a fused loop, and a fused loop ending in the cast',
    fn: (v: T) => [tf.mul(f32(v), 1.5), f32(tf.add(v, 1)), tf.sum(f32(v)), tf.max(f32(v))],
    args: () => [wide(12)],
    exact: true,
  },
  {
    name: '(p ? |j| : j) * 1.5 with j = -2^31: tfjs int32 Abs holds 2^31 through a cond',
    fn: (x: T, j: T) =>
      tf.mul(
        f32(
          cond(
            tf.greater(x, 0),
            () => tf.abs(j),
            () => j,
          ) as T,
        ),
        1.5,
      ),
    args: () => [tf.scalar(1), int(MIN)],
    exact: true,
  },
  {
    name: 'tfjs int32 Abs of int32 limits: read back, cast, and carried by a while loop',
    fn: (j: T) => {
      const [, a] = whileLoop(
        (k: Any) => tf.less(k, int(2)),
        (k: Any, a: Any) => [tf.add(k, int(1)), tf.abs(a)],
        [int(0), j],
      ) as T[];
      return [tf.abs(j), tf.mul(f32(tf.abs(j)), 1.5), a, tf.mul(f32(a!), 1.5)];
    },
    args: () => [int(MIN)],
    exact: true,
  },
  {
    name: 'a cast of an int32 constant is not folded into a rounded float32 constant',
    fn: (x: T) => [tf.mul(f32(int(I)), x), tf.add(f32(tf.tensor1d([I, 3], 'int32')), x)],
    args: () => [tf.scalar(1.5)],
    exact: true,
  },
  {
    name: 'x * 1, x / 1, x + (-0), -(-x) store a relabelled x (a parameter made by a cast)',
    fn: (x: T, v: T) => [
      tf.mul(x, 1),
      tf.div(x, 1),
      tf.add(x, tf.scalar(-0)),
      tf.neg(tf.neg(x)),
      tf.mul(v, 1),
      tf.neg(tf.neg(v)),
    ],
    args: () => [f32(int(I)), f32(wide(6))],
    exact: true,
  },
  {
    name: 'a SIMD-sized float32 chain and a Sum over a relabelled input (512 elements)',
    fn: (v: T) => [tf.mul(tf.add(v, 0.5), 2), tf.sum(tf.mul(v, 3)), tf.mean(v)],
    args: () => [f32(wide(512))],
    exact: true,
  },
  {
    name: 'matMul of a relabelled input',
    fn: (a: T, b: T) => tf.matMul(a, b),
    args: () => [
      tf.reshape(f32(wide(6)), [2, 3]),
      tf.tensor2d([
        [1, 0.5],
        [2, 1],
        [0.25, 3],
      ]),
    ],
    exact: true,
  },
];

differentialSuite('compiled = eager cpu on values held outside their dtype', cases);
