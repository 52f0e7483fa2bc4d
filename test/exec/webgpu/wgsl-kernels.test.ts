// Every kernel of the WGSL rule table (src/exec/targets/wgsl/rules.ts, closed over the kernels
// fusion merges), run as a step of a Fused program on webgpu over SwiftShader, against the cpu
// backend on the same inputs: edge values (±0, ±1, halves, ±∞, NaN, tiny and huge) and a sweep.
// A value agrees when both are NaN, or equal, or within the kernel's tolerance: the documented
// float tolerance (1e-5 relative + 1e-6 absolute), wider where WGSL's builtins are specified
// less precisely than JS's Math (listed below with the reason). Each program is one dispatch.
// Needs webgpu, tfjs (core, cpu, webgpu), src.
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../src/index.js';
import { ELEMENTWISE_KERNELS, type ElementwiseKernelName } from '../../../src/opt/elementwise-kernels.js';
import { WGSL_RULES } from '../../../src/exec/targets/wgsl/rules.js';
import { countsSince, gpuCounts, setUpWebGPU, webgpuSkipReason } from '../../helpers/webgpu.js';

const EDGES = [
  -Infinity,
  -1e30,
  -100,
  -3.5,
  -2.5,
  -1,
  -0.5,
  -1e-30,
  -0,
  0,
  1e-30,
  0.5,
  1,
  1.5,
  2.5,
  3.5,
  20,
  100,
  1e30,
  Infinity,
  NaN,
];
const SWEEP = Array.from({ length: 43 }, (_, i) => -5.25 + i * 0.25);
const X = [...EDGES, ...SWEEP];
const Y = X.map((_, i) => X[(i * 7 + 3) % X.length]!);
const Z = X.map((_, i) => X[(i * 11 + 5) % X.length]!);

/**
 * Wider tolerances (absolute, relative) and the inputs they hold on, where the rule uses a WGSL
 * builtin the spec bounds less tightly: sin, cos and tan within 2⁻¹¹ absolute on [−π, π] and
 * nothing promised far outside (docs/guide.md "Executors" says so); eager webgpu uses them too.
 */
const WIDER: Partial<Record<ElementwiseKernelName, readonly [atol: number, rtol: number]>> = {
  Sin: [2 ** -11, 0],
  Cos: [2 ** -11, 0],
  Tan: [2 ** -11, 1e-4],
};

/** Inputs outside what the kernel's documented bound covers (see above and docs/limitations.md). */
const OUTSIDE: Partial<Record<ElementwiseKernelName, (x: number, y: number) => boolean>> = {
  Sin: (x) => Math.abs(x) > 100,
  Cos: (x) => Math.abs(x) > 100,
  Tan: (x) => Math.abs(x) > 100,
  // f32 a - b·trunc(a/b) is exact only while a/b fits float32's 24-bit significand
  Mod: (x, y) => Math.abs(x / y) > 2 ** 24,
};

const ATTRS: Partial<Record<ElementwiseKernelName, tf.NamedAttrMap>> = {
  LeakyRelu: { alpha: 0.1 },
  Step: { alpha: 0.3 },
  ClipByValue: { clipValueMin: -1.5, clipValueMax: 2 },
  Cast: { dtype: 'int32' },
};

/** Kernels that take bools (made by a comparison in the same program). */
const BOOL_INPUTS = new Set<string>(['LogicalAnd', 'LogicalOr', 'LogicalNot']);

/** A program of two or more steps: the operands first go through a cheap step, so fusion merges them with the kernel. */
function program(k: ElementwiseKernelName) {
  const names = ELEMENTWISE_KERNELS[k].inputs;
  return (x: tf.Tensor, y: tf.Tensor, z: tf.Tensor): tf.Tensor => {
    const raw = [x, y, z];
    const operands = names.map((name, i) => {
      if (k === 'Select' && i === 0) return tf.greater(raw[i]!, 0);
      if (BOOL_INPUTS.has(k)) return tf.greater(raw[i]!, 0.5);
      return tf.neg(raw[i]!);
    });
    const inputs: tf.NamedTensorMap = {};
    names.forEach((name, i) => (inputs[name] = operands[i]!));
    return tf.engine().runKernel(k, inputs, ATTRS[k] ?? {}) as tf.Tensor;
  };
}

async function values(t: tf.Tensor): Promise<number[]> {
  const v = [...(await t.data())].map(Number);
  t.dispose();
  return v;
}

describe.skipIf(webgpuSkipReason !== undefined)(
  `WGSL rules against the cpu backend${webgpuSkipReason ? ` (skipped: ${webgpuSkipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      await setUpWebGPU();
    });

    it('the table has a rule for every kernel fusion merges', () => {
      expect(Object.keys(WGSL_RULES).sort()).toEqual(Object.keys(ELEMENTWISE_KERNELS).sort());
    });

    for (const k of Object.keys(ELEMENTWISE_KERNELS) as ElementwiseKernelName[]) {
      it(`${k}: one dispatch, the cpu backend's values`, async () => {
        const fn = program(k);
        const f = ag.jit(fn, { autograph: false });
        const make = () => [tf.tensor(X), tf.tensor(Y), tf.tensor(Z)] as const;
        await tf.setBackend('cpu');
        const [cx, cy, cz] = make();
        const want = await values(fn(cx, cy, cz));
        tf.dispose([cx, cy, cz]);
        await tf.setBackend('webgpu');
        const [x, y, z] = make();
        await values(f(x, y, z) as tf.Tensor);
        const before = gpuCounts();
        const got = await values(f(x, y, z) as tf.Tensor);
        expect(countsSince(before).dispatch).toBe(1);
        tf.dispose([x, y, z]);
        const [atol, rtol] = WIDER[k] ?? [1e-6, 1e-5];
        const bad: string[] = [];
        got.forEach((g, i) => {
          const w = want[i]!;
          if (OUTSIDE[k]?.(X[i]!, Y[i]!)) return;
          const same = (Number.isNaN(g) && Number.isNaN(w)) || g === w || Math.abs(g - w) <= atol + rtol * Math.abs(w);
          if (!same)
            bad.push(
              `${k}(${[X[i], Y[i], Z[i]].slice(0, ELEMENTWISE_KERNELS[k].inputs.length).join(', ')}): ${g} vs ${w}`,
            );
        });
        expect(bad).toEqual([]);
      });
    }
  },
);
