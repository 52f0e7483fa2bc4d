// Memory: repeated calls of converted, traced functions (and failing traces) leave no tensors.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as S from '../corpus/index.js';
import { i32, staged } from './t-mode.js';

describe('no leaked tensors', () => {
  it('after many calls of a staged loop with returns and breaks', () => {
    const f = staged(S.s12);
    const g = staged(S.s6);
    const x = i32(7);
    const l = tf.tensor1d([2, 4, 5, 6], 'int32');
    f(x).dispose();
    g(l).dispose();
    const before = tf.memory().numTensors;
    for (let k = 0; k < 300; k++) {
      f(x).dispose();
      g(l).dispose();
    }
    expect(tf.memory().numTensors).toBe(before);
  });
  it('after failing traces', () => {
    const c = tf.scalar(true, 'bool');
    const before = tf.memory().numTensors;
    for (let k = 0; k < 20; k++) {
      expect(() => staged(S.s15)(c)).toThrow();
      expect(() => staged(S.s32)(i32(1))).toThrow();
    }
    expect(tf.memory().numTensors).toBe(before + 20); // only the i32(1) inputs made here
  });
});
