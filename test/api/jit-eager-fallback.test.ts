// jit(fn, { onSymbolicRead: 'eager' }): a function that reads a tensor's value while tracing runs its
// converted code eagerly for that signature, with one warning naming the line, the same results as
// eager tfjs and no tensors left behind; other signatures still trace. The default refuses the read.
// And a jit function whose JS arithmetic on a JS array or string gave NaN says so once.
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

type T = tf.Tensor;
/** The value of a scalar tensor a jit function returned. */
const num = (t: T): number => t.dataSync()[0]!;

beforeAll(() => tf.tensor(0).dispose());

/** The lstm-text-generation sample(): a multinomial draw read with dataSync. */
function sample(probs: T, temperature: number): number {
  return tf.tidy(() => {
    const logits = tf.div(tf.log(probs), Math.max(temperature, 1e-6));
    return tf.multinomial(logits as tf.Tensor1D, 1, 42, false).dataSync()[0]!;
  });
}

describe("onSymbolicRead: 'eager'", () => {
  it('runs the function eagerly for that signature: the same value as eager, one warning at the line of the read', () => {
    const warnings: string[] = [];
    const f = ag.jit(sample, { onSymbolicRead: 'eager', scope: { tf }, onWarning: (m) => warnings.push(m) });
    const probs = tf.softmax(tf.tensor1d([0.1, 2, 0.3, 1.5, 0.2]));
    const expected = sample(probs, 0.75);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 30; i++) expect(f(probs, 0.75)).toBe(expected);
    expect(tf.memory().numTensors).toBe(before);
    expect(f.traceCount).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[api/runs-eagerly]');
    expect(warnings[0]).toContain("sample runs eagerly for (float32[5], 0.75): dataSync() here reads a tensor's value");
    expect(warnings[0]).toMatch(/jit-eager-fallback\.test\.ts:\d+:\d+ in sample/);
    expect(warnings[0]).toMatch(/>\s*\d+ \|.*\.dataSync\(\)\[0\]/);
    probs.dispose();
  });

  it('by default the read is the catalogued error', () => {
    const probs = tf.softmax(tf.tensor1d([1, 2]));
    expect(() => ag.jit(sample, { scope: { tf } })(probs, 1)).toThrow(/\[trace\/symbolic-read\]/);
    probs.dispose();
  });

  it('only the signatures that read run eagerly; the others are traced and cached', () => {
    const warnings: string[] = [];
    function maybeRead(x: T, read: boolean): T {
      if (read) return tf.add(x, x.dataSync()[0]!);
      return tf.mul(x, 2);
    }
    const f = ag.jit(maybeRead, { onSymbolicRead: 'eager', scope: { tf }, onWarning: (m) => warnings.push(m) });
    const x = tf.tensor1d([1, 2]);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) {
      const a = f(x, true);
      const b = f(x, false);
      expect(Array.from(a.dataSync())).toEqual([2, 3]);
      expect(Array.from(b.dataSync())).toEqual([2, 4]);
      tf.dispose([a, b]);
    }
    expect(tf.memory().numTensors).toBe(before);
    expect(f.traceCount).toBe(1);
    expect(warnings).toHaveLength(1);
    x.dispose();
  });

  it('returns the function’s structure of tensors and JS values, every tensor but those freed', () => {
    const f = ag.jit(
      (x: T) => {
        const top = tf.argMax(x).dataSync()[0]!;
        return { top, scaled: [tf.mul(x, top), tf.add(x, 1)] };
      },
      { onSymbolicRead: 'eager', scope: { tf }, onWarning: () => {} },
    );
    const x = tf.tensor1d([1, 5, 2]);
    const before = tf.memory().numTensors;
    const out = f(x);
    expect(out.top).toBe(1);
    expect(Array.from(out.scaled[0]!.dataSync())).toEqual([1, 5, 2]);
    expect(Array.from(out.scaled[1]!.dataSync())).toEqual([2, 6, 3]);
    expect(tf.memory().numTensors).toBe(before + 2);
    tf.dispose(out.scaled);
    x.dispose();
  });

  it('refuses another value', () => {
    let caught: unknown;
    try {
      ag.jit((x: T) => x, { onSymbolicRead: 'skip' as never });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AutographError);
    expect((caught as AutographError).id).toBe('api/bad-option');
  });
});

