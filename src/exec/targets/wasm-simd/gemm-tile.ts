// The tile micro-kernel of the GEMM module (gemm.ts), emitted by the project's encoder: a tile of
// MR rows × NV vectors keeps its sums in MR·NV v128 locals; a k step loads NV vectors of the packed
// B panel and splats MR values of A (packed k-major, or read where it lies for `mmDirect`; the loop
// is not unrolled: V8 then spills). Per output, products are summed from +0 in k order within k
// blocks of kBlock, each block's sum added into the result through a scratch area: in float32
// ('f32'), or in doubles rounded to float32 after each block ('f64'); with `fma` (relaxed SIMD) the
// f32 multiply-add is fused. The valid columns of each row are stored (whole vectors, then lanes).
// One function per tile variant (fewer rows or vectors at the edges). Needs the encoder. Produces
// `tileCode`, the tile sizes per lane kind `GEMM`, and the kernel variant `Shape`.

import { Code, OP, SIMD, T, type FuncDef, type ValType } from './encoder.js';
import type { GemmLane } from './gemm.js';

/** Tile sizes per lane kind (MR rows × NV vectors of `lanes` columns); `elem`: bytes per packed element. */
export const GEMM = {
  f32: { MR: 4, NV: 2, lanes: 4, elem: 4 },
  f64: { MR: 4, NV: 2, lanes: 2, elem: 8 },
} as const;

// Tile function params: the tile's packed A block and B panel (at k = 0), the tile's first output
// element, the output row stride (bytes), K, kBlock, the valid columns from the tile's first one,
// and a scratch area of MR·NV·16 bytes.
const [PA, PB, PO, POR, PK, PKB, PNV, PS] = [0, 1, 2, 3, 4, 5, 6, 7];
const TILE_PARAMS = 8;

export interface Shape {
  readonly lane: GemmLane;
  readonly fma: boolean;
  /**
   * A read where it lies (row-major float32, rows `lda` bytes apart: the driver and tiles take one
   * more parameter) instead of packed: the same loads, so the same sums; no packing pass.
   */
  readonly direct?: boolean;
}

/** One tile variant: `rows` rows and `nv` vectors of columns. */
export function tileCode(s: Shape, rows: number, nv: number): FuncDef {
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
