// The core of tfjs-examples' cart-pole: the CartPole system's update(action) and isDone(), and the
// policy network's action draw. The original simulates on JS numbers inside an async game loop and
// draws actions with tf.multinomial, reading them with dataSync. The port writes the physics on
// scalar tensors with the original's operators and `||` (converted: staged), so that a whole episode
// (`simulate`) is one jit call: a while loop on a tensor condition that stops when the pole falls.
// The actions are passed in (drawn outside). Oracle: the original on JS numbers. No downloads.
// `npx tsx examples/tfjs-programs/cart-pole.ts`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

type T = tf.Tensor;

export const GRAVITY = 9.8;
export const MASS_CART = 1.0;
export const MASS_POLE = 0.1;
export const TOTAL_MASS = MASS_CART + MASS_POLE;
export const LENGTH = 0.5;
export const POLE_MOMENT = MASS_POLE * LENGTH;
export const FORCE_MAG = 10.0;
export const TAU = 0.02;
export const X_THRESHOLD = 2.4;
export const THETA_THRESHOLD = (12 / 360) * 2 * Math.PI;

/** The original's CartPole.update and isDone, on JS numbers: the oracle. */
export class CartPole {
  constructor(
    public x: number,
    public xDot: number,
    public theta: number,
    public thetaDot: number,
  ) {}
  update(action: number): boolean {
    const force = action > 0 ? FORCE_MAG : -FORCE_MAG;
    const cosTheta = Math.cos(this.theta);
    const sinTheta = Math.sin(this.theta);
    const temp = (force + POLE_MOMENT * this.thetaDot * this.thetaDot * sinTheta) / TOTAL_MASS;
    const thetaAcc =
      (GRAVITY * sinTheta - cosTheta * temp) / (LENGTH * (4 / 3 - (MASS_POLE * cosTheta * cosTheta) / TOTAL_MASS));
    const xAcc = temp - (POLE_MOMENT * thetaAcc * cosTheta) / TOTAL_MASS;
    this.x += TAU * this.xDot;
    this.xDot += TAU * xAcc;
    this.theta += TAU * this.thetaDot;
    this.thetaDot += TAU * thetaAcc;
    return this.isDone();
  }
  isDone(): boolean {
    return (
      this.x < -X_THRESHOLD || this.x > X_THRESHOLD || this.theta < -THETA_THRESHOLD || this.theta > THETA_THRESHOLD
    );
  }
}

/** The oracle episode: steps until done (at most actions.length) and the final state. */
export function simulateJs(state: number[], actions: number[]): { steps: number; state: number[] } {
  const c = new CartPole(state[0]!, state[1]!, state[2]!, state[3]!);
  let steps = 0;
  for (const a of actions) {
    steps++;
    if (c.update(a)) break;
  }
  return { steps, state: [c.x, c.xDot, c.theta, c.thetaDot] };
}

/**
 * The same episode on tensors: `state` float32[4], `actions` float32[n] of 0/1. The arithmetic is the
 * original's, on scalar tensors (TypeScript sees numbers: the casts say so); `done` is a tensor, so
 * the loop is staged (both start as tensors).
 */
export function simulate(state: T, actions: T): { steps: T; state: T } {
  let [x, xDot, theta, thetaDot] = tf.unstack(state) as unknown as number[];
  const n = actions.shape[0]!;
  // The original's `false` and `0` would start the loop as a JS loop, then `done` becomes a tensor
  // (convert/while-cond-became-tensor): start them as tensors so that the loop is staged.
  let steps = tf.scalar(0, 'int32') as unknown as number;
  let done = tf.scalar(false) as unknown as boolean;
  while (!done && steps < n) {
    const action = tf.gather(actions, steps) as unknown as number;
    const force = tf.where(
      tf.greater(action as unknown as T, 0),
      tf.scalar(FORCE_MAG),
      tf.scalar(-FORCE_MAG),
    ) as unknown as number;
    const cosTheta = tf.cos(theta as unknown as T) as unknown as number;
    const sinTheta = tf.sin(theta as unknown as T) as unknown as number;
    const temp = (force + POLE_MOMENT * thetaDot! * thetaDot! * sinTheta) / TOTAL_MASS;
    const thetaAcc =
      (GRAVITY * sinTheta - cosTheta * temp) / (LENGTH * (4 / 3 - (MASS_POLE * cosTheta * cosTheta) / TOTAL_MASS));
    const xAcc = temp - (POLE_MOMENT * thetaAcc * cosTheta) / TOTAL_MASS;
    x = x! + TAU * xDot!;
    xDot = xDot! + TAU * xAcc;
    theta = theta! + TAU * thetaDot!;
    thetaDot = thetaDot! + TAU * thetaAcc;
    steps += 1;
    done = x < -X_THRESHOLD || x > X_THRESHOLD || theta < -THETA_THRESHOLD || theta > THETA_THRESHOLD;
  }
  return { steps: steps as unknown as T, state: tf.stack([x, xDot, theta, thetaDot] as unknown as T[]) };
}

export const SCOPE = {
  tf,
  GRAVITY,
  MASS_POLE,
  TOTAL_MASS,
  LENGTH,
  POLE_MOMENT,
  FORCE_MAG,
  TAU,
  X_THRESHOLD,
  THETA_THRESHOLD,
};

export const jitSimulate = () => ag.jit(simulate, { scope: SCOPE });

/** Seeded actions of 0/1 (the original draws them from its policy network). */
export function randomActions(n: number, seed: number): number[] {
  return Array.from(tf.tidy(() => tf.randomUniform([n], 0, 2, 'int32', seed).dataSync()));
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const f = jitSimulate();
  for (const seed of [1, 2, 3]) {
    const start = [0.01 * seed, 0, -0.02 * seed, 0.01];
    const actions = randomActions(200, seed);
    const js = simulateJs(start, actions);
    const out = f(tf.tensor1d(start), tf.tensor1d(actions));
    console.log(
      `seed ${seed}: JS ${js.steps} steps, jit ${out.steps.dataSync()[0]} steps; theta JS ${js.state[2]!.toFixed(5)} jit ${out.state.dataSync()[2]!.toFixed(5)}`,
    );
  }
  console.log(`traces: ${f.traceCount}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
