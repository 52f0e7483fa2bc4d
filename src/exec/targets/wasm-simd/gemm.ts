// Register-blocked GEMM micro-kernels in WebAssembly SIMD, emitted by the project's encoder, each
// summing in the order of the tfjs kernel it stands in for (so the results are bit-identical):
//  - 'f32' (the wasm backend): per output, float32 products added in float32 in k order from +0,
//    in k blocks of `kBlock` whose sums are added into the result: kBlock = K is XNNPACK's order
//    (tfjs-wasm without transposes or batches), kBlock = 48 tfjs-wasm's other path.
//  - 'f64' (the cpu backend): k blocks of 48 summed in doubles (the products of float32 values are
//    exact), each block sum added to the float32 result in double and rounded (tfjs-cpu's order).
// Operands are packed first (gemm-pack.ts): A in blocks of MR rows, k-major; B in panels of
// NR columns. A row-major float32 A may instead be read where it lies (`mmDirect`: the same loads
// and sums, no packing pass). A tile of MR rows × NV vectors keeps its sums in MR·NV v128 locals; a k step loads NV
// vectors of B and splats MR values of A (the loop is not unrolled: V8 then spills). With `fma`
// (relaxed SIMD) the f32 multiply-add may be fused: one rounding instead of two.
// The memory is imported (tfjs-wasm's heap, or a memory of the caller's). Needs the encoder.
// Produces `gemmInstance`, `gemmModules`, `packedABytes`, `packedBBytes`, `Gemm`, `GEMM_NR`.

import { Code, encodeModule, OP, SIMD, T, type FuncDef, type ValType } from './encoder.js';
import { packACode, packBCode } from './gemm-pack.js';

export type GemmLane = 'f32' | 'f64';

/** Tile sizes per lane kind (MR rows × NV vectors of `lanes` columns); `elem`: bytes per packed element. */
const GEMM = {
  f32: { MR: 4, NV: 2, lanes: 4, elem: 4 },
  f64: { MR: 4, NV: 2, lanes: 2, elem: 8 },
} as const;
/** Rows per outer block (A's block stays in L2 while every panel passes over it); a multiple of MR. */
const MC = 64;

// Tile function params: the tile's packed A block and B panel (at k = 0), the tile's first output
// element, the output row stride (bytes), K, kBlock, the valid columns from the tile's first one,
// and a scratch area of MR·NV·16 bytes.
const [PA, PB, PO, POR, PK, PKB, PNV, PS] = [0, 1, 2, 3, 4, 5, 6, 7];
const TILE_PARAMS = 8;

interface Shape {
  readonly lane: GemmLane;
  readonly fma: boolean;
  /**
   * A read where it lies (row-major float32, rows `lda` bytes apart: the driver and tiles take one
   * more parameter) instead of packed: the same loads, so the same sums; no packing pass.
   */
  readonly direct?: boolean;
}

