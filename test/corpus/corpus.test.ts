// The corpus keeps its word: each program gives the results index.ts records for it (unconverted in
// plain JS; through jit on tensors where it needs them), and sourceOf gives every program's text, as
// TypeScript and as plain JavaScript that parses and computes the same.
import * as tf from '@tensorflow/tfjs';
import { format } from 'node:util';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ag from '../../src/index.js';
import { CORPUS_SCOPE, PROGRAMS, SEEDS, rnn, type Run } from './index.js';
import { corpusShape, programShape, sourceOf } from './source.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `call`, returning its result and the lines it printed with console.log. */
function printing(call: () => unknown): { result: unknown; printed: string[] } {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void printed.push(format(...a)));
  const result = call();
  vi.restoreAllMocks();
  return { result, printed };
}

const expectRun = (got: { result: unknown; printed: string[] }, run: Run): void => {
  expect(got.result).toEqual(run.result);
  expect(got.printed).toEqual(run.printed ?? []);
};

describe('the recorded results', () => {
  for (const program of PROGRAMS.filter((x) => x.plain)) {
    it(`${program.name}: plain JS`, () => {
      for (const run of program.plain!)
        expectRun(
          printing(() => program.fn(...run.args)),
          run,
        );
    });
  }

  for (const program of PROGRAMS.filter((x) => x.tensors)) {
    it(`${program.name}: through jit on tensors`, () => {
      const f = ag.jit(program.fn, { scope: CORPUS_SCOPE });
      for (const run of program.tensors!) {
        const args = run.args.map((a) => tf.tensor(a as number | number[], undefined, run.dtype));
        const got = printing(() => f(...args));
        const value = (got.result as tf.Tensor).arraySync();
        if (typeof run.result === 'number') expect(value as number).toBeCloseTo(run.result, 6);
        else expect(value).toEqual(run.result);
        expect(got.printed).toEqual(run.printed ?? []);
        tf.dispose([...args, got.result as tf.Tensor]);
      }
    });
  }

  it('rnn: jit over a tensor of rows gives what the converted cell gives eagerly on an array of them', () => {
    const h = tf.tensor2d([[0.1, -0.2, 0.3]]);
    const w = tf.tensor2d([
      [0.5, -0.3, 0.2],
      [0.1, 0.4, -0.6],
      [-0.2, 0.3, 0.1],
    ]);
    const xs = tf.tensor3d([[[1, 0, -1]], [[0.5, 0.5, 0.5]], [[-1, 2, 0]]]);
    const staged = ag.jit(rnn, { scope: CORPUS_SCOPE })(h, w, xs as never) as tf.Tensor;
    const eager = ag.toGraph(rnn, { scope: CORPUS_SCOPE })(h, w, tf.unstack(xs)) as tf.Tensor;
    expect(staged.shape).toEqual([1, 3]);
    expect(Array.from(staged.dataSync())).toEqual(Array.from(eager.dataSync()).map((v) => expect.closeTo(v, 6)));
  });

  it('every seed of the reference list is here', () => {
    expect(Object.keys(SEEDS)).toEqual(
      expect.arrayContaining([
        'square_if_positive',
        'huber_loss',
        'collatz',
        'count_up',
        'squares',
        'checked_square',
        'rnn',
      ]),
    );
  });
});

describe('sourceOf', () => {
  it('gives the text as written in test/corpus, without export', () => {
    expect(sourceOf(SEEDS.collatz.fn)).toBe(
      [
        'function collatz(a: number) {',
        '  let counter = 0;',
        '  while (a != 1) {',
        '    if (a % 2 == 0) a = Math.floor(a / 2);',
        '    else a = 3 * a + 1;',
        '    counter = counter + 1;',
        '  }',
        '  return counter;',
        '}',
      ].join('\n'),
    );
    expect(sourceOf(SEEDS.huber_loss.fn, { types: false, name: 'huber' })).toBe(
      [
        'function huber(a) {',
        '  let loss;',
        '  if (tf.abs(a) <= delta) loss = (a * a) / 2;',
        '  else loss = delta * (tf.abs(a) - delta / 2);',
        '  return loss;',
        '}',
      ].join('\n'),
    );
  });

  for (const program of PROGRAMS) {
    it(`${program.name}: as plain JavaScript, the same program`, () => {
      const js = sourceOf(program.fn, { types: false });
      expect(js).not.toMatch(/: (number|boolean|Operand|TF\.)/);
      // Evaluated, the plain text gives the recorded results too.
      if (program.plain) {
        const fn = new Function(`return (${js});`)() as (...a: unknown[]) => unknown;
        for (const run of program.plain)
          expectRun(
            printing(() => fn(...run.args)),
            run,
          );
      }
      expect(programShape(js, program.fn.name)).toBe(corpusShape(program.fn));
    });
  }
});
