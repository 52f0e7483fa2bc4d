// The seven tfjs-examples programs' cores in examples/tfjs-programs/, ported: each jitted part agrees
// with the same code run eagerly (or, for cart-pole, with the original on JS numbers), on synthetic
// data of the original shapes, in short runs; once traced, a further call leaves no tensor behind.
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as poly from '../../examples/tfjs-programs/polynomial-regression.js';
import * as mnist from '../../examples/tfjs-programs/mnist-core.js';
import * as lstm from '../../examples/tfjs-programs/lstm-text-generation.js';
import * as translation from '../../examples/tfjs-programs/translation.js';
import * as cartPole from '../../examples/tfjs-programs/cart-pole.js';
import * as snake from '../../examples/tfjs-programs/snake-dqn.js';
import * as dates from '../../examples/tfjs-programs/date-conversion-attention.js';

const close = (a: number[], b: number[], tol = 1e-4): void => {
  expect(a).toHaveLength(b.length);
  a.forEach((x, i) => expect(Math.abs(x - b[i]!)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b[i]!))));
};
const value = (t: tf.Tensor): number => {
  const v = t.dataSync()[0]!;
  t.dispose();
  return v;
};

/** Runs `call` (already traced) once more: the tensors alive after it are those before it. */
const leavesNothing = (call: () => unknown): void => {
  const before = tf.memory().numTensors;
  tf.dispose(call() as tf.TensorContainer);
  expect(tf.memory().numTensors).toBe(before);
};

beforeAll(async () => {
  await tf.setBackend('cpu');
  tf.tensor(0).dispose();
});

