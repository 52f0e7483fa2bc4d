// jit's `executor` option names the executor of the traces; `backend`, its old name (which collided
// with tfjs's backends), is still accepted in this release: it warns once per process
// (`api/backend-option`, naming `executor`), and `executor` wins where both are given.
import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { resetBackendOptionWarning } from '../../src/api/jit.js';

const double = (x: tf.Tensor) => tf.mul(x, 2);

/** The executor of `f`'s trace for a float32 vector, and what it computes. */
function run(opts: ag.JitOptions): {
  executor: string;
  deprecatedName: string;
  values: number[];
  source: string | undefined;
} {
  const f = ag.jit(double, { autograph: false, ...opts });
  const x = tf.tensor1d([1, 2, 3]);
  const cf = f.getConcreteFunction(x);
  const y = f(x) as tf.Tensor;
  const out = {
    executor: cf.executorName,
    deprecatedName: cf.backend,
    values: Array.from(y.dataSync()),
    source: cf.compiledSource(),
  };
  tf.dispose([x, y]);
  for (const c of f.concreteFunctions()) c.dispose();
  return out;
}

describe("jit's executor option", () => {
  let warnings: string[];
  const onWarning = (m: string) => void warnings.push(m);
  beforeEach(async () => {
    await tf.setBackend('cpu');
    warnings = [];
    resetBackendOptionWarning();
  });
  afterEach(() => resetBackendOptionWarning());

  it('picks the executor; the default is the compiled one', () => {
    expect(run({ executor: 'interpreter', onWarning })).toMatchObject({
      executor: 'interpreter',
      values: [2, 4, 6],
      source: undefined,
    });
    const compiled = run({ onWarning });
    expect(compiled).toMatchObject({ executor: 'compiled', deprecatedName: 'compiled', values: [2, 4, 6] });
    expect(compiled.source).toContain('H.');
    expect(warnings).toEqual([]);
  });

  it('still takes `backend`, with one catalogued warning per process naming `executor`', () => {
    expect(run({ backend: 'interpreter', onWarning })).toMatchObject({
      executor: 'interpreter',
      deprecatedName: 'interpreter',
      values: [2, 4, 6],
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[api/backend-option]');
    expect(warnings[0]).toContain(`Write { executor: "interpreter" }`);
    // once per process: a second jit function with `backend` does not warn again
    expect(run({ backend: 'compiled', onWarning })).toMatchObject({ executor: 'compiled' });
    expect(warnings).toHaveLength(1);
  });

  it('lets `executor` win where both are given', () => {
    expect(run({ executor: 'compiled', backend: 'interpreter', onWarning })).toMatchObject({ executor: 'compiled' });
    expect(run({ executor: 'interpreter', backend: 'compiled', onWarning })).toMatchObject({ executor: 'interpreter' });
    expect(warnings).toHaveLength(1); // (`backend` was given: warned, once)
  });

  it('prints the warning where the function has no onWarning', () => {
    const printed: unknown[] = [];
    const original = console.warn;
    console.warn = (...a: unknown[]) => void printed.push(...a);
    try {
      run({ backend: 'interpreter' });
    } finally {
      console.warn = original;
    }
    expect(printed.join('\n')).toContain('[api/backend-option]');
  });

  it('takes the gradient of a call on the executor given as `backend`, warning once', () => {
    const f = ag.jit((x: tf.Tensor) => tf.sum(tf.mul(x, x)), { autograph: false, backend: 'interpreter', onWarning });
    expect(warnings).toHaveLength(1);
    // The gradient is a jit function of its own: were it given `backend`, it would warn (printed) now.
    resetBackendOptionWarning();
    const printed: unknown[] = [];
    const original = console.warn;
    console.warn = (...a: unknown[]) => void printed.push(...a);
    const x = tf.tensor1d([1, 2, 3]);
    try {
      const g = tf.grad((t: tf.Tensor) => f(t) as tf.Scalar)(x);
      expect(Array.from(g.dataSync())).toEqual([2, 4, 6]);
      g.dispose();
    } finally {
      console.warn = original;
      x.dispose();
    }
    expect(warnings).toHaveLength(1);
    expect(printed).toEqual([]);
  });
});
