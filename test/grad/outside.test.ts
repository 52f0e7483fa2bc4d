// Gradients of a jit function called from outside: tf.grad / tf.valueAndGrad / tf.variableGrads /
// optimizer.minimize around a jit call whose graph holds staged control flow and reads variables.
// Each result equals the same computation on the converted function run eagerly, on both executors.
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { EXECUTORS } from '../helpers/differential.js';

type T = tf.Tensor;

/** A loss with a staged loop (run-time trip count) and a staged branch, reading variables w and b. */
function makeLoss(w: tf.Variable, b: tf.Variable) {
  return function loss(x: T, steps: T): T {
    let h = x;
    let i = tf.scalar(0, 'int32');
    while (i.less(steps)) {
      h = tf.tanh(tf.add(tf.matMul(h, w), b));
      i = i.add(tf.scalar(1, 'int32'));
    }
    let out = tf.mean(tf.square(h));
    if (tf.greater(out, 0.5)) {
      out = out.mul(2);
    }
    return out;
  };
}

const init = () => ({
  w: tf.variable(
    tf.tensor2d([
      [0.5, -0.3, 0.2],
      [0.1, 0.4, -0.6],
      [-0.2, 0.3, 0.1],
    ]),
  ),
  b: tf.variable(tf.tensor1d([0.1, -0.1, 0.05])),
});
const x = () =>
  tf.tensor2d([
    [1, 0.5, -0.5],
    [0.2, -1, 0.3],
  ]);

function close(a: T, b: T): void {
  const [u, v] = [a.dataSync(), b.dataSync()];
  expect(u.length).toBe(v.length);
  for (let i = 0; i < u.length; i++) expect(Math.abs(u[i]! - v[i]!)).toBeLessThanOrEqual(1e-6 + 1e-5 * Math.abs(v[i]!));
}

describe.each(EXECUTORS)('gradients of a jit function called from outside (%s)', (executor) => {
  it('tf.valueAndGrad and tf.variableGrads equal those of the converted function run eagerly', () => {
    const { w, b } = init();
    const xs = x();
    const steps = tf.scalar(3, 'int32');
    const loss = makeLoss(w, b);
    const eager = ag.toGraph(loss, { scope: { tf, w, b } });
    const jitted = ag.jit(loss, { scope: { tf, w, b }, executor });
    const want = tf.valueAndGrad((a: T) => eager(a, steps))(xs);
    const got = tf.valueAndGrad((a: T) => jitted(a, steps))(xs);
    close(got.value, want.value);
    close(got.grad, want.grad);
    const wantV = tf.variableGrads(() => eager(xs, steps) as tf.Scalar);
    const gotV = tf.variableGrads(() => jitted(xs, steps) as tf.Scalar);
    close(gotV.value, wantV.value);
    for (const name of Object.keys(wantV.grads)) close(gotV.grads[name]!, wantV.grads[name]!);
    expect(jitted.traceCount).toBe(1);
    expect(jitted.concreteFunctions()[0]!.graph.toString()).toMatch(/While[\s\S]*Cond|Cond[\s\S]*While/);
    tf.dispose([w, b, xs, steps, want.value, want.grad, got.value, got.grad, wantV.value, gotV.value]);
    tf.dispose(Object.values(wantV.grads));
    tf.dispose(Object.values(gotV.grads));
  });

  it('optimizer.minimize of a jit loss trains like the eager loop, and leaks nothing over 100 steps', () => {
    const eagerVars = init();
    const jitVars = init();
    const xs = x();
    const steps = tf.scalar(2, 'int32');
    const eager = ag.toGraph(makeLoss(eagerVars.w, eagerVars.b), { scope: { tf, ...eagerVars } });
    const jitted = ag.jit(makeLoss(jitVars.w, jitVars.b), { scope: { tf, ...jitVars }, executor });
    const optE = tf.train.adam(0.05);
    const optJ = tf.train.adam(0.05);
    const lossesE: number[] = [];
    const lossesJ: number[] = [];
    let before = 0;
    for (let step = 0; step < 100; step++) {
      if (step === 10) before = tf.memory().numTensors;
      const le = optE.minimize(() => eager(xs, steps) as tf.Scalar, true)!;
      const lj = optJ.minimize(() => jitted(xs, steps) as tf.Scalar, true)!;
      lossesE.push(le.dataSync()[0]!);
      lossesJ.push(lj.dataSync()[0]!);
      tf.dispose([le, lj]);
    }
    expect(tf.memory().numTensors).toBe(before);
    expect(lossesJ[99]).toBeLessThan(lossesJ[0]! * 0.5);
    lossesJ.forEach((l, i) =>
      expect(Math.abs(l - lossesE[i]!)).toBeLessThanOrEqual(1e-5 * Math.abs(lossesE[i]!) + 1e-6),
    );
    close(jitVars.w, eagerVars.w);
    close(jitVars.b, eagerVars.b);
    expect(jitted.traceCount).toBe(1);
    for (const cf of jitted.concreteFunctions()) cf.dispose();
    optE.dispose();
    optJ.dispose();
    tf.dispose([eagerVars.w, eagerVars.b, jitVars.w, jitVars.b, xs, steps]);
  });
});