describe('NaN from JS arithmetic on JS values', () => {
  it('jit(f)([1, 2, 3]) and jit(f)("abc") return NaN, as plain JS does (a float32 scalar), and say why once', () => {
    const warnings: string[] = [];
    const f = ag.jit((x: unknown) => (x as number) * 2, { name: 'double', onWarning: (m) => warnings.push(m) });
    expect(num(f([1, 2, 3]))).toBeNaN();
    expect(([1, 2, 3] as unknown as number) * 2).toBeNaN(); // the oracle: plain JS
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[api/js-arithmetic-nan]');
    expect(warnings[0]).toContain(
      'double returned NaN computed in plain JavaScript: argument 0 is the JS array [1,2,3]',
    );
    expect(warnings[0]).toContain('tf.tensor([1, 2, 3])');
    const g = ag.jit((x: unknown) => (x as number) - 1, { onWarning: (m) => warnings.push(m) });
    expect(num(g('abc'))).toBeNaN();
    expect(warnings[1]).toContain('argument 0 is the string "abc"');
    expect(warnings).toHaveLength(2);
  });

  it('says nothing for tensors, numbers, or JS values that give numbers', () => {
    const warnings: string[] = [];
    const f = ag.jit((x: unknown) => (x as number) * 2, { onWarning: (m) => warnings.push(m) });
    tf.dispose(f(tf.scalar(2)) as unknown as T);
    expect(num(f(3))).toBe(6);
    expect(num(f([4]))).toBe(8); // [4] * 2 is 8 in JS
    expect(warnings).toEqual([]);
  });
});

/**
 * The translation example's decodeSequence (lstm-seq2seq): greedy decoding one character at a time,
 * the next input built with tf.buffer from the argMax read with dataSync, a JS string grown until the
 * stop character or the length limit. Here the encoder and decoder are one tanh RNN cell each, on tf ops.
 */
class Translator {
  readonly numEncoderTokens = 6;
  readonly numDecoderTokens = 5;
  readonly latentDim = 8;
  readonly maxDecoderSeqLength = 12;
  readonly targetTokenIndex: Record<string, number> = { '\t': 0, '\n': 1, a: 2, b: 3, c: 4 };
  readonly reverseTargetCharIndex: Record<number, string> = { 0: '\t', 1: '\n', 2: 'a', 3: 'b', 4: 'c' };
  readonly wEnc = tf.randomNormal([this.numEncoderTokens + this.latentDim, this.latentDim], 0, 0.8, 'float32', 3);
  readonly wDec = tf.randomNormal([this.numDecoderTokens + this.latentDim, this.latentDim], 0, 0.8, 'float32', 4);
  readonly wOut = tf.randomNormal([this.latentDim, this.numDecoderTokens], 0, 1.5, 'float32', 5);

  encode(inputSeq: T): T {
    let h: T = tf.zeros([1, this.latentDim]);
    const steps = tf.unstack(inputSeq, 1);
    for (const x of steps) h = tf.tanh(tf.matMul(tf.concat([x, h], 1), this.wEnc));
    return h;
  }

