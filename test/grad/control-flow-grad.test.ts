// Gradients through staged control flow: 27 scalar functions with cond, while (static and run-time
// trip counts, value-dependent conditions, maximumIterations, zero trips), nesting both ways, lists
// pushed in loops and stacked, break, and AutoGraph-converted if/while/for. Each gradient computed
// inside jit (both executors) is compared with central differences and with eager tfjs gradients.
import * as tf from '@tensorflow/tfjs';
import { describe, it } from 'vitest';
import { cond, setElementType, stack, whileLoop } from '../../src/index.js';
import { rand } from '../helpers/data.js';
import { checkGradient, type GradCase } from './grad-check.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type A = any;

const int = (n: number) => tf.scalar(n, 'int32');
const inc = (i: A) => tf.add(i, int(1));
const W = () =>
  tf.tensor2d([
    [0.3, -0.2, 0.1],
    [0.05, 0.4, -0.3],
    [-0.1, 0.2, 0.25],
  ]);

/** sum of the final value of `body` applied `n` times to x (an int32 counter loop). */
function repeat(n: A, x: T, body: (a: T, i: T) => T): T {
  const [, a] = whileLoop(
    (i: A) => tf.less(i, n),
    (i: A, a: A) => [inc(i), body(a, i)],
    [int(0), x],
  );
  return a as T;
}

