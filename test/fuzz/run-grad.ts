// Runs one program of the `grad` fuzz domain (gen-grad.ts) and lists the disagreements between
// three oracles of its gradient with respect to x and y: eager tfjs (tf.grads of the converted
// function on eager tensors, where its control flow is JS), central differences of the plain
// program on float64 numbers, and the converted code's own gradients — tf.grads inside a jit
// function (the backward pass recorded into the graph) and tf.grads of a jit function (the call as
// one tape entry), on each executor, two calls each. Needs tfjs, src (jit, toGraph), gen-grad,
// jit-paths. Produces `checkGradCase`, `GradReport`, `GRAD_TOL`, `gradRepro`.

import * as tf from '@tensorflow/tfjs';
import { jit } from '../../src/api/jit.js';
import { toGraph } from '../../src/api/to-graph.js';
import type { ExecutorName } from '../../src/api/concrete-function.js';
import type { GradCase, GradInputs } from './gen-grad.js';
import { describeError } from './jit-paths.js';

type Prog = (x: tf.Tensor | number, y: tf.Tensor | number, n: tf.Tensor | number) => tf.Tensor | number;

/**
 * The stated tolerances, each |got − want| ≤ tol · (1 + |want|): a jit path against eager tfjs
 * (float32 both, summed in other orders); any float32 gradient or value against float64 central
 * differences (steps 1e-4, checked against steps of 1e-5: where the two differ by more than
 * `smooth` the function has a kink or a jump within the step, and the float64 oracle is not used).
 */
export const GRAD_TOL = { eager: 1e-4, float64: 2e-3, smooth: 1e-6 } as const;

export interface GradReport {
  readonly problems: string[];
  /** Input sets where the float64 oracle did not apply (not smooth there, or float32 took another branch). */
  readonly notSmooth: number;
}

function program(body: string): Prog {
  return new Function('tf', `return function prog(x, y, n) {\n${body}\n}`)(tf) as Prog;
}

const close = (got: number, want: number, tol: number): boolean => Math.abs(got - want) <= tol * (1 + Math.abs(want));
const num = (v: tf.Tensor | number): number => (typeof v === 'number' ? v : v.dataSync()[0]!);

/** d prog / d x and d y at the inputs by central differences in float64, and whether both steps agree. */
function float64Gradient(f: Prog, x: GradInputs): { value: number; grad: [number, number]; smooth: boolean } {
  const at = (dx: number, dy: number): number => num(f(x.x + dx, x.y + dy, x.n));
  const diff = (h: number): [number, number] => [(at(h, 0) - at(-h, 0)) / (2 * h), (at(0, h) - at(0, -h)) / (2 * h)];
  const [coarse, fine] = [diff(1e-4), diff(1e-5)];
  const smooth = coarse.every((d, i) => close(d, fine[i]!, GRAD_TOL.smooth));
  return { value: at(0, 0), grad: coarse, smooth };
}

function tensors(c: GradCase, x: GradInputs): [tf.Scalar, tf.Scalar, tf.Scalar | number] {
  return [tf.scalar(x.x, 'float32'), tf.scalar(x.y, 'float32'), c.stagedN ? tf.scalar(x.n, 'int32') : x.n];
}

/** [value, dx, dy] of the converted function on eager tensors: the eager tfjs oracle. */
function eager(conv: Prog, args: [tf.Scalar, tf.Scalar, tf.Scalar | number]): number[] {
  return tf.tidy(() => {
    const { value, grads } = tf.valueAndGrads((a: tf.Tensor, b: tf.Tensor) => conv(a, b, args[2]) as tf.Scalar)([
      args[0],
      args[1],
    ]);
    return [value, ...grads].map((t) => t.dataSync()[0]!);
  });
}

/** Runs `c` on every path; reports what disagreed beyond GRAD_TOL, any error, warning or leftover tensor. */
export function checkGradCase(c: GradCase, executors: readonly ExecutorName[]): GradReport {
  const problems: string[] = [];
  const warn = console.warn;
  console.warn = (...xs: unknown[]) => {
    const text = xs.map(String).join(' ');
    if (!/running TensorFlow\.js in Node\.js/.test(text)) problems.push(`warning: ${text.trim().split('\n')[0]}`); // not tfjs's one-time banner
  };
  const before = tf.memory().numTensors;
  let notSmooth = 0;
  try {
    const plain = program(c.body);
    const conv = toGraph(plain, { scope: { tf } }) as Prog;
    const compare = (label: string, i: number, got: number[], want: readonly number[], tol: number): void => {
      got.forEach((g, k) => {
        if (!close(g, want[k]!, tol))
          problems.push(
            `${label}, input ${i}: ${['value', 'd/dx', 'd/dy'][k + 3 - got.length]} ${g}, expected ${want[k]} (tolerance ${tol})`,
          );
      });
    };
    const eagerOf: number[][] = [];
    c.inputs.forEach((x, i) => {
      const f64 = float64Gradient(plain, x);
      const args = tensors(c, x);
      try {
        const e = eager(conv, args);
        eagerOf.push(e);
        // float32 and float64 may take different branches at a near-tie: then only the value tells.
        if (f64.smooth && close(e[0]!, f64.value, GRAD_TOL.float64))
          compare('eager tfjs vs float64 central differences', i, e.slice(1), f64.grad, GRAD_TOL.float64);
        else notSmooth++;
      } catch (err) {
        problems.push(`eager tfjs, input ${i}: ${describeError(err)}`);
      } finally {
        tf.dispose(args);
      }
    });
    if (eagerOf.length !== c.inputs.length) return { problems, notSmooth };
    for (const backend of executors) runJitPaths(c, conv, backend, eagerOf, compare, problems);
  } catch (err) {
    problems.push(`the check threw: ${describeError(err)}`);
  } finally {
    console.warn = warn;
  }
  const leaked = tf.memory().numTensors - before;
  if (leaked !== 0) problems.push(`${leaked} tensor(s) left over`);
  return { problems, notSmooth };
}

