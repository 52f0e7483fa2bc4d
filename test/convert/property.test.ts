// Property test: random programs of nested if/while/for/break/continue/return over int32
// scalars give identical results unconverted on JS numbers and converted (toGraph on JS numbers;
// jit of toGraph on int32 tensors).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tf from '@tensorflow/tfjs';
import { toGraph } from '../../src/api/to-graph.js';
import { jit } from '../../src/api/jit.js';
import { inputs, PARAMS, program } from './random-programs.js';
import { scaled } from '../helpers/long-run.js';

type Fn = (...a: unknown[]) => unknown;
const make = (src: string): Fn => new Function(...PARAMS, src) as Fn;
const args = (x: { a: number; b: number; c: number; n: number; l: number[] }) => [x.a, x.b, x.c, x.n, x.l];

/** Programs of the P mode (600 in `npm run test:long`). */
const P_RUNS = scaled(600, 200);

describe('random control-flow programs', () => {
  it(`P mode: toGraph(fn) on JS numbers equals fn (${P_RUNS} programs)`, () => {
    fc.assert(
      fc.property(program, fc.array(inputs, { minLength: 3, maxLength: 3 }), (src, ins) => {
        const f = make(src);
        const g = toGraph(f);
        for (const x of ins) expect(g(...args(x))).toEqual(f(...args(x)));
      }),
      { numRuns: P_RUNS },
    );
  });

  // 500 programs in five chunks (tracing dominates: about 0.2 s per program); two outside `npm run test:long`.
  for (const seed of [11, 22, 33, 44, 55].slice(0, scaled(5, 2))) {
    it(`T mode: jit(toGraph(fn)) on int32 tensors equals fn on JS numbers (100 programs, seed ${seed})`, () => {
      fc.assert(
        fc.property(program, inputs, (src, x) => {
          const f = make(src);
          // int32 has no -0 (JS gives -0 for e.g. -15 % 5).
          const expected = (f(...args(x)) as number[]).map((v) => (v === 0 ? 0 : v));
          const j = jit(toGraph(f), { autograph: false });
          const out = j(
            tf.scalar(x.a, 'int32'),
            tf.scalar(x.b, 'int32'),
            tf.scalar(x.c, 'int32'),
            tf.scalar(x.n, 'int32'),
            tf.tensor1d(x.l, 'int32'),
          ) as unknown[];
          const got = out.map((v) => (v instanceof tf.Tensor ? v.arraySync() : v === 0 ? 0 : v));
          out.forEach((v) => v instanceof tf.Tensor && v.dispose());
          expect(got, src).toEqual(expected);
        }),
        { numRuns: 100, seed },
      );
    }, 300_000);
  }
});
