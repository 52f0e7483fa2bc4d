// The compiled executor's WebAssembly SIMD kernels (fused float32 elementwise chains, and full
// Sum/Mean over them) give exactly the values of tfjs eager on the cpu backend, element for element
// (sign of zero included; NaN as NaN), on data with NaN, ±Infinity, ±0, denormals and huge values,
// over sizes that cross the kernel's chunk boundary and leave a tail shorter than four lanes.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../../src/index.js';
import { buildWasmKernel, wasmProgramOk } from '../../../../src/exec/targets/wasm-simd/kernels.js';
import type { FusedStep } from '../../../../src/ir/fused.js';
import type { KernelName } from '../../../../src/ir/kernels/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const SPECIAL = [
  NaN,
  Infinity,
  -Infinity,
  0,
  -0,
  1e-40,
  -1e-40,
  1.4e-45,
  -1.4e-45,
  1.1754942e-38,
  3.4e38,
  -3.4e38,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  2.5,
  -2.5,
  1e-3,
];

/** n float32 values: specials spread through uniform values in [-4, 4) and some large ones. */
function data(n: number, seed: number): Float32Array {
  const v = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 4294967296;
    v[i] = i % 7 === 3 ? SPECIAL[s % SPECIAL.length]! : i % 11 === 5 ? (u - 0.5) * 1e30 : u * 8 - 4;
  }
  return v;
}

/** Elementwise equality that tells -0 from +0 and takes NaN as equal to NaN. */
function sameValues(got: ArrayLike<number>, want: ArrayLike<number>): { ok: boolean; first?: string } {
  if (got.length !== want.length) return { ok: false, first: `length ${got.length} vs ${want.length}` };
  for (let i = 0; i < want.length; i++) {
    if (!Object.is(got[i], want[i])) return { ok: false, first: `index ${i}: got ${got[i]}, want ${want[i]}` };
  }
  return { ok: true };
}

const N = 4096 * 2 + 3; // two full chunks and a tail of 3 elements

type Case = [string, (...xs: tf.Tensor[]) => tf.Tensor, number];
const cases: Case[] = [
  ['add', (a, b) => tf.add(a!, b!), 2],
  ['sub', (a, b) => tf.sub(a!, b!), 2],
  ['mul', (a, b) => tf.mul(a!, b!), 2],
  ['div', (a, b) => tf.div(a!, b!), 2],
  ['maximum', (a, b) => tf.maximum(a!, b!), 2],
  ['minimum', (a, b) => tf.minimum(a!, b!), 2],
  ['abs + neg', (a) => tf.neg(tf.abs(a!)), 1],
  ['sqrt', (a) => tf.sqrt(tf.mul(a!, 1)), 1],
  ['floor, ceil', (a) => tf.add(tf.floor(a!), tf.ceil(tf.mul(a!, 3))), 1],
  ['round (half to even)', (a) => tf.round(tf.mul(a!, 2)), 1],
  ['square', (a) => tf.square(tf.add(a!, 1)), 1],
  ['reciprocal', (a) => tf.reciprocal(tf.sub(a!, 0.25)), 1],
  ['relu', (a) => tf.relu(tf.mul(a!, -1)), 1],
  ['poly x*x/2 + abs(x) - 1', (x) => tf.sub(tf.add(tf.div(tf.mul(x!, x!), 2), tf.abs(x!)), 1), 1],
  ['scalar operands', (x) => tf.mul(tf.add(x!, 0.1), 3.7), 1],
  ['size-1 tensor operand', (x, s) => tf.sub(tf.mul(x!, tf.slice(s!, [0], [1])), 1), 2],
  [
    'comparisons and where',
    (a, b) => tf.where(tf.less(a!, b!), tf.mul(a!, 2), tf.where(tf.greaterEqual(a!, 0), b!, tf.neg(a!))),
    2,
  ],
  ['equal / notEqual', (a, b) => tf.where(tf.equal(a!, b!), a!, tf.where(tf.notEqual(a!, 0), tf.add(a!, b!), b!)), 2],
  [
    'logical and/or/not',
    (a, b) =>
      tf.where(
        tf.logicalOr(tf.logicalAnd(tf.greater(a!, 0), tf.lessEqual(b!, 1)), tf.logicalNot(tf.less(a!, b!))),
        a!,
        b!,
      ),
    2,
  ],
  [
    'huber (elementwise)',
    (a) => tf.where(tf.lessEqual(tf.abs(a!), 1), tf.div(tf.mul(a!, a!), 2), tf.mul(1, tf.sub(tf.abs(a!), 0.5))),
    1,
  ],
  [
    'huber mean',
    (a) =>
      tf.mean(tf.where(tf.lessEqual(tf.abs(a!), 1), tf.div(tf.mul(a!, a!), 2), tf.mul(1, tf.sub(tf.abs(a!), 0.5)))),
    1,
  ],
  ['sum of a chain', (a, b) => tf.sum(tf.mul(tf.sub(a!, b!), 0.5)), 2],
  ['mean of a tensor', (a) => tf.mean(a!), 1],
  ['sum of a tensor', (a) => tf.sum(a!), 1],
];

