// JitOptions.relaxedSimd: where the engine has relaxed SIMD, a float32 matMul on the wasm backend
// adds each product with a fused multiply-add (the same order as tfjs-wasm's, one rounding instead
// of two); `relaxedSimd: false`, and engines without it, keep eager tfjs-wasm's bits. Node 20 has
// relaxed SIMD only behind --experimental-wasm-relaxed-simd, so each case runs a child Node
// (fixtures/relaxed-simd-child.ts) with and without that flag.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

const child = fileURLToPath(new URL('./fixtures/relaxed-simd-child.ts', import.meta.url));

interface Report {
  available: boolean;
  elements: number;
  defaultVsEager: number;
  defaultVsFused: number;
  fusedVsEager: number;
  unfusedVsEager: number;
}

function run(flags: string[]): Report {
  const out = execFileSync(process.execPath, [...flags, '--import', 'tsx', child], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Report;
}

/** Whether this processor has fused multiply-add (the engine then fuses relaxed_madd). */
function processorFuses(): boolean {
  if (process.arch === 'arm64') return true;
  try {
    return /^flags\s*:.*\bfma\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return false;
  }
}

describe('relaxed SIMD in the compiled matMul (wasm backend)', () => {
  /** What relaxed SIMD must do where the engine has it. */
  const fusedWhereAvailable = (r: Report) => {
    // the inputs tell fused from unfused sums apart
    expect(r.fusedVsEager).toBeGreaterThan(r.elements / 4);
    expect(r.unfusedVsEager).toBe(0);
    if (processorFuses()) expect(r.defaultVsFused).toBe(0);
    else expect(r.defaultVsEager).toBe(0);
  };

  it('with relaxed SIMD: fused sums by default, eager tfjs-wasm bits with relaxedSimd: false', () => {
    const r = run(['--experimental-wasm-relaxed-simd']);
    expect(r.available).toBe(true);
    fusedWhereAvailable(r);
  }, 150_000);

  it("with the engine's default (Node 20: no relaxed SIMD): eager tfjs-wasm bit for bit", () => {
    const r = run([]);
    if (r.available) return fusedWhereAvailable(r);
    expect(r.defaultVsEager).toBe(0);
    expect(r.unfusedVsEager).toBe(0);
  }, 150_000);

  it('refuses a relaxedSimd that is not a boolean', () => {
    expect(() => ag.jit((x: unknown) => x, { relaxedSimd: 'yes' as unknown as boolean })).toThrow(/relaxedSimd/);
  });
});