const cases: GradCase[] = [
  {
    name: 'cond taking the then branch',
    f: (x) =>
      tf.sum(
        cond(
          tf.greater(tf.sum(x), 0),
          () => tf.mul(x, tf.sin(x)),
          () => tf.exp(x),
        ) as T,
      ),
    args: () => [tf.tensor1d([0.5, 0.2, 0.3])],
  },
  {
    name: 'cond taking the else branch',
    f: (x) =>
      tf.sum(
        cond(
          tf.greater(tf.sum(x), 0),
          () => tf.mul(x, tf.sin(x)),
          () => tf.exp(x),
        ) as T,
      ),
    args: () => [tf.tensor1d([-0.5, 0.2, -0.3])],
  },
  {
    name: 'cond whose branches capture values computed from two inputs',
    f: (x, y) => {
      const s = tf.sum(tf.square(y));
      return tf.sum(
        cond(
          tf.less(tf.max(x), 1),
          () => tf.mul(x, s),
          () => tf.div(x, s),
        ) as T,
      );
    },
    args: () => [rand([2, 3], 1, -1, 1), rand([3], 2, -1, 1)],
  },
  {
    name: 'cond with several outputs, one unused',
    f: (x) => {
      const [a] = cond(
        tf.greater(tf.sum(x), 0),
        () => [tf.tanh(x), tf.square(x)],
        () => [tf.sigmoid(x), tf.abs(x)],
      ) as T[];
      return tf.sum(a!);
    },
    args: () => [rand([4], 3)],
  },
  {
    name: 'nested cond',
    f: (x) =>
      tf.sum(
        cond(
          tf.greater(tf.sum(x), 0),
          () =>
            cond(
              tf.greater(tf.max(x), 0.5),
              () => tf.mul(x, x),
              () => tf.mul(x, 3),
            ),
          () =>
            cond(
              tf.less(tf.min(x), -0.5),
              () => tf.exp(x),
              () => tf.sin(x),
            ),
        ) as T,
      ),
    args: () => [tf.tensor1d([0.9, 0.1, -0.2])],
  },
  {
    name: 'cond passing an operand through in one branch',
    f: (x) =>
      tf.sum(
        tf.square(
          cond(
            tf.greater(tf.sum(x), 10),
            () => tf.mul(x, 2),
            () => x,
          ) as T,
        ),
      ),
    args: () => [rand([3], 4)],
  },
  {
    name: 'while with a static trip count and the input as invariant',
    f: (x) => tf.sum(repeat(int(4), x, (a) => tf.mul(tf.sin(a), x))),
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
  {
    name: 'while whose trip count is computed at run time from the input',
    f: (x) => {
      const n = tf.cast(tf.mul(tf.sum(tf.abs(x)), 3), 'int32');
      return tf.sum(repeat(n, x, (a) => tf.sin(tf.add(a, x))));
    },
    args: () => [tf.tensor1d([0.5, -0.4, 0.6])],
  },
  {
    name: 'while whose condition depends on the carried value',
    f: (x) => {
      const [a] = whileLoop(
        (a: A) => tf.less(tf.sum(a), 10),
        (a: A) => [tf.mul(a, 1.5)],
        [tf.abs(x)],
      );
      return tf.sum(tf.square(a as T));
    },
    args: () => [tf.tensor1d([0.5, 0.25, 0.75])],
  },
  {
    name: 'while with two float loop variables feeding each other',
    f: (x, y) => {
      const [, a, b] = whileLoop(
        (i: A) => tf.less(i, 3),
        (i: A, a: A, b: A) => [inc(i), tf.add(a, tf.mul(b, 0.5)), tf.sub(b, tf.mul(tf.tanh(a), 0.3))],
        [int(0), x, y],
      );
      return tf.add(tf.sum(a as T), tf.sum(tf.square(b as T)));
    },
    args: () => [rand([3], 5, -1, 1), rand([3], 6, -1, 1)],
  },
  {
    name: 'while capped by maximumIterations',
    f: (x) => {
      const [, a] = whileLoop(
        (i: A) => tf.less(i, 100),
        (i: A, a: A) => [inc(i), tf.cos(tf.mul(a, x))],
        [int(0), x],
        { maximumIterations: 3 },
      );
      return tf.sum(a as T);
    },
    args: () => [tf.tensor1d([0.5, -0.2, 0.9])],
  },
  {
    name: 'while that runs zero times',
    f: (x) =>
      tf.sum(
        tf.mul(
          repeat(int(0), x, (a) => tf.exp(a)),
          x,
        ),
      ),
    args: () => [rand([3], 7)],
  },
  {
    name: 'nested while loops',
    f: (x) =>
      tf.sum(
        repeat(int(3), x, (a) =>
          tf.add(
            repeat(int(2), a, (b) => tf.sin(tf.mul(b, x))),
            x,
          ),
        ),
      ),
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
  {
    name: 'inner loop trip count from the outer counter',
    f: (x) => tf.sum(repeat(int(3), x, (a, i) => repeat(tf.add(i, int(1)), a, (b) => tf.mul(tf.tanh(b), 1.1)))),
    args: () => [rand([3], 8, -1, 1)],
  },
  {
    name: 'cond inside a loop',
    f: (x) =>
      tf.sum(
        repeat(
          int(5),
          x,
          (a) =>
            cond(
              tf.greater(tf.sum(a), 0),
              () => tf.mul(a, tf.cos(x)),
              () => tf.add(a, tf.exp(x)),
            ) as T,
        ),
      ),
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
  {
    name: 'loop inside a cond',
    f: (x) =>
      tf.sum(
        cond(
          tf.greater(tf.sum(x), 0),
          () => repeat(int(3), x, (a) => tf.mul(a, x)),
          () => tf.neg(x),
        ) as T,
      ),
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
  {
    name: 'loop inside a cond inside a loop',
    f: (x) =>
      tf.sum(
        repeat(
          int(2),
          x,
          (a) =>
            cond(
              tf.greater(tf.sum(a), 0),
              () => repeat(int(2), a, (b) => tf.sin(b)),
              () => tf.square(a),
            ) as T,
        ),
      ),
    args: () => [tf.tensor1d([0.4, 0.3, -0.1])],
  },
  {
    name: 'RNN: elements pushed to a list in a loop, stacked after it',
    f: (x, w) => {
      const outs: A = [];
      setElementType(outs, 'float32', [3]);
      const [, , o] = whileLoop(
        (i: A) => tf.less(i, 4),
        (i: A, h: A, o: A) => {
          const h2 = tf.tanh(tf.add(tf.reshape(tf.matMul(tf.reshape(h, [1, 3]), w), [3]), x));
          o.push(h2);
          return [inc(i), h2, o];
        },
        [int(0), tf.zerosLike(x), outs],
      );
      return tf.sum(tf.square(stack(o)));
    },
    args: () => [tf.tensor1d([0.5, -0.2, 0.3]), W()],
  },
  {
    name: 'list pushed in a loop, stacked and weighted by position',
    f: (x) => {
      const outs: A = [];
      setElementType(outs, 'float32', [2]);
      const [, , o] = whileLoop(
        (i: A) => tf.less(i, 3),
        (i: A, a: A, o: A) => {
          o.push(tf.mul(a, tf.cast(inc(i), 'float32')));
          return [inc(i), tf.sin(a), o];
        },
        [int(0), x, outs],
      );
      return tf.sum(
        tf.mul(
          stack(o),
          tf.tensor2d([
            [1, 2],
            [3, 4],
            [5, 6],
          ]),
        ),
      );
    },
    args: () => [tf.tensor1d([0.7, -0.4])],
  },
  {
    name: 'a loop variable that does not reach the result',
    f: (x) => {
      const [, a] = whileLoop(
        (i: A) => tf.less(i, 3),
        (i: A, a: A, b: A) => [inc(i), tf.mul(a, x), tf.add(b, a)],
        [int(0), x, tf.zerosLike(x)],
      );
      return tf.sum(a as T);
    },
    args: () => [tf.tensor1d([0.5, -0.7, 0.9])],
  },
  {
    name: 'break: a loop stopped by a flag set in the body',
    f: (x) => {
      const [, a] = whileLoop(
        (go: A, _a: A) => go,
        (_go: A, a: A) => {
          const next = tf.mul(a, 1.3);
          return [tf.less(tf.sum(next), 5), next];
        },
        [tf.scalar(true), tf.abs(x)],
      );
      return tf.sum(tf.sqrt(a as T));
    },
    args: () => [tf.tensor1d([0.5, 0.25, 0.75])],
  },
  {
    name: 'AutoGraph: if/else on a tensor condition',
    autograph: true,
    scope: { tf },
    f: (x: A) => {
      let y = tf.mul(x, 2);
      if ((tf.sum(x) as A) > 0) {
        y = tf.square(y);
      } else {
        y = tf.sin(y);
      }
      return tf.sum(y);
    },
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
  {
    name: 'AutoGraph: while loop with break',
    autograph: true,
    scope: { tf },
    f: (x: A) => {
      let a = tf.abs(x);
      let i: A = tf.scalar(0, 'int32');
      while (i < 10) {
        a = tf.mul(a, 1.2);
        if ((tf.sum(a) as A) > 4) {
          break;
        }
        i = i + 1;
      }
      return tf.sum(tf.square(a));
    },
    args: () => [tf.tensor1d([0.5, 0.25, 0.4])],
  },
  {
    name: 'AutoGraph: for loop up to a run-time bound',
    autograph: true,
    scope: { tf },
    f: (x: A) => {
      const n: A = tf.cast(tf.mul(tf.sum(tf.abs(x)), 5), 'int32');
      let acc = tf.zerosLike(x);
      for (let i = 0; i < n; i++) {
        acc = tf.add(acc, tf.sin(tf.mul(x, acc)));
        acc = tf.add(acc, x);
      }
      return tf.sum(acc);
    },
    args: () => [tf.tensor1d([0.3, -0.2, 0.25])],
  },
  {
    name: 'AutoGraph: for…of over a tensor, outputs pushed to a list and stacked',
    autograph: true,
    scope: { tf, setElementType, stack },
    f: (xs: A, w: A) => {
      let h = tf.zeros([1, 3]);
      const outs: A[] = [];
      setElementType(outs, 'float32', [1, 3]);
      for (const x of xs) {
        h = tf.tanh(tf.add(tf.matMul(h, w), x));
        outs.push(h);
      }
      return tf.sum(tf.square(stack(outs)));
    },
    args: () => [rand([4, 1, 3], 9, -1, 1), W()],
  },
  {
    name: 'AutoGraph: if inside a for loop',
    autograph: true,
    scope: { tf },
    f: (x: A) => {
      let a = x;
      for (let i = 0; i < (tf.scalar(4, 'int32') as A); i++) {
        if ((tf.sum(a) as A) > 0) {
          a = tf.mul(a, tf.cos(x));
        } else {
          a = tf.sub(a, tf.tanh(x));
        }
      }
      return tf.sum(a);
    },
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
  {
    name: 'AutoGraph: list pushed in both branches of an if inside a loop',
    autograph: true,
    scope: { tf, setElementType, stack },
    f: (x: A) => {
      const outs: A[] = [];
      setElementType(outs, 'float32', [3]);
      let h = x;
      for (let i = 0; i < (tf.scalar(4, 'int32') as A); i++) {
        h = tf.sin(tf.mul(h, 1.5));
        if ((tf.sum(h) as A) > 0) {
          outs.push(h);
        } else {
          outs.push(tf.neg(h));
        }
      }
      return tf.sum(tf.square(stack(outs)));
    },
    args: () => [tf.tensor1d([0.5, -0.2, 0.3])],
  },
];

describe('gradients through staged control flow (jit vs numerical vs eager tfjs, both executors)', () => {
  it('has at least 20 functions with control flow', () => {
    if (cases.length < 20) throw new Error(`only ${cases.length} cases`);
  });
  for (const c of cases) it(c.name, () => checkGradient(c));
});