  decodeSequence(inputSeq: T): string {
    let statesValue = this.encode(inputSeq);
    let targetSeq = tf.buffer([1, 1, this.numDecoderTokens]);
    targetSeq.set(1, 0, 0, this.targetTokenIndex['\t']!);
    let stopCondition = false;
    let decodedSentence = '';
    while (!stopCondition) {
      const input = tf.reshape(targetSeq.toTensor(), [1, this.numDecoderTokens]);
      const h = tf.tanh(tf.matMul(tf.concat([input, statesValue], 1), this.wDec));
      const outputTokens = tf.reshape(tf.matMul(h, this.wOut), [1, 1, this.numDecoderTokens]);
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
}

describe("onSymbolicRead: 'eager' on the programs that read values", () => {
  it("lstm-text-generation's sample() inside its generation loop: the same characters as eager, no tensor left", () => {
    const warnings: string[] = [];
    const jitSample = ag.jit(sample, { onSymbolicRead: 'eager', scope: { tf }, onWarning: (m) => warnings.push(m) });
    // generateText's loop: predict the next-character distribution, sample it, slide the window.
    const vocab = 7;
    const w = tf.randomNormal([vocab, vocab], 0, 1, 'float32', 9);
    const generate = (draw: (p: T, temperature: number) => number): number[] => {
      const out: number[] = [];
      let last = 1;
      for (let i = 0; i < 12; i++) {
        const probs = tf.tidy(() => tf.softmax(tf.matMul(tf.oneHot([last], vocab).toFloat(), w).squeeze()));
        last = draw(probs, 0.6);
        probs.dispose();
        out.push(last);
      }
      return out;
    };
    const expected = generate(sample);
    const before = tf.memory().numTensors;
    expect(generate((p, t) => jitSample(p, t) as number)).toEqual(expected); // it runs eagerly: a number
    expect(tf.memory().numTensors).toBe(before);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('sample runs eagerly for (float32[7], 0.6)');
    w.dispose();
  });

  it("translation's decodeSequence: the same sentence as eager, one warning at the argMax read, no tensor left", () => {
    const t = new Translator();
    const inputSeq = tf.oneHot(tf.tensor2d([[1, 4, 2, 0]], [1, 4], 'int32'), t.numEncoderTokens).toFloat();
    const expected = tf.tidy(() => t.decodeSequence(inputSeq));
    expect(expected.length).toBeGreaterThan(0);
    const warnings: string[] = [];
    const decode = ag.jit((seq: T) => t.decodeSequence(seq), {
      name: 'decodeSequence',
      onSymbolicRead: 'eager',
      scope: { tf, t },
      onWarning: (m) => warnings.push(m),
    });
    const before = tf.memory().numTensors;
    for (let i = 0; i < 3; i++) expect(decode(inputSeq)).toBe(expected);
    expect(tf.memory().numTensors).toBe(before);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('decodeSequence runs eagerly for (float32[1,4,6])');
    expect(warnings[0]).toMatch(/>\s*\d+ \|.*logits\.argMax\(\)\.dataSync\(\)\[0\]/);
    // As the original calls it, `this.decodeSequence.bind(this)`: the same sentence, no tensor left.
    const bound = ag.jit(t.decodeSequence.bind(t), { onSymbolicRead: 'eager', scope: { tf }, onWarning: () => {} });
    expect(bound(inputSeq)).toBe(expected);
    expect(tf.memory().numTensors).toBe(before);
    // Without the option the read is refused, at the same line.
    expect(() => ag.jit((seq: T) => t.decodeSequence(seq), { scope: { tf, t } })(inputSeq)).toThrow(
      /\[trace\/symbolic-read\][\s\S]*argMax\(\)\.dataSync/,
    );
    tf.dispose([inputSeq, t.wEnc, t.wDec, t.wOut]);
  });
});

describe("onSymbolicRead: 'eager' keeps every tensor of the result", () => {
  it('tensors inside a class instance or a Map that the function returns stay alive; the rest is freed', () => {
    class Decoded {
      constructor(
        readonly tokens: T,
        readonly text: string,
      ) {}
    }
    const f = ag.jit(
      (x: T) => {
        const top = tf.argMax(x).dataSync()[0]!;
        return { result: new Decoded(tf.mul(x, top), `top ${top}`), byName: new Map([['sum', tf.sum(x)]]) };
      },
      { onSymbolicRead: 'eager', scope: { tf, Decoded }, onWarning: () => {} },
    );
    const x = tf.tensor1d([1, 5, 2]);
    const before = tf.memory().numTensors;
    const out = f(x);
    expect(out.result.text).toBe('top 1');
    expect(Array.from(out.result.tokens.dataSync())).toEqual([1, 5, 2]);
    expect(out.byName.get('sum')!.dataSync()[0]).toBe(8);
    expect(tf.memory().numTensors).toBe(before + 2);
    tf.dispose([out.result.tokens, out.byName.get('sum')!]);
    x.dispose();
  });
});
