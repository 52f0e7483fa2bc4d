// The core of tfjs-examples' lstm-text-generation, ported to autograph-ts: an LSTM over a window of
// one-hot characters predicts the next character's distribution; `sample()` draws from it with a
// temperature and reads the index with dataSync; generateText slides the window. The original's
// tf.layers model becomes tf.basicLSTMCell on variables. The prediction is jitted (the loop over the
// window unrolls at trace time: its length is a JS number); sample() reads a value, so it is jitted
// with onSymbolicRead: 'eager' and runs eagerly, with one warning; the generation loop stays JS.
// Synthetic text, no downloads. `npx tsx examples/tfjs-programs/lstm-text-generation.ts`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

export const CHARSET = 'abcdefgh ';
export const SAMPLE_LEN = 8;
export const LSTM_UNITS = 16;

/** The original's sample(): `probs` the next-character distribution; returns the drawn index. */
export function sample(probs: tf.Tensor, temperature: number): number {
  return tf.tidy(() => {
    const logits = tf.div(tf.log(probs), Math.max(temperature, 1e-6));
    const isNormalized = false;
    return tf.multinomial(logits as tf.Tensor1D, 1, 42, isNormalized).dataSync()[0]!;
  });
}

export function makeModel(seed = 5) {
  const vocab = CHARSET.length;
  const kernel = tf.variable(tf.randomNormal([vocab + LSTM_UNITS, 4 * LSTM_UNITS], 0, 0.3, 'float32', seed));
  const bias = tf.variable(tf.zeros([4 * LSTM_UNITS]));
  const dense = tf.variable(tf.randomNormal([LSTM_UNITS, vocab], 0, 0.5, 'float32', seed + 1));
  const forgetBias = tf.scalar(1);
  const optimizer = tf.train.adam(0.01);

  /** window: [batch, SAMPLE_LEN, vocab] one-hot; returns the next-character probabilities [batch, vocab]. */
  function predict(window: tf.Tensor): tf.Tensor {
    const batch = window.shape[0]!;
    let c: tf.Tensor2D = tf.zeros([batch, LSTM_UNITS]);
    let h: tf.Tensor2D = tf.zeros([batch, LSTM_UNITS]);
    for (const x of tf.unstack(window, 1)) {
      [c, h] = tf.basicLSTMCell(forgetBias, kernel as tf.Tensor2D, bias as tf.Tensor1D, x as tf.Tensor2D, c, h);
    }
    return tf.softmax(tf.matMul(h, dense));
  }
  /** One step of model.fit: categorical cross-entropy of the next character. */
  function trainStep(windows: tf.Tensor, next: tf.Tensor): tf.Scalar {
    return optimizer.minimize(
      () => tf.losses.softmaxCrossEntropy(next, tf.log(predict(windows))) as tf.Scalar,
      true,
    ) as tf.Scalar;
  }
  const scope = { tf, kernel, bias, dense, forgetBias, optimizer, predict, LSTM_UNITS };
  return { predict, trainStep, scope, dispose: () => tf.dispose([kernel, bias, dense, forgetBias]) };
}
export type Model = ReturnType<typeof makeModel>;

/** Synthetic text: a repeating pattern with seeded noise. */
export function text(length: number, seed = 3): string {
  let s = '';
  let r = seed;
  for (let i = 0; i < length; i++) {
    r = (r * 1103515245 + 12345) % 2147483648;
    s += r % 7 === 0 ? CHARSET[r % CHARSET.length] : 'abc defg h'[i % 10];
  }
  return s;
}

export function oneHotWindow(chars: string): tf.Tensor3D {
  return tf.tidy(
    () =>
      tf
        .oneHot(
          tf.tensor1d(
            [...chars].map((ch) => CHARSET.indexOf(ch)),
            'int32',
          ),
          CHARSET.length,
        )
        .toFloat()
        .expandDims(0) as tf.Tensor3D,
  );
}

/** Training batches: windows [n, SAMPLE_LEN, vocab] and their next characters [n, vocab]. */
export function batch(corpus: string, start: number, n: number): { windows: tf.Tensor3D; next: tf.Tensor2D } {
  return tf.tidy(() => {
    const windows = tf.concat(
      Array.from({ length: n }, (_, i) => oneHotWindow(corpus.slice(start + i, start + i + SAMPLE_LEN))),
    ) as tf.Tensor3D;
    const idx = Array.from({ length: n }, (_, i) => CHARSET.indexOf(corpus[start + i + SAMPLE_LEN]!));
    return { windows, next: tf.oneHot(tf.tensor1d(idx, 'int32'), CHARSET.length).toFloat() as tf.Tensor2D };
  });
}

/** The original's generateText: predict, sample, slide the window (the loop stays JS). */
export function generateText(
  predict: (w: tf.Tensor) => tf.Tensor,
  draw: (p: tf.Tensor, temperature: number) => number,
  seedText: string,
  length: number,
  temperature: number,
): string {
  let window = seedText;
  let generated = '';
  while (generated.length < length) {
    const input = oneHotWindow(window);
    const probs = predict(input);
    const squeezed = tf.squeeze(probs);
    const winner = draw(squeezed, temperature);
    tf.dispose([input, probs, squeezed]);
    generated += CHARSET[winner];
    window = window.slice(1) + CHARSET[winner];
  }
  return generated;
}

export function jitted(m: Model, onWarning?: (message: string) => void) {
  return {
    predict: ag.jit(m.predict, { name: 'predict', scope: m.scope }),
    trainStep: ag.jit(m.trainStep, { name: 'trainStep', scope: m.scope }),
    // sample() reads a value, so it runs eagerly and returns its number (the type also allows the
    // tensor a traced signature would return).
    sample: ag.jit(sample, { onSymbolicRead: 'eager', scope: { tf }, onWarning }),
  };
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const corpus = text(200);
  const eager = makeModel();
  const compiled = makeModel();
  const j = jitted(compiled);
  for (let i = 0; i < 5; i++) {
    const { windows, next } = batch(corpus, i * 16, 16);
    const le = tf.tidy(() => eager.trainStep(windows, next).dataSync()[0]!);
    const lj = j.trainStep(windows, next);
    console.log(`step ${i}: loss eager ${le.toFixed(5)}  jit ${lj.dataSync()[0]!.toFixed(5)}`);
    tf.dispose([windows, next, lj]);
  }
  const seedText = corpus.slice(0, SAMPLE_LEN);
  console.log(`eager: ${JSON.stringify(generateText(eager.predict, sample, seedText, 20, 0.6))}`);
  console.log(
    `jit:   ${JSON.stringify(generateText(j.predict, (p, t) => j.sample(p, t) as number, seedText, 20, 0.6))}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
