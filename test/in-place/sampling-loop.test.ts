// A text-generation sampling loop in the style of tfjs-examples' lstm-text-generation: `sample`
// draws the next token from temperature-scaled logits with tf.multinomial, `generate` feeds each
// token back in a staged while loop (a bigram table stands in for the LSTM). Converted in place by
// the Vite plugin, as a user's module would be. Checks that every call generates a new text, that
// with Math.random seeded the jit function generates eager's text token for token, that the token
// frequencies follow the table (compiled, onnxruntime, exported GraphModel), and memory.

import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { jit, stack } from '../../src/index.js';
import { chiSquare, chiSquareBound, distinct, withSeededMathRandom } from '../trace/random/helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Bigram "language model": row t is the distribution of the token after t. */
const TABLE = [
  [0.1, 0.6, 0.2, 0.1],
  [0.5, 0.1, 0.1, 0.3],
  [0.25, 0.25, 0.25, 0.25],
  [0.7, 0.1, 0.1, 0.1],
];
const transitions = tf.tensor2d(TABLE);

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** The next token: a draw from the distribution `probs` sharpened (temperature < 1) or flattened. */
function sample(probs: any, temperature: number): any {
  const logits = tf.div(tf.log(probs), Math.max(temperature, 1e-6));
  return tf.reshape(tf.multinomial(logits as tf.Tensor1D, 1, undefined, false), []);
}

/** `length` tokens after `start`, each drawn given the one before. */
function generate(start: any, length: any, temperature: number): any {
  const text = [];
  let current = start;
  let i: any = tf.scalar(0, 'int32');
  while (i < length) {
    current = sample(tf.gather(transitions, current), temperature);
    text.push(current);
    i = i + 1;
  }
  return stack(text);
}

const start = tf.scalar(0, 'int32');
const length = tf.scalar(40, 'int32');
const tokens = (t: unknown): number[] => (t as tf.Tensor).arraySync() as number[];

/** Chi-square of the observed bigrams of `texts` (after `start`) against TABLE^(1/temperature), row by row. */
function expectBigrams(texts: number[][], temperature: number): void {
  const counts = TABLE.map(() => [0, 0, 0, 0]);
  for (const text of texts) {
    let prev = 0;
    for (const t of text) {
      counts[prev]![t]!++;
      prev = t;
    }
  }
  counts.forEach((row, r) => {
    const p = TABLE[r]!.map((x) => x ** (1 / temperature));
    const z = p.reduce((a, b) => a + b, 0);
    expect(
      chiSquare(
        row,
        p.map((x) => x / z),
      ),
      `row ${r}: ${row}`,
    ).toBeLessThan(chiSquareBound(4));
  });
}

describe('a sampling loop (lstm-text-generation style) under jit', () => {
  it('every call generates a new text, as eagerly', () => {
    const f = jit(generate);
    const staged = Array.from({ length: 30 }, () => tokens(f(start, length, 1)));
    const eager = Array.from({ length: 30 }, () => tokens(generate(start, length, 1)));
    expect(f.traceCount).toBe(1);
    expect(distinct(staged)).toBe(30);
    expect(distinct(eager)).toBe(30);
    expect(f.getConcreteFunction(start, length, 1).graph.toString()).toMatch(
      /Multinomial\(%\w+\) \{numSamples=1, seed=null/,
    );
  });

  it('with Math.random seeded, the jit function generates the text eager tfjs does, token for token', () => {
    const f = jit(generate);
    f.getConcreteFunction(start, length, 0.7);
    const staged = withSeededMathRandom(5, () => [tokens(f(start, length, 0.7)), tokens(f(start, length, 0.7))]);
    const eager = withSeededMathRandom(5, () => [
      tokens(generate(start, length, 0.7)),
      tokens(generate(start, length, 0.7)),
    ]);
    expect(staged).toEqual(eager);
    expect(staged[0]).not.toEqual(staged[1]);
  });

  for (const executor of ['compiled', 'onnxruntime'] as const) {
    for (const temperature of [1, 0.5]) {
      it(`token frequencies follow the table at temperature ${temperature} (${executor})`, () => {
        const f = jit(generate, { executor });
        expectBigrams(
          Array.from({ length: 60 }, () => tokens(f(start, length, temperature))),
          temperature,
        );
      });
    }
  }

  it('the exported GraphModel (tfjs-converter) samples the same distribution', async () => {
    const f = jit(generate);
    const model = await tf.loadGraphModel(tf.io.fromMemory(f.getConcreteFunction(start, length, 1).toGraphModel()));
    try {
      const texts: number[][] = [];
      for (let k = 0; k < 30; k++) {
        const out = (await model.executeAsync([start, length])) as tf.Tensor;
        texts.push(tokens(out));
        out.dispose();
      }
      expect(distinct(texts)).toBe(30);
      expectBigrams(texts, 1);
    } finally {
      model.dispose();
    }
  });

  it('numTensors stays flat over 100 generated texts', () => {
    const f = jit(generate);
    tf.dispose(f(start, length, 1));
    const before = tf.memory().numTensors;
    for (let k = 0; k < 100; k++) tf.dispose(f(start, length, 1));
    expect(tf.memory().numTensors).toBe(before);
  });
});
