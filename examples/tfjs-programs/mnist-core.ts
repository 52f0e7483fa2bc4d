// The core of tfjs-examples' mnist-core, ported to autograph-ts: a two-convolution network written
// with tf ops on variables (conv 5×5×1×8, relu, maxPool; conv 5×5×8×16, relu, maxPool; dense 784→10),
// softmax cross-entropy, SGD 0.1, batches of 64 images of 28×28. The original samples the batch
// inside optimizer.minimize (`data.nextTrainBatch(64)`) and reads the cost with dataSync in an async
// loop: the port passes the batch in, jits the step and reads values outside. Synthetic images
// (seeded), no downloads. `npx tsx examples/tfjs-programs/mnist-core.ts` prints eager and jit costs.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

export const BATCH_SIZE = 64;
export const IMAGE_SIZE = 28;
export const LABELS_SIZE = 10;

/** The original's variables (seeded), model, loss and optimizer. */
export function makeModel(seed = 1) {
  const conv1OutputDepth = 8;
  const conv1Weights = tf.variable(tf.randomNormal([5, 5, 1, conv1OutputDepth], 0, 0.1, 'float32', seed));
  const conv2InputDepth = conv1OutputDepth;
  const conv2OutputDepth = 16;
  const conv2Weights = tf.variable(
    tf.randomNormal([5, 5, conv2InputDepth, conv2OutputDepth], 0, 0.1, 'float32', seed + 1),
  );
  const fullyConnectedWeights = tf.variable(
    tf.randomNormal(
      [7 * 7 * conv2OutputDepth, LABELS_SIZE],
      0,
      1 / Math.sqrt(7 * 7 * conv2OutputDepth),
      'float32',
      seed + 2,
    ),
  );
  const fullyConnectedBias = tf.variable(tf.zeros([LABELS_SIZE]));
  const optimizer = tf.train.sgd(0.1);

  function loss(labels: tf.Tensor, ys: tf.Tensor): tf.Scalar {
    return tf.losses.softmaxCrossEntropy(labels, ys).mean();
  }

  function model(inputXs: tf.Tensor): tf.Tensor {
    const xs = inputXs.as4D(-1, IMAGE_SIZE, IMAGE_SIZE, 1);
    const strides = 2;
    const pad = 0;
    const layer1 = tf.tidy(() =>
      xs
        .conv2d(conv1Weights as tf.Tensor4D, 1, 'same')
        .relu()
        .maxPool([2, 2], strides, pad),
    );
    const layer2 = tf.tidy(() =>
      layer1
        .conv2d(conv2Weights as tf.Tensor4D, 1, 'same')
        .relu()
        .maxPool([2, 2], strides, pad),
    );
    return layer2.as2D(-1, fullyConnectedWeights.shape[0]!).matMul(fullyConnectedWeights).add(fullyConnectedBias);
  }

  const variables = [conv1Weights, conv2Weights, fullyConnectedWeights, fullyConnectedBias];
  const scope = {
    tf,
    conv1Weights,
    conv2Weights,
    fullyConnectedWeights,
    fullyConnectedBias,
    optimizer,
    loss,
    model,
    IMAGE_SIZE,
  };
  return { optimizer, loss, model, variables, scope, dispose: () => tf.dispose(variables) };
}
export type Model = ReturnType<typeof makeModel>;

/** Synthetic batches of the original's shapes: images [n, 784] in [0, 1), one-hot labels [n, 10]. */
export function batches(count: number, n = BATCH_SIZE, seed = 11): { xs: tf.Tensor2D; labels: tf.Tensor2D }[] {
  return Array.from({ length: count }, (_, i) =>
    tf.tidy(() => ({
      xs: tf.randomUniform([n, IMAGE_SIZE * IMAGE_SIZE], 0, 1, 'float32', seed + i) as tf.Tensor2D,
      labels: tf
        .oneHot(tf.randomUniform([n], 0, LABELS_SIZE, 'int32', seed + 100 + i) as tf.Tensor1D, LABELS_SIZE)
        .toFloat() as tf.Tensor2D,
    })),
  );
}

/** One training step of the original, with the batch passed in: returns the cost. */
export function trainStepOf(m: Model) {
  const { optimizer, loss, model } = m;
  return (xs: tf.Tensor, labels: tf.Tensor): tf.Scalar =>
    optimizer.minimize(() => loss(labels, model(xs)), true) as tf.Scalar;
}

/** The digits predicted for a batch (the original reads them with dataSync inside `predict`). */
export function predictOf(m: Model) {
  const { model } = m;
  return (x: tf.Tensor): tf.Tensor => model(x).argMax(1);
}

export function jitted(m: Model) {
  return {
    trainStep: ag.jit(trainStepOf(m), { name: 'trainStep', scope: m.scope }),
    predict: ag.jit(predictOf(m), { name: 'predict', scope: m.scope }),
  };
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  // tfjs's cpu convolutions are slow: a short run by default (MNIST_BATCH=64 for the original's batch).
  const data = batches(3, Number(process.env.MNIST_BATCH ?? 16));
  const eager = makeModel();
  const step = trainStepOf(eager);
  let t0 = performance.now();
  const eagerCosts = data.map((b) => tf.tidy(() => step(b.xs, b.labels).dataSync()[0]!));
  const tEager = performance.now() - t0;
  const compiled = makeModel();
  const j = jitted(compiled);
  t0 = performance.now();
  const jitCosts = data.map((b) => {
    const cost = j.trainStep(b.xs, b.labels);
    const v = cost.dataSync()[0]!; // read outside the jit function
    cost.dispose();
    return v;
  });
  const tJit = performance.now() - t0;
  console.log(`eager costs ${eagerCosts.map((c) => c.toFixed(5)).join(' ')}  ${tEager.toFixed(0)} ms`);
  console.log(
    `jit costs   ${jitCosts.map((c) => c.toFixed(5)).join(' ')}  ${tJit.toFixed(0)} ms (the first call traces)`,
  );
  const p = j.predict(data[0]!.xs);
  console.log(`predicted digits of the first 10 images: ${Array.from(p.dataSync()).slice(0, 10).join(' ')}`);
  p.dispose();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