describe('tfjs-examples programs, ported: jit agrees with eager', () => {
  it('polynomial-regression: the jitted step in an async loop, and all iterations in one call, fit the same coefficients', async () => {
    const { xs, ys } = poly.generateData();
    const eager = poly.makeModel();
    poly.trainEagerly(eager, xs, ys, 10);
    const stepped = poly.makeModel();
    await poly.trainWithJitStep(poly.jitStep(stepped), xs, ys, 10);
    const looped = poly.makeModel();
    const loop = poly.jitLoop(looped);
    const n = tf.scalar(10, 'int32');
    tf.dispose(loop(xs, ys, n));
    close(stepped.coefficients(), eager.coefficients());
    close(looped.coefficients(), eager.coefficients());
    expect(loop.traceCount).toBe(1);
    leavesNothing(() => loop(xs, ys, n));
    tf.dispose([xs, ys, n]);
    [eager, stepped, looped].forEach((m) => m.dispose());
  });

  it('mnist-core: the training step with the batch passed in gives the same costs; predict the same digits', () => {
    const data = mnist.batches(1, 2); // cpu convolutions are slow: one step of 2 images
    const eager = mnist.makeModel();
    const step = mnist.trainStepOf(eager);
    const eagerCosts = data.map((b) => tf.tidy(() => step(b.xs, b.labels).dataSync()[0]!));
    const compiled = mnist.makeModel();
    const j = mnist.jitted(compiled);
    close(
      data.map((b) => value(j.trainStep(b.xs, b.labels))),
      eagerCosts,
    );
    const p = j.predict(data[0]!.xs);
    const q = tf.tidy(() => mnist.predictOf(eager)(data[0]!.xs));
    expect(Array.from(p.dataSync())).toEqual(Array.from(q.dataSync()));
    leavesNothing(() => j.trainStep(data[0]!.xs, data[0]!.labels));
    tf.dispose([p, q, ...data.flatMap((b) => [b.xs, b.labels])]);
    eager.dispose();
    compiled.dispose();
  });

  it("lstm-text-generation: the same training losses, and the same text with sample() run eagerly (onSymbolicRead: 'eager')", () => {
    const corpus = lstm.text(80);
    const eager = lstm.makeModel();
    const compiled = lstm.makeModel();
    const warnings: string[] = [];
    const j = lstm.jitted(compiled, (m) => warnings.push(m));
    for (let i = 0; i < 3; i++) {
      const { windows, next } = lstm.batch(corpus, i * 8, 8);
      close([value(j.trainStep(windows, next))], [tf.tidy(() => eager.trainStep(windows, next).dataSync()[0]!)]);
      tf.dispose([windows, next]);
    }
    const seedText = corpus.slice(0, lstm.SAMPLE_LEN);
    const expected = lstm.generateText(eager.predict, lstm.sample, seedText, 12, 0.6);
    expect(lstm.generateText(j.predict, (p, t) => j.sample(p, t) as number, seedText, 12, 0.6)).toBe(expected);
    expect(warnings.map((w) => w.split(' [')[0])).toEqual([
      "sample runs eagerly for (float32[9], 0.6): dataSync() here reads a tensor's value, which a graph cannot (onSymbolicRead: 'eager')",
    ]);
    expect(j.predict.traceCount).toBe(1);
    const probs = tf.softmax(tf.tensor1d([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    leavesNothing(() => j.sample(probs, 0.6));
    probs.dispose();
    eager.dispose();
    compiled.dispose();
  });

  it("translation: decodeSequence as written, jitted with onSymbolicRead: 'eager', and decoding with a jitted step, give eager's sentence", () => {
    const t = new translation.Translator();
    const warnings: string[] = [];
    const j = translation.jitted(t, (m) => warnings.push(m));
    for (const tokens of [
      [1, 4, 2, 0],
      [3, 3, 5, 1, 2],
    ]) {
      const x = translation.inputSequence(t, tokens);
      const expected = tf.tidy(() => t.decodeSequence(x));
      expect(j.decodeSequence(x)).toBe(expected);
      expect(translation.decodeWithSteps(t, j.encode, j.decodeStep, x)).toBe(expected);
      leavesNothing(() => j.decodeSequence(x));
      leavesNothing(() => translation.decodeWithSteps(t, j.encode, j.decodeStep, x));
      x.dispose();
    }
    expect(warnings).toHaveLength(1); // once per line that reads, whatever the signature
    expect(j.decodeStep.traceCount).toBe(1);
    t.dispose();
  });

  it('cart-pole: a whole episode in one jit call (a staged while loop) ends at the step the original does, in the same state', () => {
    const f = cartPole.jitSimulate();
    for (const seed of [1, 2, 3]) {
      const state = [0.01 * seed, 0, -0.02 * seed, 0.01];
      const actions = cartPole.randomActions(60, seed);
      const js = cartPole.simulateJs(state.map(Math.fround), actions);
      const [s, a] = [tf.tensor1d(state), tf.tensor1d(actions)];
      const out = f(s, a);
      expect(value(out.steps)).toBe(js.steps);
      close(Array.from(out.state.dataSync()), js.state, 1e-3);
      tf.dispose(out.state);
      leavesNothing(() => f(s, a));
      tf.dispose([s, a]);
    }
    expect(f.traceCount).toBe(1);
  });

  it('snake-dqn: the DQN training step (variableGrads, applyGradients) with the replay batch passed in gives the same losses and weights', () => {
    const eager = snake.makeAgent();
    const compiled = snake.makeAgent();
    const j = snake.jitted(compiled);
    for (let i = 0; i < 3; i++) {
      const b = snake.replayBatch(16, 100 + i);
      const le = tf.tidy(
        () => eager.trainStep(b.states, b.actions, b.rewards, b.nextStates, b.dones, 0.99).dataSync()[0]!,
      );
      close([value(j.trainStep(b.states, b.actions, b.rewards, b.nextStates, b.dones, 0.99))], [le]);
      const ae = tf.tidy(() => eager.greedyAction(tf.gather(b.states, 0)).dataSync()[0]!);
      const s0 = tf.gather(b.states, 0);
      expect(value(j.greedyAction(s0))).toBe(ae);
      tf.dispose([s0, ...Object.values(b)]);
    }
    close(Array.from(compiled.weights()[2]!.dataSync()), Array.from(eager.weights()[2]!.dataSync()));
    const b = snake.replayBatch(16, 200);
    leavesNothing(() => j.trainStep(b.states, b.actions, b.rewards, b.nextStates, b.dones, 0.99));
    tf.dispose(Object.values(b));
    eager.dispose();
    compiled.dispose();
  });

  it('date-conversion-attention: the inference on tensors (one jit call) predicts the tokens the original finds with dataSync reads', () => {
    const m = dates.makeModel();
    const f = dates.jitInference(m);
    for (const x of dates.encoderInputs(3)) {
      const expected = m.runSeq2SeqInference(x);
      const y = f(x);
      expect(Array.from(y.dataSync())).toEqual(expected);
      leavesNothing(() => f(x));
      tf.dispose([x, y]);
    }
    expect(f.traceCount).toBe(1);
    m.dispose();
  });
});
