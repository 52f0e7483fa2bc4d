// The graphs the viewer's pictures in the README and docs show, and its browser test opens: a loop
// of 20 steps that pushes to a list and stacks it; one training step of a small RNN with an Adam
// optimizer (a staged `for…of` inside `optimizer.minimize`, so the graph holds its gradient loops
// and the optimizer's updates); and `predict` of a tfjs-layers model of three dense layers.
// `npx tsx examples/viewer-graphs.ts <folder>` writes their viewer pages and SVG pictures there.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';

type T = tf.Tensor;

/** relu of each of 20 steps of `xs` ([20, 8, 1]), pushed to a list and stacked. */
export function stackSteps(xs: T): T {
  'use autograph';
  const out: T[] = [];
  ag.setElementType(out, 'float32', [8, 1]);
  for (const x of xs) {
    out.push(tf.relu(x));
  }
  return ag.stack(out);
}

const HIDDEN = 8;

/** One Adam step of an RNN (tanh cell) predicting each step's running sum. */
export function trainStep(xb: T, yb: T): T {
  'use autograph';
  const cost = opt.minimize(() => {
    let h = tf.zeros([4, HIDDEN]);
    const preds: T[] = [];
    ag.setElementType(preds, 'float32', [4, 1]);
    for (const x of xb) {
      h = tf.tanh(tf.add(tf.add(tf.matMul(x, Wx), tf.matMul(h, Wh)), bias));
      preds.push(tf.matMul(h, Wo));
    }
    return tf.mean(tf.square(tf.sub(ag.stack(preds), yb)));
  }, true) as T;
  return cost;
}
// Names the programs read from their scope (the conversion runs from the function's text).
declare const opt: tf.Optimizer;
declare const Wx: tf.Variable, Wh: tf.Variable, bias: tf.Variable, Wo: tf.Variable;

/** The concrete functions of the three programs (fixed seeds: the same graphs every time). */
export function viewerGraphs() {
  const steps = ag.jit(stackSteps, { scope: { tf, ag } }).getConcreteFunction(ag.spec([20, 8, 1]));
  const Wx = tf.variable(tf.randomNormal([1, HIDDEN], 0, 0.5, 'float32', 1), true, 'Wx');
  const Wh = tf.variable(tf.randomNormal([HIDDEN, HIDDEN], 0, 0.2, 'float32', 2), true, 'Wh');
  const bias = tf.variable(tf.zeros([HIDDEN]), true, 'bias');
  const Wo = tf.variable(tf.randomNormal([HIDDEN, 1], 0, 0.3, 'float32', 3), true, 'Wo');
  const opt = tf.train.adam(0.02);
  const scope = { tf, ag, opt, Wx, Wh, bias, Wo, HIDDEN };
  const train = ag
    .jit(trainStep, { scope, name: 'trainStep' })
    .getConcreteFunction(ag.spec([6, 4, 1]), ag.spec([6, 4, 1]));
  const model = tf.sequential();
  const init = (seed: number) => tf.initializers.glorotUniform({ seed });
  model.add(
    tf.layers.dense({ units: 16, activation: 'relu', inputShape: [10], kernelInitializer: init(1), name: 'hidden1' }),
  );
  model.add(tf.layers.dense({ units: 8, activation: 'relu', kernelInitializer: init(2), name: 'hidden2' }));
  model.add(tf.layers.dense({ units: 1, kernelInitializer: init(3), name: 'output' }));
  const predict = ag
    .jit((t: T) => model.predict(t) as T, { autograph: false, name: 'predict' })
    .getConcreteFunction(ag.spec([4, 10]));
  return { steps, train, predict };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx tsx examples/viewer-graphs.ts [folder]`: each program's viewer page and SVG picture.
  const { writeFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  const dir = resolve(process.argv[2] ?? '.');
  await tf.setBackend('cpu');
  for (const [name, cf] of Object.entries(viewerGraphs())) {
    writeFileSync(`${dir}/${name}.html`, await cf.toHTML());
    writeFileSync(`${dir}/${name}.svg`, await cf.toSVG());
  }
}
