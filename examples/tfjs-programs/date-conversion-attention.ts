// The core of tfjs-examples' date-conversion-attention: a seq2seq model with dot-product attention
// (encoder RNN over the input date's characters, decoder RNN over the output so far, attention =
// softmax(decoder · encoderᵀ), context = attention · encoder, two dense layers) and its greedy
// inference, runSeq2SeqInference. The original fills the decoder input with tf.buffer, one position
// per step, from `predictOut.argMax(2).dataSync()[i - 1]`: the port keeps the argMax a tensor and
// writes position i with tf.where, so the whole inference is one jit call (its loop over a JS count
// unrolls at trace time). The tf.layers model becomes tf ops (tanh RNN cells) on seeded weights.
// Synthetic inputs, no downloads. `npx tsx examples/tfjs-programs/date-conversion-attention.ts`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

type T = tf.Tensor;

export const INPUT_LENGTH = 12;
export const OUTPUT_LENGTH = 10;
export const INPUT_VOCAB = 35;
export const OUTPUT_VOCAB = 13;
export const START_CODE = 1;
const UNITS = 16;

export function makeModel(seed = 8) {
  const r = (shape: number[], s: number, std = 0.4) => tf.randomNormal(shape, 0, std, 'float32', seed + s);
  const w = {
    encEmbed: r([INPUT_VOCAB, UNITS], 0),
    decEmbed: r([OUTPUT_VOCAB, UNITS], 1),
    encCell: r([2 * UNITS, UNITS], 2),
    decCell: r([2 * UNITS, UNITS], 3),
    dense1: r([2 * UNITS, UNITS], 4),
    dense2: r([UNITS, OUTPUT_VOCAB], 5, 1),
  };
  /** A tanh RNN over [1, steps, UNITS]; returns every step's state [1, steps, UNITS]. */
  function rnn(xs: T, kernel: T, h0: T): T {
    let h = h0;
    const states: T[] = [];
    for (const x of tf.unstack(xs, 1)) {
      h = tf.tanh(tf.matMul(tf.concat([x, h], 1), kernel));
      states.push(h);
    }
    return tf.stack(states, 1);
  }
  /** model.predict([encoderInput, decoderInput]): probabilities [1, OUTPUT_LENGTH, OUTPUT_VOCAB]. */
  function model(encoderTokens: T, decoderTokens: T): T {
    const encoder = rnn(tf.gather(w.encEmbed, encoderTokens), w.encCell, tf.zeros([1, UNITS]));
    const encoderLast = tf.squeeze(tf.slice(encoder, [0, INPUT_LENGTH - 1, 0], [1, 1, UNITS]), [1]);
    const decoder = rnn(tf.gather(w.decEmbed, decoderTokens), w.decCell, encoderLast);
    const attention = tf.softmax(tf.matMul(decoder, encoder, false, true));
    const context = tf.matMul(attention, encoder);
    const combined = tf.concat([context, decoder], 2).reshape([OUTPUT_LENGTH, 2 * UNITS]);
    const output = tf.tanh(tf.matMul(combined, w.dense1));
    return tf.softmax(tf.matMul(output, w.dense2)).reshape([1, OUTPUT_LENGTH, OUTPUT_VOCAB]);
  }

  /** The original's runSeq2SeqInference: the decoder input filled from dataSync reads. */
  function runSeq2SeqInference(encoderInput: T): number[] {
    return tf.tidy(() => {
      const decoderInput = tf.buffer([1, OUTPUT_LENGTH], 'int32');
      decoderInput.set(START_CODE, 0, 0);
      for (let i = 1; i < OUTPUT_LENGTH; ++i) {
        const predictOut = model(encoderInput, decoderInput.toTensor());
        const output = predictOut.argMax(2).dataSync()[i - 1]!;
        decoderInput.set(output, 0, i);
      }
      return Array.from(model(encoderInput, decoderInput.toTensor()).argMax(2).dataSync());
    });
  }

  /** The port: the same steps on tensors; position i of the decoder input written with tf.where. */
  function inference(encoderInput: T): T {
    const positions = tf.range(0, OUTPUT_LENGTH, 1, 'int32').reshape([1, OUTPUT_LENGTH]);
    let decoderInput = tf.where(
      tf.equal(positions, 0),
      tf.fill([1, OUTPUT_LENGTH], START_CODE, 'int32'),
      tf.zeros([1, OUTPUT_LENGTH], 'int32'),
    );
    for (let i = 1; i < OUTPUT_LENGTH; ++i) {
      const output = tf.slice(model(encoderInput, decoderInput).argMax(2), [0, i - 1], [1, 1]);
      decoderInput = tf.where(tf.equal(positions, i), tf.tile(output, [1, OUTPUT_LENGTH]), decoderInput);
    }
    return model(encoderInput, decoderInput).argMax(2);
  }

  const scope = { tf, w, model, rnn, INPUT_LENGTH, OUTPUT_LENGTH, OUTPUT_VOCAB, START_CODE, UNITS };
  return { model, runSeq2SeqInference, inference, scope, dispose: () => tf.dispose(Object.values(w)) };
}
export type Model = ReturnType<typeof makeModel>;

/** Encoded input dates (the original's encodeInputDateStrings of random dates), seeded. */
export function encoderInputs(count: number, seed = 4): T[] {
  return Array.from({ length: count }, (_, i) =>
    tf.randomUniform([1, INPUT_LENGTH], 0, INPUT_VOCAB, 'int32', seed + i),
  );
}

export const jitInference = (m: Model) => ag.jit(m.inference, { name: 'inference', scope: m.scope });

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const m = makeModel();
  const f = jitInference(m);
  for (const x of encoderInputs(3)) {
    const eager = m.runSeq2SeqInference(x);
    const y = f(x);
    console.log(`eager ${eager.join(' ')}  jit ${Array.from(y.dataSync()).join(' ')}`);
    tf.dispose([x, y]);
  }
  console.log(`traces: ${f.traceCount}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
