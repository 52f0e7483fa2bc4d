// Gradients through dropout use the mask the forward pass drew. For loss(x) = sum(dropout(x) * w)
// at x = ones the forward value is Σ mᵢwᵢ and the gradient mᵢwᵢ with mᵢ ∈ {0, 2}: the gradient must
// be of that form and sum to the value, call after call (new masks each time). Checked around a jit
// function (tf.grad, tf.valueAndGrad, optimizer.minimize) and inside one (top level, staged if,
// staged loop); draws the gradient would have to draw again are refused; memory stays flat.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../src/index.js';
import { distinct } from './helpers.js';

// Operators on tensors are what conversion supports; TypeScript does not know them: `any` there.
/* eslint-disable @typescript-eslint/no-explicit-any */

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const W = [1, 2, 3, 4, 5, 6, 7, 8];
const w = tf.tensor1d(W);
const ones = tf.ones([8]);
const scope = { tf, ag, w };

/** The gradient is m∘w for a mask m ∈ {0, 2}^8 and sums to the loss Σ mᵢwᵢ. */
function expectMaskGradient(value: number, grad: number[]): void {
  grad.forEach((g, i) => expect([0, 2 * W[i]!], `grad[${i}] = ${g}`).toContain(g));
  expect(grad.reduce((a, b) => a + b, 0)).toBeCloseTo(value, 4);
}

function loss(x: tf.Tensor): tf.Tensor {
  return tf.sum(tf.dropout(x, 0.5).mul(w));
}

describe('a jit function differentiated from outside', () => {
  for (const executor of ['compiled', 'interpreter', 'onnxruntime'] as const) {
    it(`tf.valueAndGrad uses the call's mask (${executor})`, () => {
      const f = ag.jit(loss, { scope, executor });
      const grads: number[][] = [];
      for (let i = 0; i < 10; i++) {
        const { value, grad } = tf.valueAndGrad(f as (x: tf.Tensor) => tf.Scalar)(ones);
        const g = grad.arraySync() as number[];
        expectMaskGradient(value.arraySync() as number, g);
        grads.push(g);
        tf.dispose([value, grad]);
      }
      expect(distinct(grads)).toBeGreaterThan(5);
    });
  }

  it('optimizer.minimize steps by the gradient of the mask the step drew', () => {
    const f = ag.jit(loss, { scope });
    const v = tf.variable(tf.ones([8]));
    const opt = tf.train.sgd(1);
    for (let i = 0; i < 5; i++) {
      const before = v.arraySync() as number[];
      const cost = opt.minimize(() => f(v) as tf.Scalar, true)!;
      const step = (v.arraySync() as number[]).map((x, k) => before[k]! - x);
      // loss = Σ vₖmₖwₖ, so the step is m∘w and the cost Σ before·m∘w.
      step.forEach((s, k) => expect([0, 2 * W[k]!]).toContain(Math.round(s * 1e4) / 1e4));
      expect(step.reduce((a, s, k) => a + s * before[k]!, 0)).toBeCloseTo(cost.arraySync() as number, 3);
      cost.dispose();
    }
    v.dispose();
    opt.dispose();
  });

  it('tf.grad of a function drawing several times (dropout, noise, multinomial) matches the draws', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        const noise = tf.randomNormal([8]);
        const picks = tf.multinomial(tf.zeros([8]) as tf.Tensor1D, 8);
        const y = tf.dropout(x, 0.5).mul(noise).mul(tf.cast(picks, 'float32'));
        return [tf.sum(y), noise, picks];
      },
      { scope },
    );
    for (let i = 0; i < 3; i++) {
      let seen: tf.Tensor[] = [];
      const g = tf.grad((x: tf.Tensor) => {
        const [s, noise, picks] = f(x) as tf.Tensor[];
        seen = [tf.keep(noise!), tf.keep(picks!)];
        return s as tf.Scalar;
      })(ones);
      const noise = seen[0]!.arraySync() as number[];
      const picks = seen[1]!.arraySync() as number[];
      (g.arraySync() as number[]).forEach((gi, k) => {
        const expected = noise[k]! * picks[k]!;
        expect(
          [0, 2 * expected].some((e) => Math.abs(gi - e) < 1e-5),
          `${gi} vs 0 or ${2 * expected}`,
        ).toBe(true);
      });
      tf.dispose([g, ...seen]);
    }
  });

  it('numTensors stays flat over repeated gradients', () => {
    const f = ag.jit(loss, { scope });
    const run = () =>
      tf.tidy(() =>
        tf
          .grad(f as (x: tf.Tensor) => tf.Scalar)(ones)
          .dataSync(),
      );
    run();
    const before = tf.memory().numTensors;
    for (let i = 0; i < 50; i++) run();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('a draw in a staged loop or branch of the function is refused (the replay would draw again)', () => {
    function loopLoss(x: tf.Tensor): tf.Tensor {
      let y = x;
      let i: any = tf.scalar(0);
      while (i < 2) {
        y = tf.dropout(y, 0.5);
        i = i + 1;
      }
      return tf.sum(y);
    }
    const f = ag.jit(loopLoss, { scope });
    expect(() => tf.grad(f as (x: tf.Tensor) => tf.Scalar)(ones)).toThrow(
      expect.objectContaining({ id: 'grad/random-redrawn' }),
    );
    expect((f(ones) as tf.Tensor).arraySync()).toEqual(expect.any(Number)); // undifferentiated calls are fine
  });
});

