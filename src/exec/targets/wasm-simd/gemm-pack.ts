// The packing functions of the GEMM module (gemm.ts): A into blocks of MR rows stored k-major
// (the MR values a k step splats are adjacent), B into panels of NR columns (the NV vectors a k step
// loads are adjacent), as float32 (or as doubles for the 'f64' kernel), zero past the matrix edge.
// Contiguous cases move a vector at a time (A by 4×4 transposes). Needs the encoder.
// Produces `packACode`, `packBCode`, `count`.

import { Code, OP, SIMD, T, type FuncDef, type ValType } from './encoder.js';

/** for (v = 0; v < limit; v++) body */
export function count(c: Code, v: number, limit: () => void, body: () => void): void {
  c.i32(0).set(v);
  c.open(OP.block).open(OP.loop);
  c.get(v);
  limit();
  c.op(OP.i32GeS).br(OP.brIf, 1);
  body();
  c.get(v).i32(1).op(OP.i32Add).set(v).br(OP.br, 0);
  c.op(OP.end, OP.end);
}

/** Pushes src + i·iStride + j·jStride (locals). */
function at(c: Code, src: number, i: () => void, iStride: number, j: () => void, jStride: number): void {
  c.get(src);
  i();
  c.get(iStride).op(OP.i32Mul).op(OP.i32Add);
  j();
  c.get(jStride).op(OP.i32Mul).op(OP.i32Add);
}

/** Stores the float32 on the stack at `dst` (+ offset) as one element of `elem` bytes. */
function storeElem(c: Code, elem: number, offset = 0): void {
  if (elem === 8) c.op(OP.f64PromoteF32).mem(OP.f64Store, 0, offset);
  else c.mem(OP.f32Store, 0, offset);
}

/** Stores four float32 lanes in local `v` at `dst` + offset as elements of `elem` bytes. */
function storeVec(c: Code, dst: number, v: number, elem: number, offset = 0): void {
  if (elem === 4) {
    c.get(dst).get(v).simdMem(SIMD.store, 2, offset);
    return;
  }
  c.get(dst).get(v).simd(SIMD.f64x2PromoteLowF32x4).simdMem(SIMD.store, 3, offset);
  c.get(dst)
    .get(v)
    .get(v)
    .shuffle32([2, 3, 2, 3])
    .simd(SIMD.f64x2PromoteLowF32x4)
    .simdMem(SIMD.store, 3, offset + 16);
}

/**
 * packA(src, rowStride, kStride, M, K, dst): A (float32, element (i, k) at src + i·rowStride +
 * k·kStride bytes) as blocks of MR = 4 rows, each K groups of 4 elements (row i of the block at k).
 */
export function packACode(elem: number): FuncDef {
  const MR = 4;
  const [SRC, SR, SK, MM, KK, DST] = [0, 1, 2, 3, 4, 5];
  const [IB, K, Q, P] = [6, 7, 8, 9];
  const [R0, R1, R2, R3, T0, T1, T2, T3] = [10, 11, 12, 13, 14, 15, 16, 17];
  const c = new Code();
  const row = (q: number) => () => c.get(IB).i32(MR).op(OP.i32Mul).i32(q).op(OP.i32Add);
  count(
    c,
    IB,
    () =>
      c
        .get(MM)
        .i32(MR - 1)
        .op(OP.i32Add)
        .i32(2)
        .op(OP.i32ShrS),
    () => {
      // k = 0; a whole block of rows?
      c.i32(0).set(K);
      c.get(IB).i32(MR).op(OP.i32Mul).i32(MR).op(OP.i32Add).get(MM).op(OP.i32LeS);
      c.open(OP.if);
      c.get(SK).i32(4).op(OP.i32Eq);
      c.open(OP.if);
      // k contiguous: 4×4 transposes while k + 4 <= K
      c.open(OP.block).open(OP.loop);
      c.get(K).i32(4).op(OP.i32Add).get(KK).op(OP.i32GtS).br(OP.brIf, 1);
      [R0, R1, R2, R3].forEach((r, q) => {
        at(c, SRC, row(q), SR, () => c.get(K), SK);
        c.simdMem(SIMD.load, 2).set(r);
      });
      c.get(R0).get(R1).shuffle32([0, 4, 1, 5]).set(T0);
      c.get(R0).get(R1).shuffle32([2, 6, 3, 7]).set(T1);
      c.get(R2).get(R3).shuffle32([0, 4, 1, 5]).set(T2);
      c.get(R2).get(R3).shuffle32([2, 6, 3, 7]).set(T3);
      c.get(T0).get(T2).shuffle32([0, 1, 4, 5]).set(R0);
      c.get(T0).get(T2).shuffle32([2, 3, 6, 7]).set(R1);
      c.get(T1).get(T3).shuffle32([0, 1, 4, 5]).set(R2);
      c.get(T1).get(T3).shuffle32([2, 3, 6, 7]).set(R3);
      [R0, R1, R2, R3].forEach((r, u) => storeVec(c, DST, r, elem, u * MR * elem));
      c.get(DST)
        .i32(4 * MR * elem)
        .op(OP.i32Add)
        .set(DST);
      c.get(K).i32(4).op(OP.i32Add).set(K).br(OP.br, 0);
      c.op(OP.end, OP.end);
      c.op(OP.else);
      c.get(SR).i32(4).op(OP.i32Eq);
      c.open(OP.if);
      // the block's rows contiguous (A transposed): one vector per k
      c.open(OP.block).open(OP.loop);
      c.get(K).get(KK).op(OP.i32GeS).br(OP.brIf, 1);
      at(c, SRC, row(0), SR, () => c.get(K), SK);
      c.simdMem(SIMD.load, 2).set(R0);
      storeVec(c, DST, R0, elem);
      c.get(DST)
        .i32(MR * elem)
        .op(OP.i32Add)
        .set(DST);
      c.get(K).i32(1).op(OP.i32Add).set(K).br(OP.br, 0);
      c.op(OP.end, OP.end);
      c.op(OP.end);
      c.op(OP.end);
      c.op(OP.end);
      // what is left of the block, one element at a time (rows past M are zero)
      c.open(OP.block).open(OP.loop);
      c.get(K).get(KK).op(OP.i32GeS).br(OP.brIf, 1);
      count(
        c,
        Q,
        () => c.i32(MR),
        () => {
          c.get(IB).i32(MR).op(OP.i32Mul).get(Q).op(OP.i32Add).set(P);
          c.get(DST);
          // (i < M ? src[i, k] : 0), the load from a row inside A either way
          at(
            c,
            SRC,
            () => c.get(P).get(MM).i32(1).op(OP.i32Sub).get(P).get(MM).op(OP.i32LtS).op(OP.select),
            SR,
            () => c.get(K),
            SK,
          );
          c.mem(OP.f32Load, 0).f32(0).get(P).get(MM).op(OP.i32LtS).op(OP.select);
          storeElem(c, elem);
          c.get(DST).i32(elem).op(OP.i32Add).set(DST);
        },
      );
      c.get(K).i32(1).op(OP.i32Add).set(K).br(OP.br, 0);
      c.op(OP.end, OP.end);
    },
  );
  const locals: ValType[] = [T.i32, T.i32, T.i32, T.i32, ...new Array<ValType>(8).fill(T.v128)];
  return { name: 'packA', params: new Array<ValType>(6).fill(T.i32), results: [], locals, code: c };
}

