// The programs the export issue names, as corpus cases: converted by the autograph converter
// (toGraph) and traced with jit, so that loops and branches on tensors become While/Cond with
// break/return lowered into loop conditions, and run eagerly as converted code (which executes its
// control flow in JS on eager tensors) for the reference. Collatz (a cond nested in a while), break
// and return in loops, list push/stack, the seed huber loss, a 2-layer MLP with captured weights.
// Needs tfjs, src. Produces `NAMED_CASES`.
/* eslint-disable */
// @ts-nocheck: the functions use JS operators on tensors, which the converter turns into tfjs ops.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { toGraph } from '../../src/api/to-graph.js';
import type { DiffCase } from '../helpers/differential.js';
import { rand, randInt } from '../helpers/data.js';
import { collatzInt32, delta, huberLoss } from '../corpus/index.js';

// Plain functions: their source is what toGraph converts (collatz and the huber loss: test/corpus).
function breakInWhile(x: any) {
  let s = tf.scalar(0, 'int32');
  while (x > 0) {
    x = x - 1;
    if (x % 2 > 0) break;
    s = s + x;
  }
  return s;
}

function returnInWhile(x: any) {
  let s = tf.scalar(0, 'int32');
  while (x > 0) {
    x = x - 1;
    s = s + x;
    if (s > 10) return s * 100;
  }
  return s;
}

function pushAndStack(x: any, n: any) {
  const rows = [];
  ag.setElementType(rows, 'float32', [3]);
  for (let i = tf.scalar(0, 'int32'); i < n; i = i + 1) rows.push(x * tf.cast(i, 'float32'));
  return ag.stack(rows);
}

const w1 = tf.variable(tf.randomNormal([4, 8], 0, 0.5, 'float32', 301), false, 'named_mlp_w1');
const b1 = tf.tensor1d([0.1, -0.2, 0.3, 0, 0.05, -0.1, 0.2, 0.4]);
const w2 = tf.variable(tf.randomNormal([8, 3], 0, 0.5, 'float32', 302), false, 'named_mlp_w2');

function mlp(x: any) {
  return tf.softmax(tf.matMul(tf.relu(tf.add(tf.matMul(x, w1), b1)), w2));
}

const convert = (fn: (...a: any[]) => any, scope: Record<string, unknown> = {}) =>
  toGraph(fn, { scope: { tf, ag, ...scope } });

/** A corpus case plus the ops its trace must hold (so that the control flow is staged, not unrolled). */
export type NamedCase = DiffCase & { readonly stages: readonly string[] };

export const NAMED_CASES: NamedCase[] = [
  {
    name: 'collatz (a cond nested in a while), int32 exact',
    fn: convert(collatzInt32),
    args: () => [randInt([], 401, 2, 60)],
    stages: ['While', 'Cond'],
  },
  {
    name: 'break in a while loop',
    fn: convert(breakInWhile),
    args: () => [randInt([], 402, 3, 12)],
    stages: ['While', 'Cond'],
  },
  {
    name: 'return in a while loop',
    fn: convert(returnInWhile),
    args: () => [randInt([], 403, 3, 12)],
    stages: ['While', 'Cond'],
  },
  {
    name: 'list push in a staged loop, then stack',
    fn: convert(pushAndStack),
    args: () => [rand([3], 404), randInt([], 405, 1, 6)],
    stages: ['While', 'ListPush', 'ListStack'],
  },
  {
    name: 'seed huber loss',
    fn: convert(huberLoss, { delta }),
    args: () => [rand([], 406, -0.9, 0.9)],
    stages: ['Cond'],
  },
  {
    name: 'seed huber loss, other branch',
    fn: convert(huberLoss, { delta }),
    args: () => [rand([], 407, 1.5, 4)],
    stages: ['Cond'],
  },
  {
    name: '2-layer MLP with captured weights (variables and a tensor)',
    fn: convert(mlp, { w1, b1, w2 }),
    args: () => [rand([5, 4], 408)],
    stages: ['BatchMatMul', 'Relu', 'Softmax'],
  },
];