describe('wasm SIMD kernels of the compiled executor (cpu backend)', () => {
  it.each(cases)('%s equals eager cpu bit for bit', (_name, fn, arity) => {
    const xs = Array.from({ length: arity }, (_, k) => tf.tensor1d(data(N, 17 + 31 * k)));
    const f = ag.jit(fn, { autograph: false });
    const want = tf.tidy(() => fn(...xs));
    const got = f(...xs) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).toMatch(/W\[0\]\.(map|reduce)\(/);
    expect(got.shape).toEqual(want.shape);
    expect(sameValues(got.dataSync(), want.dataSync())).toEqual({ ok: true });
    // A second call reuses the output buffer of the first, once that tensor is freed.
    got.dispose();
    const again = f(...xs) as tf.Tensor;
    expect(sameValues(again.dataSync(), want.dataSync())).toEqual({ ok: true });
    tf.dispose([...xs, want, again]);
  });

  it('keeps an output alive while the next call writes another buffer', () => {
    const x = tf.tensor1d(data(N, 5));
    const f = ag.jit((a: tf.Tensor) => tf.add(tf.mul(a, 2), 1), { autograph: false });
    const first = f(x) as tf.Tensor;
    const copy = Array.from(first.dataSync());
    const second = f(tf.neg(x)) as tf.Tensor;
    expect(Array.from(first.dataSync())).toEqual(copy);
    expect(sameValues(second.dataSync(), tf.tidy(() => tf.add(tf.mul(tf.neg(x), 2), 1)).dataSync())).toEqual({
      ok: true,
    });
    tf.dispose([x, first, second]);
  });

  it('leaves no tensor behind over many calls', () => {
    const x = tf.tensor1d(data(N, 9));
    const f = ag.jit((a: tf.Tensor) => tf.mean(tf.abs(tf.sub(tf.mul(a, a), 1))), { autograph: false });
    tf.dispose(f(x) as tf.Tensor);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 20; i++) tf.dispose(f(x) as tf.Tensor);
    expect(tf.memory().numTensors).toBe(before);
    x.dispose();
  });

  it('small tensors stay in JS loops, with the same values', () => {
    const x = tf.tensor1d(data(37, 3));
    const fn = (a: tf.Tensor) => tf.sub(tf.add(tf.div(tf.mul(a, a), 2), tf.abs(a)), 1);
    const f = ag.jit(fn, { autograph: false });
    const got = f(x) as tf.Tensor;
    const source = f.concreteFunctions()[0]!.compiledSource()!;
    expect(source).not.toContain('W[');
    expect(source).toContain('for (let i = 0;');
    expect(sameValues(got.dataSync(), tf.tidy(() => fn(x)).dataSync())).toEqual({ ok: true });
    tf.dispose([x, got]);
  });

  it('chains with kernels that have no SIMD rule stay in JS loops', () => {
    const x = tf.tensor1d(data(N, 4));
    const fn = (a: tf.Tensor) => tf.exp(tf.mul(a, 0.01));
    const f = ag.jit(fn, { autograph: false });
    const got = f(x) as tf.Tensor;
    expect(f.concreteFunctions()[0]!.compiledSource()).not.toContain('W[');
    expect(sameValues(got.dataSync(), tf.tidy(() => fn(x)).dataSync())).toEqual({ ok: true });
    tf.dispose([x, got]);
  });
});

describe('buildWasmKernel', () => {
  const step = (op: KernelName, args: number[], dtype: 'float32' | 'bool' = 'float32'): FusedStep => ({
    op,
    args,
    attrs: {},
    argNames: args.map((_, i) => `x${i}`),
    dtype,
    shape: [],
  });

  it('accepts float32 chains with masks in between, rejects a bool result or a kernel without a rule', () => {
    expect(wasmProgramOk([step('Less', [0, 1], 'bool'), step('Select', [2, 0, 1])], 2)).toBe(true);
    expect(wasmProgramOk([step('Less', [0, 1], 'bool')], 2)).toBe(false);
    expect(wasmProgramOk([step('Exp', [0])], 1)).toBe(false);
    expect(wasmProgramOk([step('Select', [0, 0, 0])], 1)).toBe(false); // a float32 operand as condition
  });

  it('maps and reduces lengths around the 4-lane groups and the chunk size', () => {
    const kernel = buildWasmKernel([step('Multiply', [0, 1]), step('Add', [2, 0])], ['array', 'scalar'], {
      kind: 'map',
    })!;
    const sum = buildWasmKernel([step('Multiply', [0, 1])], ['array', 'scalar'], {
      kind: 'reduce',
      op: 'Sum',
      count: 0,
    })!;
    for (const n of [1, 2, 3, 4, 5, 4095, 4096, 4097, 8199]) {
      const x = data(n, n);
      const out = new Float32Array(n);
      kernel.map([x], [1.25], out);
      const want = x.map((v) => Math.fround(Math.fround(v * 1.25) + v));
      expect(sameValues(out, want)).toEqual({ ok: true });
      let acc = 0;
      for (const v of x) acc += Math.fround(v * 1.25);
      expect(Object.is(sum.reduce([x], [1.25], n), acc)).toBe(true);
    }
  });
});
