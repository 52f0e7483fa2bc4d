// Errors of functional control flow while tracing, on cpu and wasm: branch dtype/shape/structure
// mismatches and loop variables that change dtype/shape/structure name the variable (or its path in
// a nested structure) and both types; a failed trace leaks nothing and caches nothing.
import * as tf from '@tensorflow/tfjs';
import { expect, it } from 'vitest';
import { AutographError, cond, jit, whileLoop } from '../../../src/index.js';
import { forEachBackend } from '../../helpers/differential.js';

type T = tf.Tensor;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

interface ErrorCase {
  readonly name: string;
  readonly fn: (x: T) => unknown;
  readonly id: string;
  /** Every fragment must appear in the message. */
  readonly mentions: readonly string[];
}

const int = (n: number) => tf.scalar(n, 'int32');
const pos = (x: T) => tf.greater(tf.sum(x), 0);

const cases: ErrorCase[] = [
  {
    name: 'cond: dtype mismatch between the branches names the variable and both dtypes',
    fn: (x) =>
      cond(
        pos(x),
        () => [tf.mul(x, 2)],
        () => [tf.cast(x, 'int32')],
        { names: ['x'] },
      ),
    id: 'cond/dtype-mismatch',
    mentions: ["'x'", 'float32', 'int32'],
  },
  {
    name: 'cond: bool vs float32 in the second output names that output',
    fn: (x) =>
      cond(
        pos(x),
        () => [x, tf.greater(x, 0)],
        () => [x, x],
        { names: ['y', 'mask'] },
      ),
    id: 'cond/dtype-mismatch',
    mentions: ["'mask'", 'bool', 'float32'],
  },
  {
    name: 'cond: shape mismatch between the branches names the variable and both shapes',
    fn: (x) =>
      cond(
        pos(x),
        () => [x],
        () => [tf.concat([x, x])],
        { names: ['x'] },
      ),
    id: 'cond/shape-mismatch',
    mentions: ["'x'", '[3]', '[6]'],
  },
  {
    name: 'cond: a mismatch inside a nested output names its path',
    fn: (x) =>
      cond(
        pos(x),
        () => [{ h: x, c: x }],
        () => [{ h: x, c: tf.cast(x, 'int32') }],
        { names: ['state'] },
      ),
    id: 'cond/dtype-mismatch',
    mentions: ['state.c', 'float32', 'int32'],
  },
  {
    name: 'cond: different structures in the branches',
    fn: (x) =>
      cond(
        pos(x),
        () => [x, x],
        () => [x],
        { names: ['x', 'y'] },
      ),
    id: 'cond/structure-mismatch',
    mentions: ['structure'],
  },
  {
    name: 'cond: a non-scalar predicate',
    fn: (x) =>
      cond(
        tf.greater(x, 0),
        () => x,
        () => x,
      ),
    id: 'cond/pred-not-scalar',
    mentions: ['[3]'],
  },
  {
    name: 'whileLoop: a loop variable changing shape names the variable and both shapes',
    fn: (x) =>
      whileLoop(
        (v: Any) => tf.less(tf.sum(v), 100),
        (v: Any) => [tf.concat([v, v])],
        [x],
        { names: ['x'] },
      ),
    id: 'while/shape-changed',
    mentions: ["'x'", '[3]', '[6]'],
  },
  {
    name: 'whileLoop: a loop variable changing dtype names the variable and both dtypes',
    fn: (x) =>
      whileLoop(
        (i: Any) => tf.less(i, int(3)),
        (i: Any, v: Any) => [tf.add(i, int(1)), tf.cast(v, 'int32')],
        [int(0), x],
        { names: ['i', 'x'] },
      ),
    id: 'while/dtype-changed',
    mentions: ["'x'", 'float32', 'int32'],
  },
  {
    name: 'whileLoop: a shape change inside a nested loop variable names its path',
    fn: (x) =>
      whileLoop(
        (s: Any) => tf.less(s.i, int(3)),
        (s: Any) => [{ i: tf.add(s.i, int(1)), acc: tf.stack([s.acc, s.acc]) }],
        [{ i: int(0), acc: x }],
        { names: ['state'] },
      ),
    id: 'while/shape-changed',
    mentions: ['state.acc', '[3]', '[2,3]'],
  },
  {
    name: 'whileLoop: the body changes the structure of the loop variables',
    fn: (x) =>
      whileLoop(
        (v: Any) => tf.less(tf.sum(v), 100),
        (v: Any) => [v, v],
        [x],
        { names: ['x'] },
      ),
    id: 'while/structure-changed',
    mentions: ['structure'],
  },
  {
    name: 'whileLoop: a non-scalar condition',
    fn: (x) =>
      whileLoop(
        (v: Any) => tf.less(v, 100),
        (v: Any) => [tf.add(v, 1)],
        [x],
      ),
    id: 'while/cond-not-scalar',
    mentions: ['[3]'],
  },
];

function traceError(fn: (x: T) => unknown): { error: AutographError; jf: ReturnType<typeof jit> } {
  const jf = jit(fn, { autograph: false });
  const x = tf.tensor1d([1, 2, 3]);
  try {
    jf(x);
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(AutographError);
    return { error: e as AutographError, jf };
  } finally {
    x.dispose();
  }
  throw new Error('expected the trace to fail');
}

forEachBackend(() => {
  for (const c of cases) {
    it(c.name, () => {
      const before = tf.memory().numTensors;
      const { error, jf } = traceError(c.fn);
      expect(error.id).toBe(c.id);
      for (const m of c.mentions) expect(error.message).toContain(m);
      expect(jf.concreteFunctions()).toHaveLength(0);
      expect(tf.memory().numTensors).toBe(before);
    });
  }

  it('after a failed trace the same jit function still traces and runs other signatures', () => {
    const jf = jit(
      (x: T) =>
        cond(
          tf.greater(tf.sum(x), 0),
          () => [x],
          () => [x.rank === 0 ? tf.neg(x) : tf.reshape(x, [-1, 1])],
          { names: ['x'] },
        ),
      { autograph: false },
    );
    expect(() => jf(tf.tensor1d([1, 2]))).toThrow(/'x' has shape \[2\] in the main branch, but shape \[2,1\]/);
    const s = tf.scalar(5);
    const [out] = jf(s) as T[];
    expect(out!.dataSync()[0]).toBe(5);
    expect(jf.traceCount).toBe(1);
    tf.dispose([s, out!]);
  });
});
