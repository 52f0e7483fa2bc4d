// The profiles of generated code (src/exec/compiled/profile.ts) hold together: each uses only the
// strategies of the targets it names (and the generator's own), tries those reading arrays before
// those reading tensors, ends with the kernel call that always applies, and names target folders
// that exist; the kernel sites a generated function holds belong to its profile's targets.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as ag from '../../../src/index.js';
import { generate } from '../../../src/exec/compiled/codegen.js';
import { PROFILES, profileFor, type Profile } from '../../../src/exec/compiled/profile.js';
import { STRATEGIES } from '../../../src/exec/compiled/strategies.js';

const TARGETS = fileURLToPath(new URL('../../../src/exec/targets/', import.meta.url));
const profiles = Object.entries(PROFILES) as [string, Profile][];

afterAll(async () => {
  await tf.setBackend('cpu');
});

describe('the profiles of generated code', () => {
  it.each(profiles)('%s: strategies of its own targets, arrays before tensors, the kernel call last', (name, p) => {
    expect(p.backend).toBe(name);
    for (const s of p.strategies)
      expect(STRATEGIES[s].target === 'shared' || p.targets.includes(STRATEGIES[s].target), s).toBe(true);
    const reads = p.strategies.map((s) => STRATEGIES[s].reads);
    expect(reads.slice(reads.indexOf('tensors')).every((r) => r === 'tensors')).toBe(true);
    expect(p.strategies[p.strategies.length - 1]).toBe('kernel');
    expect(new Set(p.strategies).size).toBe(p.strategies.length);
    for (const t of p.targets) expect(existsSync(`${TARGETS}${t}`), t).toBe(true);
  });

  it('has a profile for cpu and wasm only; the executor sets relaxed SIMD and numerics', () => {
    expect(profileFor('webgl', true)).toBeUndefined();
    expect(profileFor('webgpu', false)).toBeUndefined();
    expect(profileFor('wasm', true)).toEqual({ ...PROFILES.wasm, relaxedSimd: true });
    expect(profileFor('cpu', false)).toEqual(PROFILES.cpu);
    expect(PROFILES.wasm.relaxedSimd).toBe(false);
    // numerics: 'exact' unless the executor says 'fast'
    expect(profileFor('cpu', false, 'fast')).toEqual({ ...PROFILES.cpu, numerics: 'fast' });
    expect(PROFILES.cpu.numerics).toBe('exact');
  });

  it.each(['cpu', 'wasm'] as const)(
    'on %s, the kernel sites of a generated function are of the profile’s targets',
    async (backend) => {
      await tf.setBackend(backend);
      const f = ag.jit((x: tf.Tensor, w: tf.Tensor, b: tf.Tensor) => tf.tanh(tf.add(tf.matMul(x, w), b)), {
        autograph: false,
      });
      const [x, w, b] = [tf.ones([32, 64]), tf.ones([64, 64]), tf.ones([64])];
      tf.dispose(f(x, w, b));
      const gen = generate(f.concreteFunctions()[0]!.optimizedGraph, PROFILES[backend]);
      const targets = gen.kernels.map((k) => k.target);
      gen.kernels.forEach((k) => k.dispose?.());
      tf.dispose([x, w, b]);
      for (const cf of f.concreteFunctions()) cf.dispose();
      expect(targets.length).toBeGreaterThan(0);
      expect(targets.every((t) => PROFILES[backend].targets.includes(t))).toBe(true);
      // on wasm the bias and the activation run in place after the GEMM (a heap chain)
      if (backend === 'wasm') expect(targets).toEqual(['wasm-simd', 'wasm-heap']);
      else expect(targets).toContain('wasm-simd');
    },
  );
});
