// Golden tests of printed graphs: each case's `graph.toString()` is compared with a reviewed file
// in ./golden/. Regenerate with `npx vitest run test/trace/golden-graphs.test.ts -u`.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const cases: Record<string, { fn: (...a: never[]) => unknown; specs: ag.TensorSpec[] }> = {
  'straight-line': {
    fn: (x: tf.Tensor) => tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1),
    specs: [ag.spec([4])],
  },
  'matmul-softmax': {
    fn: (x: tf.Tensor, w: tf.Tensor) => tf.softmax(tf.matMul(x, w)),
    specs: [ag.spec([2, 3]), ag.spec([3, 5])],
  },
  cond: {
    fn: (x: tf.Tensor) =>
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => tf.mul(x, x),
        () => tf.zerosLike(x),
      ),
    specs: [ag.spec([3])],
  },
  'while-collatz': {
    fn: (a: tf.Tensor) =>
      ag.whileLoop(
        (n: unknown) => tf.notEqual(n as tf.Tensor, tf.scalar(1, 'int32')),
        (n: unknown, c: unknown) => [
          ag.cond(
            tf.equal(tf.mod(n as tf.Tensor, tf.scalar(2, 'int32')), tf.scalar(0, 'int32')),
            () => tf.floorDiv(n as tf.Tensor, tf.scalar(2, 'int32')),
            () => tf.add(tf.mul(n as tf.Tensor, tf.scalar(3, 'int32')), tf.scalar(1, 'int32')),
          ),
          tf.add(c as tf.Tensor, tf.scalar(1, 'int32')),
        ],
        [a, 0],
        { names: ['a', 'counter'] },
      )[1],
    specs: [ag.spec([], 'int32')],
  },
  grad: { fn: (x: tf.Tensor) => tf.grad((y: tf.Tensor) => tf.sum(tf.tanh(y)))(x), specs: [ag.spec([2])] },
};

describe('printed graphs', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, async () => {
      const f = ag.jit(c.fn as (...a: unknown[]) => unknown, { autograph: false, name: name.replace(/-/g, '_') });
      const cf = f.getConcreteFunction(...c.specs);
      ag.verify(cf.graph);
      await expect(cf.graph.toString()).toMatchFileSnapshot(`golden/${name}.graph.txt`);
    });
  }
});
