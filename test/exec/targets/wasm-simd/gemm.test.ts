// The GEMM micro-kernels (gemm.ts) alone, on a memory of their own: for every tile edge case
// (rows mod 4, columns mod 8 / mod 4, one or several k blocks, strided and transposed operands) the
// 'f32' kernel gives float32 sums in k order within blocks of kBlock, and the 'f64' kernel double
// sums in 48-wide blocks added into a float32 result, bit for bit against a plain JS reference on
// data with NaN/±Infinity/±0/denormals; nothing past the last output is written.
import { describe, expect, it } from 'vitest';
import {
  gemmInstance,
  GEMM_SCRATCH,
  packedABytes,
  packedBBytes,
  type GemmLane,
} from '../../../../src/exec/targets/wasm-simd/gemm.js';

function data(n: number, seed: number, specials: boolean): Float32Array {
  const v = new Float32Array(n);
  let s = seed >>> 0;
  const sp = [NaN, Infinity, -Infinity, 0, -0, 1e-40, -3e38, 3e38];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = specials && i % 11 === 5 ? sp[s % sp.length]! : (s / 4294967296) * 4 - 2;
  }
  return v;
}

/** The order the kernel promises, in plain JS. */
function reference(
  lane: GemmLane,
  A: Float32Array,
  B: Float32Array,
  m: number,
  k: number,
  n: number,
  ta: boolean,
  tb: boolean,
  kBlock: number,
): Float32Array {
  const out = new Float32Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let acc = 0;
      for (let k0 = 0; k0 < k; k0 += kBlock) {
        let s = 0;
        for (let kk = k0; kk < Math.min(k0 + kBlock, k); kk++) {
          const av = ta ? A[kk * m + i]! : A[i * k + kk]!;
          const bv = tb ? B[j * k + kk]! : B[kk * n + j]!;
          s = lane === 'f32' ? Math.fround(s + Math.fround(av * bv)) : s + av * bv;
        }
        acc = k0 === 0 ? Math.fround(s) : Math.fround(acc + s);
      }
      out[i * n + j] = acc;
    }
  }
  return out;
}

const shapes: [number, number, number][] = [
  [1, 1, 1],
  [3, 5, 7],
  [17, 33, 9],
  [32, 64, 128],
  [4, 48, 8],
  [5, 49, 5],
  [129, 65, 3],
  [7, 200, 19],
  [65, 97, 13],
  [2, 1, 3],
  [70, 3, 1],
  [9, 4, 16],
  [6, 7, 12],
  [3, 96, 17],
  [1, 2, 5],
];

describe('GEMM micro-kernels', () => {
  it.each(['f32', 'f64'] as const)(
    '%s: every shape, transpose and k blocking equals the reference bit for bit',
    (lane) => {
      const memory = new WebAssembly.Memory({ initial: 64 });
      const g = gemmInstance(lane, memory);
      expect(g).toBeDefined();
      const bad: string[] = [];
      let runs = 0;
      for (const [m, k, n] of shapes) {
        for (const ta of [false, true]) {
          for (const tb of [false, true]) {
            for (const kBlock of lane === 'f32' ? [k, 48] : [48]) {
              const specials = runs % 2 === 1;
              const A = data(m * k, 7 + runs, specials);
              const B = data(k * n, 1000 + runs, specials);
              const f = new Float32Array(memory.buffer);
              const aOff = 1024 + 4 * (m % 3); // not 16-byte aligned sometimes
              const bOff = aOff + A.length * 4 + 64;
              const pb = bOff + B.length * 4 + 64;
              const pa = pb + packedBBytes(lane, k, n) + 64;
              const out = pa + packedABytes(lane, m, k) + 64;
              f.set(A, aOff / 4);
              f.set(B, bOff / 4);
              f.fill(12345, out / 4, out / 4 + m * n + 8);
              g!.packB(bOff, tb ? 4 : n * 4, tb ? k * 4 : 4, k, n, pb);
              g!.packA(aOff, ta ? 4 : k * 4, ta ? m * 4 : 4, m, k, pa);
              g!.mm(m, n, k, pa, pb, out, n * 4, kBlock, 64);
              const got = new Float32Array(memory.buffer, out, m * n + 8);
              const want = reference(lane, A, B, m, k, n, ta, tb, kBlock);
              runs++;
              for (let i = 0; i < want.length && bad.length < 5; i++) {
                if (!Object.is(want[i], got[i]) && !(Number.isNaN(want[i]) && Number.isNaN(got[i])))
                  bad.push(`${lane} ${m}x${k}x${n} ta=${ta} tb=${tb} kBlock=${kBlock} [${i}]: ${got[i]} vs ${want[i]}`);
              }
              if (Array.from(got.subarray(m * n)).some((v) => v !== 12345))
                bad.push(`${lane} ${m}x${k}x${n}: wrote past the output`);
            }
          }
        }
      }
      expect(runs).toBe(shapes.length * 4 * (lane === 'f32' ? 2 : 1));
      expect(bad).toEqual([]);
    },
  );

  it.each(['f32', 'f64'] as const)('%s: uses no more scratch than GEMM_SCRATCH bytes (several k blocks)', (lane) => {
    const memory = new WebAssembly.Memory({ initial: 4 });
    const g = gemmInstance(lane, memory)!;
    const [m, k, n] = [9, 150, 21];
    const f = new Float32Array(memory.buffer);
    const A = data(m * k, 3, false);
    const B = data(k * n, 4, false);
    const [scratch, aOff] = [64, 1024];
    const bOff = aOff + A.length * 4;
    const pb = bOff + B.length * 4;
    const pa = pb + packedBBytes(lane, k, n);
    const out = pa + packedABytes(lane, m, k);
    f.set(A, aOff / 4);
    f.set(B, bOff / 4);
    f.fill(777, scratch / 4, aOff / 4);
    g.packB(bOff, n * 4, 4, k, n, pb);
    g.packA(aOff, k * 4, 4, m, k, pa);
    g.mm(m, n, k, pa, pb, out, n * 4, 48, scratch);
    expect(Array.from(f.subarray((scratch + GEMM_SCRATCH) / 4, aOff / 4)).every((v) => v === 777)).toBe(true);
    expect(Array.from(f.subarray(scratch / 4, (scratch + GEMM_SCRATCH) / 4)).some((v) => v !== 777)).toBe(true);
    const want = reference(lane, A, B, m, k, n, false, false, 48);
    expect(Array.from(new Float32Array(memory.buffer, out, m * n))).toEqual(Array.from(want));
  });
});
