// Arrays declared with setElementType: pushes in both branches of a staged if are merged by the Cond
// (eager and jit agree), and a pushed element of another dtype or shape is a located, catalogued error.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

function pushesInBranches(x: tf.Tensor): tf.Tensor {
  const z: tf.Tensor[] = [];
  ag.setElementType(z, 'float32', [2]);
  z.push(x.add(10));
  if (tf.sum(x).greater(0)) {
    z.push(x);
  } else {
    z.push(x.mul(2));
    z.push(x.mul(3));
  }
  return ag.stack(z);
}

function pushesWrongShape(x: tf.Tensor): tf.Tensor {
  const z: tf.Tensor[] = [];
  ag.setElementType(z, 'float32', [2]);
  z.push(tf.concat([x, x]));
  return ag.stack(z);
}

const scope = { tf, ag };

describe('declared lists', () => {
  it.each([
    ['positive', [1, 1]],
    ['negative', [-1, -1]],
  ])('pushed in staged branches give the eager result (%s input)', (_name, data) => {
    const x = tf.tensor1d(data);
    const eager = (ag.toGraph(pushesInBranches, { scope })(x) as tf.Tensor).arraySync();
    for (const executor of ['interpreter', 'compiled'] as const) {
      const f = ag.jit(pushesInBranches, { scope, executor });
      expect((f(x) as tf.Tensor).arraySync()).toEqual(eager);
    }
    expect(eager).toEqual(
      data[0]! > 0
        ? [
            [11, 11],
            [1, 1],
          ]
        : [
            [9, 9],
            [-2, -2],
            [-3, -3],
          ],
    );
  });

  it('reject an element of another shape, at the push, eagerly and in jit', () => {
    for (const run of [
      () => ag.toGraph(pushesWrongShape, { scope })(tf.ones([2])),
      () => ag.jit(pushesWrongShape, { scope })(tf.ones([2])),
    ]) {
      let err: ag.AutographError | undefined;
      try {
        run();
      } catch (e) {
        err = e as ag.AutographError;
      }
      expect(err?.id).toBe('list/element-mismatch');
      expect(err?.message).toContain('float32[2] elements cannot take an element of float32[4]');
      expect(err?.location?.file).toContain('declared-lists.test.ts');
      expect(err?.location?.line).toBe(23);
    }
  });
});
