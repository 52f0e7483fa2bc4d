// Differential corpus, part 6: captured tensors and tf.variables (read at call time, not frozen;
// assigned inside the function), JS values among arguments and results, nested argument and
// result structures, tidy/keep inside the function, a jit function calling another one.
import * as tf from '@tensorflow/tfjs';
import { cond, jit, whileLoop } from '../../../src/index.js';
import { differentialSuite, type DiffCase } from '../../helpers/differential.js';
import { rand, randInt } from '../../helpers/data.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

// Made while cpu is the backend: on the wasm suite they are tensors of another backend.
const weights = tf.tensor2d([
  [1, -2],
  [0.5, 3],
  [-1, 0.25],
]);
const bias = tf.tensor1d([0.125, -0.5]);
const table = tf.tensor1d([10, 20, 30, 40, 50], 'int32');
const scale = tf.variable(tf.scalar(2), false, 'diff_scale');
const offsets = tf.variable(tf.tensor1d([1, 2, 3]), false, 'diff_offsets');
const counter = tf.variable(tf.scalar(0, 'int32'), false, 'diff_counter');
const state = tf.variable(tf.tensor1d([0, 0, 0]), false, 'diff_state');

const inner = jit((x: T) => tf.add(tf.matMul(x, weights), bias), { autograph: false, name: 'inner' });

const cases: DiffCase[] = [
  {
    name: 'captured tensors: a dense layer over closure weights',
    fn: (x: T) => tf.relu(tf.add(tf.matMul(x, weights), bias)),
    args: () => [rand([4, 3], 150)],
  },
  {
    name: 'captured int32 tensor gathered by an argument (exact)',
    fn: (idx: T) => [tf.gather(table, idx), tf.sum(table)],
    args: () => [tf.tensor1d([4, 0, 2, 2], 'int32')],
  },
  {
    name: 'captured tensors used inside cond branches and a loop body',
    fn: (x: T) => {
      const y = cond(
        tf.greater(tf.sum(x), 0),
        () => tf.matMul(x, weights),
        () => tf.matMul(tf.neg(x), weights),
      );
      return whileLoop(
        (i: Any) => tf.less(i, tf.scalar(3, 'int32')),
        (i: Any, z: Any) => [tf.add(i, tf.scalar(1, 'int32')), tf.add(z, bias)],
        [tf.scalar(0, 'int32'), y],
      )[1];
    },
    args: () => [rand([2, 3], 151)],
  },
  {
    name: 'a captured variable is read at call time (assigned between calls)',
    fn: (x: T) => tf.add(tf.mul(x, scale), offsets),
    args: () => [rand([3], 152)],
    before: (call) => {
      scale.assign(tf.scalar(call === 0 ? 2 : -7));
      offsets.assign(tf.tensor1d(call === 0 ? [1, 2, 3] : [-4, 0.5, 9]));
    },
  },
  {
    name: 'a captured variable inside a cond branch and a loop body follows assignments',
    fn: (x: T) => {
      const y = cond(
        tf.greater(scale, 0),
        () => tf.mul(x, scale),
        () => tf.sub(x, scale),
      );
      return whileLoop(
        (i: Any) => tf.less(i, tf.scalar(2, 'int32')),
        (i: Any, z: Any) => [tf.add(i, tf.scalar(1, 'int32')), tf.add(z, offsets)],
        [tf.scalar(0, 'int32'), y],
      );
    },
    args: () => [rand([3], 153)],
    before: (call) => {
      scale.assign(tf.scalar(call === 0 ? 3 : -0.5));
      offsets.assign(tf.tensor1d(call === 0 ? [1, 1, 1] : [2, -2, 0.25]));
    },
  },
  {
    name: 'assigning variables inside the function (a counter and a running state, int32 exact)',
    fn: (x: T) => {
      counter.assign(tf.add(counter, tf.scalar(1, 'int32')));
      state.assign(tf.add(tf.mul(state, 0.5), x));
      return { count: tf.mul(counter, tf.scalar(10, 'int32')), state: tf.add(state, 0) };
    },
    args: () => [rand([3], 154)],
    before: (call) => {
      counter.assign(tf.scalar(call * 5, 'int32'));
      state.assign(tf.tensor1d([call, -call, 2]));
    },
  },
  {
    name: 'JS numbers, booleans and strings among the arguments',
    fn: (x: T, k: number, flip: boolean, mode: string) => {
      const y = tf.mul(x, k);
      const z = flip ? tf.neg(y) : y;
      return mode === 'sum' ? tf.sum(z) : tf.max(z);
    },
    args: () => [rand([4], 155), 3, true, 'sum'],
  },
  {
    name: 'nested argument structures of tensors and JS values',
    fn: ({ a, b }: { a: T; b: T }, [c, opts]: [T, { power: number }]) => tf.add(tf.pow(a, opts.power), tf.mul(b, c)),
    args: () => [{ a: rand([3], 156), b: rand([3], 157) }, [rand([3], 158), { power: 2 }]],
  },
  {
    name: 'results mixing tensors with JS values, null and nested arrays/objects',
    fn: (x: T, i: T) => ({
      out: tf.sigmoid(x),
      n: 3,
      label: 'done',
      flag: false,
      nothing: null,
      list: [1.5, tf.sum(i), [tf.cast(i, 'bool'), 'deep']],
    }),
    args: () => [rand([2, 2], 159), randInt([3], 160)],
  },
  {
    name: 'returning an input unchanged, the same tensor twice, and a constant',
    fn: (x: T, y: T) => {
      const s = tf.add(x, y);
      return [x, s, s, tf.scalar(4), tf.tensor1d([1, 2, 3], 'int32')];
    },
    args: () => [rand([2], 161), rand([2], 162)],
  },
  {
    name: 'tf.tidy, tf.keep and dispose inside the function',
    fn: (x: T) => {
      let kept!: T;
      const y = tf.tidy(() => {
        const t = tf.square(x);
        kept = tf.keep(tf.exp(t));
        return tf.add(t, 1);
      });
      const tmp = tf.mul(y, 2);
      const z = tf.add(tmp, kept);
      tmp.dispose();
      kept.dispose();
      return z;
    },
    args: () => [rand([3], 163, -1, 1)],
  },
  {
    name: 'a jit function calling another jit function (inlined) over captured weights',
    fn: (x: T) => tf.softmax(inner(inner(x).matMul(tf.transpose(weights)))),
    args: () => [rand([2, 3], 164)],
  },
];

differentialSuite('differential: captures, variables, JS values, structures', cases);

// The module-level tensors above outlive the suites; free them at the end of the file.
import { afterAll } from 'vitest';
afterAll(() => {
  tf.dispose([weights, bias, table, scale, offsets, counter, state]);
});
