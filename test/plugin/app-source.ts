// Fixture for the plugin tests: the text of a user module whose jit functions close over a
// module-level constant (`delta`) and an imported `tf`, with staged if/while on tensors, and what
// its `results()` must return. Needs nothing. Produces `appSource`, `EXPECTED`, paths, `tmpDir`.

import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const AG_INDEX = join(ROOT, 'src/index.ts');
export const AG_RUNTIME = join(ROOT, 'src/plugin/runtime.ts');

/** A fresh folder inside the project (so that node_modules resolve from it); remove it after. */
export function tmpDir(tag: string): { dir: string; remove: () => void } {
  const dir = join(ROOT, 'test/plugin', `.tmp-${tag}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The user module; `ts` adds type annotations (for the tsx path). Line numbers are fixed. */
export function appSource(agModule: string, ts = false): string {
  const T = (s: string): string => (ts ? s : '');
  return `import * as tf from '@tensorflow/tfjs';
import { jit, toGraph } from '${agModule}';
import * as ag from '${agModule}';
const delta${T(': number')} = 10;
function step(x${T(': tf.Tensor')})${T(': tf.Tensor')} {
  if (tf.sum(x) > 0) {
    x = x + delta;
  } else {
    x = tf.neg(x);
  }
  return x;
}
export const f = jit(step);
export const g = ag.jit((x${T(': tf.Tensor')}) => {
  if (x.sum() > 0) {
    return x * 2;
  }
  return tf.abs(x) + delta;
});
export function h(x${T(': tf.Tensor')}) {
  'use autograph';
  let y = x;
  while (tf.sum(y) < delta) {
    y = y + 1;
  }
  return y;
}
export const hj = jit(h);
export function results() {
  const fPos = f(tf.tensor([1, 2])).arraySync();
  const fNeg = f(tf.tensor([-1, -2])).arraySync();
  const gPos = g(tf.tensor([1, 2])).arraySync();
  const gNeg = g(tf.tensor([-1, -2])).arraySync();
  const hv = hj(tf.scalar(0)).arraySync();
  return {
    fPos, fNeg, gPos, gNeg, h: hv,
    traces: [f.traceCount, g.traceCount, hj.traceCount],
    sameFn: toGraph(step) === step && toGraph(h) === h,
  };
}
`;
}

/** One trace each proves the ifs and the while were staged (both signs, one shape). */
export const EXPECTED = {
  fPos: [11, 12],
  fNeg: [1, 2],
  gPos: [2, 4],
  gNeg: [11, 12],
  h: 10,
  traces: [1, 1, 1],
  sameFn: true,
};

/** A module whose jit function uses `eval` (unsupported): the error must name line 4 of the file. */
export function badSource(agModule: string): string {
  return `import { jit } from '${agModule}';
export const bad = jit((x) => {
  const y = x;
  return eval('y');
});
`;
}
export const BAD_LINE = 4;
