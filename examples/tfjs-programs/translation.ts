// The core of tfjs-examples' translation (lstm-seq2seq): the encoder turns a one-hot input sentence
// into a state; decodeSequence then decodes greedily, one character at a time, building the next
// input with tf.buffer from the argMax it reads with dataSync, and growing a JS string until the stop
// character or the length limit. The original's tf.layers models become tanh RNN cells on tensors.
// The encoder is jitted as it is; decodeSequence reads values, so it is jitted with
// onSymbolicRead: 'eager' (it runs eagerly, with one warning); `decodeStep` is what to jit instead:
// one decoder step, tensors in and out, the loop and the string in JS around it. Synthetic weights,
// no downloads. `npx tsx examples/tfjs-programs/translation.ts`.

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';

type T = tf.Tensor;

export class Translator {
  readonly numEncoderTokens = 6;
  readonly numDecoderTokens = 5;
  readonly latentDim = 8;
  readonly maxDecoderSeqLength = 12;
  readonly targetTokenIndex: Record<string, number> = { '\t': 0, '\n': 1, a: 2, b: 3, c: 4 };
  readonly reverseTargetCharIndex: Record<number, string> = { 0: '\t', 1: '\n', 2: 'a', 3: 'b', 4: 'c' };
  readonly wEnc: T;
  readonly wDec: T;
  readonly wOut: T;

  constructor(seed = 3) {
    this.wEnc = tf.randomNormal([this.numEncoderTokens + this.latentDim, this.latentDim], 0, 0.8, 'float32', seed);
    this.wDec = tf.randomNormal([this.numDecoderTokens + this.latentDim, this.latentDim], 0, 0.8, 'float32', seed + 1);
    this.wOut = tf.randomNormal([this.latentDim, this.numDecoderTokens], 0, 1.5, 'float32', seed + 2);
  }

  /** The encoder model's predict: the final state of the input sequence [1, steps, numEncoderTokens]. */
  encode(inputSeq: T): T {
    let h: T = tf.zeros([1, this.latentDim]);
    for (const x of tf.unstack(inputSeq, 1)) h = tf.tanh(tf.matMul(tf.concat([x, h], 1), this.wEnc));
    return h;
  }

  /** The decoder model's predict: [outputTokens [1, 1, n], new state]. */
  decoderPredict(target: T, state: T): [T, T] {
    const input = tf.reshape(target, [1, this.numDecoderTokens]);
    const h = tf.tanh(tf.matMul(tf.concat([input, state], 1), this.wDec));
    return [tf.reshape(tf.softmax(tf.matMul(h, this.wOut)), [1, 1, this.numDecoderTokens]), h];
  }

  /** The original's decodeSequence, as written (reads the sampled index with dataSync). */
  decodeSequence(inputSeq: T): string {
    let statesValue = this.encode(inputSeq);
    let targetSeq = tf.buffer([1, 1, this.numDecoderTokens]);
    targetSeq.set(1, 0, 0, this.targetTokenIndex['\t']!);
    let stopCondition = false;
    let decodedSentence = '';
    while (!stopCondition) {
      const [outputTokens, h] = this.decoderPredict(targetSeq.toTensor(), statesValue);
      const logits = outputTokens.reshape([outputTokens.shape[2]!]);
      const sampledTokenIndex = logits.argMax().dataSync()[0]!;
      const sampledChar = this.reverseTargetCharIndex[sampledTokenIndex]!;
      decodedSentence += sampledChar;
      if (sampledChar === '\n' || decodedSentence.length > this.maxDecoderSeqLength) stopCondition = true;
      targetSeq = tf.buffer([1, 1, this.numDecoderTokens]);
      targetSeq.set(1, 0, 0, sampledTokenIndex);
      statesValue = h;
    }
    return decodedSentence;
  }

  /** What to stage instead: one step, the argMax kept a tensor (read outside). */
  decodeStep(token: T, state: T): [T, T] {
    const [outputTokens, h] = this.decoderPredict(tf.oneHot(token, this.numDecoderTokens).toFloat(), state);
    return [tf.argMax(tf.reshape(outputTokens, [this.numDecoderTokens])).toInt(), h];
  }

  dispose(): void {
    tf.dispose([this.wEnc, this.wDec, this.wOut]);
  }
}

export function inputSequence(t: Translator, tokens: number[]): T {
  return tf.tidy(() => tf.oneHot(tf.tensor2d([tokens], [1, tokens.length], 'int32'), t.numEncoderTokens).toFloat());
}

/** decodeSequence with a jitted encoder and decoder step; the loop, the reads and the string in JS. */
export function decodeWithSteps(
  t: Translator,
  encode: (x: T) => T,
  step: (token: T, state: T) => [T, T],
  inputSeq: T,
): string {
  let state = encode(inputSeq);
  let token: T = tf.scalar(t.targetTokenIndex['\t']!, 'int32');
  let decoded = '';
  for (;;) {
    const [next, h] = step(token, state);
    tf.dispose([token, state]);
    [token, state] = [next, h];
    const char = t.reverseTargetCharIndex[token.dataSync()[0]!]!;
    decoded += char;
    if (char === '\n' || decoded.length > t.maxDecoderSeqLength) break;
  }
  tf.dispose([token, state]);
  return decoded;
}

export function jitted(t: Translator, onWarning?: (message: string) => void) {
  const scope = { tf, t };
  return {
    decodeSequence: ag.jit((x: T) => t.decodeSequence(x), {
      name: 'decodeSequence',
      onSymbolicRead: 'eager',
      scope,
      onWarning,
    }),
    encode: ag.jit((x: T) => t.encode(x), { name: 'encode', scope }),
    decodeStep: ag.jit((token: T, state: T) => t.decodeStep(token, state), { name: 'decodeStep', scope }),
  };
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  const t = new Translator();
  const j = jitted(t);
  for (const tokens of [
    [1, 4, 2, 0],
    [3, 3, 5, 1, 2],
  ]) {
    const x = inputSequence(t, tokens);
    const eager = tf.tidy(() => t.decodeSequence(x));
    console.log(
      `${JSON.stringify(tokens)}: eager ${JSON.stringify(eager)}  jit (eager mode) ${JSON.stringify(j.decodeSequence(x))}  jit steps ${JSON.stringify(decodeWithSteps(t, j.encode, j.decodeStep, x))}`,
    );
    x.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
