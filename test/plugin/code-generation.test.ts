// `setCodeGeneration` (autograph-ts/runtime): with code generation declared forbidden, as on a page
// whose CSP has no 'unsafe-eval', the compiled executor never calls `new Function` and graphs run in
// the interpreter with the same results. Needs the plugin runtime, jit. Checks results and sources.

import { afterEach, describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { setCodeGeneration } from '../../src/plugin/runtime.js';

afterEach(() => setCodeGeneration(undefined));

const scope = { tf };
function clip(x: tf.Tensor): tf.Tensor {
  return tf.minimum(tf.abs(x), 2);
}

describe('setCodeGeneration', () => {
  it('false: no generated code, no Function constructor call, same values', async () => {
    await tf.setBackend('cpu');
    const on = ag.jit(clip, { scope }).getConcreteFunction(ag.spec([3]));
    expect(on.compiledSource()).toContain('H.startScope()'); // compiled where allowed
    setCodeGeneration(false);
    const spy = vi.spyOn(globalThis, 'Function');
    const off = ag.jit(clip, { scope, name: 'clip_off' }).getConcreteFunction(ag.spec([3]));
    const x = tf.tensor([1, -3, 5]);
    expect((off.call(x) as tf.Tensor).arraySync()).toEqual([1, 2, 2]);
    expect(off.compiledSource()).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect((on.call(x) as tf.Tensor).arraySync()).toEqual([1, 2, 2]);
  });
});
