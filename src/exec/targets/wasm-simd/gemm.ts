// Register-blocked GEMM micro-kernels in WebAssembly SIMD, emitted by the project's encoder, each
// summing in the order of the tfjs kernel it stands in for (so the results are bit-identical):
//  - 'f32' (the wasm backend): per output, float32 products added in float32 in k order from +0,
//    in k blocks of `kBlock` whose sums are added into the result: kBlock = K is XNNPACK's order
//    (tfjs-wasm without transposes or batches), kBlock = 48 tfjs-wasm's other path.
//  - 'f64' (the cpu backend): k blocks of 48 summed in doubles (the products of float32 values are
//    exact), each block sum added to the float32 result in double and rounded (tfjs-cpu's order).
// Operands are packed first (gemm-pack.ts): A in blocks of MR rows, k-major; B in panels of
// NR columns. A row-major float32 A may instead be read where it lies (`mmDirect`: the same loads
// and sums, no packing pass). With `fma` (relaxed SIMD) the f32 multiply-add may be fused: one
// rounding instead of two. A module holds the driver (gemm-driver.ts), the packing functions and
// the tile variants (gemm-tile.ts); compiled once per kernel and cached here. The memory is
// imported (tfjs-wasm's heap, or a memory of the caller's). Needs the encoder, gemm-tile,
// gemm-driver, gemm-pack. Produces `gemmInstance`, `gemmModules`, `packedABytes`, `packedBBytes`,
// `Gemm`, `GEMM_NR`.

import { encodeModule, type FuncDef } from './encoder.js';
import { packACode, packBCode } from './gemm-pack.js';
import { GEMM, tileCode, type Shape } from './gemm-tile.js';
import { driverCode } from './gemm-driver.js';

export type GemmLane = 'f32' | 'f64';

const modules = new Map<string, WebAssembly.Module | null>();

function gemmModule(s: Shape, shared: boolean): WebAssembly.Module | null {
  const key = `${s.lane}/${s.fma}/${s.direct === true}/${shared}`;
  const have = modules.get(key);
  if (have !== undefined) return have;
  let m: WebAssembly.Module | null;
  try {
    const { MR, NV, lanes, elem } = GEMM[s.lane];
    const nvs = NV > 1 ? [1, NV] : [NV];
    const tiles: FuncDef[] = [];
    const index = new Map<string, number>();
    for (const nv of nvs) {
      for (let r = 1; r <= MR; r++) {
        index.set(`${r}/${nv}`, 3 + tiles.length);
        tiles.push(tileCode(s, r, nv));
      }
    }
    const funcs = [
      driverCode(s, (r, nv) => index.get(`${r}/${nv}`)!),
      packACode(elem),
      packBCode(NV * lanes, elem),
      ...tiles,
    ];
    m = new WebAssembly.Module(encodeModule(0, funcs, { importMemory: { shared } }) as BufferSource);
  } catch {
    m = null;
  }
  modules.set(key, m);
  return m;
}

export interface Gemm {
  /**
   * out[i, j] (float32, row stride `oRow` bytes) = Σ_k A[i, k]·B[k, j] in the kernel's order, A
   * and B packed by packA/packB. Only the first N columns of each row are written; K ≥ 1;
   * `scratch` is 128 bytes.
   */
  mm(
    M: number,
    N: number,
    K: number,
    a: number,
    b: number,
    out: number,
    oRow: number,
    kBlock: number,
    scratch: number,
  ): void;
  /** A (float32, element (i, k) at src + i·rowStride + k·kStride bytes) packed at dst (packedABytes). */
  packA(src: number, rowStride: number, kStride: number, M: number, K: number, dst: number): void;
  /** B (float32, element (k, n) at src + k·kStride + n·nStride bytes) packed at dst (packedBBytes). */
  packB(src: number, kStride: number, nStride: number, K: number, N: number, dst: number): void;
  /**
   * Like `mm` with A read where it lies: row-major float32, row i at a + i·lda bytes (no packA);
   * the same sums. float32 kernels only.
   */
  mmDirect?(
    M: number,
    N: number,
    K: number,
    a: number,
    b: number,
    out: number,
    oRow: number,
    kBlock: number,
    scratch: number,
    lda: number,
  ): void;
}

/** Columns per packed B panel of the `lane` kernel (a column split of the output is in whole panels). */
export const GEMM_NR: Readonly<Record<GemmLane, number>> = {
  f32: GEMM.f32.NV * GEMM.f32.lanes,
  f64: GEMM.f64.NV * GEMM.f64.lanes,
};
/** Rows per packed A block (a row split of the output is in whole blocks). */
export const GEMM_MR: number = GEMM.f32.MR;

/** Scratch bytes `mm` needs. */
export const GEMM_SCRATCH = 128;

/** The compiled modules of one kernel: packed A (with packA, packB), and A read where it lies (float32 only). */
export interface GemmModules {
  readonly mm: WebAssembly.Module;
  readonly direct: WebAssembly.Module | null;
}

/**
 * The modules of the `lane` kernel importing a memory (`shared`: a shared one, for worker threads,
 * gemm-pool.ts), or undefined where WebAssembly SIMD (or relaxed SIMD, for fma) is missing.
 */
export function gemmModules(lane: GemmLane, fma: boolean, shared: boolean): GemmModules | undefined {
  const m = gemmModule({ lane, fma: fma && lane === 'f32' }, shared);
  if (!m) return undefined;
  return { mm: m, direct: lane === 'f32' ? gemmModule({ lane, fma, direct: true }, shared) : null };
}

/** The kernels over `memory`, or undefined where WebAssembly SIMD (or relaxed SIMD, for fma) is missing. */
export function gemmInstance(lane: GemmLane, memory: WebAssembly.Memory, fma = false): Gemm | undefined {
  const shared = typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
  const mods = gemmModules(lane, fma, shared);
  if (!mods) return undefined;
  const { mm: m, direct: d } = mods;
  try {
    const e = new WebAssembly.Instance(m, { env: { memory } }).exports;
    const mmDirect = d ? (new WebAssembly.Instance(d, { env: { memory } }).exports.mm as Gemm['mmDirect']) : undefined;
    return { mm: e.mm as Gemm['mm'], packA: e.packA as Gemm['packA'], packB: e.packB as Gemm['packB'], mmDirect };
  } catch {
    return undefined;
  }
}

/** Bytes of A (M × K) packed for the `lane` kernel. */
export function packedABytes(lane: GemmLane, M: number, K: number): number {
  const { MR, elem } = GEMM[lane];
  return Math.ceil(M / MR) * MR * K * elem;
}

/** Bytes of B (K × N) packed for the `lane` kernel. */
export function packedBBytes(lane: GemmLane, K: number, N: number): number {
  const { NV, lanes, elem } = GEMM[lane];
  const NR = NV * lanes;
  return Math.ceil(N / NR) * NR * K * elem;
}
