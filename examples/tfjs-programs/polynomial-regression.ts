// The core of tfjs-examples' polynomial-regression-core, ported to autograph-ts: fit
// y = a·x³ + b·x² + c·x + d to 100 noisy points with SGD (learning rate 0.5, 75 iterations).
// The original trains in `async function train()`, awaiting tf.nextFrame() after every
// optimizer.minimize: an async function cannot be traced, so the port jits the synchronous step and
// keeps the awaits in the loop around it; `trainLoop` runs all iterations in one call (a staged loop
// over a tensor count). Synthetic data (seeded), no downloads. `npx tsx examples/tfjs-programs/polynomial-regression.ts`
// prints the coefficients of eager, jit-step and jit-loop training and the times.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

export const TRUE_COEFFICIENTS = { a: -0.8, b: -0.2, c: 0.9, d: 0.5 };

/** 100 points of the cubic plus gaussian noise (σ = 0.04), as the original's data.js makes them. */
export function generateData(numPoints = 100, seed = 7): { xs: tf.Tensor1D; ys: tf.Tensor1D } {
  return tf.tidy(() => {
    const { a, b, c, d } = TRUE_COEFFICIENTS;
    const xs = tf.randomUniform([numPoints], -1, 1, 'float32', seed) as tf.Tensor1D;
    const ys = xs
      .pow(tf.scalar(3, 'int32'))
      .mul(a)
      .add(xs.square().mul(b))
      .add(xs.mul(c))
      .add(d)
      .add(tf.randomNormal([numPoints], 0, 0.04, 'float32', seed + 1));
    // Normalize the y values to the range 0 to 1, as the original does.
    const min = ys.min();
    const max = ys.max();
    return { xs, ys: ys.sub(min).div(max.sub(min)) as tf.Tensor1D };
  });
}

/** The model of the original: four scalar variables, `predict`, `loss` and an SGD optimizer. */
export function makeModel(initial = [0.3, 0.6, 0.1, 0.9]) {
  const [a, b, c, d] = initial.map((v) => tf.variable(tf.scalar(v)));
  const optimizer = tf.train.sgd(0.5);
  const predict = (x: tf.Tensor): tf.Tensor =>
    a!
      .mul(x.pow(tf.scalar(3, 'int32')))
      .add(b!.mul(x.square()))
      .add(c!.mul(x))
      .add(d!);
  const loss = (prediction: tf.Tensor, labels: tf.Tensor): tf.Scalar => prediction.sub(labels).square().mean();
  const coefficients = (): number[] => [a!, b!, c!, d!].map((v) => v.dataSync()[0]!);
  const dispose = (): void => tf.dispose([a!, b!, c!, d!]);
  // The free variables of the functions a jit function calls, for run-time conversion (under the Node
  // loader or a bundler plugin they are converted in place and keep their closures: scope is unused).
  const scope = { tf, a, b, c, d, optimizer, predict, loss };
  return { optimizer, predict, loss, coefficients, dispose, scope };
}
export type Model = ReturnType<typeof makeModel>;

/** The original's training, step by step (the await dropped: see the guide). */
export function trainEagerly(m: Model, xs: tf.Tensor, ys: tf.Tensor, iterations: number): void {
  for (let iter = 0; iter < iterations; iter++)
    tf.dispose(m.optimizer.minimize(() => m.loss(m.predict(xs), ys), true) as tf.Scalar);
}

/** The port: one jit function per step, the async loop around it. */
export function jitStep(m: Model) {
  const { optimizer, predict, loss } = m;
  return ag.jit((xs: tf.Tensor, ys: tf.Tensor) => optimizer.minimize(() => loss(predict(xs), ys), true) as tf.Scalar, {
    name: 'trainStep',
    scope: m.scope,
  });
}

export async function trainWithJitStep(
  step: ReturnType<typeof jitStep>,
  xs: tf.Tensor,
  ys: tf.Tensor,
  iterations: number,
): Promise<void> {
  for (let iter = 0; iter < iterations; iter++) {
    tf.dispose(step(xs, ys));
    await tf.nextFrame(); // the original's await, now outside the traced code
  }
}

/** All iterations in one call: `iterations` is a tensor, so the loop is staged (a While in the graph). */
export function jitLoop(m: Model) {
  const { optimizer, predict, loss } = m;
  return ag.jit(
    (xs: tf.Tensor, ys: tf.Tensor, iterations: tf.Tensor) => {
      let last = tf.scalar(0);
      // `iter < iterations` compares with a tensor: converted, it is staged (TypeScript sees a number).
      for (let iter = 0; iter < (iterations as unknown as number); iter++)
        last = optimizer.minimize(() => loss(predict(xs), ys), true) as tf.Scalar;
      return last;
    },
    { name: 'trainLoop', scope: m.scope },
  );
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const { xs, ys } = generateData();
  const ITER = 75;
  const time = async (f: () => unknown): Promise<number> => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  const eager = makeModel();
  const tEager = await time(() => trainEagerly(eager, xs, ys, ITER));
  const stepped = makeModel();
  const step = jitStep(stepped);
  const tStep = await time(() => trainWithJitStep(step, xs, ys, ITER));
  const looped = makeModel();
  const loop = jitLoop(looped);
  const n = tf.scalar(ITER, 'int32');
  const tLoop = await time(() => tf.dispose(loop(xs, ys, n)));
  const show = (xsv: number[]) => xsv.map((v) => v.toFixed(5)).join(' ');
  console.log(`eager     ${show(eager.coefficients())}  ${tEager.toFixed(0)} ms`);
  console.log(`jit step  ${show(stepped.coefficients())}  ${tStep.toFixed(0)} ms (first call traces)`);
  console.log(`jit loop  ${show(looped.coefficients())}  ${tLoop.toFixed(0)} ms (one call, traces once)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
