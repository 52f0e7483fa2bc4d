// The core of tfjs-examples' snake-dqn: the deep-Q-network's training step (trainOnReplayBatch:
// Q(s, a) of the online network against r + γ·max Q'(s') of the target network, masked where the
// episode ended, mean squared error, tf.variableGrads and optimizer.applyGradients) and the greedy
// action (argMax of Q). The original samples the replay batch and builds its tensors with
// getStateTensor inside the loss function, and reads the action with dataSync: the port passes the
// batch in as tensors, jits the step, and keeps the action a tensor. The tf.layers convnet becomes a
// two-layer dense network on the flattened board. Synthetic boards (9×9, 2 channels). No downloads.
// `npx tsx examples/tfjs-programs/snake-dqn.ts`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

type T = tf.Tensor;

export const HEIGHT = 9;
export const WIDTH = 9;
export const NUM_ACTIONS = 3;
const INPUTS = HEIGHT * WIDTH * 2;

export function makeAgent(seed = 21) {
  const w1 = tf.variable(tf.randomNormal([INPUTS, 32], 0, 0.1, 'float32', seed));
  const b1 = tf.variable(tf.zeros([32]));
  const w2 = tf.variable(tf.randomNormal([32, NUM_ACTIONS], 0, 0.1, 'float32', seed + 1));
  const b2 = tf.variable(tf.zeros([NUM_ACTIONS]));
  // The target network: a copy of the online one, updated every few hundred steps in the original.
  const target = [w1, b1, w2, b2].map((v) => tf.clone(v));
  const optimizer = tf.train.adam(1e-3);
  const online = (s: T): T =>
    tf
      .relu(s.reshape([-1, INPUTS]).matMul(w1).add(b1))
      .matMul(w2)
      .add(b2);
  const targetNetwork = (s: T): T =>
    tf
      .relu(s.reshape([-1, INPUTS]).matMul(target[0]!).add(target[1]!))
      .matMul(target[2]!)
      .add(target[3]!);

  /** trainOnReplayBatch, the batch passed in: states [n, 9, 9, 2], actions int32 [n], rewards, next states, dones (0/1). */
  function trainStep(states: T, actions: T, rewards: T, nextStates: T, dones: T, gamma: number): T {
    const lossFunction = (): tf.Scalar =>
      tf.tidy(() => {
        const qs = online(states).mul(tf.oneHot(actions, NUM_ACTIONS)).sum(-1);
        const nextMaxQ = targetNetwork(nextStates).max(-1);
        const doneMask = tf.scalar(1).sub(dones.asType('float32'));
        const targetQs = rewards.add(nextMaxQ.mul(doneMask).mul(gamma));
        return tf.losses.meanSquaredError(targetQs, qs) as tf.Scalar;
      });
    const { value, grads } = tf.variableGrads(lossFunction);
    optimizer.applyGradients(grads as Parameters<typeof optimizer.applyGradients>[0]);
    tf.dispose(grads);
    return value;
  }

  /** The greedy action of the original's playStep (`qs.argMax(-1).dataSync()[0]`), kept a tensor. */
  function greedyAction(state: T): T {
    return online(state.expandDims(0)).argMax(-1).squeeze();
  }

  const scope = { tf, online, targetNetwork, optimizer, NUM_ACTIONS, INPUTS, w1, b1, w2, b2, target };
  return {
    trainStep,
    greedyAction,
    scope,
    weights: () => [w1, b1, w2, b2],
    dispose: () => tf.dispose([w1, b1, w2, b2, ...target]),
  };
}
export type Agent = ReturnType<typeof makeAgent>;

/** A synthetic replay batch of the original's shapes. */
export function replayBatch(n: number, seed: number) {
  return tf.tidy(() => ({
    states: tf.randomUniform([n, HEIGHT, WIDTH, 2], 0, 2, 'int32', seed).toFloat(),
    actions: tf.randomUniform([n], 0, NUM_ACTIONS, 'int32', seed + 1),
    rewards: tf.randomUniform([n], -10, 10, 'float32', seed + 2),
    nextStates: tf.randomUniform([n, HEIGHT, WIDTH, 2], 0, 2, 'int32', seed + 3).toFloat(),
    dones: tf.randomUniform([n], 0, 2, 'int32', seed + 4),
  }));
}

export function jitted(a: Agent) {
  return {
    trainStep: ag.jit(a.trainStep, { name: 'trainStep', scope: a.scope }),
    greedyAction: ag.jit(a.greedyAction, { name: 'greedyAction', scope: a.scope }),
  };
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const eager = makeAgent();
  const compiled = makeAgent();
  const j = jitted(compiled);
  for (let i = 0; i < 5; i++) {
    const b = replayBatch(64, 100 + i);
    const le = tf.tidy(
      () => eager.trainStep(b.states, b.actions, b.rewards, b.nextStates, b.dones, 0.99).dataSync()[0]!,
    );
    const lj = j.trainStep(b.states, b.actions, b.rewards, b.nextStates, b.dones, 0.99);
    console.log(`step ${i}: loss eager ${le.toFixed(5)}  jit ${lj.dataSync()[0]!.toFixed(5)}`);
    tf.dispose([lj, ...Object.values(b)]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