describe('gradients inside a jit function', () => {
  it('at the top level: tf.valueAndGrad in the function', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        const { value, grad } = tf.valueAndGrad(loss as (x: tf.Tensor) => tf.Scalar)(x);
        return [value, grad];
      },
      { scope: { ...scope, loss } },
    );
    const grads = Array.from({ length: 8 }, () => {
      const [v, g] = f(ones) as tf.Tensor[];
      expectMaskGradient(v!.arraySync() as number, g!.arraySync() as number[]);
      return g!.arraySync();
    });
    expect(distinct(grads)).toBeGreaterThan(4);
  });

  it('optimizer.minimize inside the function steps by the mask the step drew', () => {
    const v = tf.variable(tf.ones([8]));
    const opt = tf.train.sgd(1);
    const step = ag.jit(
      (x: tf.Tensor) => opt.minimize(() => tf.sum(tf.dropout(v.mul(x), 0.5).mul(w)) as tf.Scalar, true, [v])!,
      { scope: { ...scope, v, opt } },
    );
    const steps: number[][] = [];
    for (let i = 0; i < 6; i++) {
      const before = v.arraySync() as number[];
      const cost = (step(ones) as tf.Tensor).arraySync() as number;
      const delta = (v.arraySync() as number[]).map((x, k) => before[k]! - x);
      delta.forEach((d, k) => expect([0, 2 * W[k]!]).toContain(d));
      expect(delta.reduce((a, d, k) => a + d * before[k]!, 0)).toBeCloseTo(cost, 3);
      steps.push(delta);
    }
    expect(distinct(steps)).toBeGreaterThan(3);
    v.dispose();
    opt.dispose();
  });

  it('in a staged if: the replayed branch uses the forward mask', () => {
    function condLoss(x: tf.Tensor): tf.Tensor {
      let y = x;
      if ((tf.sum(x) as any) > 0) {
        y = tf.dropout(x, 0.5);
      } else {
        y = x.mul(3);
      }
      return tf.sum(y.mul(w));
    }
    const f = ag.jit(
      (x: tf.Tensor) => {
        const { value, grad } = tf.valueAndGrad(ag.toGraph(condLoss, { scope }) as (x: tf.Tensor) => tf.Scalar)(x);
        return [value, grad];
      },
      { scope: { ...scope, condLoss, scope } },
    );
    const grads = Array.from({ length: 8 }, () => {
      const [v, g] = f(ones) as tf.Tensor[];
      expectMaskGradient(v!.arraySync() as number, g!.arraySync() as number[]);
      return g!.arraySync();
    });
    expect(distinct(grads)).toBeGreaterThan(4);
    const [v, g] = f(ones.neg()) as tf.Tensor[];
    expect(v!.arraySync()).toBe(-3 * 36);
    expect(g!.arraySync()).toEqual(W.map((x) => 3 * x));
  });

  it('in a staged loop: the reverse loop reads the masks the forward loop drew', () => {
    function loopLoss(x: tf.Tensor): tf.Tensor {
      let y = x;
      let i: any = tf.scalar(0);
      while (i < 3) {
        y = tf.dropout(y, 0.5);
        i = i + 1;
      }
      return tf.sum(y.mul(w));
    }
    const f = ag.jit(
      (x: tf.Tensor) => {
        const { value, grad } = tf.valueAndGrad(ag.toGraph(loopLoss, { scope }) as (x: tf.Tensor) => tf.Scalar)(x);
        return [value, grad];
      },
      { scope: { ...scope, loopLoss, scope } },
    );
    for (let i = 0; i < 6; i++) {
      const [v, g] = f(ones) as tf.Tensor[];
      const grad = g!.arraySync() as number[];
      // Three masks: each element is kept by all (factor 8) or dropped.
      grad.forEach((gi, k) => expect([0, 8 * W[k]!]).toContain(gi));
      expect(grad.reduce((a, b) => a + b, 0)).toBeCloseTo(v!.arraySync() as number, 4);
    }
    const g = f.getConcreteFunction(ones).optimizedGraph;
    const loops = g.nodes.filter((n) => n.op === 'While');
    // The reverse loop draws nothing: its masks come from the forward loop's records.
    expect(loops.filter((n) => n.subgraphs!.body!.nodes.some((m) => m.op === 'RandomUniform'))).toHaveLength(1);
  });

  it('a draw nested two levels deep in staged control flow is refused', () => {
    function nested(x: tf.Tensor): tf.Tensor {
      let y = x;
      if ((tf.sum(x) as any) > 0) {
        let i: any = tf.scalar(0);
        while (i < 2) {
          y = tf.dropout(y, 0.5);
          i = i + 1;
        }
      }
      return tf.sum(y);
    }
    const f = ag.jit((x: tf.Tensor) => tf.grad(ag.toGraph(nested, { scope }) as (x: tf.Tensor) => tf.Scalar)(x), {
      scope: { ...scope, nested, scope },
    });
    expect(() => f(ones)).toThrow(expect.objectContaining({ id: 'grad/random-redrawn' }));
  });
});
