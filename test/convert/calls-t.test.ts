// @ts-nocheck -- programs written with JS operators on tensors, as users of the converter do.
// Recursive conversion through ag__.convertedCall in T mode: helpers, class methods with `this`,
// closures defined inside, and tfjs calls left alone.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { i32, orSkip, staged, values } from './t-mode.js';

class Scaler {
  constructor(k) {
    this.k = k;
  }
  apply(x) {
    if (x > 0) return x * this.k;
    return -x;
  }
}

function clampHelper(v) {
  if (v > 10) v = 10;
  return v;
}

describe('converted calls in T mode', () => {
  it('a class method keeps this and its control flow is staged', (ctx) =>
    orSkip(ctx, () => {
      const m = new Scaler(3);
      const f = staged((x) => m.apply(x), { m });
      expect(values(f(i32(2)))).toBe(6);
      expect(values(f(i32(-5)))).toBe(5);
    }));
  it('a module-level helper is converted recursively', (ctx) =>
    orSkip(ctx, () => {
      function user(x) {
        let s = 0;
        while (x > 0) {
          s = s + clampHelper(x);
          x = x - 7;
        }
        return s;
      }
      const f = staged(user, { clampHelper });
      expect(values(f(i32(15)))).toBe(19); // 10 + 8 + 1
    }));
  it('an arrow defined inside and passed to tf.tidy is converted with its parent', (ctx) =>
    orSkip(ctx, () => {
      function user(x) {
        return tf.tidy(() => {
          if (x > 1) return x * 2;
          return x;
        });
      }
      const f = staged(user);
      expect(values(f(i32(3)))).toBe(6);
      expect(values(f(i32(1)))).toBe(1);
    }));
});