/**
 * packB(src, kStride, nStride, K, N, dst): B (float32, element (k, n) at src + k·kStride + n·nStride
 * bytes) as panels of NR columns, each K rows of NR elements, the columns past N zero. Whole panels
 * with contiguous columns are copied a vector at a time.
 */
export function packBCode(NR: number, elem: number): FuncDef {
  const [SRC, SK, SN, KK, NN, DST] = [0, 1, 2, 3, 4, 5];
  const [P, K, JJ, J, ROW] = [6, 7, 8, 9, 10];
  const V = 11;
  const shift = Math.log2(NR);
  const c = new Code();
  count(
    c,
    P,
    () =>
      c
        .get(NN)
        .i32(NR - 1)
        .op(OP.i32Add)
        .i32(shift)
        .op(OP.i32ShrS),
    () => {
      // whole panel and contiguous columns?
      c.get(P)
        .i32(shift)
        .op(OP.i32Shl)
        .i32(NR)
        .op(OP.i32Add)
        .get(NN)
        .op(OP.i32LeS)
        .get(SN)
        .i32(4)
        .op(OP.i32Eq)
        .op(OP.i32And);
      c.open(OP.if);
      count(
        c,
        K,
        () => c.get(KK),
        () => {
          c.get(SRC)
            .get(K)
            .get(SK)
            .op(OP.i32Mul)
            .op(OP.i32Add)
            .get(P)
            .i32(shift + 2)
            .op(OP.i32Shl)
            .op(OP.i32Add)
            .set(ROW);
          for (let v = 0; v < NR / 4; v++) {
            c.get(ROW)
              .simdMem(SIMD.load, 2, 16 * v)
              .set(V);
            storeVec(c, DST, V, elem, 4 * v * elem);
          }
          c.get(DST)
            .i32(NR * elem)
            .op(OP.i32Add)
            .set(DST);
        },
      );
      c.op(OP.else);
      count(
        c,
        K,
        () => c.get(KK),
        () =>
          count(
            c,
            JJ,
            () => c.i32(NR),
            () => {
              c.get(P).i32(shift).op(OP.i32Shl).get(JJ).op(OP.i32Add).set(J);
              c.get(DST);
              // j < N ? src[k, j] : 0 (the load from a column inside B either way)
              at(
                c,
                SRC,
                () => c.get(K),
                SK,
                () => c.get(J).get(NN).i32(1).op(OP.i32Sub).get(J).get(NN).op(OP.i32LtS).op(OP.select),
                SN,
              );
              c.mem(OP.f32Load, 0).f32(0).get(J).get(NN).op(OP.i32LtS).op(OP.select);
              storeElem(c, elem);
              c.get(DST).i32(elem).op(OP.i32Add).set(DST);
            },
          ),
      );
      c.op(OP.end);
    },
  );
  const locals: ValType[] = [T.i32, T.i32, T.i32, T.i32, T.i32, T.v128];
  return { name: 'packB', params: new Array<ValType>(6).fill(T.i32), results: [], locals, code: c };
}
