// Functions converted in place by the Vite plugin: their graphs name things in the user's terms.
// Params take the parameter names; each Cond/While carries the statement as written with this file
// and line (the plugin writes them into the converted code, so no stack frame is needed); printed
// sources and pictures never name the converter's closures (loop_body, if_body).
// Needs the plugin config (the `in-place` project of vitest.config.ts).

import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { jit, spec } from '../../src/index.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TEXT = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
const lineOf = (text: string): number => TEXT.findIndex((l) => l.includes(text) && !l.includes('lineOf')) + 1;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('graphs of functions converted in place', () => {
  it('name params, statements and their lines after this file', () => {
    const halve = jit(function halve(count: any) {
      let steps = 0;
      while (count > 1) {
        if (count % 2 == 0) count = Math.floor(count / 2);
        else count = count - 1;
        steps = steps + 1;
      }
      return steps;
    });
    const cf = halve.getConcreteFunction(spec([], 'int32'));
    const text = cf.toString({ graph: 'trace', sources: true });
    expect(text).toMatch(/^graph halve\(%count: int32\[\]\)/);
    expect(text).toMatch(/\(halve\)/);
    expect(text).not.toMatch(/\((?:loop_body|loop_test|if_body|else_body)/);
    const loop = cf.graph.nodes.find((n) => n.op === 'While')!;
    expect(loop.options.site).toEqual({
      code: 'while (count > 1)',
      file: 'test/in-place/names.test.ts',
      line: lineOf('while (count > 1) {'),
    });
    const dot = cf.toDot();
    expect(dot).toContain(`label="while (count > 1)  ·  names.test.ts:${lineOf('while (count > 1) {')}"`);
    expect(dot).toContain(`label="if (count % 2 == 0)  ·  names.test.ts:${lineOf('if (count % 2 == 0)')}"`);
    expect(dot).not.toMatch(/loop_body|if_body|argument_0/);
    expect((halve(tf.scalar(27, 'int32')) as unknown as tf.Tensor).dataSync()[0]).toBe(7);
  });
});
