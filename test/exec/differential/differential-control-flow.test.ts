// Differential corpus, part 5: functional control flow (cond, whileLoop, nested in each other, with
// nested loop variables and branch outputs), eager (plain JS) vs jit (Cond/While nodes) on cpu and
// wasm. Loop counters are int32 tensors: tfjs makes `int32 + 1` float32, so they add int32 scalars.
import * as tf from '@tensorflow/tfjs';
import { cond, whileLoop } from '../../../src/index.js';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand, randInt } from '../../helpers/data.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const one = () => tf.scalar(1, 'int32');
const int = (n: number) => tf.scalar(n, 'int32');

/** sum over i < n of x * i, by a loop with an int32 counter. */
function weightedSum(x: T, n: T): T {
  const [, acc] = whileLoop(
    (i: Any) => tf.less(i, n),
    (i: Any, a: Any) => [tf.add(i, one()), tf.add(a, tf.mul(x, tf.cast(i, 'float32')))],
    [int(0), tf.zerosLike(x)],
  );
  return acc as T;
}

const cases: DiffCase[] = [
  {
    name: 'cond on a tensor predicate, both branches tensors',
    fn: (x: T) =>
      cond(
        tf.greater(tf.sum(x), 0),
        () => tf.mul(x, 2),
        () => tf.neg(x),
      ),
    args: () => [rand([3], 130)],
  },
  {
    name: 'cond taking each branch (predicate from an argument)',
    fn: (x: T, p: T) => [
      cond(
        p,
        () => tf.add(x, 1),
        () => tf.sub(x, 1),
      ),
      cond(
        tf.logicalNot(p),
        () => tf.square(x),
        () => tf.abs(x),
      ),
    ],
    args: () => [rand([2, 2], 131), tf.scalar(true, 'bool')],
  },
  {
    name: 'cond with a numeric (float) predicate compares with zero',
    fn: (x: T, p: T) =>
      cond(
        p,
        () => tf.exp(x),
        () => tf.zerosLike(x),
      ),
    args: () => [rand([3], 132), tf.scalar(0.5)],
  },
  {
    name: 'cond returning a nested structure with an equal JS value in both branches',
    fn: (x: T) =>
      cond(
        tf.less(tf.max(x), 1),
        () => ({ pair: [tf.add(x, 1), tf.sum(x)], tag: 'small', n: 3 }),
        () => ({ pair: [tf.sub(x, 1), tf.max(x)], tag: 'small', n: 3 }),
      ),
    args: () => [rand([4], 133)],
  },
  {
    name: 'cond with int32 and bool outputs (exact)',
    fn: (i: T) =>
      cond(
        tf.greater(tf.sum(i), 0),
        () => [tf.mul(i, int(2)), tf.greater(i, 0)],
        () => [tf.neg(i), tf.less(i, 0)],
      ),
    args: () => [randInt([5], 134)],
  },
  {
    name: 'nested cond: a cond inside each branch',
    fn: (x: T) =>
      cond(
        tf.greater(tf.sum(x), 0),
        () =>
          cond(
            tf.greater(tf.max(x), 1),
            () => tf.mul(x, 10),
            () => tf.mul(x, 100),
          ),
        () =>
          cond(
            tf.less(tf.min(x), -1),
            () => tf.add(x, 10),
            () => tf.add(x, 100),
          ),
      ),
    args: () => [rand([3], 135)],
  },
  {
    name: 'cond branches capture outer tensors of the function',
    fn: (x: T, y: T) => {
      const s = tf.sum(y);
      return cond(
        tf.greater(s, 0),
        () => tf.mul(x, s),
        () => tf.div(x, tf.sub(tf.abs(s), -1)),
      );
    },
    args: () => [rand([2, 3], 136), rand([3], 137)],
  },
  {
    name: 'whileLoop with an int32 counter and a float accumulator',
    fn: (x: T) => weightedSum(x, int(5)),
    args: () => [rand([3], 138)],
  },
  {
    name: 'whileLoop whose trip count is an argument (int32 exact)',
    fn: (n: T) =>
      whileLoop(
        (i: Any) => tf.less(i, n),
        (i: Any, f: Any) => [tf.add(i, one()), tf.mul(f, tf.add(i, one()))],
        [int(0), int(1)],
      ),
    args: () => [int(6)],
  },
  {
    name: 'whileLoop that runs zero times returns its initial tensors',
    fn: (x: T, n: T) =>
      whileLoop(
        (i: Any) => tf.less(i, n),
        (i: Any, y: Any) => [tf.add(i, one()), tf.mul(y, 2)],
        [int(0), x],
      ),
    args: () => [rand([2], 139), int(0)],
  },
  {
    name: 'whileLoop with maximumIterations stopping before the condition does',
    fn: (x: T) =>
      whileLoop(
        (_i: Any, y: Any) => tf.less(tf.sum(y), 1e6),
        (i: Any, y: Any) => [tf.add(i, one()), tf.add(tf.mul(y, 2), 1)],
        [int(0), x],
        { maximumIterations: 4 },
      ),
    args: () => [rand([3], 140, 0, 1)],
  },
  {
    name: 'whileLoop with nested loop variables (array and object)',
    fn: (x: T) =>
      whileLoop(
        (s: Any) => tf.less(s.step, int(3)),
        (s: Any, [a, b]: Any) => [
          { step: tf.add(s.step, one()), total: tf.add(s.total, tf.sum(a)) },
          [tf.mul(a, 0.5), tf.add(b, a)],
        ],
        [{ step: int(0), total: tf.scalar(0) }, [x, tf.zerosLike(x)]],
      ),
    args: () => [rand([4], 141)],
  },
  {
    name: 'whileLoop condition on a float value (Newton iterations for sqrt)',
    fn: (a: T) => {
      const [y] = whileLoop(
        (y: Any) => tf.greater(tf.max(tf.abs(tf.sub(tf.square(y), a))), 1e-3),
        (y: Any) => [tf.mul(0.5, tf.add(y, tf.div(a, y)))],
        [tf.onesLike(a)],
        { maximumIterations: 20 },
      );
      return y;
    },
    args: () => [rand([4], 142, 0.5, 9)],
    tol: 1e-4,
  },
  {
    name: 'whileLoop with a bool loop variable (exact)',
    fn: (i0: T) =>
      whileLoop(
        (_i: Any, go: Any) => go,
        (i: Any) => [tf.add(i, one()), tf.less(tf.add(i, one()), int(7))],
        [i0, tf.scalar(true, 'bool')],
      ),
    args: () => [int(2)],
  },
  {
    name: 'nested whileLoop: an inner loop in the body (int32 exact)',
    fn: (n: T) =>
      whileLoop(
        (i: Any) => tf.less(i, n),
        (i: Any, total: Any) => {
          const [, inner] = whileLoop(
            (j: Any) => tf.lessEqual(j, i),
            (j: Any, t: Any) => [tf.add(j, one()), tf.add(t, j)],
            [int(0), total],
          );
          return [tf.add(i, one()), inner];
        },
        [int(0), int(0)],
      ),
    args: () => [int(5)],
  },
  {
    name: 'cond inside a whileLoop body (Collatz steps, int32 exact)',
    fn: (n0: T) =>
      whileLoop(
        (n: Any) => tf.greater(n, one()),
        (n: Any, steps: Any) => [
          cond(
            tf.equal(tf.mod(n, int(2)), int(0)),
            () => tf.floorDiv(n, int(2)),
            () => tf.add(tf.mul(n, int(3)), one()),
          ),
          tf.add(steps, one()),
        ],
        [n0, int(0)],
      ),
    args: () => [int(27)],
  },
  {
    name: 'whileLoop inside a cond branch',
    fn: (x: T, p: T) =>
      cond(
        p,
        () => weightedSum(x, int(4)),
        () => tf.mul(x, -1),
      ),
    args: () => [rand([3], 143), tf.scalar(true, 'bool')],
  },
  {
    name: 'a body that leaves one loop variable unchanged and uses a closure tensor of the function',
    fn: (x: T, w: T) => {
      const scale = tf.sum(w);
      return whileLoop(
        (i: Any) => tf.less(i, int(3)),
        (i: Any, y: Any, z: Any) => [tf.add(i, one()), tf.add(y, tf.mul(z, scale)), z],
        [int(0), x, tf.ones(x.shape)],
      );
    },
    args: () => [rand([2, 2], 144), rand([3], 145)],
  },
  {
    name: 'whileLoop over matrix powers (matMul in the body)',
    fn: (m: T) =>
      whileLoop(
        (i: Any) => tf.less(i, int(3)),
        (i: Any, p: Any) => [tf.add(i, one()), tf.matMul(p, m)],
        [int(0), tf.eye(3)],
      )[1],
    args: () => [rand([3, 3], 146, -1, 1)],
    tol: 1e-4,
  },
  {
    name: 'JS numbers as loop variables: a counter and a sum that becomes float32, like eager tfjs',
    fn: (x: T) =>
      whileLoop(
        (i: Any) => tf.less(i, 3),
        (i: Any, s: Any, y: Any) => [tf.add(i, 1), tf.add(s, 0.5), tf.mul(y, i)],
        [0, 0, x],
      ),
    args: () => [rand([2], 147)],
  },
  {
    name: 'JS numbers and booleans inside nested loop variables and cond outputs',
    fn: (x: T) => {
      const [st] = whileLoop(
        (s: Any) => tf.logicalAnd(s.go, tf.less(s.n, 4)),
        (s: Any) => [{ n: tf.add(s.n, 1), go: tf.less(tf.sum(tf.mul(x, s.n)), 50), v: tf.add(s.v, x) }],
        [{ n: 0, go: true, v: tf.zerosLike(x) }],
      );
      return cond(
        tf.greater(st.n, 2),
        () => ({ n: st.n, v: st.v, k: 1 }),
        () => ({ n: st.n, v: tf.neg(st.v), k: 1 }),
      );
    },
    args: () => [rand([3], 148, 0, 4)],
  },
];

differentialSuite('differential: cond and whileLoop', cases);