type Compare = (label: string, i: number, got: number[], want: readonly number[], tol: number) => void;

/** tf.grads inside jit, and tf.grads of jit, on `backend`: two calls each, one trace. */
function runJitPaths(
  c: GradCase,
  conv: Prog,
  backend: ExecutorName,
  eagerOf: number[][],
  compare: Compare,
  problems: string[],
): void {
  const inside = jit(
    (x: tf.Tensor, y: tf.Tensor, n: tf.Tensor | number) =>
      tf.grads((a: tf.Tensor, b: tf.Tensor) => conv(a, b, n) as tf.Tensor)([x, y]),
    { autograph: false, executor: backend, name: 'grad_inside' },
  );
  const outer = jit(conv, { autograph: false, executor: backend, name: 'prog' });
  try {
    c.inputs.forEach((x, i) => {
      const args = tensors(c, x);
      try {
        const gs = inside(...args) as tf.Tensor[];
        compare(
          `tf.grads inside jit (${backend})`,
          i,
          gs.map((t) => t.dataSync()[0]!),
          eagerOf[i]!.slice(1),
          GRAD_TOL.eager,
        );
        tf.dispose(gs);
      } catch (err) {
        problems.push(`tf.grads inside jit (${backend}), input ${i}: ${describeError(err)}`);
      }
      try {
        const got = tf.tidy(() => {
          const { value, grads } = tf.valueAndGrads((a: tf.Tensor, b: tf.Tensor) => outer(a, b, args[2]) as tf.Scalar)([
            args[0],
            args[1],
          ]);
          return [value, ...grads].map((t) => t.dataSync()[0]!);
        });
        compare(`tf.grads of jit (${backend})`, i, got, eagerOf[i]!, GRAD_TOL.eager);
      } catch (err) {
        problems.push(`tf.grads of jit (${backend}), input ${i}: ${describeError(err)}`);
      } finally {
        tf.dispose(args);
      }
    });
    if (inside.traceCount > 1)
      problems.push(`tf.grads inside jit (${backend}): traced ${inside.traceCount} times for one signature`);
  } finally {
    for (const cf of [...inside.concreteFunctions(), ...outer.concreteFunctions()]) cf.dispose();
  }
}

/** A failing case as a script to paste next to the package. */
export function gradRepro(c: GradCase, problems: readonly string[]): string {
  const input = Number(/input (\d)/.exec(problems.join('\n'))?.[1] ?? 0);
  const x = c.inputs[input] ?? c.inputs[0];
  const n = c.stagedN ? `tf.scalar(${x.n}, 'int32')` : String(x.n);
  return [
    `// grad domain, n ${c.stagedN ? 'an int32 tensor' : 'a JS number'}; found:`,
    ...problems.map((p) => `//   ${p}`),
    `import * as tf from '@tensorflow/tfjs';`,
    `import * as ag from 'autograph-ts';`,
    `function prog(x, y, n) {\n${c.body
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n')}\n}`,
    `const conv = ag.toGraph(prog, { scope: { tf } });`,
    `const [x, y, n] = [tf.scalar(${x.x}), tf.scalar(${x.y}), ${n}];`,
    `const h = 1e-4, at = (dx, dy) => prog(${x.x} + dx, ${x.y} + dy, ${x.n});`,
    `console.log('float64 central differences', (at(h, 0) - at(-h, 0)) / (2 * h), (at(0, h) - at(0, -h)) / (2 * h));`,
    `console.log('eager tfjs', tf.grads((a, b) => conv(a, b, n))([x, y]).map((t) => t.arraySync()));`,
    `const inside = ag.jit((a, b, m) => tf.grads((p, q) => conv(p, q, m))([a, b]), { autograph: false });`,
    `console.log('tf.grads inside jit', inside(x, y, n).map((t) => t.arraySync()));`,
    `const jf = ag.jit(prog, { scope: { tf } });`,
    `console.log('tf.grads of jit', tf.grads((a, b) => jf(a, b, n))([x, y]).map((t) => t.arraySync()));`,
  ].join('\n');
}
