// The fast kernels of `numerics: 'fast'` (src/exec/targets/wasm-simd/fast-math.ts) meet their
// documented bounds (FAST_BOUNDS, in ulps of the cpu backend's float32 value) over the float32 sweep
// of fixtures/fast-math-sweep.ts — every 2^k·(1 + j/64), the edge values, random bit patterns — with
// multiply-adds unfused and, in a child Node with relaxed SIMD, as relaxed_madd; their special
// values are exact. (bench/checks/fast-math-exhaustive.ts measures every float32.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAST_BOUNDS, FAST_OPS, type FastOp } from '../../../../src/exec/targets/wasm-simd/fast-math.js';
import { fastKernel, measure, sweepInputs, type Measured } from '../../fixtures/fast-math-sweep.js';

const OPS = [...FAST_OPS] as FastOp[];
const child = fileURLToPath(new URL('../../fixtures/fast-math-child.ts', import.meta.url));

/** Each special value and its exact result. */
const SPECIAL: Readonly<Record<FastOp, readonly [number, number][]>> = {
  Exp: [
    [NaN, NaN],
    [-Infinity, 0],
    [Infinity, Infinity],
    [0, 1],
    [-0, 1],
    [-104, 0],
    [89, Infinity],
    [-3.4e38, 0],
    [3.4e38, Infinity],
  ],
  Log: [
    [NaN, NaN],
    [0, -Infinity],
    [-0, -Infinity],
    [-1, NaN],
    [-Infinity, NaN],
    [-1e-45, NaN],
    [Infinity, Infinity],
    [1, 0],
  ],
  Tanh: [
    [NaN, NaN],
    [Infinity, 1],
    [-Infinity, -1],
    [0, 0],
    [-0, -0],
    [9.1, 1],
    [-20, -1],
    [2 ** -149, 2 ** -149],
    [-(2 ** -149), -(2 ** -149)],
  ],
  Sigmoid: [
    [NaN, NaN],
    [-Infinity, 0],
    [Infinity, 1],
    [0, 0.5],
    [-0, 0.5],
    [20, 1],
    [-200, 0],
  ],
};

const within = (op: FastOp, m: Measured) => {
  expect(m.special, op).toEqual([]);
  expect(m.maxUlp, `${op}: ${m.maxUlp} ulp at ${m.at}`).toBeLessThanOrEqual(FAST_BOUNDS[op]);
};

describe('fast float32 kernels', () => {
  const x = sweepInputs();

  it.each(OPS)('%s is within its bound over the float32 sweep (multiply and add)', (op) => {
    within(op, measure(op, x, fastKernel(op, false)(x)));
  });

  it.each(OPS)('%s gives its special values exactly', (op) => {
    const cases = SPECIAL[op];
    const got = fastKernel(op, false)(Float32Array.from(cases.map(([v]) => v)));
    cases.forEach(([v, want], i) =>
      expect(Object.is(got[i], want) || (Number.isNaN(want) && Number.isNaN(got[i]!)), `${op}(${v}) = ${got[i]}`).toBe(
        true,
      ),
    );
  });

  it('is within the bounds with relaxed_madd (a Node with relaxed SIMD)', () => {
    const out = execFileSync(process.execPath, ['--experimental-wasm-relaxed-simd', '--import', 'tsx', child], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as { available: boolean; measured: Record<FastOp, Measured> };
    expect(r.available).toBe(true);
    for (const op of OPS) within(op, r.measured[op]);
  }, 150_000);

  it('has the bounds docs/guide.md states', () => {
    const guide = readFileSync(fileURLToPath(new URL('../../../../docs/guide.md', import.meta.url)), 'utf8');
    for (const op of OPS)
      expect(guide, op).toMatch(new RegExp(`\\| \`tf\\.${op.toLowerCase()}\` \\| ${FAST_BOUNDS[op]} \\|`));
  });
});