/** One tile variant: `rows` rows and `nv` vectors of columns. */
function tileCode(s: Shape, rows: number, nv: number): FuncDef {
  const { lanes, NV, MR, elem } = GEMM[s.lane];
  const direct = s.direct === true;
  const BK = NV * lanes * elem; // bytes per panel row
  const AK = direct ? elem : MR * elem; // bytes from one k to the next in A
  const c = new Code();
  const params = TILE_PARAMS + (direct ? 1 : 0);
  const PLDA = TILE_PARAMS; // direct: bytes between A's rows
  const K0 = params;
  const KEND = K0 + 1;
  const BEND = K0 + 2;
  const BP = K0 + 3;
  const AP = K0 + 4;
  const PART = K0 + 5;
  const OQ = K0 + 6;
  const ACC = K0 + 7; // rows · nv v128
  const BV = ACC + rows * nv;
  const AV = BV + nv;
  const acc = (q: number, v: number) => ACC + q * nv + v;
  // direct: row q of A at AP + q·lda (AQ + q − 1 holds q·lda), after the v128 locals
  const AQ = AV + 1;
  const i32Locals = 7;
  const v128Locals = rows * nv + nv + 1;
  const scratchAt = (q: number, v: number) => (q * nv + v) * 16;
  const f32 = s.lane === 'f32';
  if (direct)
    for (let q = 1; q < rows; q++)
      c.get(PLDA)
        .i32(q)
        .op(OP.i32Mul)
        .set(AQ + q - 1);

  // for (k0 = 0; k0 < K; k0 += kBlock)
  c.i32(0).set(K0);
  c.open(OP.block).open(OP.loop);
  // kEnd = min(k0 + kBlock, K)
  c.get(K0).get(PKB).op(OP.i32Add).get(PK).get(K0).get(PKB).op(OP.i32Add).get(PK).op(OP.i32LtS).op(OP.select).set(KEND);
  for (let q = 0; q < rows; q++) for (let v = 0; v < nv; v++) c.f32x4(0).set(acc(q, v)); // +0 in every lane
  c.get(PB).get(K0).i32(BK).op(OP.i32Mul).op(OP.i32Add).set(BP);
  c.get(PB).get(KEND).i32(BK).op(OP.i32Mul).op(OP.i32Add).set(BEND);
  c.get(PA).get(K0).i32(AK).op(OP.i32Mul).op(OP.i32Add).set(AP);
  // do { one k step } while (bp < bEnd)
  c.open(OP.loop);
  for (let v = 0; v < nv; v++)
    c.get(BP)
      .simdMem(SIMD.load, 4, 16 * v)
      .set(BV + v);
  for (let q = 0; q < rows; q++) {
    if (direct) {
      c.get(AP);
      if (q > 0) c.get(AQ + q - 1).op(OP.i32Add);
      c.simdMem(SIMD.load32Splat, 2, 0).set(AV);
    } else {
      c.get(AP)
        .simdMem(f32 ? SIMD.load32Splat : SIMD.load64Splat, f32 ? 2 : 3, q * elem)
        .set(AV);
    }
    for (let v = 0; v < nv; v++) {
      if (s.fma && f32) {
        c.get(AV)
          .get(BV + v)
          .get(acc(q, v))
          .simd(SIMD.f32x4RelaxedMadd)
          .set(acc(q, v));
      } else {
        c.get(acc(q, v))
          .get(AV)
          .get(BV + v);
        c.simd(f32 ? SIMD.f32x4Mul : SIMD.f64x2Mul)
          .simd(f32 ? SIMD.f32x4Add : SIMD.f64x2Add)
          .set(acc(q, v));
      }
    }
  }
  c.get(AP).i32(AK).op(OP.i32Add).set(AP);
  c.get(BP).i32(BK).op(OP.i32Add).tee(BP).get(BEND).op(OP.i32LtU).br(OP.brIf, 0);
  c.op(OP.end);

  /** acc ← prev + acc (prev from scratch unless this is the first block; then acc stands). */
  const combine = (q: number, v: number, round: boolean) => {
    c.get(PS)
      .simdMem(SIMD.load, 4, scratchAt(q, v))
      .get(acc(q, v))
      .simd(f32 ? SIMD.f32x4Add : SIMD.f64x2Add);
    // f64: the float32 result of each block is what carries into the next
    if (round && !f32) c.simd(SIMD.f32x4DemoteF64x2Zero).simd(SIMD.f64x2PromoteLowF32x4);
    c.set(acc(q, v));
  };
  const roundAcc = (q: number, v: number) => {
    if (!f32) c.get(acc(q, v)).simd(SIMD.f32x4DemoteF64x2Zero).simd(SIMD.f64x2PromoteLowF32x4).set(acc(q, v));
  };
  // Not the last block: scratch ← combine(scratch, acc); next block.
  c.get(KEND).get(PK).op(OP.i32LtS);
  c.open(OP.if);
  c.get(K0).op(OP.i32Eqz);
  c.open(OP.if);
  for (let q = 0; q < rows; q++) for (let v = 0; v < nv; v++) roundAcc(q, v);
  c.op(OP.else);
  for (let q = 0; q < rows; q++) for (let v = 0; v < nv; v++) combine(q, v, true);
  c.op(OP.end);
  for (let q = 0; q < rows; q++)
    for (let v = 0; v < nv; v++) c.get(PS).get(acc(q, v)).simdMem(SIMD.store, 4, scratchAt(q, v));
  c.get(KEND).set(K0).br(OP.br, 1); // continue the block loop
  c.op(OP.end);
  // The last block: acc ← combine(scratch, acc) unless it is also the first.
  c.get(K0);
  c.open(OP.if);
  for (let q = 0; q < rows; q++) for (let v = 0; v < nv; v++) combine(q, v, false);
  c.op(OP.end);
  // Store the valid columns of each row.
  for (let q = 0; q < rows; q++) {
    c.get(PO);
    if (q > 0) c.get(POR).i32(q).op(OP.i32Mul).op(OP.i32Add);
    c.set(OQ);
    for (let v = 0; v < nv; v++) {
      const col = v * lanes;
      if (!f32) c.get(acc(q, v)).simd(SIMD.f32x4DemoteF64x2Zero).set(acc(q, v)); // two float32 values, low lanes
      // if (nValid >= col + lanes) whole vector
      c.get(PNV)
        .i32(col + lanes)
        .op(OP.i32GeS);
      c.open(OP.if);
      if (f32)
        c.get(OQ)
          .get(acc(q, v))
          .simdMem(SIMD.store, 2, 16 * v);
      else
        c.get(OQ)
          .get(acc(q, v))
          .simdMem(SIMD.store64Lane, 2, 8 * v)
          .op(0);
      c.op(OP.else);
      // else if (nValid > col) the first nValid - col lanes
      c.get(PNV).i32(col).op(OP.i32GtS);
      c.open(OP.if);
      if (!f32) {
        c.get(OQ)
          .get(acc(q, v))
          .simdMem(SIMD.store32Lane, 2, 8 * v)
          .op(0);
      } else {
        c.get(PNV).i32(col).op(OP.i32Sub).set(PART);
        c.get(PART).i32(2).op(OP.i32And);
        c.open(OP.if);
        c.get(OQ)
          .get(acc(q, v))
          .simdMem(SIMD.store64Lane, 2, 16 * v)
          .op(0);
        c.get(PART).i32(1).op(OP.i32And);
        c.open(OP.if);
        c.get(OQ)
          .get(acc(q, v))
          .simdMem(SIMD.store32Lane, 2, 16 * v + 8)
          .op(2);
        c.op(OP.end);
        c.op(OP.else);
        c.get(OQ)
          .get(acc(q, v))
          .simdMem(SIMD.store32Lane, 2, 16 * v)
          .op(0);
        c.op(OP.end);
      }
      c.op(OP.end);
      c.op(OP.end);
    }
  }
  c.op(OP.end, OP.end); // the block loop falls through here after the last block
  const locals: ValType[] = [
    ...new Array<ValType>(i32Locals).fill(T.i32),
    ...new Array<ValType>(v128Locals).fill(T.v128),
    ...new Array<ValType>(direct ? MR - 1 : 0).fill(T.i32),
  ];
  return { name: `tile_${rows}_${nv}`, params: new Array<ValType>(params).fill(T.i32), results: [], locals, code: c };
}

