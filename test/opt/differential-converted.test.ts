// Differential test of the optimizer on AutoGraph-converted programs (the reference scenario functions and a
// few more): converted with toGraph, traced, optimized; the optimized graph gives the same bits
// and prints the same lines as the traced one. Skips a program whose kernel the tracer lacks.
import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { toGraph } from '../../src/api/to-graph.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { optimize } from '../../src/opt/pipeline.js';
import * as S from '../corpus/index.js';
import { expectSameBits, runGraph, type AnyFn } from './helpers.js';

let lines: string[] = [];
let restoreSink: (line: string) => void;
beforeAll(async () => {
  await tf.setBackend('cpu');
});
beforeEach(() => {
  lines = [];
  restoreSink = ag.setPrintSink((l) => lines.push(l));
});
afterEach(() => {
  ag.setPrintSink(restoreSink);
});

const i32 = (x: number | number[]) => (Array.isArray(x) ? tf.tensor1d(x, 'int32') : tf.scalar(x, 'int32'));
const f32 = (x: number | number[]) => (Array.isArray(x) ? tf.tensor1d(x, 'float32') : tf.scalar(x, 'float32'));
const b = (x: boolean) => tf.scalar(x, 'bool');

/** Programs and argument lists (each list is traced once and run on its own tensors). */
const programs: [string, AnyFn, (() => tf.Tensor[])[]][] = [
  ['S1 while', S.s1, [() => [i32(2)]]],
  ['S2 for over a tensor', S.s2, [() => [i32([1, 2, 3])]]],
  ['S5 continue', S.s5, [() => [i32([1, 2, 3, 4])]]],
  ['S6 break', S.s6, [() => [i32([2, 4, 5, 6])]]],
  ['S7 break in while', S.s7, [() => [i32(5)]]],
  ['S11 return in for', S.s11, [() => [i32([1, 2])]]],
  ['S12 return in while', S.s12, [() => [i32(4)]]],
  ['S14 if/else', S.s14, [() => [i32(0)], () => [i32(1)]]],
  ['S18 branch-local', S.s18, [() => [b(true)]]],
  ['S19 nested return', S.s19, [() => [b(true), b(false)]]],
  ['S21 nested ifs', S.s21, [() => [i32(6)]]],
  ['S28 C-style for', S.s28, [() => [i32(3)]]],
  ['S32 weakly typed loop variable', S.s32, [() => [f32(2)]]],
  ['squareIfPositive', S.squareIfPositive, [() => [f32(3)], () => [f32(-2)]]],
  ['huberLoss', S.huberLoss, [() => [f32(0.5)], () => [f32(-3)]]],
  ['collatz', S.collatz, [() => [i32(27)]]],
  ['printLoop', S.printLoop, [() => [i32(2)]]],
];

describe('optimized converted programs compute the same bits', () => {
  for (const [name, fn, argLists] of programs) {
    it(name, (ctx) => {
      for (const makeArgs of argLists) {
        const args = makeArgs();
        let graph;
        try {
          const f = ag.jit(toGraph(fn, { scope: { tf, delta: S.delta } }), { autograph: false });
          graph = f.getConcreteFunction(...args).graph;
        } catch (e) {
          tf.dispose(args);
          if (e instanceof AutographError && e.id === 'trace/kernel-unsupported') return ctx.skip(e.message);
          throw e;
        }
        const optimized = optimize(cloneGraph(graph), { verify: true });
        const feeds = [
          ...args,
          ...graph.captures.map((c) =>
            c.source.kind === 'tensor' ? c.source.tensor : (c.source as { variable: tf.Variable }).variable,
          ),
        ];
        lines = [];
        const expected = runGraph(graph, feeds);
        const printed = [...lines];
        lines = [];
        expectSameBits(runGraph(optimized, feeds), expected);
        expect(lines).toEqual(printed);
        tf.dispose(args);
      }
    });
  }
});
