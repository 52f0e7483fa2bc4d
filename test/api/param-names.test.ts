// Graph params take the user's parameter names, read from the function's text without a parser:
// declarations, arrows, methods, defaults (with commas and parentheses inside), rest parameters,
// comments; a destructured parameter has no single name (its params keep the `argument i` path).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { paramNames } from '../../src/api/param-names.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/* eslint-disable @typescript-eslint/no-explicit-any */
describe('paramNames', () => {
  it('reads names from every function form', () => {
    expect(
      paramNames(function f(a: any, b: any) {
        return [a, b];
      }),
    ).toEqual(['a', 'b']);
    expect(paramNames((x: any) => x)).toEqual(['x']);
    expect(paramNames(new Function('x', 'return x') as () => unknown)).toEqual(['x']);
    expect(
      paramNames(
        {
          m(p: any, q: any) {
            return [p, q];
          },
        }.m,
      ),
    ).toEqual(['p', 'q']);
    expect(paramNames(new Function('a = f(1, (2))', 'b = "),("', 'return a') as () => unknown)).toEqual(['a', 'b']);
    expect(paramNames(new Function('a /* , fake */', '...rest', 'return a') as () => unknown)).toEqual([
      'a',
      '...rest',
    ]);
    expect(paramNames(new Function('{ x, y }', '[z]', 'w', 'return w') as () => unknown)).toEqual([
      undefined,
      undefined,
      'w',
    ]);
    expect(paramNames(() => 1)).toEqual([]);
  });

  it('names the params of traced graphs (a rest parameter by position; a pattern keeps its path)', () => {
    const two = ag.jit((a: tf.Tensor, b: tf.Tensor) => tf.add(a, b), { autograph: false });
    expect(two.getConcreteFunction(ag.spec([]), ag.spec([])).toString()).toMatch(
      /^graph fn\(%a: float32\[\], %b: float32\[\]\)/,
    );
    const rest = ag.jit((...xs: tf.Tensor[]) => tf.addN(xs), { autograph: false });
    expect(rest.getConcreteFunction(ag.spec([]), ag.spec([])).toString()).toMatch(
      /^graph fn\(%xs_0: float32\[\], %xs_1: float32\[\]\)/,
    );
    const obj = ag.jit(({ x, y }: { x: tf.Tensor; y: tf.Tensor }) => tf.sub(x, y), { autograph: false });
    expect(obj.getConcreteFunction({ x: ag.spec([]), y: ag.spec([]) }).toString()).toMatch(
      /^graph fn\(%argument_0_x: float32\[\], %argument_0_y: float32\[\]\)/,
    );
  });
});