// Driver params: M, N, K, packed A, packed B, out, out row stride (bytes), kBlock, scratch.
const [DM, DN, DK, DA, DB, DO, DOR, DKB, DS] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const DRIVER_PARAMS = 9;

function driverCode(s: Shape, tileIndex: (rows: number, nv: number) => number): FuncDef {
  const { MR, NV, lanes, elem } = GEMM[s.lane];
  const NR = NV * lanes;
  const c = new Code();
  const direct = s.direct === true;
  const params = DRIVER_PARAMS + (direct ? 1 : 0);
  const DLDA = DRIVER_PARAMS; // direct: bytes between A's rows
  const [IB, IBEND, J0, BP, I0, ROWS, NVALID] = [0, 1, 2, 3, 4, 5, 6].map((k) => params + k) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const call = (rows: number, nv: number) => {
    if (direct)
      c.get(DA).get(I0).get(DLDA).op(OP.i32Mul).op(OP.i32Add); // row i0
    else c.get(DA).get(I0).get(DK).op(OP.i32Mul).i32(elem).op(OP.i32Mul).op(OP.i32Add); // block i0 / MR: i0·K elements on
    c.get(BP);
    c.get(DO).get(I0).get(DOR).op(OP.i32Mul).op(OP.i32Add).get(J0).i32(2).op(OP.i32Shl).op(OP.i32Add);
    c.get(DOR).get(DK).get(DKB).get(NVALID).get(DS);
    if (direct) c.get(DLDA);
    c.call(tileIndex(rows, nv));
  };
  /** if (rows >= MR) tile(MR) else if (rows >= MR-1) … else tile(1) */
  const dispatch = (nv: number) => {
    for (let r = MR; r > 1; r--) {
      c.get(ROWS).i32(r).op(OP.i32GeS);
      c.open(OP.if);
      call(r, nv);
      c.op(OP.else);
    }
    call(1, nv);
    for (let r = MR; r > 1; r--) c.op(OP.end);
  };
  const loop = (v: number, init: () => void, limit: () => void, step: () => void, body: () => void) => {
    init();
    c.set(v);
    c.open(OP.block).open(OP.loop);
    c.get(v);
    limit();
    c.op(OP.i32GeS).br(OP.brIf, 1);
    body();
    step();
    c.br(OP.br, 0);
    c.op(OP.end, OP.end);
  };
  loop(
    IB,
    () => c.i32(0),
    () => c.get(DM),
    () => c.get(IB).i32(MC).op(OP.i32Add).set(IB),
    () => {
      c.get(IB)
        .i32(MC)
        .op(OP.i32Add)
        .get(DM)
        .get(IB)
        .i32(MC)
        .op(OP.i32Add)
        .get(DM)
        .op(OP.i32LtS)
        .op(OP.select)
        .set(IBEND);
      c.get(DB).set(BP);
      loop(
        J0,
        () => c.i32(0),
        () => c.get(DN),
        // the next panel: K rows of NR elements on
        () =>
          c
            .get(J0)
            .i32(NR)
            .op(OP.i32Add)
            .set(J0)
            .get(BP)
            .get(DK)
            .i32(NR * elem)
            .op(OP.i32Mul)
            .op(OP.i32Add)
            .set(BP),
        () => {
          c.get(DN).get(J0).op(OP.i32Sub).set(NVALID);
          loop(
            I0,
            () => c.get(IB),
            () => c.get(IBEND),
            () => c.get(I0).i32(MR).op(OP.i32Add).set(I0),
            () => {
              c.get(IBEND).get(I0).op(OP.i32Sub).set(ROWS);
              if (NV > 1) {
                c.get(NVALID).i32(lanes).op(OP.i32LeS);
                c.open(OP.if);
                dispatch(1);
                c.op(OP.else);
                dispatch(NV);
                c.op(OP.end);
              } else {
                dispatch(NV);
              }
            },
          );
        },
      );
    },
  );
  return {
    name: 'mm',
    params: new Array<ValType>(params).fill(T.i32),
    results: [],
    locals: new Array<ValType>(7).fill(T.i32),
    code: c,
  };
}

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
