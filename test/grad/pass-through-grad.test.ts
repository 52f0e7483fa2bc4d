// Gradients through values a staged if or loop hands back unchanged: an if without else, an else
// writing other variables, early returns (a return slot filled on one path, kept on the other),
// loop variables a staged loop's body leaves as they were, changes only under a staged if inside,
// a body assigning a value from outside. Each path of js-grad-harness.ts (eager, tf.grads of jit,
// tf.grads inside jit, both executors) against float64 derivatives and the eager gradient.
import * as tf from '@tensorflow/tfjs';
import { beforeAll } from 'vitest';
import { describeJsGradients, type JsGradCase } from './js-grad-harness.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

// Every point keeps both arguments on the result's path (eager tfjs refuses a gradient otherwise).
// Points straddle each condition: the pass-through side and the written side.
describeJsGradients([
  {
    name: "if without else (the fuzzer's grad-if-pass-through)",
    f: (x, y) => {
      let s = x * y;
      if (x > 1) {
        s = Math.tanh(x);
      }
      return s;
    },
    points: [
      [0.2, 0.3],
      [0.5, -0.25],
    ],
  },
  {
    name: 'if without else: the untaken branch keeps s',
    f: (x, y) => {
      let s = x * y;
      if (x > 1) {
        s = Math.tanh(x * y);
      }
      return s;
    },
    points: [
      [0.2, 0.3],
      [0.5, -0.25],
      [-0.7, 0.4],
      [1.5, 0.4],
    ],
  },
  {
    name: 'if/else writing different variables: each side keeps the other one',
    f: (x, y) => {
      let s = x * y;
      let t = Math.sin(y);
      if (x > 1) {
        s = Math.tanh(x);
      } else {
        t = t * x;
      }
      return s * t + s;
    },
    points: [
      [0.2, 0.3],
      [1.25, -0.5],
    ],
  },
  {
    name: 'an argument kept by an if without else',
    f: (x, y) => {
      let s = y;
      if (x > 1) {
        s = Math.tanh(x * y);
      }
      return s * x;
    },
    points: [
      [0.2, 0.3],
      [-0.5, 0.75],
      [1.5, 0.4],
    ],
  },
  {
    name: 'nested ifs without else',
    f: (x, y) => {
      let s = x * y;
      if (y > -1) {
        if (x > 1) {
          s = Math.tanh(x * y);
        }
      }
      return s + y;
    },
    points: [
      [0.2, 0.3],
      [1.5, 0.4],
      [0.3, -1.5],
    ],
  },
  {
    name: 'a ternary keeping the value on one side',
    f: (x, y) => {
      let s = x * y;
      s = x > 1 ? Math.tanh(x * y) : s;
      return s;
    },
    points: [
      [0.2, 0.3],
      [1.5, 0.4],
    ],
  },
  {
    name: "early return on a staged condition (the fuzzer's grad-through-early-return)",
    f: (x, y) => {
      if (x > 0.1) return x * y;
      return x - y;
    },
    points: [
      [0.2, 0.3],
      [0.5, -0.25],
      [-0.4, 0.3],
    ],
  },
  {
    name: 'early return in a nested staged if',
    f: (x, y) => {
      let s = x * y;
      if (x > 0.1) {
        if (y > 0) return s * 2;
        s = s + y;
      }
      return s - y;
    },
    points: [
      [0.2, 0.3],
      [0.2, -0.3],
      [-0.4, 0.3],
    ],
  },
  {
    name: 'a loop variable the body writes back unchanged',
    f: (x, y) => {
      let s = x * y;
      let t = x;
      while (t < 2) {
        s = s; // eslint-disable-line no-self-assign
        t = t + 0.5;
      }
      return s * t;
    },
    points: [
      [0.2, 0.3],
      [2.5, -0.25],
    ],
  },
  {
    name: 'a loop variable changed only under a staged if in the body',
    f: (x, y) => {
      let s = x * y;
      let t = x;
      while (t < 2) {
        if (t > 0.9) {
          s = Math.tanh(s);
        }
        t = t + 0.5;
      }
      return s + t;
    },
    points: [
      [0.2, 0.3],
      [1.3, -0.25],
      [0.1, 0.7],
    ],
  },
  {
    name: 'a loop body assigning a value from outside the loop',
    f: (x, y) => {
      const w = Math.sin(y);
      let s = x * y;
      let t = x;
      while (t < 2) {
        s = w;
        t = t + 0.5;
      }
      return s * t;
    },
    points: [
      [0.2, 0.3],
      [2.5, -0.25],
    ],
  },
  {
    name: 'early return and break inside a staged loop',
    f: (x, y) => {
      let s = x;
      let t = y;
      while (s < 2) {
        if (s * y > 0.6) return s * y;
        if (t > 1.2) break;
        s = s + 0.5;
        t = t + x;
      }
      return s - t;
    },
    points: [
      [0.2, 0.3],
      [0.3, 0.95],
      [0.9, -0.3],
      [0.2, -0.5],
      [2.5, 0.1],
    ],
  },
] satisfies readonly JsGradCase[]);
